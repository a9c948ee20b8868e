import { DocumentColumn, inWords } from './report-document';
import { Cell, SectionDefinition, SectionQueryContext, SectionResult, SourceSpan } from './report.types';

/**
 * The source positions of the events counted into the table statistics for the jurisdiction's tables and the
 * period: per source, the first and last event (transaction id, position) and how many events. The by-bet
 * statistics count a subset of the same events (settlements and commission), so both sections name these.
 * The first and the last are each one span's pair, ordered as numbers on the stored numeric columns: ordering on a
 * text copy put transaction 1000 before 999 and mixed one span's transaction id with another's position.
 */
export const statisticsSpans = async ({ pool, schema, jurisdiction, period }: SectionQueryContext, readModel: string): Promise<SourceSpan[]> => {
  const { rows } = await pool.query<{ source: string; from_tx: string; from_pos: string; to_tx: string; to_pos: string; events: string }>(
    `WITH spans AS (
       SELECT s.source, s.from_tx, s.from_pos, s.to_tx, s.to_pos, s.events FROM ${schema}.source_spans s
        WHERE s.read_model = $4 AND s.gaming_day BETWEEN $2 AND $3
          AND EXISTS (SELECT 1 FROM ${schema}.table_stats t WHERE t.table_id = s.table_id AND t.gaming_day = s.gaming_day AND t.jurisdiction = $1)),
     firsts AS (SELECT DISTINCT ON (f.source) f.source, f.from_tx, f.from_pos FROM spans f ORDER BY f.source, f.from_tx, f.from_pos),
     lasts AS (SELECT DISTINCT ON (l.source) l.source, l.to_tx, l.to_pos FROM spans l ORDER BY l.source, l.to_tx DESC, l.to_pos DESC),
     counts AS (SELECT c.source, sum(c.events) AS events FROM spans c GROUP BY c.source)
     SELECT c.source, f.from_tx::text AS from_tx, f.from_pos::text AS from_pos, l.to_tx::text AS to_tx, l.to_pos::text AS to_pos, c.events::text AS events
       FROM counts c JOIN firsts f ON f.source = c.source JOIN lasts l ON l.source = c.source
      ORDER BY c.source`,
    [jurisdiction, period.firstDay, period.lastDay, readModel],
  );
  return rows.map((r) => ({ source: r.source, fromTransactionId: r.from_tx, fromPosition: r.from_pos, toTransactionId: r.to_tx, toPosition: r.to_pos, events: Number(r.events) }));
};

/** Hold as basis points of turnover (house win / turnover), an integer for display; sums stay in cents. */
export const holdBasisPoints = (houseWinCents: number, turnoverCents: number): number | null =>
  turnoverCents === 0 ? null : Math.round((houseWinCents * 10000) / turnoverCents);

const TABLE_COLUMNS = ['tableId', 'shift', 'coups', 'dummyCoups', 'voidedCoups', 'playerWins', 'bankerWins', 'ties', 'playerPairs', 'bankerPairs', 'naturals', 'threeCardRounds', 'threeCardAreas', 'wagers', 'turnoverCents', 'paidCents', 'lostCents', 'commissionCents', 'commissionWaivedCents', 'houseWinCents', 'holdBasisPoints'];
const BET_COLUMNS = ['tableId', 'shift', 'bet', 'wagers', 'wins', 'losses', 'pushes', 'voids', 'turnoverCents', 'paidCents', 'lostCents', 'commissionCents', 'commissionWaivedCents', 'houseWinCents', 'holdBasisPoints'];

const sumOf = (rows: readonly Readonly<Record<string, Cell>>[], key: string) => rows.reduce((n, r) => n + (typeof r[key] === 'number' ? (r[key] as number) : 0), 0);
const BY_TABLE: DocumentColumn[] = [
  { header: 'Table', format: 'text', key: 'tableId', width: 1.1 },
  { header: 'Shift', format: 'text', key: 'shift', width: 0.8 },
];
/** Win, loss and hold columns, shared by the by-table and by-bet tables; hold of the total is total win over total turnover. */
const MONEY: DocumentColumn[] = [
  { header: 'Turnover ($)', format: 'money', key: 'turnoverCents', total: 'sum', width: 1.3 },
  { header: 'Winnings paid ($)', format: 'money', key: 'paidCents', total: 'sum', width: 1.3 },
  { header: 'Stakes lost ($)', format: 'money', key: 'lostCents', total: 'sum', width: 1.3 },
  { header: 'Commission ($)', format: 'money', key: 'commissionCents', total: 'sum', width: 1.1 },
  { header: 'Commission waived ($)', format: 'money', key: 'commissionWaivedCents', total: 'sum', width: 1.1 },
  { header: 'House win ($)', format: 'money', key: 'houseWinCents', total: 'sum', width: 1.3 },
  { header: 'Hold (%)', format: 'hold', key: 'holdBasisPoints', total: (rows) => holdBasisPoints(sumOf(rows, 'houseWinCents'), sumOf(rows, 'turnoverCents')), width: 0.7 },
];
const count = (header: string, key: string, width = 0.8): DocumentColumn => ({ header, format: 'count', key, total: 'sum', width });

const camel = (s: string) => s.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
const numeric = (row: Record<string, unknown>): Record<string, Cell> =>
  Object.fromEntries(Object.entries(row).map(([k, v]) => [camel(k), typeof v === 'string' && /^-?\d+$/.test(v) && !['table_id', 'shift', 'bet'].includes(k) ? Number(v) : (v as Cell)]));

