import { PostgresEventStore } from '@app/event-store';
import { createTestDatabase, type TestDatabase, untilReadHorizonPasses } from '@app/testing';
import { storedTableEvents } from './support/stored-table-events';
import { tablesSource } from '../../apps/tables/src/integration/tables.source';
import { DEALER, T0, deal, openStar, play, readyShoe } from '../../apps/tables/src/table/table-fixtures';
import type { TableCommand } from '../../apps/tables/src/table/table.decider';
import { rebuildReadModels } from '../../apps/reporting/src/read-model/rebuild-read-models';
import { tablesReadModelsProjection } from '../../apps/reporting/src/read-model/tables-read-models.projection';

/**
 * Star 2024 11.1.3 (Banker paid at 19 to 20) with 1.1 and 5.2 (promotional tokens): a token wager's winnings are chips
 * paid out, and what was paid on a Banker win is 19 to 20: the 5% is in the odds, never paid and then collected. The
 * table statistics' token_paid_cents is what was paid, the same figure as the Banker row's paid_cents.
 */
describe('Star 2024 11.1.3 with 1.1: token winnings in the table statistics are what was paid, 19 to 20 on a Banker win', () => {
  let db: TestDatabase;
  const coup = (coupId: string): TableCommand[] => [
    { type: 'StartCoup', actor: DEALER, now: T0, coupId },
    { type: 'PlaceWagers', actor: DEALER, now: T0, coupId, wagers: [{ wagerId: `${coupId}-token`, box: 1, bet: 'banker', amountCents: 10_000, medium: 'promotional-token' }] },
    // Player 2H 4S = 6 against Banker 3D 5C = 8: the Banker wins, 100.00 paid 95.00.
    ...deal(coupId, ['2H', '3D', '4S', '5C']),
  ];
  const events = play([openStar({ tableId: 'TK1' }), ...readyShoe('shoe-k'), ...coup('k1'), ...coup('k2')]);

  beforeAll(async () => {
    db = await createTestDatabase('reporting_token_paid');
    const store = new PostgresEventStore(db.pool, 'tables');
    await store.migrate();
    await store.append('table-TK1', 'table', 'any', storedTableEvents(1, events, 'star-sydney-2024'));
    await untilReadHorizonPasses(db.pool);
    await rebuildReadModels(db.pool, tablesReadModelsProjection(), [tablesSource(db.pool)]);
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('two Banker token wins of 100.00 were paid 95.00 each: token_paid_cents is 19,000, as the Banker row paid', async () => {
    const table = (await db.pool.query(`SELECT sum(token_wagers)::int AS wagers, sum(token_paid_cents)::int AS paid, sum(paid_cents)::int AS all_paid FROM reporting.table_stats WHERE table_id = 'TK1'`)).rows[0];
    const banker = (await db.pool.query(`SELECT sum(paid_cents)::int AS paid FROM reporting.bet_stats WHERE table_id = 'TK1' AND bet = 'banker'`)).rows[0];
    expect(banker.paid).toBe(19_000);
    expect(table).toEqual({ wagers: 2, paid: 19_000, all_paid: 19_000 });
  });

  it('Star 1.1, 5.2: the statistics also keep the win before the 5% held in the odds (token_won_cents, 20,000), the figure the promotions desk reconciles its settlements against', async () => {
    const table = (await db.pool.query(`SELECT sum(token_won_cents)::int AS won FROM reporting.table_stats WHERE table_id = 'TK1'`)).rows[0];
    expect(table).toEqual({ won: 20_000 });
  });
});
