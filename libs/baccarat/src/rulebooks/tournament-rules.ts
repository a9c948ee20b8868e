/**
 * Tournament play as rulebook data (Crown Melbourne 14, Rapid 12, Star 15): the items the terms and conditions
 * must state, whom the regulator hears from, and the mechanics of play each rulebook provides. The tournaments
 * service asks these; it never branches on the casino. A `null` mechanic means the rulebook leaves the matter to
 * the tournament's own terms (Crown Melbourne 14.4.4, 14.4.8) or does not provide it.
 *
 * The Star 2021 (ILGA) and 2024 (NICC) texts of rule 15 are the same word for word (the 2024 conversion lost
 * the "(i)" label of 15.4.2 and adds "rule" before 15.8.2 in 15.8.3); both editions build from `starTournament`.
 */
import type { RegulatorId } from './rulebook.types';

/**
 * What tournament terms and conditions can state. A statement item is a sentence the terms must carry
 * (e.g. that the rules prevail); the others are the facts of the tournament. An item is "stated" when the terms
 * give it a value, `null` included ("no buy-in", "no pass cards"): the rules require it be addressed, not offered.
 */
export const TOURNAMENT_TERMS_ITEMS = [
  'schedule',
  'location',
  'entryFee',
  'buyIns',
  'players',
  'format',
  'tablesPerSession',
  'progression',
  'buyBack',
  'repechage',
  'dealingMethod',
  'startingChips',
  'chipDisposition',
  'chipType',
  'wagerLimits',
  'compulsoryWager',
  'tableAllocation',
  'orderOfWagering',
  'passCards',
  'undisclosedWagers',
  'allInMarkers',
  'standOffMarkers',
  'reBuyMarkers',
  'elimination',
  'winners',
  'prizePool',
  'prizeDistribution',
  'prizePayment',
  'entryMethod',
  'withdrawalPeriod',
  'substitutes',
  'penalties',
  'disqualification',
  'refunds',
  'lateArrival',
  'absence',
  'mobilePhones',
  'retirement',
  /** The record of a charitable or media event approved for employees (Crown Melbourne 14.4.2(a)(v)); only where employees enter. */
  'employeeParticipation',
  'statement.startTimesMayChange',
  'statement.regulatorNotifiedOfChanges',
  'statement.acceptance',
  'statement.eligibility',
  'statement.abideOrDisqualification',
  'statement.termsAvailability',
  'statement.rulesPrevail',
  'statement.directorMayConcludeTable',
  'statement.privacy',
  'statement.publicity',
  'statement.conductedByDirector',
  'statement.disputesFinal',
  'statement.noLiability',
  'statement.complaintsToRegulator',
  /** Only needed where the operator reserves the right to refuse entries (Crown Melbourne 14.4.2(a)(iii), Star 15.4.2(h)(ii)). */
  'statement.refusal',
] as const;
export type TournamentTermsItem = (typeof TOURNAMENT_TERMS_ITEMS)[number];

export interface TournamentTermsRequirement {
  readonly item: TournamentTermsItem;
  readonly clause: string;
}

export interface TournamentRegulatorRules {
  readonly regulator: RegulatorId;
  /** The regulator is advised before the tournament is conducted and entries are taken (Crown Melbourne 14.2.2(b)). */
  readonly notifyOnPublish: boolean;
  /** Every change to the tournament details is notified before the tournament (Crown Melbourne 14.4.1(c)). */
  readonly notifyOnChange: boolean;
  /** The conditions need the regulator's written approval before the tournament (Rapid 12.1.3). */
  readonly approvalRequired: boolean;
  readonly clause: string;
}

/** A mechanic of play and the clause it rests on. */
export interface TournamentMechanic {
  readonly clause: string;
}

