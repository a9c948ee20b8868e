/**
 * What-if replay: settles recorded coups again, from their dealt cards and accepted wagers, under a table
 * configuration, with the engine's own settlement (`settleCoup`: pay tables, limits, commission, chip rounding),
 * exactly as the tables service settles a coup. Pure.
 *
 * Nothing is guessed. Wagers the configuration would have refused (a bet it does not offer, a minimum its rulebook
 * enforces by returning or refusing the wager: Crown Melbourne 6.3.1, Star 6.1, Rapid 5.3.1) are counted apart as
 * `refused`, at what stood; a wager above a maximum it lowers is paid or collected to it, as the table would
 * (Crown Melbourne 6.3.2, Star 6.5), and no wager plays more than stood at the table; wagers whose settlement needs facts the table's published events
 * do not carry (a nominated hand, a run over several coups, a Three Card round) or whose recorded settlement the
 * published facts do not reproduce are counted apart as `notReplayed`, and stay out of the what-if figures. A player's
 * individual limits (Crown Melbourne 6.6; Star 6.8), published on the wager, are agreed with the player: a what-if
 * keeps them over its own table limits, as the table did, wherever its rulebook provides for individual limits.
 */
import type { BetId } from '../bets/bet-id';
import { parseCard } from '../cards/card';
import { playCoup, type CoupOutcome } from '../game/coup';
import { rulebookById } from '../rulebooks/rulebooks';
import type { Rulebook } from '../rulebooks/rulebook.types';
import { procedureClause } from '../rulebooks/procedure-clauses';
import { isCommissionInTheOdds } from '../rulebooks/table-policies';
import { settleCoup } from '../settlement/settle-coup';
import type { Wager } from '../settlement/wager';
import { replayTerms } from './replay-terms';
import type { HoldFigures, RecordedCoup, RecordedSettlement, RecordedWager, ReplayConfiguration, SetApart } from './replay.types';

/** Why a wager is not in the what-if figures. */
export const NOT_REPLAYED = {
  /** Runs and Dragon Tail span coups (Crown Melbourne 5.5, Table 5; 1.1, Table 7); their nominations are not published. */
  multiCoup: 'settled over several coups: the nomination is not in the published wager',
  /** Pairs, Perfect/Crown Pairs and Shield name a hand (Crown Melbourne 1.1, 5.9) the published wager does not carry. */
  nominatedHand: 'the nominated hand is not in the published wager',
  /** A Three Card round has no Player and Banker coup (Crown Melbourne 12). */
  threeCard: 'a Three Card Baccarat round is not replayed',
  notReproduced: 'the recorded settlement is not reproduced from the published facts',
  /** Crown Melbourne 9.3.1, 6.3.3: a deferred commission is not rounded to chips with the payment. */
  deferralUnknown: "the box's commission deferral is not published and would change the payment",
} as const;

const MULTI_COUP = new Set(['runs-player', 'runs-banker', 'runs-player-banker', 'runs-tie', 'dragon-tail-early', 'dragon-tail-late']);
const NOMINATED_HAND = new Set(['pairs', 'perfect-pairs', 'crown-pairs', 'shield']);
const THREE_CARD = new Set(['three-card-baccarat', 'three-card-tie', 'three-pictures']);

const notReplayable = (w: RecordedWager): string | null =>
  MULTI_COUP.has(w.bet) ? NOT_REPLAYED.multiCoup : NOMINATED_HAND.has(w.bet) && !w.side ? NOT_REPLAYED.nominatedHand : THREE_CARD.has(w.bet) ? NOT_REPLAYED.threeCard : null;

/** A wager handed back untouched, as the tables service settles it: void, a promotional token's stake never in chips (Star 1.1). */
const returnedSettlement = (w: RecordedWager): RecordedSettlement => ({ outcome: 'void', winCents: 0, returnedCents: w.medium === 'promotional-token' ? 0 : w.amountCents, commissionCents: 0 });

type Limits = { readonly minimumCents: number; readonly maximumCents: number };
type IndividualLimit = NonNullable<RecordedWager['individualLimit']>;

