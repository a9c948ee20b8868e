import type { CoupVoided, TablesEnvelope, ThreeCardRoundCompleted, WagerSettlement } from '@app/contracts';
import { isMoneyWager } from '@app/contracts';
import { isCommissionInTheOdds, wagerFigures } from '@app/baccarat';
import { JurisdictionCalendars } from '../calendar/reporting-config';
import { ReportingBatch } from '../read-model/reporting-batch';
import { RowSpec } from '../read-model/row-spec';
import { gamingTimeAt, TableEntry } from '../tables-directory/tables-directory';

/**
 * Table statistics per table, gaming day and shift: coups, dummy and voided coups, results (the road's
 * counts), pairs and naturals, and money by bet type: turnover, paid out, lost by patrons, commission and the
 * house win (lost - paid + commission). Amounts in cents; hold is derived when read.
 *
 * A Three Card Baccarat round (Crown Melbourne 12) is a coup played: it counts in `coups` (and so against
 * `voided_coups`), but it has no Player or Banker hand and no one result, so it is never in the Player/Banker/Tie,
 * pair or natural counts nor on the results road. Its own counts are `three_card_rounds` (of `coups`) and
 * `three_card_areas`, the betting areas dealt a hand against the Dealer's (12.6.2(a), 12.6.3(a)).
 *
 * A wager placed with casino promotional tokens (Star 5.2; 1.1 'Casino Promotional Token') is a wager, but its stake
 * is not cash: it is not turnover, a lost token is not money the house won, and nothing of its stake is returned in
 * chips. Its winnings are chips paid out (in `paid_cents` and against the house win). `token_wagers`,
 * `token_stakes_cents` and `token_paid_cents` count them apart, so the promotions service's token reconciliation
 * (its winnings before commission) agrees with `token_won_cents` here; `token_paid_cents` is what was paid, as
 * `paid_cents` counts it (19 to 20 on a Star 2024 Banker win, 11.1.3).
 */
export const TABLE_STATS: RowSpec = {
  table: 'table_stats',
  key: ['table_id', 'gaming_day', 'shift'],
  columns: {
    table_id: 'text',
    gaming_day: 'text',
    shift: 'text',
    jurisdiction: 'text',
    rulebook_id: 'text',
    coups: 'integer',
    dummy_coups: 'integer',
    voided_coups: 'integer',
    player_wins: 'integer',
    banker_wins: 'integer',
    ties: 'integer',
    player_pairs: 'integer',
    banker_pairs: 'integer',
    naturals: 'integer',
    three_card_rounds: 'integer',
    three_card_areas: 'integer',
    wagers: 'integer',
    turnover_cents: 'bigint',
    paid_cents: 'bigint',
    lost_cents: 'bigint',
    commission_cents: 'bigint',
    commission_waived_cents: 'bigint',
    house_win_cents: 'bigint',
    token_wagers: 'integer',
    token_stakes_cents: 'bigint',
    token_paid_cents: 'bigint',
    token_won_cents: 'bigint',
  },
};
export const TABLE_STATS_COUNTERS = Object.keys(TABLE_STATS.columns).filter((c) => !['table_id', 'gaming_day', 'shift', 'jurisdiction', 'rulebook_id'].includes(c));

export const BET_STATS: RowSpec = {
  table: 'bet_stats',
  key: ['table_id', 'gaming_day', 'shift', 'bet'],
  columns: {
    table_id: 'text',
    gaming_day: 'text',
    shift: 'text',
    bet: 'text',
    jurisdiction: 'text',
    wagers: 'integer',
    wins: 'integer',
    losses: 'integer',
    pushes: 'integer',
    voids: 'integer',
    turnover_cents: 'bigint',
    paid_cents: 'bigint',
    lost_cents: 'bigint',
    commission_cents: 'bigint',
    commission_waived_cents: 'bigint',
    house_win_cents: 'bigint',
  },
};
export const BET_STATS_COUNTERS = Object.keys(BET_STATS.columns).filter((c) => !['table_id', 'gaming_day', 'shift', 'bet', 'jurisdiction'].includes(c));

