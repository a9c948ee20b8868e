import { PostgresEventStore } from '@app/event-store';
import { createTestDatabase, type TestDatabase, untilReadHorizonPasses } from '@app/testing';
import { tablesSource } from '../../apps/platform/src/event-sources';
import { rebuildReadModels } from '../../apps/reporting/src/read-model/rebuild-read-models';
import { tablesReadModelsProjection } from '../../apps/reporting/src/read-model/tables-read-models.projection';
import { readRecordedPlay } from '../../apps/reporting/src/what-if/recorded-play.reader';
import { whatIf } from '../../apps/reporting/src/what-if/what-if';
import { DIFFERENTIAL_FROM, DIFFERENTIAL_PLAYER_ROW, DIFFERENTIAL_TABLE, DIFFERENTIAL_TO, differentialPlay } from './support/differential-play';
import { storedTableEvents } from './support/stored-table-events';

/**
 * The table statistics, from which a what-if's actual is checked, count a reduced wager's turnover as the what-if
 * does: what stood (Crown Melbourne 6.4; 6.3.2), and the patron loses only that.
 */
describe('Crown Melbourne 6.4: the table statistics count what stood of a reduced wager, as the what-if does', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase('reporting_what_if_differential', 2);
    const store = new PostgresEventStore(db.pool, 'tables');
    await store.migrate();
    await store.append(`table-${DIFFERENTIAL_TABLE}`, 'table', 'any', storedTableEvents(21, differentialPlay()));
    await untilReadHorizonPasses(db.pool);
  }, 300_000);
  afterAll(async () => {
    await db?.drop();
  });

  it('turnover, paid, commission and house win per bet agree with the what-if actual and identity, to the cent', async () => {
    await rebuildReadModels(db.pool, tablesReadModelsProjection(), [tablesSource(db.pool)]);
    const { rows } = await db.pool.query<{ bet: string; turnover: string; paid: string; commission: string; house_win: string }>(
      `SELECT bet, SUM(turnover_cents)::bigint::text AS turnover, SUM(paid_cents)::bigint::text AS paid, SUM(commission_cents)::bigint::text AS commission, SUM(house_win_cents)::bigint::text AS house_win
         FROM reporting.bet_stats WHERE table_id = $1 GROUP BY bet ORDER BY bet`,
      [DIFFERENTIAL_TABLE],
    );
    const play = await readRecordedPlay(tablesSource(db.pool), DIFFERENTIAL_TABLE, DIFFERENTIAL_FROM, DIFFERENTIAL_TO);
    const answer = whatIf([play], [], DIFFERENTIAL_FROM, DIFFERENTIAL_TO);
    const player = rows.find((r) => r.bet === 'player');
    expect(player).toEqual({ bet: 'player', turnover: String(DIFFERENTIAL_PLAYER_ROW.turnoverCents), paid: String(DIFFERENTIAL_PLAYER_ROW.paidCents), commission: String(DIFFERENTIAL_PLAYER_ROW.commissionCents), house_win: String(DIFFERENTIAL_PLAYER_ROW.houseWinCents) });
    expect(rows).toEqual(answer.tables[0].bets.map((b) => ({ bet: b.bet, turnover: String(b.actual.turnoverCents), paid: String(b.actual.paidCents), commission: String(b.actual.commissionCents), house_win: String(b.actual.houseWinCents) })));
    for (const b of answer.tables[0].bets) expect(b.whatIf.turnoverCents).toBe(b.actual.turnoverCents);
  });
});