/**
 * A bet's limits for a wager under its player's individual limits, as the tables service settles it: the individual
 * minimum where one was agreed, and up to the individual maximum where it is above the table's (Crown Melbourne 6.6).
 */
const withIndividual = (l: Limits, individual: IndividualLimit | undefined): Limits =>
  individual ? { minimumCents: individual.minimumCents ?? l.minimumCents, maximumCents: Math.max(l.maximumCents, individual.maximumCents) } : l;

/** The configuration a wager settles under: its bets' limits with the player's individual limits. */
const configurationFor = (config: ReplayConfiguration, individual: IndividualLimit | undefined): ReplayConfiguration =>
  individual
    ? { ...config, limits: { ...config.limits, perBet: Object.fromEntries(Object.entries(config.limits.perBet).map(([bet, l]) => [bet, withIndividual(l, individual)])) } }
    : config;

/** The coup the recorded cards make, by the Table of Play (Crown Melbourne 8; Star 9). */
export const coupOf = (cards: readonly string[]): CoupOutcome => playCoup(cards.map(parseCard));

/** The wager's individual limits where `rulebook` provides for individual limits (Crown Melbourne 6.6; Star 6.8). */
const individualLimitOf = (w: RecordedWager, rulebook: Rulebook): IndividualLimit | undefined =>
  w.individualLimit && rulebook.procedures.individualLimits?.allowed ? w.individualLimit : undefined;

export type WagerReplay =
  | { readonly kind: 'settled'; readonly wager: RecordedWager; readonly settlement: RecordedSettlement }
  | { readonly kind: 'refused' | 'not-replayed'; readonly wager: RecordedWager; readonly reason: string };

/**
 * What a what-if carries from coup to coup: what each wager stood at in the recorded play (the placed amount less
 * what the table handed back before the deal: Crown Melbourne 6.3.2, 6.4, 10.7(b); Star 6.2, 6.5), and the owners
 * already advised that further wagers under the minimum will be returned (Crown Melbourne 6.3.1): by the table
 * ('table', a wager it recorded as warned) or by the what-if's own raised minimum ('what-if').
 */
export interface ReplayWalk {
  readonly standing: Map<string, number>;
  readonly advised: Map<string, 'table' | 'what-if'>;
}
export const newReplayWalk = (): ReplayWalk => ({ standing: new Map(), advised: new Map() });

/**
 * Whom Crown Melbourne 6.3.1 advises: the wager's owner, the patron where the table published one, else the box. The
 * advice lasts while the player plays at the table; a seat's session is not published, so the recorded play bounds it
 * (see `resettle`'s `earlier`).
 */
const ownerOf = (coup: RecordedCoup, w: RecordedWager): string => `${coup.tableId}|${w.patronId ? `patron:${w.patronId}` : `box:${w.box}`}`;

/** What a wager stood at: as the walk found it, else as the table published it, else what was left after reductions. */
export const standingOf = (w: RecordedWager, walk?: ReplayWalk): number =>
  walk?.standing.get(w.wagerId) ?? w.settled?.inPlayCents ?? Math.min(w.amountCents, w.reducedToCents ?? w.amountCents);

/**
 * One coup's wagers under `config`. `recorded` is the configuration the coup was played under: a limit acts only
 * where `config` sets it and the recorded one did not, and then as the rulebook says the table would have acted
 * (`procedures.minimumMaximum`): a wager over the maximum is paid or collected to it (Crown Melbourne 6.3.2; Star 6.5;
 * Rapid 5.3.2), never refused; one under the minimum is settled and its owner advised, a further one returned
 * (Crown Melbourne 6.3.1), or refused where the rulebook does not accept it (Star 6.1, 6.4; Rapid 5.3.1). A what-if
 * replays at most what stood (`walk.standing`): stakes the table handed back before the deal are never staked again.
 */