export interface TournamentPlayRules {
  /**
   * Each player wagers at least the minimum each coup; not wagering without a pass card disqualifies (Star 15.6.4).
   * `consequenceInTerms`: the conditions state whether a wager is compulsory and, if it is, what follows for a player
   * who wagers nothing (terms `compulsoryWager: { consequence }`), which is then applied (Rapid 12.2.1(c)); a bare
   * "compulsory" is refused.
   */
  readonly minimumEachCoup: TournamentMechanic & { readonly disqualifyWithoutWager: boolean; readonly consequenceInTerms: boolean };
  /** A pass card in lieu of a wager, the same number to each player per heat (Star 15.7.1). */
  readonly passCards: TournamentMechanic | null;
  /** Undisclosed (secret) wagers: recorded, examined, revealed after no more bets, deemed amounts (Star 15.8). */
  readonly undisclosedWagers: (TournamentMechanic & { readonly deemedClause: string | null; readonly revealClause: string | null; readonly examineClause?: string | null }) | null;
  /**
   * The order-of-wagering marker, box one for the first coup, box two for the second (Star 15.9.2); a wager out of
   * sequence waits its turn (15.9.4); a wager made in turn may not be removed or altered (15.9.5).
   */
  readonly orderOfWagering: (TournamentMechanic & { readonly outOfSequenceClause: string; readonly alteredAfterTurnClause: string }) | null;
  /**
   * How a table wager is brought within the terms' minimum and maximum when it is scored: paid or collected to the
   * maximum, made up to the minimum where the player has the chips. `inUnitsOfMinimum`: wagers count in whole units
   * of the minimum, valid to the last complete unit (Star 15.6.14). `voidBelowMinimum`: a wager the player cannot
   * make up is void and the player eliminated from the session (Star 15.6.14); false: it plays as placed and the
   * terms' elimination criteria decide. null: the rulebook sets no tournament wager limits.
   */
  /**
   * The terms' minimum and maximum wager. `playsFoundWagers`: a wager found above the maximum plays to the maximum and
   * one with an incomplete increment to the last complete one (Star 15.6.14), so the table takes it rather than refuse it.
   */
  readonly wagerUnits: (TournamentMechanic & { readonly inUnitsOfMinimum: boolean; readonly voidBelowMinimum: boolean; readonly playsFoundWagers: boolean }) | null;
  /**
   * All wagers are made and paid with the player's tournament chips (Star 15.6.1, 15.6.8): a table wager above the
   * chips held at the start of the coup counts only up to them, the rest not wagered. null: the rulebook has no such
   * clause (the chips bound the wager all the same; the tournament rule is cited).
   */
  readonly wagersInChips: TournamentMechanic | null;
  /** All-In markers: the player's whole stack on one bet this coup, up to the terms' maximum wager (14.4.4(b)), as the terms allow per session (Crown Melbourne 14.4.4(e)). */
  readonly allInMarkers: TournamentMechanic | null;
  /** Stand-Off markers: the player's wagers stand off this coup, neither won nor lost, as the terms allow per session (Crown Melbourne 14.4.4(f)). */
  readonly standOffMarkers: TournamentMechanic | null;
  /** An absent player has the minimum deducted for each coup missed, at most this many rounds (Star 15.5.6.1); null = the terms say. */
  readonly absence: (TournamentMechanic & { readonly maxDeductedCoups: number | null }) | null;
  /** A player who cannot wager the minimum before a round is eliminated (Star 15.6.13). */
  readonly eliminationBelowMinimum: TournamentMechanic | null;
  /** Play-offs among players tied at a session's end beyond the places to advance (Star 15.10.3). */
  readonly playOffs: TournamentMechanic;
  /** Players eliminated in the same coup: residual chips, then the smaller wager, then whose chips went first (Star 15.10.4). */
  readonly eliminationOrder: TournamentMechanic | null;
  /** Chip counts recorded at each session's end and given to the director (Star 15.5.8). */
  readonly sessionChipCount: TournamentMechanic;
  /**
   * A wrong outcome recalculated after it was scored (Rapid 11.11): chips follow the tournament account. After the
   * session's counts were recorded, `afterSessionEndClause` is what the director's notice cites; null: no such rule.
   */
  readonly outcomeCorrected: (TournamentMechanic & { readonly afterSessionEndClause: string }) | null;
  /** A player the table could not give a station and account for the session: a notice for the director (Rapid 12.3.2, 12.2.1(i)); null: no such rule. */
  readonly seatRefused: TournamentMechanic | null;
}

/** Tournament chips bought after the starting allotment (Crown Melbourne 14.4.1(a)(ii), 14.4.3(a)(iv), 14.4.4(g); Rapid 12.2.1(e); Star 15.4.2(g), 15.6.5). */
export interface TournamentChipPurchaseRules {
  /** An eliminated player buys back into the session, where the terms offer it (Crown Melbourne 14.4.3(a)(iv), Rapid 12.2.1(e), Star 15.4.2(g)). */
  readonly buyBack: TournamentMechanic;
  /** A player still in play re-buys by handing in a Re-Buy marker (Crown Melbourne 14.4.4(g)); null: no re-buy in play. */
  readonly reBuyMarkers: TournamentMechanic | null;
  /** A player in play adds on chips at the terms' price (Crown Melbourne 14.4.1(a)(ii)); null: no add-ons. */
  readonly addOn: TournamentMechanic | null;
  /** Chips in play grow only by winning wagers: any other increase disqualifies (Star 15.6.5); the clause a refused re-buy or add-on in play cites. */
  readonly onlyByWinnings: TournamentMechanic | null;
  /** The price of a re-buy or add-on goes where the terms put the pool (Crown Melbourne 14.4.7(a); Star 15.3.2). */
  readonly feeToPrizePool: TournamentMechanic;
  /**
   * The buy-in each player provides before every session, converted into the session's chips (Star 15.1.1
   * 'buy-in', 15.6.2). `unpaid`: a player who cannot provide it is eliminated, entry fee not refunded (Star
   * 15.6.3); null: the rules say nothing, so the director seats only players who paid and the terms decide the rest.
   */
  readonly sessionBuyIn: TournamentMechanic & { readonly unpaid: (TournamentMechanic & { readonly refundsEntryFee: false }) | null };
}

