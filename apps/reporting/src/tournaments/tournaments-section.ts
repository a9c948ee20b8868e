import { RULEBOOKS, rulebookById } from '@app/baccarat';
import { recordedBy, spansOf } from '../reports/register-section';
import { DocumentColumn, inWords, money } from '../reports/report-document';
import type { Cell, SectionDefinition, SectionResult } from '../reports/report.types';
import { cancellationLine, leavingLine, poolAccountLine, poolAccounts, prizeLineOf, REFUND_CAUSES, TOURNAMENT_RECORD_TYPES, type PoolAccount, type PrizePayment } from './tournaments.projection';

const COLUMNS = ['eventId', 'at', 'gamingDay', 'tournamentId', 'type', 'summary', 'amountCents', 'actorId', 'actorRole', 'clause', 'rulebook', 'regulator', 'details'];

/**
 * The section's clause cited against each version its rows were decided under: a tournament held under Star 2021
 * (ILGA) is cited "Star 2021 …", not against the edition the report names by default; versions of other series
 * leave the clause as it is.
 */
const citedFor = (clause: string, rulebookIds: readonly string[]): string => {
  if (rulebookIds.length === 0) return clause;
  const cited = rulebookIds.map((id) => {
    const rb = rulebookById(id);
    const other = RULEBOOKS.find((r) => r.series === rb.series && r.citation !== rb.citation && clause.includes(r.citation));
    return other ? clause.split(other.citation).join(rb.citation) : clause;
  });
  return [...new Set(cited)].join('; ');
};