export const replayCoup = (coup: RecordedCoup, outcome: CoupOutcome, config: ReplayConfiguration, recorded: ReplayConfiguration = coup.configuration, walk: ReplayWalk = newReplayWalk()): WagerReplay[] => {
  const rulebook = rulebookById(config.rulebookId);
  const mm = rulebook.procedures.minimumMaximum;
  const further = rulebook.policies.furtherBelowMinimum;
  const out: WagerReplay[] = [];
  const playing: RecordedWager[] = [];
  const offered = new Set(config.offeredBets.map((b) => b.bet));
  for (const w of coup.wagers) {
    const why = notReplayable(w);
    if (why) { out.push({ kind: 'not-replayed', wager: w, reason: why }); continue; }
    // A further wager under the minimum was returned regardless of the result (Crown Melbourne 6.3.1): it never stood,
    // so no configuration refuses or plays it; it stays returned, as the dealer's reduction stands.
    if (w.belowMinimum === 'returned') {
      // The table returned it because it had advised the owner: the advice holds for the owner's later wagers.
      if (!walk.advised.has(ownerOf(coup, w))) walk.advised.set(ownerOf(coup, w), 'table');
      out.push({ kind: 'settled', wager: w, settlement: returnedSettlement(w) });
      continue;
    }
    if (!offered.has(w.bet)) { out.push({ kind: 'refused', wager: w, reason: `bet not offered` }); continue; }
    // An arrangement to wager over the table differential is made only in the variants the rulebook names (Crown Melbourne 6.5).
    const arrangement = rulebook.procedures.tableDifferential?.overDifferentialCommission;
    if (w.overDifferentialArrangement && !arrangement?.variants.includes(config.variant as never)) { out.push({ kind: 'refused', wager: w, reason: `no arrangement over the table differential in ${config.variant} (${arrangement?.clause ?? `${rulebook.citation} (no provision)`})` }); continue; }
    // The individual limits are agreed with the player (Crown Melbourne 6.6): kept under the what-if's table limits,
    // where its rulebook provides for them; under one that does not, the table's limits alone decide.
    const individual = individualLimitOf(w, rulebook);
    const limit = config.limits.perBet[w.bet] && withIndividual(config.limits.perBet[w.bet], individual);
    const before = recorded.limits.perBet[w.bet] && withIndividual(recorded.limits.perBet[w.bet], w.individualLimit);
    // Over the maximum the table pays or collects to it (Crown Melbourne 6.3.2; Star 6.5): the engine settles at the
    // maximum. Only a rulebook with no such provision leaves a wager over a new maximum unsettled.
    if (!mm && limit && standingOf(w, walk) > limit.maximumCents && !(before && standingOf(w, walk) > before.maximumCents)) { out.push({ kind: 'refused', wager: w, reason: `over the maximum (${rulebook.citation} (no provision))` }); continue; }
    const owner = ownerOf(coup, w);
    if (limit && w.amountCents < limit.minimumCents && !(before && w.amountCents < before.minimumCents)) {
      if (mm?.belowMinimum === 'settled-then-warned' && further) {
        // Crown Melbourne 6.3.1: the owner's first wager under the minimum is paid or collected after the result and
        // the owner advised; a further one is returned regardless of the result.
        if (walk.advised.has(owner)) { out.push({ kind: 'refused', wager: w, reason: `a further wager under the minimum, returned regardless of the result (${further.clause})` }); continue; }
        walk.advised.set(owner, 'what-if');
      } else {
        // Refused at the table before the deal (Star 6.1 with 6.4; Rapid 5.3.1).
        const clause = mm ? (mm.belowMinimum === 'valid' ? procedureClause(rulebook, 'below-minimum-refused') : mm.clause) : `${rulebook.citation} (no provision)`;
        out.push({ kind: 'refused', wager: w, reason: `under the minimum (${clause})` });
        continue;
      }
    } else if (w.belowMinimum === 'warned' && limit && w.amountCents < limit.minimumCents) {
      // The table advised this owner here; a wager the what-if's raised minimum settled earlier had already advised them.
      if (walk.advised.get(owner) === 'what-if') { out.push({ kind: 'refused', wager: w, reason: `a further wager under the minimum, returned regardless of the result (${further?.clause ?? mm?.clause ?? rulebook.citation})` }); continue; }
      walk.advised.set(owner, 'table');
    }
    playing.push(w);
  }
  if (playing.length === 0) return out;
  // The recorded reductions, the dealer's before the deal (Crown Melbourne 6.4) and the player's own after no more bets
  // (10.7(b), 10.9.1(b)), and the arrangement over the differential (6.5) stand as they were made: the tables service
  // settles with them, and so does the replay. Under a what-if a wager plays at most what stood (`walk.standing`):
  // a maximum raised above it puts no returned chips back in play.
  const wagers: Wager[] = playing.map((w) => {
    const reducedTo = walk.standing.get(w.wagerId) ?? w.reducedToCents;
    return {
      id: w.wagerId,
      bet: w.bet as BetId,
      amount: w.amountCents,
      ...(w.side ? { side: w.side } : {}),
      ...(reducedTo !== undefined && reducedTo < w.amountCents ? { reducedTo } : {}),
      ...(w.overDifferentialArrangement ? { overDifferentialArrangement: true } : {}),
    };
  });
  // As the tables service does: boxes with deferred commission or an individual limit take their settlement from a
  // call with their own terms; every call settles every wager, as the differential acts on the whole coup.
  const calls = new Map<string, ReturnType<typeof settleCoup>['settlements']>();
  const settledWith = (individual: IndividualLimit | undefined, commission: 'immediate' | 'deferred') => {
    const key = `${commission}|${individual?.maximumCents ?? ''}|${individual?.minimumCents ?? ''}`;
    let s = calls.get(key);
    if (!s) calls.set(key, (s = settleCoup(wagers, outcome, replayTerms(configurationFor(config, individual), rulebook, commission)).settlements));
    return s;
  };
  playing.forEach((w, i) => {
    const individual = individualLimitOf(w, rulebook);
    const immediate = settledWith(individual, 'immediate');
    const deferred = w.commissionDeferred === false ? immediate : settledWith(individual, 'deferred');
    const s = w.commissionDeferred ? deferred[i] : immediate[i];
    // A box whose deferral nothing published shows: where it would change the payment, the wager is not guessed.
    if (w.commissionDeferred === undefined && (s.winnings !== deferred[i].winnings || s.stakeReturned !== deferred[i].stakeReturned)) {
      out.push({ kind: 'not-replayed', wager: w, reason: NOT_REPLAYED.deferralUnknown });
      return;
    }
    out.push({
      kind: 'settled',
      wager: w,
      // A promotional token's stake is never handed back in chips (Star 1.1 'Casino Promotional Token').
      settlement: { outcome: s.outcome, winCents: s.winnings, returnedCents: w.medium === 'promotional-token' ? 0 : s.stakeReturned, commissionCents: s.commissionImmediate + s.commissionDeferred, inPlayCents: s.atRisk },
    });
  });
  return out;
};