/** A refund the rules fix: the terms' `refunds` item and the percent of the entry fee the rules give. */
export interface TournamentRefundFixed extends TournamentMechanic {
  readonly item: 'cancellationPercent' | 'disqualificationPercent' | 'lateWithdrawalPercent' | 'retirementPercent';
  readonly percent: number;
}

export interface TournamentMoneyRules {
  /** Every entry fee goes into the prize pool (Star 15.3.2); null = the terms describe the pool (Crown Melbourne 14.4.7). */
  readonly entryFeesToPrizePool: TournamentMechanic | null;
  /** A guarantee based on a minimum number of entries; below it the tournament may be cancelled (Star 15.3.3). */
  readonly guarantee: TournamentMechanic | null;
  /** The casino may add value to the prize pool (Star 15.3.1); null = the terms describe the pool and what is in it. */
  readonly addedValue: TournamentMechanic | null;
  /** On cancellation every entry fee is refunded (Star 15.3.4); null = per the terms. */
  readonly cancellationRefundsAll: TournamentMechanic | null;
  /** Disqualification forfeits the entry fee (Star 15.5.7, 15.11.4); null = per the terms (Crown Melbourne 14.4.8(a)(iv)). */
  readonly disqualificationForfeitsFee: TournamentMechanic | null;
  /** Disqualified for absence: no refund except on the director's approval (Star 15.5.6.2). */
  readonly absenceRefundOnApproval: TournamentMechanic | null;
  /**
   * The refunds the rules fix, as the terms state them (`refunds`): on cancellation all entry fees (Star 15.3.4), on
   * disqualification none (Star 15.5.7, 15.6.7, 15.11.4). Terms stating another percent would misstate what is paid:
   * refused. Empty: every refund is the terms' to state (Crown Melbourne 14.4.8(a)(iv); Rapid 12.2.1(h)).
   */
  readonly refundsFixed: readonly TournamentRefundFixed[];
  /**
   * The whole prize pool goes to the winning players (Star 15.3.2: all entry fees are for distribution to the winning
   * tournament players "in accordance with the conditions of play"): the conditions state how the shares of prize
   * places nobody fills are distributed (terms `prizeDistribution.unfilledPlaces`, 15.4.2(j)), and the only statement
   * allowed is 'shared-pro-rata', to the filled places in proportion to their shares; terms that leave it out have it
   * stated for them on publishing, terms saying otherwise are refused (`termsClause`). null: the terms say which, and
   * where they leave it out an unfilled place is reported unpaid (Crown Melbourne 14.4.7; Rapid 12.2.1(j)).
   */
  readonly wholePoolToWinners: (TournamentMechanic & { readonly termsClause: string }) | null;
  /** An employee never wins a prize; the next eligible place-getter stands in (Crown Melbourne 14.4.2(a)(v)). */
  readonly employeesIneligibleForPrizes: TournamentMechanic | null;
  /**
   * A disqualified player is out of the tournament: placed nowhere and paid no prize, so the next place-getter
   * stands in; a tie the player was in needs no play-off once one tied player is left (Crown Melbourne 14.4.2(b)(i),
   * 14.4.8(a)(ii); Rapid 12.2.1(h); Star 15.5.7, 15.11.4).
   */
  readonly disqualifiedWinsNothing: TournamentMechanic;
  /**
   * Employees may enter only a charitable or media event, with the prior approval of one of `approvers`, which the
   * terms record (`employeeParticipation`) (Crown Melbourne 14.4.2(a)(v)); null: the rules say nothing of employees.
   */
  readonly employeeEntries: (TournamentMechanic & { readonly eventKinds: readonly ('charity' | 'media')[]; readonly approvers: readonly ('chief-operating-officer' | 'chief-executive-officer')[] }) | null;
}

/** How a session's schedule binds the director (Crown Melbourne 14.4.1(b), 14.4.8(d); Rapid 12.3.4-12.3.5; Star 15.5.3, 15.5.5). */
export interface TournamentSessionScheduleRules {
  /**
   * The director may alter the starting time of a session only on reasonable notice to the players: a session does not
   * start before the start the terms schedule (`schedule.startsAt`), as published or as an amendment altered it.
   */
  readonly alteredStart: TournamentMechanic;
  /**
   * When the tournament is conducted (terms `schedule`: Crown Melbourne 14.4.1(a)(i); Rapid 12.2.1(d); Star 15.4.2(e)):
   * the rulebook version is the one in force on the venue's date of its start, so play happens only within it. A
   * schedule that ends at or before it starts, or has already ended when the terms are published or it is amended, is
   * refused, and so is a start already past on a date another version was in force; no session starts once it has
   * ended (the director first amends the schedule, with notice, `alteredStart`).
   */
  readonly scheduled: TournamentMechanic;
  /**
   * Play at a table concluded before the scheduled coups or time. `determinedClause`: the players to progress from the
   * table have been determined; `agreementClause`: where the terms dispose of the tournament chips in cash at the end of
   * the session (terms `chipsDisposedInCash`), all the players at the table agree. `limbs`: 'either' where one suffices
   * (Crown Melbourne 14.4.8(d)(i) "or" (ii)); 'both' where the players to progress must be determined and, where the
   * chips are disposed of in cash, all the players must also agree (Star 15.5.5.1 "and" 15.5.5.2; Rapid 12.3.5(a)
   * "and" (b)).
   */
  readonly earlyConclusion: TournamentMechanic & { readonly determinedClause: string; readonly agreementClause: string; readonly limbs: 'either' | 'both' };
}