/** The results road: every coup of every shoe, in order, as the table's display shows it. */
export const RESULTS_ROAD: RowSpec = {
  table: 'results_road',
  key: ['table_id', 'coup_id'],
  columns: {
    table_id: 'text',
    coup_id: 'text',
    shoe_id: 'text',
    coup_number: 'integer',
    gaming_day: 'text',
    shift: 'text',
    result: 'text',
    player_total: 'integer',
    banker_total: 'integer',
    player_pair: 'boolean',
    banker_pair: 'boolean',
    has_natural: 'boolean',
    dummy: 'boolean',
    voided: 'boolean',
    completed_at: 'text',
  },
};

/**
 * Three Card Baccarat rounds (Crown Melbourne 12), one row each: what the table statistics counted for the round,
 * kept so a round voided after it completed leaves the counts it entered. Not part of the results road: each
 * betting area has its own result against the Dealer (12.5.2(a)-(c)), there is no one result for the round.
 */
export const THREE_CARD_ROUNDS: RowSpec = {
  table: 'three_card_rounds',
  key: ['table_id', 'coup_id'],
  columns: {
    table_id: 'text',
    coup_id: 'text',
    shoe_id: 'text',
    coup_number: 'integer',
    gaming_day: 'text',
    shift: 'text',
    dealer_total: 'integer',
    dealer_ranking: 'integer',
    areas: 'integer',
    /** Areas whose hand outranked the Dealer's (12.5.2(a)), was outranked (12.5.2(b)), or ranked equal (12.5.2(c), 12.5.3(a)). */
    areas_won: 'integer',
    areas_lost: 'integer',
    areas_tied: 'integer',
    /** Areas without a wager whose cards were burnt (12.8.6). */
    burnt_areas: 'integer',
    voided: 'boolean',
    completed_at: 'text',
  },
};

interface ThreeCardFacts {
  gaming_day: string;
  shift: string;
  areas: number;
  voided: boolean;
}

/**
 * The Three Card round an event completes: ThreeCardRoundCompleted, or a CoupCompleted published before Three Card
 * rounds had their own event, which carries the hands in its deprecated `threeCard` (contract: ignore its result).
 */
export const threeCardRoundOf = (event: TablesEnvelope): Omit<ThreeCardRoundCompleted, 'type'> | null => {
  if (event.type === 'ThreeCardRoundCompleted') return event.data;
  if (event.type !== 'CoupCompleted') return null;
  const c = event.data;
  if (!c.threeCard) return null;
  return { tableId: c.tableId, shoeId: c.shoeId, coupId: c.coupId, coupNumber: c.coupNumber, dealer: c.threeCard.dealer, hands: c.threeCard.hands, burnt: [], completedAt: c.completedAt };
};

interface RoadFacts {
  gaming_day: string;
  shift: string;
  result: string;
  player_pair: boolean;
  banker_pair: boolean;
  has_natural: boolean;
  dummy: boolean;
  voided: boolean;
}

/**
 * Reads, in one query each, the stored road rows and Three Card rounds of coups this batch voids (so voiding a
 * completed coup costs no round trip each).
 */
export const prefetchVoidedCoups = async (batch: ReportingBatch, voided: readonly { tableId: string; coupId: string }[]): Promise<void> => {
  if (voided.length === 0) return;
  const keys = [voided.map((v) => v.tableId), voided.map((v) => v.coupId)];
  const { rows } = await batch.tx.query<RoadFacts & { table_id: string; coup_id: string }>(
    `SELECT r.table_id, r.coup_id, r.gaming_day, r.shift, r.result, r.player_pair, r.banker_pair, r.has_natural, r.dummy, r.voided
       FROM ${batch.schema}.results_road r JOIN unnest($1::text[], $2::text[]) AS v(table_id, coup_id) USING (table_id, coup_id)`,
    keys,
  );
  const rounds = await batch.tx.query<ThreeCardFacts & { table_id: string; coup_id: string }>(
    `SELECT r.table_id, r.coup_id, r.gaming_day, r.shift, r.areas, r.voided
       FROM ${batch.schema}.three_card_rounds r JOIN unnest($1::text[], $2::text[]) AS v(table_id, coup_id) USING (table_id, coup_id)`,
    keys,
  );
  for (const v of voided) {
    batch.prefetched.set(`road:${v.tableId}:${v.coupId}`, null);
    batch.prefetched.set(`three-card:${v.tableId}:${v.coupId}`, null);
  }
  for (const r of rows) batch.prefetched.set(`road:${r.table_id}:${r.coup_id}`, { ...r });
  for (const r of rounds.rows) batch.prefetched.set(`three-card:${r.table_id}:${r.coup_id}`, { ...r, areas: Number(r.areas) });
};

