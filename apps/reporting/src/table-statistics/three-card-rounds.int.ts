import { PostgresEventStore, type NewEvent } from '@app/event-store';
import { createTestDatabase, type TestDatabase } from '@app/testing';
import { tablesSource } from '../../../platform/src/event-sources';
import { DEALER, SUPERVISOR, T0, deal, openCrown, openThreeCard, play, readyShoe } from '../../../tables/src/table/table-fixtures';
import type { TableEvent } from '../../../tables/src/table/table.events';
import { rebuildReadModels } from '../read-model/rebuild-read-models';
import { tablesReadModelsProjection } from '../read-model/tables-read-models.projection';

/** Domain events as the tables service stores them (the platform's tables source maps them to the contract). */
const stored = (stream: number, events: readonly TableEvent[]): NewEvent[] =>
  events.map((e, i) => {
    const { type, ...data } = e;
    const id = `00000000-0000-4000-8000-${String(stream).padStart(4, '0')}${String(i).padStart(8, '0')}`;
    return { eventId: id, type, schemaVersion: 1, data, metadata: { actor: DEALER, commandId: id, correlationId: id, causationId: null, rulebookVersion: 'crown-melbourne-v29' }, occurredAt: T0 };
  });

describe('reporting and Three Card Baccarat rounds (Crown Melbourne 12; contract ThreeCardRoundCompleted)', () => {
  let db: TestDatabase;

  // A Three Card table: one round played (box 1 beats the Dealer, box 2 loses, box 3 ties), one misdealt (12.8.2).
  const threeCard = play([
    openThreeCard({ tableId: 'TC1' }),
    ...readyShoe('tc-shoe', 10),
    { type: 'StartCoup', actor: DEALER, now: T0, coupId: 'tc-c1' },
    {
      type: 'PlaceWagers',
      actor: DEALER,
      now: T0,
      coupId: 'tc-c1',
      wagers: [
        { wagerId: 'tc-w1', box: 1, bet: 'three-card-baccarat', amountCents: 1000 },
        { wagerId: 'tc-w2', box: 2, bet: 'three-card-baccarat', amountCents: 2000 },
        { wagerId: 'tc-w3', box: 3, bet: 'three-card-tie', amountCents: 500 },
      ],
    },
    { type: 'DealThreeCardRound', actor: DEALER, now: T0, coupId: 'tc-c1', hands: [{ box: 1, cards: ['4H', '5C', 'KD'] }, { box: 2, cards: ['AS', '2S', 'KS'] }, { box: 3, cards: ['3D', '4D', 'QD'] }], dealer: ['5H', '2C', '10D'] },
    { type: 'StartCoup', actor: DEALER, now: T0, coupId: 'tc-c2' },
    { type: 'PlaceWagers', actor: DEALER, now: T0, coupId: 'tc-c2', wagers: [{ wagerId: 'tc-w4', box: 1, bet: 'three-card-baccarat', amountCents: 1000 }] },
    { type: 'DeclareMisdeal', actor: SUPERVISOR, now: T0, coupId: 'tc-c2', finding: 'incorrect-cards-before-look' },
  ]);
  // A Traditional table beside it: one Banker natural, so the same pipeline is shown to fill the road.
  const traditional = play([
    openCrown({ tableId: 'T1' }),
    ...readyShoe(),
    { type: 'StartCoup', actor: DEALER, now: T0, coupId: 't-c1' },
    { type: 'PlaceWagers', actor: DEALER, now: T0, coupId: 't-c1', wagers: [{ wagerId: 't-w1', box: 1, bet: 'banker', amountCents: 10000 }] },
    ...deal('t-c1', ['2H', '9C', '3D', 'KS']),
  ]);

  beforeAll(async () => {
    db = await createTestDatabase('reporting_three_card');
    const store = new PostgresEventStore(db.pool, 'tables');
    await store.migrate();
    await store.append('table-TC1', 'table', 'any', stored(1, threeCard));
    await store.append('table-T1', 'table', 'any', stored(2, traditional));
    await rebuildReadModels(db.pool, tablesReadModelsProjection(), [tablesSource(db.pool)]);
  });
  afterAll(async () => {
    await db?.drop();
  });

  const statsOf = async (tableId: string) =>
    (
      await db.pool.query<Record<string, string | number>>(
        `SELECT sum(coups)::int AS coups, sum(player_wins)::int AS player_wins, sum(banker_wins)::int AS banker_wins, sum(ties)::int AS ties,
                sum(voided_coups)::int AS voided_coups, sum(wagers)::int AS wagers, sum(turnover_cents)::int AS turnover, sum(house_win_cents)::int AS house_win
           FROM reporting.table_stats WHERE table_id = $1`,
        [tableId],
      )
    ).rows[0];

  it('keeps a Three Card round off the results road and out of the Player/Banker/Tie counts: it has no Player or Banker hand', async () => {
    const road = await db.pool.query<{ table_id: string; coup_id: string; result: string }>('SELECT table_id, coup_id, result FROM reporting.results_road ORDER BY table_id, coup_id');
    expect(road.rows).toEqual([{ table_id: 'T1', coup_id: 't-c1', result: 'banker' }]);
    expect(await statsOf('TC1')).toMatchObject({ coups: 0, player_wins: 0, banker_wins: 0, ties: 0 });
    expect(await statsOf('T1')).toMatchObject({ coups: 1, banker_wins: 1 });
    const directory = await db.pool.query<{ last_result: string | null }>(`SELECT last_result FROM reporting.table_directory WHERE table_id = 'TC1'`);
    expect(directory.rows[0].last_result).toBeNull();
  });

  it("still counts the round's wagers and money, and its misdeal as a voided coup (Crown Melbourne 12.7, 12.8.2)", async () => {
    // tc-w1 wins 1000, tc-w2 loses 2000, tc-w3 (Tie 8 to 1 on equal ranking 7 v 7) wins 4000; tc-w4 returned by the misdeal.
    expect(await statsOf('TC1')).toMatchObject({ voided_coups: 1, wagers: 3, turnover: 3500, house_win: 2000 - 1000 - 4000 });
    const bets = await db.pool.query<{ bet: string; wins: number; losses: number; voids: number }>(
      `SELECT bet, sum(wins)::int AS wins, sum(losses)::int AS losses, sum(voids)::int AS voids FROM reporting.bet_stats WHERE table_id = 'TC1' GROUP BY bet ORDER BY bet`,
    );
    expect(bets.rows).toEqual([
      { bet: 'three-card-baccarat', wins: 1, losses: 1, voids: 1 },
      { bet: 'three-card-tie', wins: 1, losses: 0, voids: 0 },
    ]);
  });
});