export interface TournamentRulebookData {
  /**
   * Terms documented and made available before entries are taken (Crown Melbourne 14.2.1-14.2.2(a), Star 15.4.1).
   * `beforeStart`: the terms made available and the regulator advised before the tournament is conducted (Crown
   * Melbourne 14.2.2 "Prior to a Tournament being conducted and entries having been taken"), so terms published at
   * or after the scheduled start are refused; null: the rules set no time (Star 15.4.1; Rapid 12.1.3 asks the
   * approval before the tournament instead).
   */
  readonly publication: TournamentMechanic & { readonly beforeStart: TournamentMechanic | null };
  /** The tables designated for the tournament (Crown Melbourne 14.2.4, Rapid 12.3.1, Star 15.5.1). */
  readonly designation: TournamentMechanic;
  /**
   * What an amendment of the terms cites: the notice of every change to the regulator (Crown Melbourne 14.4.1(c)), the
   * written approval of the conditions (Rapid 12.1.3), the conditions of play documented and available (Star 15.4.1).
   */
  readonly amendment: TournamentMechanic;
  /** A substitute takes an entry's place (Crown Melbourne 14.4.2(d); Rapid 12.3.3; Star 15.4.2(i), the terms of entry). */
  readonly substitution: TournamentMechanic;
  /** Where refunds are left to the terms (Crown Melbourne 14.4.8(a)(iv), Rapid 12.2.1(h)). */
  readonly refundsPerTerms: TournamentMechanic;
  /** The director briefs the players on the terms before play begins (Crown Melbourne 14.3.1, Rapid 12.2.3); null: no such rule. */
  readonly briefing: TournamentMechanic | null;
  /** Refusing an application needs the terms to reserve the right (Crown Melbourne 14.4.2(a)(iii), Rapid 12.2.1(f)(ii), Star 15.4.2(h)(ii)). */
  readonly refusal: TournamentMechanic;
  /**
   * A session's schedule: when it may start and when play at a table may be concluded before the scheduled number of
   * coups (terms `format.coupsPerSession`) or the scheduled completion time (`format.minutesPerSession`).
   */
  readonly sessionSchedule: TournamentSessionScheduleRules;
  readonly requiredTerms: readonly TournamentTermsRequirement[];
  /**
   * The terms items the rules protect once play has begun: an amendment changing one is refused then; any other
   * item may be amended (and notified where the rulebook says, Crown Melbourne 14.4.1(c)). Crown Melbourne 14.4.3(b):
   * the same starting bank, advised before the tournament; 14.4.7: the prize pool and its distribution per the terms;
   * Star 15.6.15: limits change only as notified before it began, 15.6.2: the same allotment every session, 15.4.2(j)
   * with 15.3.1-15.3.3: the prizes, the added value and guarantee, the distribution.
   */
  readonly termsLockedDuringPlay: readonly TournamentTermsRequirement[];
  /**
   * The terms items that hold while a session is in play, and may be amended between sessions: the wager limits the
   * session started with, so every player at every table plays it under the same limits (Crown Melbourne 14.1 equal
   * chance, 14.4.4(b); Rapid 12.1.1, 12.2.1(c)). Star locks them for the whole of play instead (15.6.15).
   */
  readonly termsLockedDuringSession: readonly TournamentTermsRequirement[];
  /**
   * The items the rules have told before the tournament commences: the tournament details, each change notified to the
   * regulator before the tournament (Crown Melbourne 14.4.1(a), (c)), the starting bank the players are advised of
   * before it commences (14.4.3(b)), the changes of the wager limits notified to the players before it commences (Star
   * 15.6.15). Once the tournament has started (its scheduled start has come, or play has begun), a change to one is
   * refused, as is moving the start to an instant already passed. Empty: the rules lock no item at the start.
   */
  readonly detailsLockedFromStart: readonly TournamentTermsRequirement[];
  /**
   * The terms items that hold once an entry has been taken: the entry fee the players paid, which the prize pool is
   * made of (Star 15.3.2; Crown Melbourne 14.4.2(d) terms of entry; Rapid 12.2.1(a), (g)). A changed fee would state
   * a fee nobody paid.
   */
  readonly termsLockedOnceEntered: readonly TournamentTermsRequirement[];
  readonly regulatorNotice: TournamentRegulatorRules | null;
  readonly play: TournamentPlayRules;
  readonly chipPurchases: TournamentChipPurchaseRules;
  readonly money: TournamentMoneyRules;
}