const resultCounters = (r: { result: string; player_pair: boolean; banker_pair: boolean; has_natural: boolean }, sign: 1 | -1) => ({
  coups: sign,
  player_wins: r.result === 'player' ? sign : 0,
  banker_wins: r.result === 'banker' ? sign : 0,
  ties: r.result === 'tie' ? sign : 0,
  player_pairs: r.player_pair ? sign : 0,
  banker_pairs: r.banker_pair ? sign : 0,
  naturals: r.has_natural ? sign : 0,
});

const threeCardCounters = (areas: number, sign: 1 | -1) => ({ coups: sign, three_card_rounds: sign, three_card_areas: sign * areas });

/** Takes a voided coup off the results road's counts; false when the coup is not on the road (never completed, or a Three Card round). */
const voidOnRoad = async (batch: ReportingBatch, v: Omit<CoupVoided, 'type'>): Promise<boolean> => {
  const pending = batch.pendingInsert(RESULTS_ROAD, { table_id: v.tableId, coup_id: v.coupId });
  const roadKey = `road:${v.tableId}:${v.coupId}`;
  let stored: RoadFacts | null | undefined = pending ? null : (batch.prefetched.get(roadKey) as unknown as RoadFacts | null | undefined);
  if (!pending && stored === undefined) {
    const { rows } = await batch.tx.query<RoadFacts>(
      `SELECT gaming_day, shift, result, player_pair, banker_pair, has_natural, dummy, voided FROM ${batch.schema}.results_road WHERE table_id = $1 AND coup_id = $2`,
      [v.tableId, v.coupId],
    );
    stored = rows[0] ?? null;
  }
  const road = (pending ?? stored) as RoadFacts | null | undefined;
  if (!road) return false;
  if (!pending) batch.prefetched.set(roadKey, { ...road, voided: true });
  if (road.voided) return true;
  // The coup stays on the road, marked void.
  if (!road.dummy) batch.add(TABLE_STATS, TABLE_STATS_COUNTERS, { table_id: v.tableId, gaming_day: road.gaming_day, shift: road.shift }, resultCounters(road, -1));
  if (pending) pending.voided = true;
  else batch.afterInserts(`UPDATE ${batch.schema}.results_road SET voided = true WHERE table_id = $1 AND coup_id = $2`, [v.tableId, v.coupId]);
  return true;
};

/** Takes a Three Card round voided after it completed (a recent coup voided for fraud or a disruption, Crown Melbourne 15.3-15.5) off the counts it entered. */
const voidThreeCardRound = async (batch: ReportingBatch, v: Omit<CoupVoided, 'type'>): Promise<void> => {
  const pending = batch.pendingInsert(THREE_CARD_ROUNDS, { table_id: v.tableId, coup_id: v.coupId });
  const roundKey = `three-card:${v.tableId}:${v.coupId}`;
  let stored: ThreeCardFacts | null | undefined = pending ? null : (batch.prefetched.get(roundKey) as unknown as ThreeCardFacts | null | undefined);
  if (!pending && stored === undefined) {
    const { rows } = await batch.tx.query<ThreeCardFacts>(`SELECT gaming_day, shift, areas, voided FROM ${batch.schema}.three_card_rounds WHERE table_id = $1 AND coup_id = $2`, [
      v.tableId,
      v.coupId,
    ]);
    stored = rows[0] ?? null;
  }
  const round = (pending ?? stored) as ThreeCardFacts | null | undefined;
  if (!round) return;
  if (!pending) batch.prefetched.set(roundKey, { ...round, voided: true });
  if (round.voided) return;
  batch.add(TABLE_STATS, TABLE_STATS_COUNTERS, { table_id: v.tableId, gaming_day: round.gaming_day, shift: round.shift }, threeCardCounters(Number(round.areas), -1));
  if (pending) pending.voided = true;
  else batch.afterInserts(`UPDATE ${batch.schema}.three_card_rounds SET voided = true WHERE table_id = $1 AND coup_id = $2`, [v.tableId, v.coupId]);
};

type BetCounters = { wagers: number; wins: number; losses: number; pushes: number; voids: number; turnover_cents: number; paid_cents: number; lost_cents: number; commission_cents: number; house_win_cents: number };