/**
 * Per table and shift of the period: coups, results, turnover, win/loss, commission and hold. Three Card Baccarat
 * rounds are coups (Crown Melbourne 12) with no Player/Banker/Tie result; `threeCardRounds` and `threeCardAreas`
 * (betting areas dealt against the Dealer) say how many of the coups they were.
 */
export const tableStatisticsSection: SectionDefinition = {
  id: 'tables',
  title: 'Table statistics by table and shift',
  // A management report: no rulebook clause requires it.
  clause: '',
  document: [
    {
      title: 'Coups and results',
      columns: [
        ...BY_TABLE,
        count('Coups', 'coups'),
        count('Dummy coups', 'dummyCoups'),
        count('Voided coups', 'voidedCoups'),
        count('Player wins', 'playerWins'),
        count('Banker wins', 'bankerWins'),
        count('Ties', 'ties'),
        count('Player pairs', 'playerPairs'),
        count('Banker pairs', 'bankerPairs'),
        count('Naturals', 'naturals'),
        count('Three Card rounds', 'threeCardRounds'),
        count('Three Card betting areas', 'threeCardAreas', 0.9),
      ],
    },
    { title: 'Turnover, win/loss, commission and hold', columns: [...BY_TABLE, count('Wagers', 'wagers'), ...MONEY] },
  ],
  async query({ pool, schema, jurisdiction, period }): Promise<SectionResult> {
    const { rows } = await pool.query(
      `SELECT table_id, shift, sum(coups)::text AS coups, sum(dummy_coups)::text AS dummy_coups, sum(voided_coups)::text AS voided_coups,
              sum(player_wins)::text AS player_wins, sum(banker_wins)::text AS banker_wins, sum(ties)::text AS ties,
              sum(player_pairs)::text AS player_pairs, sum(banker_pairs)::text AS banker_pairs, sum(naturals)::text AS naturals,
              sum(three_card_rounds)::text AS three_card_rounds, sum(three_card_areas)::text AS three_card_areas,
              sum(wagers)::text AS wagers, sum(turnover_cents)::text AS turnover_cents, sum(paid_cents)::text AS paid_cents,
              sum(lost_cents)::text AS lost_cents, sum(commission_cents)::text AS commission_cents,
              sum(commission_waived_cents)::text AS commission_waived_cents, sum(house_win_cents)::text AS house_win_cents,
              string_agg(DISTINCT rulebook_id, ',') AS rulebooks
         FROM ${schema}.table_stats WHERE jurisdiction = $1 AND gaming_day BETWEEN $2 AND $3
        GROUP BY table_id, shift ORDER BY table_id, shift`,
      [jurisdiction, period.firstDay, period.lastDay],
    );
    const out = rows.map((r: Record<string, unknown>) => {
      const { rulebooks: _ignored, ...rest } = r;
      void _ignored;
      const n = numeric(rest);
      return { ...n, holdBasisPoints: holdBasisPoints(n.houseWinCents as number, n.turnoverCents as number) };
    });
    const rulebooks = [...new Set(rows.flatMap((r: { rulebooks: string | null }) => (r.rulebooks ?? '').split(',').filter(Boolean)))];
    return { section: { id: 'tables', title: this.title, clause: this.clause, columns: TABLE_COLUMNS, rows: out }, rulebooks, spans: await statisticsSpans({ pool, schema, jurisdiction, period }, 'table_stats') };
  },
};

/** Per table, shift and bet type (side bets included): turnover, results, win/loss and hold. */
export const betStatisticsSection: SectionDefinition = {
  id: 'bets',
  title: 'Turnover and win/loss by bet type',
  clause: '',
  document: [
    {
      columns: [
        ...BY_TABLE,
        { header: 'Bet', format: 'text', value: (r) => inWords(String(r.bet)), width: 1.2 },
        count('Wagers', 'wagers', 0.7),
        count('Won', 'wins', 0.7),
        count('Lost', 'losses', 0.7),
        count('Pushed', 'pushes', 0.7),
        count('Voided', 'voids', 0.7),
        ...MONEY,
      ],
    },
  ],
  async query({ pool, schema, jurisdiction, period }): Promise<SectionResult> {
    const { rows } = await pool.query(
      `SELECT table_id, shift, bet, sum(wagers)::text AS wagers, sum(wins)::text AS wins, sum(losses)::text AS losses, sum(pushes)::text AS pushes,
              sum(voids)::text AS voids, sum(turnover_cents)::text AS turnover_cents, sum(paid_cents)::text AS paid_cents,
              sum(lost_cents)::text AS lost_cents, sum(commission_cents)::text AS commission_cents,
              sum(commission_waived_cents)::text AS commission_waived_cents, sum(house_win_cents)::text AS house_win_cents
         FROM ${schema}.bet_stats WHERE jurisdiction = $1 AND gaming_day BETWEEN $2 AND $3
        GROUP BY table_id, shift, bet ORDER BY table_id, shift, bet`,
      [jurisdiction, period.firstDay, period.lastDay],
    );
    const out = rows.map((r: Record<string, unknown>) => {
      const n = numeric(r);
      return { ...n, holdBasisPoints: holdBasisPoints(n.houseWinCents as number, n.turnoverCents as number) };
    });
    return { section: { id: 'bets', title: this.title, clause: this.clause, columns: BET_COLUMNS, rows: out }, rulebooks: [], spans: await statisticsSpans({ pool, schema, jurisdiction, period }, 'table_stats') };
  },
};