/**
 * The items every rulebook's terms must state (the rulebooks differ only in the clause that asks for each):
 * fees and chips, the format, buy-backs, eligibility, the terms of entry, the pool and the primacy of the rules.
 */
export const BASE_TOURNAMENT_TERMS = [
  'entryFee',
  'buyIns',
  'startingChips',
  'compulsoryWager',
  'format',
  'tablesPerSession',
  'progression',
  'repechage',
  'buyBack',
  'statement.eligibility',
  'withdrawalPeriod',
  'entryMethod',
  'players',
  'prizePool',
  'prizeDistribution',
  'statement.rulesPrevail',
] as const satisfies readonly TournamentTermsItem[];
type BaseTermsItem = (typeof BASE_TOURNAMENT_TERMS)[number];

/** A rulebook's required terms: the base items with its clause for each, then the items only it requires. */
const requiredTerms = (
  c: (clause: string) => string,
  base: Readonly<Record<BaseTermsItem, string>>,
  more: Readonly<Partial<Record<Exclude<TournamentTermsItem, BaseTermsItem>, string>>>,
): TournamentTermsRequirement[] => [
  ...BASE_TOURNAMENT_TERMS.map((item) => ({ item, clause: c(base[item]) })),
  ...(Object.entries(more) as [TournamentTermsItem, string][]).map(([item, clause]) => ({ item, clause: c(clause) })),
];

