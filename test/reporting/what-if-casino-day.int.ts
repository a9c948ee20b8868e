import { createRng, createShoe, dealCoup, formatCard, randomBelow, type Rng, type Shoe } from '@app/baccarat';
import { PostgresEventStore } from '@app/event-store';
import { createTestDatabase, type TestDatabase, untilReadHorizonPasses } from '@app/testing';
import { tablesSource } from '../../apps/platform/src/event-sources';
import { rebuildReadModels } from '../../apps/reporting/src/read-model/rebuild-read-models';
import { tablesReadModelsProjection } from '../../apps/reporting/src/read-model/tables-read-models.projection';
import { readRecordedPlay } from '../../apps/reporting/src/what-if/recorded-play.reader';
import { whatIf, WhatIfRefused, type WhatIfAnswer } from '../../apps/reporting/src/what-if/what-if';
import { AREA_MANAGER, DEALER, HASH, openCrown, openStar } from '../../apps/tables/src/table/table-fixtures';
import { tableDecider, type TableCommand } from '../../apps/tables/src/table/table.decider';
import type { OpenTable } from '../../apps/tables/src/table/table-command.types';
import type { TableEvent, TableState } from '../../apps/tables/src/table/table.events';
import { storedTableEvents } from './support/stored-table-events';

const lim = (minimumCents: number, maximumCents: number) => ({ minimumCents, maximumCents });
const DAY_START = Date.parse('2025-09-01T20:00:00.000Z'); // 06:00 in Melbourne and Sydney (AEST)
const DAY_END = '2025-09-02T20:00:00.000Z';

/**
 * A whole casino day at three tables, played through the tables service's own decider from real shuffled shoes
 * (engine `createShoe` / `dealCoup`): each shoe to its cutting card and the last coup after it (Crown Melbourne 7.3.4;
 * Star 4.9), seven boxes wagering Player or Banker and, at random, Tie, Super 6 and Dragon Bonus, one box with deferred
 * commission (Crown Melbourne 9.3.1) collected at each shoe's end.
 */