const parsed = (details: Cell): Record<string, unknown> => {
  try {
    return typeof details === 'string' ? (JSON.parse(details) as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

/**
 * What happened, in the document: the record's summary, with the amounts of the records whose summary names cents
 * (the refund of a buy-in not provided, a cancellation's account, the prizes of a distribution) written as dollars.
 */
const whatHappened = (r: Readonly<Record<string, Cell>>): string => {
  const d = parsed(r.details);
  if (r.type === 'TournamentBuyInNotProvided' && Array.isArray(d.entryIds)) {
    return `Session ${String(d.sessionId)}: ${(d.entryIds as string[]).join(', ')} eliminated, the session buy-in not provided (refund ${money(Number(d.refundCents ?? 0))})`;
  }
  const account = d.poolAccount as PoolAccount | undefined;
  if (r.type === 'TournamentEntryWithdrawn' || r.type === 'TournamentPlayerRetired') return `${leavingLine(String(r.type), d, money)}${account ? `. ${poolAccountLine(account, money)}` : ''}`;
  // Every cent a cancellation collected: refunded, forfeited (each entry and clause), the added value withdrawn (Star 15.3.4).
  if (r.type === 'TournamentCancelled') {
    const accounted = cancellationLine(d, money, { withPatron: true, unit: '' });
    if (accounted) return accounted;
  }
  if (r.type === 'TournamentPrizesDistributed' && Array.isArray(d.payments)) {
    // A prize that unfilled places' shares were added to says its own share and what was added (Star 15.3.2).
    const added = (p: PrizePayment) => (p.shareCents !== undefined && p.shareCents !== p.amountCents ? ` (its share ${money(p.shareCents)} and ${money(p.amountCents - p.shareCents)} of unfilled places)` : '');
    const payments = (d.payments as PrizePayment[]).map((p) => `${prizeLineOf(p)}${p.patronId ? ` (patron ${p.patronId})` : ''} ${money(p.amountCents)}${added(p)}`);
    // The pool as the tournament states it in its API too, its parts, and the definition with its clauses (Star 15.3.1-15.3.3; Crown Melbourne 14.4.7(a)).
    // collectedCents is what the pool collected net of refunds (the fees taken, gross, are the pool account's below).
    const parts = typeof d.collectedCents === 'number' ? ` (collected net of refunds ${money(d.collectedCents)}${typeof d.guaranteedCents === 'number' ? `, guaranteed ${money(d.guaranteedCents)}` : ''})` : '';
    const pool = typeof d.prizePoolCents === 'number' ? `, of a prize pool of ${money(d.prizePoolCents)}${parts}` : '';
    const definition = typeof d.prizePoolDefinition === 'string' ? ` ${d.prizePoolDefinition}` : '';
    // A prize place nobody qualified for is reported unpaid, never shared out among the others, where the rules leave it so (Crown Melbourne 14.4.7(b)).
    const unfilled = Array.isArray(d.unfilled) && d.unfilled.length > 0
      ? ` Unfilled: ${(d.unfilled as { place: number; basisPoints: number; amountCents: number }[]).map((u) => `place ${u.place} (${u.basisPoints / 100}%) ${money(u.amountCents)} unfilled, not paid`).join(', ')}.`
      : '';
    // Or, where the rulebook gives the whole pool to the winners, their shares distributed to the filled places (Star 15.3.2).
    const r = d.redistributed as { places: { place: number; basisPoints: number; amountCents: number }[]; rule: string; clause: string } | undefined;
    const redistributed = r && Array.isArray(r.places)
      ? ` Unfilled: ${r.places.map((u) => `place ${u.place} (${u.basisPoints / 100}%) ${money(u.amountCents)} unfilled, distributed to the winners in proportion to their shares (${r.clause})`).join(', ')}. ${r.rule}`
      : '';
    const rounding = typeof d.roundingRule === 'string' ? ` Rounding: ${d.roundingRule}` : '';
    const accounted = account ? ` ${poolAccountLine(account, money, prizesOf(d))}.` : '';
    return `Prizes: ${payments.join(', ')}${pool}.${definition}${unfilled}${redistributed}${rounding}${accounted}`;
  }
  return String(r.summary ?? '');
};

/** A distribution's prize pool, paid and unpaid (TournamentPrizesDistributed: totalCents + unfilledCents = prizePoolCents). */
const prizesOf = (d: Readonly<Record<string, unknown>>) => {
  const prizePoolCents = Number(d.prizePoolCents ?? 0);
  const paidCents = Number(d.totalCents ?? 0);
  return { prizePoolCents, paidCents, unpaidCents: typeof d.unfilledCents === 'number' ? d.unfilledCents : prizePoolCents - paidCents };
};

/** The records whose money the pool's account follows: the terms (what goes in the pool), each refund by cause, the distribution. */
const POOL_RECORD_TYPES = ['TournamentTermsPublished', 'TournamentTermsAmended', ...Object.keys(REFUND_CAUSES), 'TournamentPrizesDistributed'];
const ACCOUNTED = new Set(['TournamentEntryWithdrawn', 'TournamentPlayerRetired', 'TournamentPrizesDistributed']);

/**
 * The pool's account as at each withdrawal, retirement and distribution of the rows (Star 15.3.1-15.3.4; Crown Melbourne
 * 14.4.2(d), 14.4.7, 14.4.8(b)(vi)): from every record of their tournaments up to each, whatever the period, so the fees
 * taken and the refunds before the period are in it.
 */
const accountsFor = async (ctx: Parameters<SectionDefinition['query']>[0], tournamentIds: readonly string[]): Promise<Map<string, PoolAccount>> => {
  if (tournamentIds.length === 0) return new Map();
  const { rows } = await ctx.pool.query<{ event_id: string; tournament_id: string; type: string; details: Record<string, unknown> | null }>(
    `SELECT event_id, tournament_id, type, details FROM ${ctx.schema}.tournament_records
      WHERE tournament_id = ANY($1) AND type = ANY($2) ORDER BY source_tx, source_pos`,
    [[...tournamentIds], POOL_RECORD_TYPES],
  );
  return poolAccounts(rows.map((r) => ({ eventId: r.event_id, tournamentId: r.tournament_id, type: r.type, details: r.details ?? {} })));
};

/** `amount`: the heading of the amount column (refunds, prizes) and whether it adds up; none for notices, which have no amount. */
const recordsDocument = (amount: { header: string; total: boolean } | null): DocumentColumn[] => [
  { header: 'Time', format: 'instant', key: 'at', width: 1.2 },
  { header: 'Gaming day', format: 'text', key: 'gamingDay', width: 0.9, monthOnly: true },
  { header: 'Tournament', format: 'text', key: 'tournamentId', width: 1 },
  { header: 'Record', format: 'text', value: (r) => inWords(String(r.type).replace(/^Tournament/, '')), width: 1.2 },
  { header: 'What happened', format: 'text', value: whatHappened, width: 4.2 },
  ...(amount ? [{ header: amount.header, format: 'money', key: 'amountCents', total: amount.total ? 'sum' : undefined, width: 1 } satisfies DocumentColumn] : []),
  { header: 'Recorded by', format: 'text', value: recordedBy, width: 1.3 },
  { header: 'Rule', format: 'text', key: 'clause', width: 1.2 },
  // Each row under the edition and regulator it was played under, in the PDF and the CSV alike: a tournament held
  // under Star 2021 answers to the ILGA, one under Star 2024 to the NICC, whatever the report's own regulator line says.
  { header: 'Rules', format: 'text', key: 'rulebook', width: 0.9 },
  { header: 'Regulator', format: 'text', key: 'regulator', width: 0.8 },
  { header: 'Event id', format: 'text', key: 'eventId', width: 1.6 },
];

/** Tournament records of the given types in the period, one row per event in the tournaments service's order. */
export const tournamentRecordsSection = (id: string, title: string, clause: string, types: readonly string[], amount: { header: string; total: boolean } | null = null): SectionDefinition => ({
  id,
  title,
  clause,
  document: [{ columns: recordsDocument(amount) }],
  async query(ctx): Promise<SectionResult> {
    // Where no tournaments service runs, its read model was never created: the section is empty, not an error.
    const exists = (await ctx.pool.query<{ t: string | null }>('SELECT to_regclass($1)::text AS t', [`${ctx.schema}.tournament_records`])).rows[0]?.t;
    if (!exists) return { section: { id, title, clause, columns: COLUMNS, rows: [] }, rulebooks: [], spans: [] };
    const { rows } = await ctx.pool.query<{
      event_id: string;
      source: string;
      source_tx: string;
      source_pos: string;
      at: string;
      gaming_day: string;
      tournament_id: string;
      type: string;
      summary: string;
      amount_cents: string | null;
      actor_id: string;
      actor_role: string;
      clause: string | null;
      details: unknown;
      rulebook_id: string;
    }>(
      `SELECT event_id, source, source_tx::text AS source_tx, source_pos::text AS source_pos, at, gaming_day, tournament_id, type, summary,
              amount_cents::text AS amount_cents, actor_id, actor_role, clause, details, rulebook_id
         FROM ${ctx.schema}.tournament_records
        WHERE jurisdiction = $1 AND gaming_day BETWEEN $2 AND $3 AND type = ANY($4)
        ORDER BY tournament_records.source_tx, tournament_records.source_pos`,
      [ctx.jurisdiction, ctx.period.firstDay, ctx.period.lastDay, [...types]],
    );
    const accounts = await accountsFor(ctx, [...new Set(rows.filter((r) => ACCOUNTED.has(r.type)).map((r) => r.tournament_id))]);
    const out: Record<string, Cell>[] = rows.map((r) => {
      const account = ACCOUNTED.has(r.type) ? accounts.get(r.event_id) : undefined;
      const details = (r.details ?? {}) as Record<string, unknown>;
      const cents = (n: number) => `${n} cents`;
      return {
      eventId: r.event_id,
      at: r.at,
      gamingDay: r.gaming_day,
      tournamentId: r.tournament_id,
      type: r.type,
      // Where money came in and went out, the pool's account so that it adds up to the cent (fees gross, refunds by cause).
      summary: account ? `${r.summary}. ${poolAccountLine(account, cents, r.type === 'TournamentPrizesDistributed' ? prizesOf(details) : undefined)}` : r.summary,
      amountCents: r.amount_cents === null ? null : Number(r.amount_cents),
      actorId: r.actor_id,
      actorRole: r.actor_role,
      clause: r.clause,
      // The version and regulator the tournament was held under, in force on its local date.
      rulebook: rulebookById(r.rulebook_id).citation,
      regulator: rulebookById(r.rulebook_id).regulator,
      details: JSON.stringify(account ? { ...details, poolAccount: account } : details),
    };
    });
    const rulebooks = [...new Set(rows.map((r) => r.rulebook_id))];
    return { section: { id, title, clause: citedFor(clause, rulebooks), columns: COLUMNS, rows: out }, rulebooks, spans: spansOf(rows) };
  },
});

/** The tournament sections of a regulator report for a jurisdiction: notices and conduct, then results and prizes. */
export const tournamentSections = (citation: { notices: string; conduct: string; results: string }): SectionDefinition[] => [
  tournamentRecordsSection('tournament-notices', 'Tournament terms and notices to the regulator', citation.notices, TOURNAMENT_RECORD_TYPES.notices),
  tournamentRecordsSection(
    'tournament-conduct',
    'Tournament tables misused, substitutions, withdrawals and retirements with their refunds, cancellations, disqualifications, eliminations for a session buy-in not provided, chips corrected, Rapid notices, wagers removed under the order of wagering and wagers the tournament settled off the layout',
    citation.conduct,
    TOURNAMENT_RECORD_TYPES.conduct,
    { header: 'Refunded ($)', total: true },
  ),
  tournamentRecordsSection('tournament-results', 'Tournament results and prizes', citation.results, TOURNAMENT_RECORD_TYPES.results, { header: 'Prizes ($)', total: true }),
];