/** Crown Melbourne 14 (version 29). */
export const crownMelbourneTournament = (c: (clause: string) => string): TournamentRulebookData => ({
  publication: { clause: c('14.2.1; 14.2.2(a)'), beforeStart: { clause: c('14.2.2') } },
  designation: { clause: c('14.2.4') },
  amendment: { clause: c('14.4.1(c)') },
  substitution: { clause: c('14.4.2(d)') },
  refundsPerTerms: { clause: c('14.4.8(a)(iv)') },
  briefing: { clause: c('14.3.1') },
  refusal: { clause: c('14.4.2(a)(iii)') },
  sessionSchedule: {
    alteredStart: { clause: c('14.4.1(b)') },
    scheduled: { clause: c('14.4.1(a)(i)') },
    earlyConclusion: { clause: c('14.4.8(d)'), determinedClause: c('14.4.8(d)(i)'), agreementClause: c('14.4.8(d)(ii)'), limbs: 'either' },
  },
  requiredTerms: requiredTerms(
    c,
    {
      entryFee: '14.4.1(a)(ii)',
      buyIns: '14.4.1(a)(ii)',
      startingChips: '14.4.3(b)',
      compulsoryWager: '14.4.4(b)',
      format: '14.4.3(a)(i)',
      tablesPerSession: '14.4.3(a)(ii)',
      progression: '14.4.3(a)(iii)',
      repechage: '14.4.3(a)(v)',
      buyBack: '14.4.3(a)(iv)',
      'statement.eligibility': '14.4.2(a)(ii)',
      withdrawalPeriod: '14.4.2(d)',
      entryMethod: '14.4.2(c)',
      players: '14.4.1(a)(iii)',
      prizePool: '14.4.7(a)',
      prizeDistribution: '14.4.7(b)',
      'statement.rulesPrevail': '14.4.8(c)',
    },
    {
      schedule: '14.4.1(a)(i)',
      location: '14.4.1(a)(iv)',
      'statement.startTimesMayChange': '14.4.1(b)',
      'statement.regulatorNotifiedOfChanges': '14.4.1(c)',
      'statement.acceptance': '14.4.2(a)(i)',
      'statement.abideOrDisqualification': '14.4.2(b)(i)',
      'statement.termsAvailability': '14.4.2(b)(ii)',
      substitutes: '14.4.2(d)',
      chipDisposition: '14.4.3(c)',
      chipType: '14.4.4(a)',
      wagerLimits: '14.4.4(b)',
      undisclosedWagers: '14.4.4(c)',
      passCards: '14.4.4(d)',
      allInMarkers: '14.4.4(e)',
      standOffMarkers: '14.4.4(f)',
      reBuyMarkers: '14.4.4(g)',
      elimination: '14.4.5(a)',
      winners: '14.4.6(a)',
      penalties: '14.4.8(a)(i)',
      disqualification: '14.4.8(a)(ii)',
      refunds: '14.4.8(a)(iv)',
      lateArrival: '14.4.8(b)(i)',
      absence: '14.4.8(b)(ii)',
      mobilePhones: '14.4.8(b)(iii)',
      retirement: '14.4.8(b)(vi)',
      'statement.directorMayConcludeTable': '14.4.8(d)',
      'statement.privacy': '14.4.8(e)',
      'statement.publicity': '14.4.8(f)',
      'statement.conductedByDirector': '14.4.8(g)',
      'statement.disputesFinal': '14.4.8(h)',
      'statement.noLiability': '14.4.8(i)',
      'statement.complaintsToRegulator': '14.4.8(j)',
    },
  ),
  // What the players entered for holds once play has begun: the starting bank (14.4.3(b)) and the prize pool and its
  // distribution the terms give (14.4.7(a), (b)).
  termsLockedDuringPlay: [
    { item: 'startingChips', clause: c('14.4.3(b)') },
    { item: 'prizePool', clause: c('14.4.7(a)') },
    { item: 'prizeDistribution', clause: c('14.4.7(b)') },
  ],
  // The same limits for every player through a session (14.1 equal chance; 14.4.4(b) the minimum as the terms state it).
  termsLockedDuringSession: [{ item: 'wagerLimits', clause: c('14.1; 14.4.4(b)') }],
  // The Tournament details (14.4.1(a)(i)-(iv)), each change notified to the VGCCC prior to the Tournament (14.4.1(c)).
  detailsLockedFromStart: [
    { item: 'schedule', clause: c('14.4.1(a)(i); 14.4.1(c)') },
    { item: 'entryFee', clause: c('14.4.1(a)(ii); 14.4.1(c)') },
    { item: 'buyIns', clause: c('14.4.1(a)(ii); 14.4.1(c)') },
    { item: 'players', clause: c('14.4.1(a)(iii); 14.4.1(c)') },
    { item: 'location', clause: c('14.4.1(a)(iv); 14.4.1(c)') },
    // The players are advised of the starting bank "prior to the commencement of the Tournament".
    { item: 'startingChips', clause: c('14.4.3(b)') },
  ],
  termsLockedOnceEntered: [{ item: 'entryFee', clause: c('14.4.1(a)(ii); 14.4.2(d)') }],
  regulatorNotice: { regulator: 'VGCCC', notifyOnPublish: true, notifyOnChange: true, approvalRequired: false, clause: c('14.2.2(b); 14.4.1(c)') },
  play: {
    minimumEachCoup: { clause: c('14.4.4(b)'), disqualifyWithoutWager: false, consequenceInTerms: false },
    passCards: { clause: c('14.4.4(d)') },
    undisclosedWagers: { clause: c('14.4.4(c)'), deemedClause: null, revealClause: null },
    orderOfWagering: null,
    // The terms' minimum and maximum are the tournament's (14.4.4(b)), conducted under the terms (14.4.8(c), (g)).
    wagerUnits: { clause: c('14.4.4(b); 14.4.8(c); 14.4.8(g)'), inUnitsOfMinimum: false, voidBelowMinimum: false, playsFoundWagers: false },
    wagersInChips: null,
    allInMarkers: { clause: c('14.4.4(e)') },
    standOffMarkers: { clause: c('14.4.4(f)') },
    absence: { clause: c('14.4.8(b)(i)-(ii)'), maxDeductedCoups: null },
    eliminationBelowMinimum: null,
    playOffs: { clause: c('14.4.6(a)') },
    eliminationOrder: null,
    sessionChipCount: { clause: c('14.4.3(c); 14.4.6(a)') },
    outcomeCorrected: null,
    seatRefused: null,
  },
  chipPurchases: {
    buyBack: { clause: c('14.4.1(a)(ii); 14.4.3(a)(iv)') },
    reBuyMarkers: { clause: c('14.4.1(a)(ii); 14.4.4(g)') },
    addOn: { clause: c('14.4.1(a)(ii)') },
    onlyByWinnings: null,
    feeToPrizePool: { clause: c('14.4.7(a)') },
    sessionBuyIn: { clause: c('14.4.1(a)(ii)'), unpaid: null },
  },
  money: {
    entryFeesToPrizePool: null,
    guarantee: null,
    addedValue: null,
    cancellationRefundsAll: null,
    disqualificationForfeitsFee: null,
    absenceRefundOnApproval: null,
    refundsFixed: [],
    wholePoolToWinners: null,
    employeesIneligibleForPrizes: { clause: c('14.4.2(a)(v)') },
    disqualifiedWinsNothing: { clause: c('14.4.2(b)(i); 14.4.8(a)(ii)') },
    employeeEntries: { clause: c('14.4.2(a)(v)'), eventKinds: ['charity', 'media'], approvers: ['chief-operating-officer', 'chief-executive-officer'] },
  },
});

