import { PostgresEventStore } from '@app/event-store';
import { createTestDatabase, type TestDatabase, untilReadHorizonPasses } from '@app/testing';
import { storedTableEvents } from './support/stored-table-events';
import { tablesSource } from '../../apps/tables/src/integration/tables.source';
import { DEALER, T0, deal, openStar, play, readyShoe, tournamentSession } from '../../apps/tables/src/table/table-fixtures';
import type { TableCommand } from '../../apps/tables/src/table/table.decider';
import { rebuildReadModels } from '../../apps/reporting/src/read-model/rebuild-read-models';
import { tablesReadModelsProjection } from '../../apps/reporting/src/read-model/tables-read-models.projection';

/**
 * Star 2024 15.1.1 ("tournament chips" have no cash value), Crown Melbourne 14.4.4(a): a coup at a table in tournament
 * mode moves tournament chips, not money. The table statistics a regulator reads count only money: the tournament
 * table's coups are on the road, its wagers are no turnover and its results no house win, beside a cash table whose
 * money counts in full.
 */
describe('table statistics count only money (Star 2024 15.1.1; Crown Melbourne 14.4.4(a))', () => {
  let db: TestDatabase;
  const coup = (coupId: string, wagerAmount: number): TableCommand[] => [
    { type: 'StartCoup', actor: DEALER, now: T0, coupId },
    { type: 'PlaceWagers', actor: DEALER, now: T0, coupId, wagers: [{ wagerId: `${coupId}-w1`, box: 1, bet: 'player', amountCents: wagerAmount }, { wagerId: `${coupId}-w2`, box: 2, bet: 'banker', amountCents: wagerAmount }] },
    // Player 9 against Banker 5: the Player wager wins, the Banker wager loses.
    ...deal(coupId, ['4H', '2C', '5D', '3S']),
  ];
  const seat = (box: number): TableCommand => ({ type: 'SeatPlayer', actor: DEALER, now: T0, box, sessionId: `entry-${box}`, patronId: `patron-${box}` });
  const tournamentTable = play([openStar({ tableId: 'TT1', tournamentId: 'star-cup-2026' }), tournamentSession('star-cup-2026', [1, 2]), seat(1), seat(2), ...readyShoe('shoe-t'), ...coup('t1', 5_000), ...coup('t2', 20_000)]);
  const cashTable = play([openStar({ tableId: 'CT1' }), seat(1), seat(2), ...readyShoe('shoe-c'), ...coup('c1', 5_000)]);

  beforeAll(async () => {
    db = await createTestDatabase('reporting_tournament_chips');
    const store = new PostgresEventStore(db.pool, 'tables');
    await store.migrate();
    await store.append('table-TT1', 'table', 'any', storedTableEvents(1, tournamentTable, 'star-sydney-2024'));
    await store.append('table-CT1', 'table', 'any', storedTableEvents(2, cashTable, 'star-sydney-2024'));
    await untilReadHorizonPasses(db.pool);
    await rebuildReadModels(db.pool, tablesReadModelsProjection(), [tablesSource(db.pool)]);
  });
  afterAll(async () => {
    await db?.drop();
  });

  const statsOf = async (tableId: string) =>
    (
      await db.pool.query(
        `SELECT sum(coups)::int AS coups, sum(wagers)::int AS wagers, sum(turnover_cents)::int AS turnover, sum(paid_cents)::int AS paid,
                sum(commission_cents)::int AS commission, sum(house_win_cents)::int AS house_win
           FROM reporting.table_stats WHERE table_id = $1`,
        [tableId],
      )
    ).rows[0];

  it('counts the tournament table\'s coups but none of its tournament-chip wagers as turnover, payout or house win', async () => {
    expect(await statsOf('TT1')).toEqual({ coups: 2, wagers: 0, turnover: 0, paid: 0, commission: 0, house_win: 0 });
    const bets = await db.pool.query(`SELECT count(*)::int AS n FROM reporting.bet_stats WHERE table_id = 'TT1' AND (turnover_cents <> 0 OR house_win_cents <> 0)`);
    expect(bets.rows[0].n).toBe(0);
  });

  it('counts the cash table beside it in full: 10,000 turned over, 5,000 paid on Player, 5,000 kept from Banker', async () => {
    expect(await statsOf('CT1')).toEqual({ coups: 1, wagers: 2, turnover: 10_000, paid: 5_000, commission: 0, house_win: 0 });
  });
});
