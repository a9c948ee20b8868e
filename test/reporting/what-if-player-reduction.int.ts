import { PostgresEventStore } from '@app/event-store';
import { createTestDatabase, type TestDatabase, untilReadHorizonPasses } from '@app/testing';
import { tablesSource } from '../../apps/platform/src/event-sources';
import { rebuildReadModels } from '../../apps/reporting/src/read-model/rebuild-read-models';
import { tablesReadModelsProjection } from '../../apps/reporting/src/read-model/tables-read-models.projection';
import { readRecordedPlay } from '../../apps/reporting/src/what-if/recorded-play.reader';
import { whatIf } from '../../apps/reporting/src/what-if/what-if';
import { REDUCTION_BANKER_ROW, REDUCTION_FROM, REDUCTION_PLAYER_ROW, REDUCTION_TABLE, REDUCTION_TO, playerReductionPlay } from './support/player-reduction-play';
import { storedTableEvents } from './support/stored-table-events';

/**
 * The table statistics count a wager the player reduced (Crown Melbourne 10.7(b), 10.9.1(b)) at what stood and a
 * retracted one not at all; the what-if, read from the tables' published events, replays them so and agrees.
 */
describe('Crown Melbourne 10.7(b): a wager the player reduced is replayed at what stood; the no-change what-if equals the table\'s statistics', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase('reporting_what_if_player_reduction', 2);
    const store = new PostgresEventStore(db.pool, 'tables');
    await store.migrate();
    await store.append(`table-${REDUCTION_TABLE}`, 'table', 'any', storedTableEvents(22, playerReductionPlay()));
    await untilReadHorizonPasses(db.pool);
  }, 300_000);
  afterAll(async () => {
    await db?.drop();
  });

  it('turnover, paid, commission and house win per bet: the statistics, the what-if actual and the no-change what-if agree to the cent, nothing set apart', async () => {
    await rebuildReadModels(db.pool, tablesReadModelsProjection(), [tablesSource(db.pool)]);
    const { rows } = await db.pool.query<{ bet: string; wagers: string; turnover: string; paid: string; commission: string; house_win: string }>(
      `SELECT bet, SUM(wagers)::bigint::text AS wagers, SUM(turnover_cents)::bigint::text AS turnover, SUM(paid_cents)::bigint::text AS paid, SUM(commission_cents)::bigint::text AS commission, SUM(house_win_cents)::bigint::text AS house_win
         FROM reporting.bet_stats WHERE table_id = $1 GROUP BY bet ORDER BY bet`,
      [REDUCTION_TABLE],
    );
    const play = await readRecordedPlay(tablesSource(db.pool), REDUCTION_TABLE, REDUCTION_FROM, REDUCTION_TO);
    const answer = whatIf([play], [], REDUCTION_FROM, REDUCTION_TO);
    const figures = (r: { wagers: number; turnoverCents: number; paidCents: number; commissionCents: number; houseWinCents: number }) => ({ wagers: String(r.wagers), turnover: String(r.turnoverCents), paid: String(r.paidCents), commission: String(r.commissionCents), house_win: String(r.houseWinCents) });
    expect(rows).toEqual([{ bet: 'banker', ...figures(REDUCTION_BANKER_ROW) }, { bet: 'player', ...figures(REDUCTION_PLAYER_ROW) }]);
    expect(rows).toEqual(answer.tables[0].bets.map((b) => ({ bet: b.bet, ...figures(b.actual) })));
    expect(rows).toEqual(answer.tables[0].bets.map((b) => ({ bet: b.bet, ...figures(b.whatIf) })));
    for (const b of answer.tables[0].bets) expect({ bet: b.bet, refused: b.refused.wagers, notReplayed: b.notReplayed.wagers }).toEqual({ bet: b.bet, refused: 0, notReplayed: 0 });
  });
});