/** Crown Melbourne Rapid Baccarat 12. */
export const rapidTournament = (c: (clause: string) => string): TournamentRulebookData => ({
  publication: { clause: c('12.1.3; 12.2.1'), beforeStart: null },
  designation: { clause: c('12.3.1') },
  amendment: { clause: c('12.1.3') },
  substitution: { clause: c('12.3.3') },
  refundsPerTerms: { clause: c('12.2.1(h)') },
  briefing: { clause: c('12.2.3') },
  refusal: { clause: c('12.2.1(f)(ii)') },
  sessionSchedule: {
    alteredStart: { clause: c('12.3.4') },
    scheduled: { clause: c('12.2.1(d)') },
    earlyConclusion: { clause: c('12.3.5'), determinedClause: c('12.3.5(a)'), agreementClause: c('12.3.5(b)'), limbs: 'both' },
  },
  requiredTerms: requiredTerms(
    c,
    {
      entryFee: '12.2.1(a)',
      buyIns: '12.2.1(b)',
      startingChips: '12.2.1(b)',
      compulsoryWager: '12.2.1(c)',
      format: '12.2.1(d)',
      tablesPerSession: '12.2.1(d)',
      progression: '12.2.1(d)',
      repechage: '12.2.1(d)',
      buyBack: '12.2.1(e)',
      'statement.eligibility': '12.2.1(f)(i)',
      withdrawalPeriod: '12.2.1(g)',
      entryMethod: '12.2.1(g)',
      players: '12.2.1(g)',
      prizePool: '12.2.1(j)',
      prizeDistribution: '12.2.1(j)',
      'statement.rulesPrevail': '12.2.1(k)',
    },
    {
      chipDisposition: '12.2.1(b)',
      disqualification: '12.2.1(h)',
      retirement: '12.2.1(h)',
      refunds: '12.2.1(h)',
      lateArrival: '12.2.1(i)',
    },
  ),
  // The approved conditions change only with a new approval (12.1.3), whenever they change, the prizes (12.2.1(j))
  // included: the VCGR, not the rules, decides whether a change during play may be conducted.
  termsLockedDuringPlay: [],
  // The same limits for every player through a session (12.1.1 equal chance; 12.2.1(c) the minimum the conditions state).
  termsLockedDuringSession: [{ item: 'wagerLimits', clause: c('12.1.1; 12.2.1(c)') }],
  detailsLockedFromStart: [],
  termsLockedOnceEntered: [{ item: 'entryFee', clause: c('12.2.1(a); 12.2.1(g)') }],
  regulatorNotice: { regulator: 'VCGR', notifyOnPublish: true, notifyOnChange: true, approvalRequired: true, clause: c('12.1.3') },
  play: {
    minimumEachCoup: { clause: c('12.2.1(c)'), disqualifyWithoutWager: false, consequenceInTerms: true },
    passCards: null,
    undisclosedWagers: null,
    orderOfWagering: null,
    wagerUnits: null,
    wagersInChips: null,
    allInMarkers: null,
    standOffMarkers: null,
    absence: { clause: c('12.2.1(i)'), maxDeductedCoups: null },
    eliminationBelowMinimum: null,
    playOffs: { clause: c('12.2.1(d)') },
    eliminationOrder: null,
    sessionChipCount: { clause: c('12.2.1(b)') },
    outcomeCorrected: { clause: c('11.11'), afterSessionEndClause: [c('11.11'), c('12.2.1(b)'), c('12.2.1(k)')].join('; ') },
    seatRefused: { clause: `${c('12.3.2')}; ${c('12.2.1(i)')}` },
  },
  chipPurchases: {
    buyBack: { clause: c('12.2.1(b); 12.2.1(e)') },
    reBuyMarkers: null,
    addOn: null,
    onlyByWinnings: null,
    feeToPrizePool: { clause: c('12.2.1(j)') },
    sessionBuyIn: { clause: c('12.2.1(b)'), unpaid: null },
  },
  money: {
    entryFeesToPrizePool: null,
    guarantee: null,
    addedValue: null,
    cancellationRefundsAll: null,
    disqualificationForfeitsFee: null,
    absenceRefundOnApproval: null,
    refundsFixed: [],
    wholePoolToWinners: null,
    employeesIneligibleForPrizes: null,
    disqualifiedWinsNothing: { clause: c('12.2.1(h)') },
    employeeEntries: null,
  },
});

