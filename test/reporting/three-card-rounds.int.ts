import { PostgresEventStore } from '@app/event-store';
import { createTestDatabase, type TestDatabase, untilReadHorizonPasses } from '@app/testing';
import { dumpReadModels } from './support/reporting-world';
import { storedTableEvents as stored } from './support/stored-table-events';
import { tablesSource } from '../../apps/platform/src/event-sources';
import { DEALER, SUPERVISOR, T0, deal, openCrown, openThreeCard, play, readyShoe } from '../../apps/tables/src/table/table-fixtures';
import { rebuildReadModels } from '../../apps/reporting/src/read-model/rebuild-read-models';
import { createTableDdl } from '../../apps/reporting/src/read-model/row-spec';
import { tablesReadModelsProjection } from '../../apps/reporting/src/read-model/tables-read-models.projection';
import { TABLE_STATS } from '../../apps/reporting/src/table-statistics/table-statistics.projection';

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
  // A second Three Card table: a round whose box 2 was dealt two cards, noticed after a player looked, played on with
  // box 3's player retracting (12.8.3(b)); then a round played and voided after it completed (15.4-15.5).
  const retracted = play([
    openThreeCard({ tableId: 'TC2' }),
    ...readyShoe('tc2-shoe', 12),
    { type: 'SeatPlayer', actor: DEALER, now: T0, box: 3, sessionId: 'cy', patronId: 'patron-cy' },
    { type: 'StartCoup', actor: DEALER, now: T0, coupId: 'tc2-c1' },
    {
      type: 'PlaceWagers',
      actor: DEALER,
      now: T0,
      coupId: 'tc2-c1',
      wagers: [
        { wagerId: 'tc2-w1', box: 1, bet: 'three-card-baccarat', amountCents: 1000 },
        { wagerId: 'tc2-w2', box: 2, bet: 'three-card-baccarat', amountCents: 1000 },
        { wagerId: 'tc2-w3', box: 3, sessionId: 'cy', bet: 'three-card-baccarat', amountCents: 3000 },
        { wagerId: 'tc2-w4', box: 4, bet: 'three-card-baccarat', amountCents: 1000 },
      ],
    },
    {
      type: 'DealThreeCardRound',
      actor: SUPERVISOR,
      now: T0,
      coupId: 'tc2-c1',
      hands: [{ box: 1, cards: ['4H', '5C', 'KD'] }, { box: 2, cards: ['KS', 'QS'] }, { box: 3, cards: ['AS', '2S', '3S'] }, { box: 4, cards: ['9D', 'JD', 'QH'] }],
      dealer: ['5H', '2C', '10D'],
      noticedAfterLook: { countCorrect: true, retractedWagerIds: ['tc2-w3'] },
    },
    { type: 'StartCoup', actor: DEALER, now: T0, coupId: 'tc2-c2' },
    { type: 'PlaceWagers', actor: DEALER, now: T0, coupId: 'tc2-c2', wagers: [{ wagerId: 'tc2-w5', box: 1, bet: 'three-card-baccarat', amountCents: 1000 }, { wagerId: 'tc2-w6', box: 2, bet: 'three-card-baccarat', amountCents: 1000 }] },
    { type: 'DealThreeCardRound', actor: DEALER, now: T0, coupId: 'tc2-c2', hands: [{ box: 1, cards: ['6H', '3C', 'JH'] }, { box: 2, cards: ['2D', '3H', '4S'] }], dealer: ['AH', 'AC', 'KC'] },
    { type: 'VoidCoup', actor: SUPERVISOR, now: T0, coupId: 'tc2-c2', ground: 'disruption', reason: 'a player disrupted the game' },
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
    await store.append('table-TC2', 'table', 'any', stored(3, retracted));
    await untilReadHorizonPasses(db.pool);
    await rebuildReadModels(db.pool, tablesReadModelsProjection(), [tablesSource(db.pool)]);
  });
  afterAll(async () => {
    await db?.drop();
  });

  const statsOf = async (tableId: string) =>
    (
      await db.pool.query<Record<string, string | number>>(
        `SELECT sum(coups)::int AS coups, sum(player_wins)::int AS player_wins, sum(banker_wins)::int AS banker_wins, sum(ties)::int AS ties,
                sum(player_pairs)::int AS player_pairs, sum(banker_pairs)::int AS banker_pairs, sum(naturals)::int AS naturals,
                sum(three_card_rounds)::int AS three_card_rounds, sum(three_card_areas)::int AS three_card_areas, sum(voided_coups)::int AS voided_coups, sum(wagers)::int AS wagers, sum(turnover_cents)::int AS turnover, sum(house_win_cents)::int AS house_win
           FROM reporting.table_stats WHERE table_id = $1`,
        [tableId],
      )
    ).rows[0];

  it('counts a Three Card round as a coup played, kept off the results road and out of the Player/Banker/Tie, pair and natural counts: it has no Player or Banker hand (Crown Melbourne 12; 12.5.2)', async () => {
    const road = await db.pool.query<{ table_id: string; coup_id: string; result: string }>('SELECT table_id, coup_id, result FROM reporting.results_road ORDER BY table_id, coup_id');
    expect(road.rows).toEqual([{ table_id: 'T1', coup_id: 't-c1', result: 'banker' }]);
    expect(await statsOf('TC1')).toMatchObject({ coups: 1, three_card_rounds: 1, three_card_areas: 3, player_wins: 0, banker_wins: 0, ties: 0, player_pairs: 0, banker_pairs: 0, naturals: 0 });
    expect(await statsOf('T1')).toMatchObject({ coups: 1, banker_wins: 1, three_card_rounds: 0, three_card_areas: 0 });
    const directory = await db.pool.query<{ last_result: string | null; coups_in_shoe: number }>(`SELECT last_result, coups_in_shoe FROM reporting.table_directory WHERE table_id = 'TC1'`);
    expect(directory.rows[0]).toEqual({ last_result: null, coups_in_shoe: 1 });
  });

  it("keeps each Three Card round's areas against the Dealer: won, lost, equal ranking (Crown Melbourne 12.5.2(a)-(c), Table 18)", async () => {
    const rounds = await db.pool.query(
      `SELECT table_id, coup_id, dealer_total, dealer_ranking, areas, areas_won, areas_lost, areas_tied, burnt_areas, voided FROM reporting.three_card_rounds ORDER BY table_id, coup_id`,
    );
    expect(rounds.rows).toEqual([
      // Dealer seven (ranking 4): box 1 nine wins, box 2 three loses, box 3 seven ranks equal. The misdealt tc-c2 never completed.
      { table_id: 'TC1', coup_id: 'tc-c1', dealer_total: 7, dealer_ranking: 4, areas: 3, areas_won: 1, areas_lost: 1, areas_tied: 1, burnt_areas: 0, voided: false },
      // Box 2's wager void (12.8.3(b)) and box 3's retracted: boxes 1 and 4 (both nine) play on and outrank the Dealer's seven.
      { table_id: 'TC2', coup_id: 'tc2-c1', dealer_total: 7, dealer_ranking: 4, areas: 2, areas_won: 2, areas_lost: 0, areas_tied: 0, burnt_areas: 0, voided: false },
      { table_id: 'TC2', coup_id: 'tc2-c2', dealer_total: 2, dealer_ranking: 9, areas: 2, areas_won: 2, areas_lost: 0, areas_tied: 0, burnt_areas: 0, voided: true },
    ]);
  });

  it('takes a Three Card round voided after it completed off the coups it was counted in, and counts the void (Crown Melbourne 15.4-15.5)', async () => {
    expect(await statsOf('TC2')).toMatchObject({ coups: 1, three_card_rounds: 1, three_card_areas: 2, voided_coups: 1, player_wins: 0, banker_wins: 0, ties: 0 });
    const directory = await db.pool.query<{ coups_in_shoe: number }>(`SELECT coups_in_shoe FROM reporting.table_directory WHERE table_id = 'TC2'`);
    // Coups in the shoe count the coups dealt, as for Baccarat coups voided after they completed.
    expect(directory.rows[0].coups_in_shoe).toBe(2);
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

  it('registers the retraction: whose wager, the amount, who recorded it with their role, the reason and the clause (Crown Melbourne 12.8.3(b))', async () => {
    const { rows } = await db.pool.query(
      `SELECT table_id, shoe_id, coup_id, wager_id, patron_id, kind, clause, reason, amount_cents::int AS amount_cents, actor_id, actor_role, details
         FROM reporting.compliance_register WHERE category = 'wager-retraction'`,
    );
    expect(rows).toEqual([
      {
        table_id: 'TC2',
        shoe_id: 'tc2-shoe',
        coup_id: 'tc2-c1',
        wager_id: 'tc2-w3',
        patron_id: 'patron-cy',
        kind: 'wager-retracted',
        clause: 'Crown Melbourne 12.8.3(b)',
        reason: 'the player took the option to retract their wager at box 3',
        amount_cents: 3000,
        actor_id: SUPERVISOR.id,
        actor_role: 'gaming-supervisor',
        details: { box: 3 },
      },
    ]);
  });

  it('registers the cut of every shoe: who cut, the cutter kind, where the cutting card went, who recorded it and the clause (Crown Melbourne 4.2)', async () => {
    const { rows } = await db.pool.query(`SELECT table_id, shoe_id, kind, clause, actor_role, details FROM reporting.compliance_register WHERE category = 'shoe-cut' ORDER BY table_id`);
    expect(rows).toEqual([
      { table_id: 'T1', shoe_id: 'shoe-1', kind: 'cut-by-player', clause: expect.stringMatching(/^Crown Melbourne 4\.2/), actor_role: 'dealer', details: { cutBy: 'player-7', cutterKind: 'player', cutCardFromBack: 20 } },
      { table_id: 'TC1', shoe_id: 'tc-shoe', kind: 'cut-by-player', clause: expect.stringMatching(/^Crown Melbourne 4\.2/), actor_role: 'dealer', details: { cutBy: 'player-7', cutterKind: 'player', cutCardFromBack: 10 } },
      { table_id: 'TC2', shoe_id: 'tc2-shoe', kind: 'cut-by-player', clause: expect.stringMatching(/^Crown Melbourne 4\.2/), actor_role: 'dealer', details: { cutBy: 'player-7', cutterKind: 'player', cutCardFromBack: 12 } },
    ]);
  });

  it('rebuilds the same read models event by event as in one batch (a round completed and voided in one batch or in two)', async () => {
    const batched = await dumpReadModels(db.pool);
    await untilReadHorizonPasses(db.pool);
    await rebuildReadModels(db.pool, tablesReadModelsProjection(), [tablesSource(db.pool)], 1);
    expect(await dumpReadModels(db.pool)).toEqual(batched);
  });

  it('adds the Three Card counters to a table_stats made before them, at 0 on its rows, so counting goes on without a rebuild', async () => {
    const legacy = 'reporting_before_three_card';
    const { three_card_rounds: _rounds, three_card_areas: _areas, ...before } = TABLE_STATS.columns;
    await db.pool.query(`CREATE SCHEMA ${legacy}; ${createTableDdl(legacy, { ...TABLE_STATS, columns: before })}`);
    await db.pool.query(`INSERT INTO ${legacy}.table_stats (table_id, gaming_day, shift, coups) VALUES ('T9', '2025-09-01', 'day', 4)`);
    const client = await db.pool.connect();
    try {
      await tablesReadModelsProjection({ schema: legacy }).setup(client);
    } finally {
      client.release();
    }
    const { rows } = await db.pool.query(`SELECT coups, three_card_rounds, three_card_areas FROM ${legacy}.table_stats`);
    expect(rows).toEqual([{ coups: 4, three_card_rounds: 0, three_card_areas: 0 }]);
  });
});