/**
 * Adds settled wagers to the bet and table statistics (sign 1), or takes them back as refunded when their coup is
 * declared void after settlement (sign -1: their win, loss and money come off and they count as voids).
 * Summed per bet type first: a coup's fourteen wagers touch three or four bet rows, not fourteen.
 */
const addSettlements = (batch: ReportingBatch, key: { table_id: string; gaming_day: string; shift: string }, tableSets: { rulebook_id: string | null }, jurisdiction: string, settlements: readonly WagerSettlement[], sign: 1 | -1): void => {
  const totals = { wagers: 0, turnover_cents: 0, paid_cents: 0, lost_cents: 0, commission_cents: 0, house_win_cents: 0, token_wagers: 0, token_stakes_cents: 0, token_paid_cents: 0, token_won_cents: 0 };
  const perBet = new Map<string, BetCounters>();
  // Tournament chips have no cash value (Star 15.1.1, Crown Melbourne 14.4.4(a)): no turnover, win or commission of the house.
  for (const w of settlements.filter(isMoneyWager)) {
    const voided = w.outcome === 'void';
    const token = w.medium === 'promotional-token';
    const held = w.commissionImmediateCents + w.commissionDeferredCents;
    // Where the rulebook pays the bet at odds that hold the 5% back (Star 2024 11.1.3: Banker at 19 to 20), it is what
    // was paid, not commission; the house win is the same either way.
    const inTheOdds = held !== 0 && tableSets.rulebook_id !== null && isCommissionInTheOdds(tableSets.rulebook_id, w.bet, w.option);
    // One rule with the what-if: turnover is what stood (Crown Melbourne 6.3.2, 6.4; Star 2024 6.2, 6.5), a promotional
    // token is no cash (Star 1.1), and the patron loses only what was not handed back.
    const f = wagerFigures(w, { outcome: w.outcome, winCents: w.winCents, returnedCents: w.returnedCents, commissionCents: held, ...(w.inPlayCents !== undefined ? { inPlayCents: w.inPlayCents } : {}) }, inTheOdds);
    const [commission, paid, lost] = [f.commissionCents, f.paidCents, f.lostCents];
    let row = perBet.get(w.bet);
    if (!row) perBet.set(w.bet, (row = { wagers: 0, wins: 0, losses: 0, pushes: 0, voids: 0, turnover_cents: 0, paid_cents: 0, lost_cents: 0, commission_cents: 0, house_win_cents: 0 }));
    const wagers = voided ? 0 : sign;
    const turnover = sign * f.turnoverCents;
    const houseWin = sign * f.houseWinCents;
    row.wagers += wagers;
    row.wins += w.outcome === 'win' ? sign : 0;
    row.losses += w.outcome === 'lose' ? sign : 0;
    row.pushes += w.outcome === 'push' ? sign : 0;
    row.voids += voided || sign === -1 ? 1 : 0;
    row.turnover_cents += turnover;
    row.paid_cents += sign * paid;
    row.lost_cents += sign * lost;
    row.commission_cents += sign * commission;
    row.house_win_cents += houseWin;
    totals.wagers += wagers;
    totals.turnover_cents += turnover;
    totals.paid_cents += sign * paid;
    totals.lost_cents += sign * lost;
    totals.commission_cents += sign * commission;
    totals.house_win_cents += houseWin;
    if (token) {
      totals.token_wagers += wagers;
      totals.token_stakes_cents += voided ? 0 : sign * w.amountCents;
      // Token winnings are chips paid out (Star 1.1, 5.2): what was paid, as the bet row counts it. Where the odds hold
      // the 5% back (Star 2024 11.1.3: Banker at 19 to 20) that is the win less it, never the win before it.
      totals.token_paid_cents += sign * paid;
      // The promotions desk settles a token wager on the table's win before commission (Star 1.1, 5.2): reconciled on it.
      totals.token_won_cents += sign * w.winCents;
    }
  }
  for (const [bet, row] of perBet) batch.add(BET_STATS, BET_STATS_COUNTERS, { ...key, bet }, { jurisdiction, ...row });
  batch.add(TABLE_STATS, TABLE_STATS_COUNTERS, key, { ...tableSets, ...totals });
};