/** `recorded` as the table published it; what stood is compared where it published it. */
const sameSettlement = (recorded: RecordedSettlement, b: RecordedSettlement): boolean =>
  recorded.outcome === b.outcome && recorded.winCents === b.winCents && recorded.returnedCents === b.returnedCents && recorded.commissionCents === b.commissionCents &&
  (recorded.inPlayCents === undefined || recorded.inPlayCents === b.inPlayCents);

interface Counter { wagers: number; turnoverCents: number; paidCents: number; commissionCents: number; houseWinCents: number }
const counter = (): Counter => ({ wagers: 0, turnoverCents: 0, paidCents: 0, commissionCents: 0, houseWinCents: 0 });

/** One settled wager's money as the reporting statistics and the what-if both count it (see `wagerFigures`). */
export interface WagerFigures { readonly wagers: number; readonly turnoverCents: number; readonly paidCents: number; readonly lostCents: number; readonly commissionCents: number; readonly houseWinCents: number }

/**
 * A settled wager's money, one rule for the reporting statistics and the what-if. A void is no wager and no turnover.
 * Turnover is what stood in play (`inPlayCents`, else the amount): a wager reduced before the deal to the table
 * differential plays and is paid or collected on the reduced amount (Crown Melbourne 6.4; Star 2024 6.2), one above
 * the maximum on the maximum (Crown Melbourne 6.3.2; Star 6.5), and the rest is handed back. The patron loses what
 * was not handed back. A promotional token is no turnover and losing it wins the house nothing (Star 1.1). The house
 * wins what the patron lost less what it paid, plus commission. Where the rulebook pays at odds that already take the
 * 5% (`inTheOdds`, Star 2024 11.1.3: Banker at 19 to 20), what the engine took as commission is no commission: the
 * patron was paid the rest, and the house win is the same.
 */