/** The Star Sydney 15 (2021 and 2024 alike). */
export const starTournament = (c: (clause: string) => string): TournamentRulebookData => ({
  publication: { clause: c('15.4.1'), beforeStart: null },
  designation: { clause: c('15.5.1') },
  amendment: { clause: c('15.4.1') },
  substitution: { clause: c('15.4.2(i)') },
  refundsPerTerms: { clause: c('15.3.2') },
  briefing: null,
  refusal: { clause: c('15.4.2(h)(ii)') },
  sessionSchedule: {
    alteredStart: { clause: c('15.5.3') },
    scheduled: { clause: c('15.4.2(e)') },
    earlyConclusion: { clause: c('15.5.5'), determinedClause: c('15.5.5.1'), agreementClause: c('15.5.5.2'), limbs: 'both' },
  },
  requiredTerms: requiredTerms(
    c,
    {
      entryFee: '15.4.2(a)',
      // "allocated to or purchased by the tournament player": the buy-in, if any (15.1.1 'buy-in').
      buyIns: '15.4.2(b)',
      startingChips: '15.4.2(b)',
      compulsoryWager: '15.4.2(c)',
      format: '15.4.2(e)',
      tablesPerSession: '15.4.2(e)',
      progression: '15.4.2(e)',
      repechage: '15.4.2(e)',
      buyBack: '15.4.2(g)',
      'statement.eligibility': '15.4.2(h)(i)',
      withdrawalPeriod: '15.4.2(i)',
      entryMethod: '15.4.2(i)',
      players: '15.4.2(i)',
      prizePool: '15.4.2(j)',
      prizeDistribution: '15.4.2(j)',
      'statement.rulesPrevail': '15.4.2(k)',
    },
    {
      wagerLimits: '15.4.2(d)',
      dealingMethod: '15.4.2(e)',
      tableAllocation: '15.4.2(f)',
      orderOfWagering: '15.4.2(f)',
      passCards: '15.4.2(f)',
      undisclosedWagers: '15.4.2(f)',
      prizePayment: '15.4.2(j)',
    },
  ),
  termsLockedDuringPlay: [
    { item: 'wagerLimits', clause: c('15.6.15') },
    { item: 'startingChips', clause: c('15.6.2') },
    // The prizes and any undertaking or guarantee (15.4.2(j)): the added value, the guarantee (15.3.1, 15.3.3) and the
    // distribution of the fees to the winners "in accordance with the conditions of play" (15.3.2) the players entered under.
    { item: 'prizePool', clause: c('15.4.2(j); 15.3.1-15.3.3') },
    { item: 'prizeDistribution', clause: c('15.4.2(j); 15.3.2') },
  ],
  // Locked for the whole of play above (15.6.15).
  termsLockedDuringSession: [],
  // The limits change during the tournament only as the players were notified "prior to the commencement of the tournament".
  detailsLockedFromStart: [{ item: 'wagerLimits', clause: c('15.6.15') }],
  termsLockedOnceEntered: [{ item: 'entryFee', clause: c('15.4.2(a); 15.3.2') }],
  regulatorNotice: null,
  play: {
    minimumEachCoup: { clause: c('15.6.4; 15.6.14'), disqualifyWithoutWager: true, consequenceInTerms: false },
    passCards: { clause: c('15.7.1') },
    undisclosedWagers: { clause: c('15.8.1-15.8.2'), deemedClause: c('15.8.3'), revealClause: c('15.8.2.6'), examineClause: c('15.8.2.5') },
    orderOfWagering: { clause: c('15.9.2-15.9.3'), outOfSequenceClause: c('15.9.4'), alteredAfterTurnClause: c('15.9.5') },
    wagerUnits: { clause: c('15.6.14'), inUnitsOfMinimum: true, voidBelowMinimum: true, playsFoundWagers: true },
    wagersInChips: { clause: c('15.6.1; 15.6.8') },
    allInMarkers: null,
    standOffMarkers: null,
    absence: { clause: c('15.5.6.1-15.5.6.2'), maxDeductedCoups: 3 },
    eliminationBelowMinimum: { clause: c('15.6.13') },
    playOffs: { clause: c('15.10.3') },
    eliminationOrder: { clause: c('15.10.4') },
    sessionChipCount: { clause: c('15.5.8') },
    outcomeCorrected: null,
    seatRefused: null,
  },
  chipPurchases: {
    buyBack: { clause: c('15.1.1 \'buy-in\'; 15.4.2(g)') },
    reBuyMarkers: null,
    addOn: null,
    onlyByWinnings: { clause: c('15.6.5') },
    feeToPrizePool: { clause: c('15.3.2') },
    sessionBuyIn: { clause: c('15.6.2'), unpaid: { clause: c('15.6.3'), refundsEntryFee: false } },
  },
  money: {
    entryFeesToPrizePool: { clause: c('15.3.2') },
    guarantee: { clause: c('15.3.3') },
    addedValue: { clause: c('15.3.1') },
    cancellationRefundsAll: { clause: c('15.3.4') },
    disqualificationForfeitsFee: { clause: c('15.5.7; 15.6.7; 15.11.4') },
    absenceRefundOnApproval: { clause: c('15.5.6.2') },
    // 15.3.4: "all entry fees will be refunded"; 15.5.7, 15.6.7, 15.11.4: no refund of the entry fee (an absent player's
    // refund on the Manager's approval, 15.5.6.2, is given on the disqualification, not stated in the terms).
    refundsFixed: [
      { item: 'cancellationPercent', percent: 100, clause: c('15.3.4') },
      { item: 'disqualificationPercent', percent: 0, clause: c('15.5.7; 15.6.7; 15.11.4') },
    ],
    wholePoolToWinners: { clause: c('15.3.2'), termsClause: c('15.3.2; 15.4.2(j)') },
    employeesIneligibleForPrizes: null,
    disqualifiedWinsNothing: { clause: c('15.5.7; 15.11.4') },
    employeeEntries: null,
  },
});