export const applyToStatistics = async (batch: ReportingBatch, calendars: JurisdictionCalendars, entry: TableEntry, event: TablesEnvelope): Promise<void> => {
  const statsKey = (instant: string) => {
    const t = gamingTimeAt(calendars, entry, instant);
    return { key: { table_id: entry.table_id, gaming_day: t.gamingDay, shift: t.shift }, time: t };
  };
  const tableSets = { jurisdiction: entry.jurisdiction, rulebook_id: event.rulebookVersion ?? entry.rulebook_id };
  const round = threeCardRoundOf(event);
  if (round) {
    // Crown Melbourne 12: a round played, counted as a coup; never on the road nor in the Player/Banker/Tie counts.
    const { key, time } = statsKey(round.completedAt);
    const won = round.hands.filter((h) => h.result === 'player').length;
    const lost = round.hands.filter((h) => h.result === 'dealer').length;
    batch.insert(THREE_CARD_ROUNDS, {
      table_id: round.tableId,
      coup_id: round.coupId,
      shoe_id: round.shoeId,
      coup_number: round.coupNumber,
      gaming_day: time.gamingDay,
      shift: time.shift,
      dealer_total: round.dealer.total,
      dealer_ranking: round.dealer.ranking,
      areas: round.hands.length,
      areas_won: won,
      areas_lost: lost,
      areas_tied: round.hands.length - won - lost,
      burnt_areas: round.burnt.length,
      voided: false,
      completed_at: round.completedAt,
    });
    batch.add(TABLE_STATS, TABLE_STATS_COUNTERS, key, { ...tableSets, ...threeCardCounters(round.hands.length, 1) });
    return;
  }
  switch (event.type) {
    case 'CoupCompleted': {
      const c = event.data;
      const { key, time } = statsKey(c.completedAt);
      const road = {
        table_id: c.tableId,
        coup_id: c.coupId,
        shoe_id: c.shoeId,
        coup_number: c.coupNumber,
        gaming_day: time.gamingDay,
        shift: time.shift,
        result: c.result,
        player_total: c.playerTotal,
        banker_total: c.bankerTotal,
        player_pair: c.pairs.player,
        banker_pair: c.pairs.banker,
        has_natural: c.naturals.player || c.naturals.banker,
        dummy: c.dummy,
        voided: false,
        completed_at: c.completedAt,
      };
      batch.insert(RESULTS_ROAD, road);
      // Dummy coups (Crown 7.4, Star 7.4-7.5) are counted apart: they carry no wagers and no results for patrons.
      batch.add(TABLE_STATS, TABLE_STATS_COUNTERS, key, c.dummy ? { ...tableSets, dummy_coups: 1 } : { ...tableSets, ...resultCounters(road, 1) });
      return;
    }
    case 'CoupVoided': {
      const v = event.data;
      const { key } = statsKey(v.voidedAt);
      batch.add(TABLE_STATS, TABLE_STATS_COUNTERS, key, { ...tableSets, voided_coups: 1 });
      // A settled coup declared void refunds every wager (Crown Melbourne 15.5): its money comes off in the period of the void.
      if (v.reversedSettlements.length > 0) addSettlements(batch, key, tableSets, entry.jurisdiction, v.reversedSettlements, -1);
      // A coup voided after it completed leaves the counts it entered: a Baccarat coup's road counts, or a Three Card round's.
      if (!(await voidOnRoad(batch, v))) await voidThreeCardRound(batch, v);
      return;
    }
    case 'WagersSettled': {
      const s = event.data;
      addSettlements(batch, statsKey(s.settledAt).key, tableSets, entry.jurisdiction, s.settlements, 1);
      return;
    }
    case 'CommissionSettled': {
      const c = event.data as { settledAt: string; method: string; amountCents: number };
      if (c.method !== 'waived') return;
      // Waived deferred commission was counted as earned at settlement; the house did not keep it.
      const { key } = statsKey(c.settledAt);
      const waiver = { commission_waived_cents: c.amountCents, house_win_cents: -c.amountCents };
      batch.add(TABLE_STATS, TABLE_STATS_COUNTERS, key, { ...tableSets, ...waiver });
      // The same on the bet rows, so by bet still adds up to by table. The waiver names a box and patron, not a
      // wager, and the ledger keeps no bet: it goes to 'banker', the only wager commission is charged on (Banker
      // wins 1 to 1 less 5% commission, Crown Melbourne 9.1 Tables 3 and 11) and so the only one deferred (9.3.1).
      batch.add(BET_STATS, BET_STATS_COUNTERS, { ...key, bet: 'banker' }, { jurisdiction: entry.jurisdiction, ...waiver });
      return;
    }
    default:
      return;
  }
};
