import { PostgresEventStore } from '@app/event-store';
import { createTestDatabase, type TestDatabase, untilReadHorizonPasses } from '@app/testing';
import { dumpReadModels } from './support/reporting-world';
import { storedTableEvents } from './support/stored-table-events';
import { tablesSource } from '../../apps/platform/src/event-sources';
import { AREA_MANAGER, DEALER, SUPERVISOR, T0, deal, openCrown, play, readyShoe } from '../../apps/tables/src/table/table-fixtures';
import type { TableCommand } from '../../apps/tables/src/table/table.decider';
import { rebuildReadModels } from '../../apps/reporting/src/read-model/rebuild-read-models';
import { tablesReadModelsProjection } from '../../apps/reporting/src/read-model/tables-read-models.projection';

/**
 * Crown Melbourne 15.3-15.5: a coup declared void after it was settled refunds every wager. Reporting takes the
 * coup's money off the statistics and its deferred commission off the ledger, from the CoupVoided event alone.
 */
describe('reporting a coup voided after it was settled (Crown Melbourne 15.5)', () => {
  let db: TestDatabase;

  // Box 1 (commission deferred, 9.3.1(b)) wins two Banker naturals with 10,000 each: 500 commission deferred on each.
  // The second coup is declared void for a disruption; the first coup's 500 is collected; after the last coup
  // (no wagers) the next shoe starts.
  // The cutting card comes out during c2, so c3 is the last coup of the shoe (Crown Melbourne 7.3.4).
  const bankerWin = (coupId: string, cutCardAfterTwoCards = false): TableCommand[] => [
    { type: 'StartCoup', actor: DEALER, now: T0, coupId },
    { type: 'PlaceWagers', actor: DEALER, now: T0, coupId, wagers: [{ wagerId: `${coupId}-w1`, box: 1, bet: 'banker', amountCents: 10000 }] },
    ...deal(coupId, ['2H', '9C']),
    ...(cutCardAfterTwoCards ? [{ type: 'ReportCutCard', actor: DEALER, now: T0 } as const] : []),
    ...deal(coupId, ['3D', 'KS']),
  ];
  const events = play([
    openCrown({ tableId: 'T1' }),
    { type: 'SeatPlayer', actor: DEALER, now: T0, box: 1, sessionId: 'ann', patronId: 'patron-ann' },
    { type: 'ApproveCommissionDeferral', actor: AREA_MANAGER, now: T0, box: 1 },
    ...readyShoe('shoe-1'),
    ...bankerWin('c1'),
    ...bankerWin('c2', true),
    { type: 'VoidCoup', actor: SUPERVISOR, now: T0, coupId: 'c2', ground: 'disruption', reason: 'a brawl at the table' },
    { type: 'SettleCommission', actor: DEALER, now: T0, box: 1, trigger: 'player-request', method: 'collected' },
    { type: 'StartCoup', actor: DEALER, now: T0, coupId: 'c3' },
    ...deal('c3', ['4H', '4C', '5D', '5S']),
    ...readyShoe('shoe-2'),
  ]);

  beforeAll(async () => {
    db = await createTestDatabase('reporting_void_settled');
    const store = new PostgresEventStore(db.pool, 'tables');
    await store.migrate();
    await store.append('table-T1', 'table', 'any', storedTableEvents(1, events));
    await untilReadHorizonPasses(db.pool);
    await rebuildReadModels(db.pool, tablesReadModelsProjection(), [tablesSource(db.pool)]);
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('takes the voided coup off the coups, its wager off turnover and its win and commission off the house result', async () => {
    const { rows } = await db.pool.query(
      `SELECT sum(coups)::int AS coups, sum(banker_wins)::int AS banker_wins, sum(voided_coups)::int AS voided_coups, sum(wagers)::int AS wagers,
              sum(turnover_cents)::int AS turnover, sum(paid_cents)::int AS paid, sum(commission_cents)::int AS commission, sum(house_win_cents)::int AS house_win
         FROM reporting.table_stats WHERE table_id = 'T1'`,
    );
    // What stands is c1's wager alone: 10,000 turned over, 10,000 paid, 500 commission, so the house is 9,500 down;
    // the coups are c1 and c3 (a tie without wagers).
    expect(rows[0]).toEqual({ coups: 2, banker_wins: 1, voided_coups: 1, wagers: 1, turnover: 10000, paid: 10000, commission: 500, house_win: -9500 });
    const bets = await db.pool.query(`SELECT bet, sum(wins)::int AS wins, sum(voids)::int AS voids, sum(turnover_cents)::int AS turnover FROM reporting.bet_stats WHERE table_id = 'T1' GROUP BY bet`);
    expect(bets.rows).toEqual([{ bet: 'banker', wins: 1, voids: 1, turnover: 10000 }]);
  });

  it('reverses the commission deferred on the voided coup: the box owed only the first coup, collected in full, so nothing is outstanding', async () => {
    const { rows } = await db.pool.query(
      `SELECT shoe_id, box, patron_id, deferred_cents::int AS deferred, collected_cents::int AS collected, deferred_wagers FROM reporting.commission_ledger WHERE table_id = 'T1'`,
    );
    expect(rows).toEqual([{ shoe_id: 'shoe-1', box: 1, patron_id: 'patron-ann', deferred: 500, collected: 500, deferred_wagers: 1 }]);
    const movements = await db.pool.query(`SELECT kind, amount_cents::int AS amount, coup_id, actor_role FROM reporting.commission_movements WHERE table_id = 'T1' ORDER BY source_pos, seq`);
    expect(movements.rows).toEqual([
      { kind: 'deferred', amount: 500, coup_id: 'c1', actor_role: 'dealer' },
      { kind: 'deferred', amount: 500, coup_id: 'c2', actor_role: 'dealer' },
      { kind: 'reversed', amount: 500, coup_id: 'c2', actor_role: 'gaming-supervisor' },
      { kind: 'collected', amount: 500, coup_id: null, actor_role: 'dealer' },
    ]);
  });

  it('does not report the next shoe as started with commission outstanding (Crown Melbourne 9.3.1(a))', async () => {
    const outstanding = await db.pool.query(`SELECT outstanding_cents::int AS outstanding FROM reporting.table_directory WHERE table_id = 'T1'`);
    expect(outstanding.rows).toEqual([{ outstanding: 0 }]);
    expect((await db.pool.query('SELECT * FROM reporting.commission_exceptions')).rows).toEqual([]);
  });

  it('rebuilds the same read models event by event as in one batch', async () => {
    const batched = await dumpReadModels(db.pool);
    await untilReadHorizonPasses(db.pool);
    await rebuildReadModels(db.pool, tablesReadModelsProjection(), [tablesSource(db.pool)], 1);
    expect(await dumpReadModels(db.pool)).toEqual(batched);
  });
});