const casinoDay = (tableId: string, seed: string, crown: boolean): TableEvent[] => {
  const rng: Rng = createRng(seed);
  const pick = (n: number) => randomBelow(rng, n);
  let clock = DAY_START + pick(600) * 1000;
  const now = () => new Date((clock += 4000)).toISOString();
  const events: TableEvent[] = [];
  let state: TableState = tableDecider.initialState();
  /** Decides each command at once, so the day follows the table (its shoe ends when its rulebook says). */
  const run = (cmd: TableCommand): readonly TableEvent[] => {
    const out = tableDecider.decide(cmd, state);
    state = out.reduce(tableDecider.evolve, state);
    events.push(...out);
    return out;
  };
  const c = (cmd: Record<string, unknown>): readonly TableEvent[] => run({ actor: DEALER, now: now(), ...cmd } as unknown as TableCommand);
  const bets = (crown
    ? { offeredBets: [{ bet: 'player', option: 'standard' }, { bet: 'banker', option: 'traditional' }, { bet: 'tie', option: 'standard' }, { bet: 'super-6', option: '15' }, { bet: 'dragon-bonus-player', option: '1' }, { bet: 'dragon-bonus-banker', option: '1' }],
        limits: { perBet: { player: lim(2500, 500000), banker: lim(2500, 500000), tie: lim(500, 50000), 'super-6': lim(500, 20000), 'dragon-bonus-player': lim(500, 20000), 'dragon-bonus-banker': lim(500, 20000) }, tableDifferentialCents: 2000000 } }
    : { offeredBets: [{ bet: 'player', option: 'standard' }, { bet: 'banker', option: 'traditional' }, { bet: 'tie', option: 'standard' }, { bet: 'super-6', option: '15' }],
        limits: { perBet: { player: lim(2500, 500000), banker: lim(2500, 500000), tie: lim(500, 50000), 'super-6': lim(500, 20000) }, tableDifferentialCents: 2000000 } }) as unknown as Partial<OpenTable>;
  run({ ...(crown ? openCrown({ tableId, ...bets }) : openStar({ tableId, ...bets })), now: new Date(clock).toISOString() } as TableCommand);
  for (let box = 1; box <= 7; box++) c({ type: 'SeatPlayer', box, sessionId: `${tableId}-s${box}`, patronId: `${tableId}-patron-${box}` });
  if (crown) run({ type: 'ApproveCommissionDeferral', actor: AREA_MANAGER, now: now(), box: 2 } as TableCommand);
  let coupNo = 0;
  for (let shoeNo = 1; shoeNo <= 4; shoeNo++) {
    const shoeId = `${tableId}-shoe-${shoeNo}`;
    let shoe: Shoe = createShoe({ decks: 8, seed: `${seed}-${shoeNo}`, salt: shoeId });
    c({ type: 'StartShoe', shoeId, cards: 'new', commitmentHash: HASH });
    c({ type: 'CutShoe', cutBy: 'player-1', cutterKind: 'player', cutCardFromBack: 20 });
    c({ type: 'BurnCards', method: 'standard', count: 1 });
    shoe = { ...shoe, position: 1 };
    let ended = false;
    let reported = false;
    while (!ended) {
      const coupId = `${tableId}-c${++coupNo}`;
      c({ type: 'StartCoup', coupId });
      const wagers: Record<string, unknown>[] = [];
      for (let box = 1; box <= 7; box++) {
        if (pick(5) === 0) continue;
        const unit = 500 * (1 + pick(20));
        wagers.push({ wagerId: `${coupId}-${box}-m`, box, sessionId: `${tableId}-s${box}`, bet: pick(2) ? 'banker' : 'player', amountCents: unit * 5 });
        if (pick(4) === 0) wagers.push({ wagerId: `${coupId}-${box}-t`, box, sessionId: `${tableId}-s${box}`, bet: 'tie', amountCents: unit });
        if (pick(4) === 0) wagers.push({ wagerId: `${coupId}-${box}-6`, box, sessionId: `${tableId}-s${box}`, bet: 'super-6', amountCents: 500 * (1 + pick(8)) });
        if (crown && pick(5) === 0) wagers.push({ wagerId: `${coupId}-${box}-d`, box, sessionId: `${tableId}-s${box}`, bet: pick(2) ? 'dragon-bonus-player' : 'dragon-bonus-banker', amountCents: 500 * (1 + pick(8)) });
      }
      if (wagers.length > 0) c({ type: 'PlaceWagers', coupId, wagers });
      const cutBefore = !reported && shoe.cutCardIndex === shoe.position;
      const dealt = dealCoup(shoe);
      if (dealt.kind !== 'coup') throw new Error(`shoe ran out at ${coupId}`);
      const cards = shoe.cards.slice(shoe.position, dealt.shoe.position).map(formatCard);
      if (cutBefore) { c({ type: 'ReportCutCard' }); reported = true; }
      cards.forEach((card, i) => {
        const out = c({ type: 'DealCard', coupId, card });
        if (out.some((e) => e.type === 'ShoeEnded')) ended = true;
        if (i === 1 && dealt.cutCardAppeared && !reported) { c({ type: 'ReportCutCard' }); reported = true; }
      });
      // The table, not the engine's shoe, decides which coup is the last (its rulebook's clause).
      shoe = { ...dealt.shoe, finished: false, lastCoupAnnounced: false };
      if (!ended && shoe.position > shoe.cards.length - 8) throw new Error(`the table did not end ${shoeId}`);
    }
    if (crown) c({ type: 'SettleCommission', box: 2, trigger: 'end-of-shoe', method: 'collected' });
  }
  return events;
};

const TABLES = [
  { tableId: 'VIC-A', crown: true },
  { tableId: 'VIC-B', crown: true },
  { tableId: 'NSW-C', crown: false },
];

type Row = WhatIfAnswer['tables'][number]['bets'][number];
const money = ({ options: _o, ...figures }: Row['actual']) => figures;

/**
 * The what-if identity over a casino day: replayed from the tables service's published events with no change, every
 * bet's what-if equals what the tables held, to the cent, and equals the reporting statistics; a change of one option
 * moves only that bet's rows (Crown Melbourne 5.5.18, Table 15).
 */