export const wagerFigures = (
  w: { readonly amountCents: number; readonly medium?: string },
  s: RecordedSettlement,
  inTheOdds = false,
): WagerFigures => {
  const token = w.medium === 'promotional-token';
  const voided = s.outcome === 'void';
  const lost = s.outcome === 'lose' && !token ? w.amountCents - s.returnedCents : 0;
  const commission = inTheOdds ? 0 : s.commissionCents;
  const paid = inTheOdds ? s.winCents - s.commissionCents : s.winCents;
  return { wagers: voided ? 0 : 1, turnoverCents: voided || token ? 0 : (s.inPlayCents ?? w.amountCents), paidCents: paid, lostCents: lost, commissionCents: commission, houseWinCents: lost - paid + commission };
};

/** Adds a settled wager as the reporting statistics count it (`wagerFigures`). */
export const addSettled = (c: Counter, w: RecordedWager, s: RecordedSettlement, inTheOdds = false): void => {
  const f = wagerFigures(w, s, inTheOdds);
  c.wagers += f.wagers;
  c.turnoverCents += f.turnoverCents;
  c.paidCents += f.paidCents;
  c.commissionCents += f.commissionCents;
  c.houseWinCents += f.houseWinCents;
};

export const holdFigures = (c: Counter): HoldFigures => ({
  ...c,
  holdPercent: c.turnoverCents === 0 ? null : Math.round((c.houseWinCents / c.turnoverCents) * 1e6) / 1e4,
});

interface Apart { wagers: number; amountCents: number; reasons: Record<string, number> }
const apart = (): Apart => ({ wagers: 0, amountCents: 0, reasons: {} });
/** A wager set apart, at what stood (`stood`): chips handed back before the deal were never in play. */
const setApart = (a: Apart, reason: string, stood: number): void => {
  a.wagers++;
  a.amountCents += stood;
  a.reasons[reason] = (a.reasons[reason] ?? 0) + 1;
};

export interface BetReplay {
  readonly bet: string;
  /** The option(s) the bet was played under, and the what-if's. */
  readonly actualOptions: readonly string[];
  readonly whatIfOptions: readonly string[];
  /** The rulebook(s) the bet was played under, and the what-if's (the version in force when the play happened). */
  readonly actualRulebooks: readonly string[];
  readonly whatIfRulebooks: readonly string[];
  /** As the table settled it (its published settlements). */
  readonly actual: HoldFigures;
  /** Settled again from the recorded cards and wagers under the what-if configuration. */
  readonly whatIf: HoldFigures;
  readonly refused: SetApart;
  readonly notReplayed: SetApart;
}

export interface Replay {
  readonly coups: number;
  readonly bets: readonly BetReplay[];
}

/**
 * Replays `coups` under `whatIf(configuration)` (the identity: the recorded play). The actual figures are the
 * table's recorded settlements; a wager enters the what-if figures only if the engine, under the recorded
 * configuration, reproduces its recorded settlement to the cent.
 *
 * `earlier` is the owners' play at the table before the period (as far back as the recorded play bounds their stay):
 * it counts in no figure, but the advice given there holds in the period (Crown Melbourne 6.3.1: "further wagers under
 * the minimum will be returned"), the table's own (a wager it warned or returned) and that of the what-if's changed
 * minimum (`whatIfEarlier`: the configuration it gives those coups), so a coup settles alike whatever the period's start.
 */
export const resettle = (
  coups: readonly RecordedCoup[],
  whatIf: (recorded: ReplayConfiguration) => ReplayConfiguration = (c) => c,
  earlier: readonly RecordedCoup[] = [],
  whatIfEarlier: (recorded: ReplayConfiguration) => ReplayConfiguration = whatIf,
): Replay => {
  const rows = new Map<string, { actualOptions: Set<string>; whatIfOptions: Set<string>; actualRulebooks: Set<string>; whatIfRulebooks: Set<string>; actual: Counter; whatIf: Counter; refused: Apart; notReplayed: Apart }>();
  const row = (bet: string) => {
    let r = rows.get(bet);
    if (!r) rows.set(bet, (r = { actualOptions: new Set(), whatIfOptions: new Set(), actualRulebooks: new Set(), whatIfRulebooks: new Set(), actual: counter(), whatIf: counter(), refused: apart(), notReplayed: apart() }));
    return r;
  };
  const walk = newReplayWalk();
  // The advice given before the period, decided as in it: each earlier coup replayed for the walk alone.
  for (const coup of earlier) {
    if (coup.cards.length < 4) continue;
    const outcome = coupOf(coup.cards);
    for (const b of replayCoup(coup, outcome, coup.configuration)) if (b.kind === 'settled') walk.standing.set(b.wager.wagerId, b.settlement.inPlayCents ?? (b.settlement.outcome === 'void' ? 0 : b.wager.amountCents));
    replayCoup(coup, outcome, whatIfEarlier(coup.configuration), coup.configuration, walk);
  }
  for (const coup of coups) {
    const recorded = coup.configuration;
    const changed = whatIf(recorded);
    // A Three Card round has no Player and Banker coup to settle again (Crown Melbourne 12).
    const outcome = coup.cards.length >= 4 ? coupOf(coup.cards) : null;
    const baseline: WagerReplay[] = outcome ? replayCoup(coup, outcome, recorded) : coup.wagers.map((wager) => ({ kind: 'not-replayed', wager, reason: NOT_REPLAYED.threeCard }));
    // What stood in the recorded play, as the engine reproduces it: a what-if replays at most that, and counts apart that.
    for (const b of baseline) if (b.kind === 'settled') walk.standing.set(b.wager.wagerId, b.settlement.inPlayCents ?? (b.settlement.outcome === 'void' ? 0 : b.wager.amountCents));
    const replayed = changed === recorded || !outcome ? baseline : new Map(replayCoup(coup, outcome, changed, recorded, walk).map((r) => [r.wager.wagerId, r]));
    const replayOf = (id: string, i: number) => (replayed instanceof Map ? replayed.get(id)! : baseline[i]);
    baseline.forEach((b, i) => {
      const w = b.wager;
      const r = row(w.bet);
      r.actualOptions.add(w.option);
      r.actualRulebooks.add(recorded.rulebookId);
      const option = changed.offeredBets.find((o) => o.bet === w.bet)?.option;
      if (option !== undefined) {
        r.whatIfOptions.add(option);
        r.whatIfRulebooks.add(changed.rulebookId);
      }
      if (w.settled) addSettled(r.actual, w, w.settled, isCommissionInTheOdds(recorded.rulebookId, w.bet, w.option));
      if (b.kind !== 'settled') return setApart(r.notReplayed, b.reason, standingOf(w));
      if (!w.settled || !sameSettlement(w.settled, b.settlement)) return setApart(r.notReplayed, NOT_REPLAYED.notReproduced, standingOf(w));
      const x = replayOf(w.wagerId, i);
      if (x.kind === 'settled') addSettled(r.whatIf, w, x.settlement, isCommissionInTheOdds(changed.rulebookId, w.bet, option));
      else setApart(x.kind === 'refused' ? r.refused : r.notReplayed, x.reason, standingOf(w, walk));
    });
  }
  return {
    coups: coups.length,
    bets: [...rows.entries()]
      .sort((a, b) => a[0].localeCompare(b[0]))
      .map(([bet, r]) => ({ bet, actualOptions: [...r.actualOptions].sort(), whatIfOptions: [...r.whatIfOptions].sort(), actualRulebooks: [...r.actualRulebooks].sort(), whatIfRulebooks: [...r.whatIfRulebooks].sort(), actual: holdFigures(r.actual), whatIf: holdFigures(r.whatIf), refused: r.refused, notReplayed: r.notReplayed })),
  };
};