describe('what-if replay over a whole casino day of real play (Crown Melbourne 9.1, 9.3.1, Table 15; Star 2024 10.9-10.13)', () => {
  let db: TestDatabase;
  let identity: WhatIfAnswer;
  const days: Record<string, TableEvent[]> = {};

  beforeAll(async () => {
    db = await createTestDatabase('reporting_what_if_day', 4);
    const store = new PostgresEventStore(db.pool, 'tables');
    await store.migrate();
    for (const [i, t] of TABLES.entries()) {
      days[t.tableId] = casinoDay(t.tableId, `day-${t.tableId}`, t.crown);
      const events = storedTableEvents(i + 1, days[t.tableId], t.crown ? 'crown-melbourne-v29' : 'star-sydney-2024');
      for (let k = 0; k < events.length; k += 500) await store.append(`table-${t.tableId}`, 'table', 'any', events.slice(k, k + 500));
    }
    await untilReadHorizonPasses(db.pool);
    const plays = await Promise.all(TABLES.map((t) => readRecordedPlay(tablesSource(db.pool), t.tableId, new Date(DAY_START).toISOString(), DAY_END)));
    identity = whatIf(plays, [], new Date(DAY_START).toISOString(), DAY_END);
  }, 300_000);
  afterAll(async () => {
    await db?.drop();
  });

  it('plays a casino day: every table completes four shoes of coups with wagers on every bet it offers', () => {
    for (const t of identity.tables) {
      expect(t.coups).toBeGreaterThan(200);
      expect(t.bets.map((b) => b.bet).sort()).toEqual(TABLES.find((x) => x.tableId === t.tableId)!.crown ? ['banker', 'dragon-bonus-banker', 'dragon-bonus-player', 'player', 'super-6', 'tie'] : ['banker', 'player', 'super-6', 'tie']);
    }
  });

  it('with no change, every bet of every table settles again exactly as the table did: what-if equals actual to the cent, nothing set apart', () => {
    for (const t of identity.tables) {
      for (const b of t.bets) {
        expect({ table: t.tableId, bet: b.bet, refused: b.refused.wagers, notReplayed: b.notReplayed.wagers }).toEqual({ table: t.tableId, bet: b.bet, refused: 0, notReplayed: 0 });
        expect({ table: t.tableId, bet: b.bet, ...money(b.whatIf) }).toEqual({ table: t.tableId, bet: b.bet, ...money(b.actual) });
      }
    }
  });

  it('the actual figures are the reporting statistics of the same day (turnover, paid, commission, house win per bet)', async () => {
    await rebuildReadModels(db.pool, tablesReadModelsProjection(), [tablesSource(db.pool)]);
    const { rows } = await db.pool.query(
      `SELECT table_id, bet, SUM(turnover_cents)::bigint::text AS turnover, SUM(paid_cents)::bigint::text AS paid, SUM(commission_cents)::bigint::text AS commission, SUM(house_win_cents)::bigint::text AS house_win
         FROM reporting.bet_stats GROUP BY table_id, bet ORDER BY table_id, bet`,
    );
    const fromReplay = identity.tables
      .flatMap((t) => t.bets.map((b) => ({ table_id: t.tableId, bet: b.bet, turnover: String(b.actual.turnoverCents), paid: String(b.actual.paidCents), commission: String(b.actual.commissionCents), house_win: String(b.actual.houseWinCents) })))
      .sort((a, b) => (a.table_id + a.bet).localeCompare(b.table_id + b.bet));
    expect(rows).toEqual(fromReplay);
  });

  it('Super 6 at 16 to 1 instead of 15 at the Crown Melbourne tables: every winning Super 6 wager is paid one unit more, and no other row moves (Crown Melbourne Table 15)', async () => {
    const vic = TABLES.filter((t) => t.crown);
    const plays = await Promise.all(vic.map((t) => readRecordedPlay(tablesSource(db.pool), t.tableId, new Date(DAY_START).toISOString(), DAY_END)));
    const answer = whatIf(plays, [{ bet: 'super-6', option: '16' }], new Date(DAY_START).toISOString(), DAY_END);
    for (const t of answer.tables) {
      // Independently of the replay: the Super 6 wagers the table paid, from its own settlements.
      const paid = days[t.tableId].flatMap((e) => (e.type === 'WagersSettled' ? e.settlements : [])).filter((s) => s.bet === 'super-6' && s.outcome === 'win');
      expect(paid.length).toBeGreaterThan(0);
      const winningStakes = paid.reduce((sum, s) => sum + s.amountCents, 0);
      const before = identity.tables.find((x) => x.tableId === t.tableId)!;
      for (const b of t.bets) {
        const base = before.bets.find((x) => x.bet === b.bet)!;
        expect(money(b.actual)).toEqual(money(base.actual));
        if (b.bet !== 'super-6') {
          expect({ bet: b.bet, ...money(b.whatIf) }).toEqual({ bet: b.bet, ...money(base.whatIf) });
          continue;
        }
        expect(b.whatIf.paidCents).toBe(b.actual.paidCents + winningStakes);
        expect(b.whatIf.houseWinCents).toBe(b.actual.houseWinCents - winningStakes);
        expect(b.whatIf.turnoverCents).toBe(b.actual.turnoverCents);
        expect(b.whatIf.options.map((o) => o.option)).toEqual(['16']);
      }
    }
  });

  it('refuses Super 6 at 16 to 1 at the Star table: Star 2024 offers it at 15 to 1 only (Star 2024 10.9-10.13)', async () => {
    const plays = [await readRecordedPlay(tablesSource(db.pool), 'NSW-C', new Date(DAY_START).toISOString(), DAY_END)];
    let refused: unknown;
    try {
      whatIf(plays, [{ bet: 'super-6', option: '16' }], new Date(DAY_START).toISOString(), DAY_END);
    } catch (err) {
      refused = err;
    }
    expect(refused).toBeInstanceOf(WhatIfRefused);
    expect((refused as WhatIfRefused).violations[0]).toMatchObject({ field: 'changes[0].option', rule: 'PAY_TABLE_OPTION_UNKNOWN', clause: 'Star 2024 10.9-10.13', tableId: 'NSW-C' });
  });
});
