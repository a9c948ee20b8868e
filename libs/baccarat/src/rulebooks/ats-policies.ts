/**
 * Automated transaction stations (ATS) with electronic chip accounts: the procedures of a rulebook whose
 * players wager from an account instead of chips (Crown Melbourne Rapid Baccarat). Small named policies, each
 * with its clause, that the rapid service's deciders ask; a rulebook without ATS has none (`atsPoliciesFor`
 * throws). Amounts are integer cents.
 */
import { ruleViolation } from '@app/contracts';
import type { RoleId } from './roles';
import type { BetId, Rulebook, RulebookId } from './rulebook.types';

/** How a buy-in or top-up reaches an ATS chip account. */
export type AtsTender = 'cash' | 'vouchers' | 'authorised-tokens' | 'chips' | 'note-acceptor';
/** How an account is paid out when the player leaves. */
export type AtsCashOutMethod = 'chips' | 'ticket';

export interface AtsWagerLimits {
  /** Minimum permissible individual wager, cents. */
  readonly minCents: number;
  /** Maximum permitted individual wager, cents. */
  readonly maxCents: number;
  /** Permitted wagers are the minimum plus whole multiples of this (default 1 cent: any amount). */
  readonly incrementCents?: number;
}

export interface AtsPolicies {
  readonly rulebookId: RulebookId;
  readonly wageringPeriod: {
    /** When the casino operator has made no determination (8.1(b)). */
    readonly defaultSeconds: number;
    readonly setBy: 'casino-operator';
    /** The dealer drawing cards ends it early: the time left is reduced to zero (8.1(c)). */
    readonly endsWhenDealerDraws: boolean;
    readonly clause: string;
    /** Each ATS displays the countdown (8.2). */
    readonly countdownClause: string;
    /** The dealer drawing cards ends the period (8.1(c), 8.3.3). */
    readonly dealerDrawsClause: string;
    /** Who determines the period for the casino operator when a table opens (8.1(a), 1.1 'Casino Supervisor'). */
    readonly setByRole: RoleId;
    readonly setByClause: string;
  };
  /** A table: up to `maxStations` ATS (2.2(a)), limits per bet (5.1, 5.3), the bets it offers (4.10, 10.1). */
  readonly table: {
    readonly maxStations: number;
    readonly stationsClause: string;
    readonly limitsClause: string;
    readonly offeredBetsClause: string;
    /** Every table offering a bet uses the same pay-table option (10.1 footnote). */
    readonly uniformPayTablesClause: string;
    /**
     * An ATS is part of one gaming table (2.2(a)) and its player places wagers on its own account there only (4.3,
     * 6.1): an ATS id is listed at one open table.
     */
    readonly oneTablePerAtsClause: string;
  };
  /** The SGC, the dealer's console: rounds are started and outcomes entered on it (1.1 'SGC'). */
  readonly sgc: {
    readonly operator: RoleId;
    readonly clause: string;
    readonly outcomeEntryClause: string;
    /** The outcome entered is the one recorded and settled (1.1 'SGC' (a), 8.4.2). */
    readonly outcomeRecordedClause: string;
    /** Two cards a hand and at most one more (8.3.3, 8.4.1). */
    readonly handSizeClause: string;
    /** The hands entered must follow the Table of Play (9). */
    readonly tableOfPlayClause: string;
    /**
     * The rounds the SGC holds for the Dealer (and Game Supervisor) to freeze, correct (11.11), deal with a
     * malfunction of (11.14-11.16) or take a claim about (11.12): the table's last `count`. The rules set no time
     * limit; an earlier round is acted on from the records by the Casino Supervisor, who decides disputes (13.9).
     * `why` says why the window is what it is.
     */
    readonly roundsHeld: { readonly count: number; readonly clause: string; readonly why: string };
    /** The precise clause a hand entered breaks: no card after a natural (9.1), Table 1 (9.2), Table 2 (9.3). */
    readonly tableOfPlay: {
      readonly naturalClause: string;
      readonly playerDrawsClause: string;
      readonly playerStandsClause: string;
      readonly bankerDrawsClause: string;
      readonly bankerStandsClause: string;
    };
  };
  /**
   * The chips an ATS shows a player (4.2: wagers are chips appearing on the display; 5.3.2: "so many chips or such
   * denomination of chips"): every minimum, step and maximum of a table is a sum of them. In cents; `source` says
   * whose they are.
   */
  readonly chips: { readonly denominationsCents: readonly number[]; readonly source: string; readonly clause: string };
  /** The player's layout on the ATS (4.2), placed by the player in control of it (4.3), on its own account only (6.1). */
  readonly layout: { readonly clause: string; readonly placedByPlayerClause: string; readonly ownStationClause: string };
  /** One chip account shown on an ATS at a time (6.1): assigned at buy-in (6.3.1), topped up (6.5) until cashed out. */
  readonly stationAccount: { readonly assignedClause: string; readonly oneAtATimeClause: string };
  /** Nothing is placed, changed or withdrawn after the period expires (4.7). */
  readonly lockedAfterPeriod: { readonly clause: string };
  /** Wagers settle as the ATS showed them when the period expired (4.6). */
  readonly settleAsShownAtExpiry: { readonly clause: string };
  /** Under the minimum: no chips shown for it (5.3.1). */
  readonly belowMinimum: { readonly effect: 'not-displayed'; readonly clause: string };
  /** Over the maximum or not a permitted multiple: shown as the next lowest permitted wager (5.3.2). */
  readonly notPermitted: { readonly effect: 'reduced-to-next-lowest-permitted'; readonly clause: string };
  /** Wagers totalling less than the permitted aggregate at the end of the period are not recognised (5.3.3). */
  readonly belowAggregate: { readonly effect: 'not-recognised'; readonly clause: string };
  /** Bets that need a valid base wager of the same player on one of `baseBets` (4.11.1). */
  readonly requiresBaseWager: { readonly bets: readonly BetId[]; readonly baseBets: readonly BetId[]; readonly clause: string };
  /** Bets placed on a hand the player nominates, Player or Banker (1.1 'Baccarat Pairs', 'Baccarat Perfect Pairs'). */
  readonly sideNominated: { readonly bets: readonly BetId[]; readonly clause: string };
  /** The account is the only source of wagers (4.1) and so can never go below zero. */
  readonly wagersFromAccount: { readonly clause: string };
  readonly buyIn: {
    /** What the dealer may accept (6.2, 6.3, 6.5.1). */
    readonly dealerTenders: readonly AtsTender[];
    readonly dealerClause: string;
    readonly noteAcceptorClause: string;
    /**
     * The notes the note acceptor takes (6.4: "an amount of cash" inserted): an amount no sum of them makes was not
     * inserted. In cents; `source` says whose notes they are.
     */
    readonly noteDenominationsCents: readonly number[];
    readonly noteDenominationsSource: string;
    /** At a remote ATS only the note acceptor (6.2.1). */
    readonly remoteNoteAcceptorOnly: { readonly clause: string };
    readonly dealer: RoleId;
    /** The account opened with the first buy-in (6.3.2). */
    readonly openedClause: string;
  };
  readonly cashOut: {
    /** Cash-out closes the account (6.7); the dealer pays it out at the table. */
    readonly clause: string;
    readonly paidBy: RoleId;
    /**
     * The dealer pays the whole balance in chips and closes the account (6.7.1): the player at the ATS may only ask
     * for it (6.6.1, `requestClause`); the chips are tendered by `tenderedBy`.
     */
    readonly chips: { readonly clause: string; readonly tenderedBy: 'dealer'; readonly requestClause: string };
    /** A remote ATS with a printer issues a ticket for the whole balance (6.7.2). */
    readonly ticket: { readonly remoteWithPrinterOnly: boolean; readonly clause: string };
    /** A printer fault: a manual payment may be made (6.7.2(b)), recorded by a Game Supervisor (or above). */
    readonly manualPayment: { readonly minimumRole: RoleId; readonly clause: string };
  };
  readonly settlement: {
    /** Commission comes off the payout before the account is credited (4.8.2(a)). */
    readonly commissionDeductedBeforeCredit: { readonly clause: string };
    /** Accounts are credited to the cent: no chip rounding. */
    readonly chipRounding: null;
    readonly clause: string;
  };
  /**
   * A wrong outcome entered on the SGC: freeze every account and recalculate from the actual outcome (11.11). A
   * recalculation in the favour of an account paid out since is owed to the player who left (`owedToPlayer`): paid
   * in chips by `paidBy` (6.7.1) or by a manual payment recorded by `manualPaymentBy`.
   */
  readonly wrongOutcome: {
    readonly minimumRole: RoleId;
    readonly clause: string;
    readonly owedToPlayer: { readonly clause: string; readonly chipsClause: string; readonly paidBy: RoleId; readonly manualPaymentBy: RoleId };
  };
  /** A player's claim of a wrong outcome or a malfunction is considered by the Dealer (11.12). */
  readonly claims: { readonly minimumRole: RoleId; readonly clause: string };
  readonly malfunction: {
    readonly ats: MalfunctionPolicy;
    readonly gameSystem: MalfunctionPolicy;
    /** Wagers that cannot be confirmed from the records are void (11.16). */
    readonly unconfirmable: { readonly effect: 'void'; readonly clause: string };
    readonly minimumRole: RoleId;
  };
  /** Tournament conditions say what is credited to accounts and may modify rule 6 (12.2.1(b), 12.2.2). */
  readonly tournaments: {
    readonly clause: string;
    /** The amount the conditions credit at the start of a session, and the disposition of balances at its end (12.2.1(b)). */
    readonly creditClause: string;
    /** The conditions modify rule 6: a tournament account is not topped up or cashed out (12.2.2). */
    readonly ruleSixModifiedClause: string;
    /** A designated table is used only for tournament play during a session (12.3.2). */
    readonly exclusiveTableClause: string;
    /**
     * The conditions' minimum and maximum wager (12.2.1(c)) replace the table's limits for a tournament account
     * (12.2.2), in tournament chips, with 5.3's logic: below the minimum the wager is refused (no chips shown,
     * 5.3.1), above the maximum it is reduced to the maximum (5.3.2).
     */
    readonly wagerLimits: { readonly belowMinimum: 'refused'; readonly aboveMaximum: 'reduced-to-maximum'; readonly clause: string };
  };
}

export interface MalfunctionPolicy {
  /** Before the period expires: every wager of the round on it is void (11.14(a), 11.15(a)). */
  readonly beforeExpiry: 'void';
  /** On or after expiry: confirmed from the records and adjusted (11.14(b), 11.15(b)). */
  readonly afterExpiry: 'confirm-from-records';
  readonly clause: string;
}

const r = (clause: string) => `Rapid ${clause}`;

export const CROWN_MELBOURNE_RAPID_ATS: AtsPolicies = {
  rulebookId: 'crown-melbourne-rapid',
  wageringPeriod: {
    defaultSeconds: 30,
    setBy: 'casino-operator',
    endsWhenDealerDraws: true,
    clause: r('8.1'),
    countdownClause: r('8.2'),
    dealerDrawsClause: r('8.1(c); 8.3.3'),
    setByRole: 'area-manager',
    setByClause: r("8.1(a); 1.1 'Casino Supervisor'"),
  },
  table: { maxStations: 50, stationsClause: r('2.2(a)'), limitsClause: r('5.1; 5.3'), offeredBetsClause: r('4.10; 10.1'), uniformPayTablesClause: r('10.1 (footnote)'), oneTablePerAtsClause: r('2.2(a); 4.3; 6.1') },
  sgc: {
    operator: 'dealer',
    clause: r("8.1; 1.1 'SGC'"),
    outcomeEntryClause: r("1.1 'SGC' (a)"),
    outcomeRecordedClause: r("1.1 'SGC' (a); 8.4.2"),
    handSizeClause: r('8.3.3; 8.4.1'),
    tableOfPlayClause: r('9.1-9.3'),
    roundsHeld: {
      count: 5,
      clause: r('11.11; 11.12; 13.9'),
      why: 'The rules set no time limit on freezing and recalculating (11.11) or on a claim (11.12). The SGC holds the last rounds of the table for the Dealer to act on at once, while the players of those rounds are still at the ATS; an earlier round is a dispute the Casino Supervisor decides (13.9), acting on it from the records of the table.',
    },
    tableOfPlay: {
      naturalClause: r('9.1'),
      playerDrawsClause: r('9.2.1 (Table 1)'),
      playerStandsClause: r('9.2.2 (Table 1)'),
      bankerDrawsClause: r('9.3.1 (Table 2)'),
      bankerStandsClause: r('9.3.2 (Table 2)'),
    },
  },
  chips: {
    denominationsCents: [500, 1_000, 2_500, 10_000],
    source: "the chips the ATS display offers the player ($5, $10, $25, $100); the rules name no denominations",
    clause: r('4.2; 5.3.2'),
  },
  layout: { clause: r('4.2'), placedByPlayerClause: r('4.2; 4.3'), ownStationClause: r('4.3; 6.1') },
  stationAccount: { assignedClause: r('6.1; 6.3.1'), oneAtATimeClause: r('6.1; 6.5') },
  lockedAfterPeriod: { clause: r('4.7') },
  settleAsShownAtExpiry: { clause: r('4.6') },
  belowMinimum: { effect: 'not-displayed', clause: r('5.3.1') },
  notPermitted: { effect: 'reduced-to-next-lowest-permitted', clause: r('5.3.2') },
  belowAggregate: { effect: 'not-recognised', clause: r('5.3.3') },
  requiresBaseWager: {
    bets: ['pairs', 'perfect-pairs'],
    baseBets: ['player', 'banker', 'tie', 'dragon-bonus-player', 'dragon-bonus-banker'],
    clause: r('4.11.1'),
  },
  sideNominated: { bets: ['pairs', 'perfect-pairs'], clause: r("1.1 'Baccarat Pairs', 'Baccarat Perfect Pairs'") },
  wagersFromAccount: { clause: r('4.1; 4.2.2') },
  buyIn: {
    dealerTenders: ['cash', 'vouchers', 'authorised-tokens', 'chips'],
    dealerClause: r('6.2; 6.3; 6.5.1'),
    noteAcceptorClause: r('6.2; 6.4; 6.5.2'),
    noteDenominationsCents: [500, 1_000, 2_000, 5_000, 10_000],
    noteDenominationsSource: 'Australian banknotes in circulation ($5, $10, $20, $50, $100); the rules name no denominations',
    remoteNoteAcceptorOnly: { clause: r('6.2.1') },
    dealer: 'dealer',
    openedClause: r('6.3.2'),
  },
  cashOut: {
    clause: r('6.7'),
    paidBy: 'dealer',
    chips: { clause: r('6.7.1'), tenderedBy: 'dealer', requestClause: r('6.6.1; 6.7.1') },
    ticket: { remoteWithPrinterOnly: true, clause: r('6.7.2') },
    manualPayment: { minimumRole: 'gaming-supervisor', clause: r('6.7.2(b)') },
  },
  settlement: { commissionDeductedBeforeCredit: { clause: r('4.8.2(a)') }, chipRounding: null, clause: r('4.8') },
  wrongOutcome: { minimumRole: 'dealer', clause: r('11.11'), owedToPlayer: { clause: r('11.11; 6.7'), chipsClause: r('11.11; 6.7.1'), paidBy: 'dealer', manualPaymentBy: 'gaming-supervisor' } },
  claims: { minimumRole: 'dealer', clause: r('11.12') },
  malfunction: {
    ats: { beforeExpiry: 'void', afterExpiry: 'confirm-from-records', clause: r('11.14') },
    gameSystem: { beforeExpiry: 'void', afterExpiry: 'confirm-from-records', clause: r('11.15') },
    unconfirmable: { effect: 'void', clause: r('11.16') },
    minimumRole: 'dealer',
  },
  tournaments: {
    clause: r('12.2.1(b); 12.2.2'),
    creditClause: r('12.2.1(b)'),
    ruleSixModifiedClause: r('12.2.2'),
    exclusiveTableClause: r('12.3.2'),
    wagerLimits: { belowMinimum: 'refused', aboveMaximum: 'reduced-to-maximum', clause: r('12.2.1(c); 12.2.2') },
  },
};

const ATS_POLICIES: Partial<Record<RulebookId, AtsPolicies>> = { 'crown-melbourne-rapid': CROWN_MELBOURNE_RAPID_ATS };

/** The ATS procedures of a rulebook, or undefined where it has no automated transaction stations. */
export const atsPoliciesIfAny = (rulebook: Rulebook): AtsPolicies | undefined => ATS_POLICIES[rulebook.id];

/** The ATS procedures of a rulebook; throws DomainError 'rule' RULEBOOK_HAS_NO_ATS for one without them. */
export const atsPoliciesFor = (rulebook: Rulebook): AtsPolicies => {
  const found = atsPoliciesIfAny(rulebook);
  if (!found) {
    throw ruleViolation('RULEBOOK_HAS_NO_ATS', `${rulebook.citation} has no automated transaction stations; open a Rapid Baccarat table under a rulebook that does (crown-melbourne-rapid).`, `${rulebook.citation} (no provision)`, 'rulebookId');
  }
  return found;
};

/**
 * Whether `amountCents` is a sum of the denominations (notes, 6.4, or chips, 4.2, 5.3.2), any number of each. Amounts and notes are
 * reduced by their common divisor; past the Schur bound (smallest - 1) x (largest - 1) every amount is a sum, below
 * it a small table decides.
 */
export const madeOf = (amountCents: number, notesCents: readonly number[]): boolean => {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0 || notesCents.length === 0) return false;
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  const g = notesCents.reduce(gcd);
  if (amountCents % g !== 0) return false;
  const notes = notesCents.map((n) => n / g);
  const amount = amountCents / g;
  const bound = (Math.min(...notes) - 1) * (Math.max(...notes) - 1);
  if (amount >= bound) return true;
  const made = [true];
  for (let n = 1; n <= amount; n++) made[n] = notes.some((note) => note <= n && made[n - note]);
  return made[amount];
};

/** Whether `amountCents` is a sum of the note acceptor's notes (6.4). */
export const madeOfNotes = madeOf;

/** Whether `amountCents` is a sum of the chips the ATS shows (4.2, 5.3.2). */
export const madeOfChips = (amountCents: number, policies: AtsPolicies): boolean => madeOf(amountCents, policies.chips.denominationsCents);

/** What an ATS shows for a wager the player attempts (5.3.1-5.3.2). */
export type AtsWagerShown =
  | { readonly shown: false; readonly amountCents: 0; readonly clause: string; readonly reason: string }
  | { readonly shown: true; readonly amountCents: number; readonly reduced: boolean; readonly clause?: string; readonly reason?: string };

/**
 * The wager an ATS displays for an attempted amount: nothing below the minimum (5.3.1); above the maximum
 * or between permitted multiples, the next lowest permitted wager (5.3.2); otherwise the amount itself.
 */
export const atsWagerShown = (policies: AtsPolicies, attemptedCents: number, limits: AtsWagerLimits): AtsWagerShown => {
  if (attemptedCents < limits.minCents) {
    return { shown: false, amountCents: 0, clause: policies.belowMinimum.clause, reason: `${attemptedCents} is below the minimum of ${limits.minCents}: no chips are shown for it` };
  }
  const step = limits.incrementCents && limits.incrementCents > 0 ? limits.incrementCents : 1;
  const highest = limits.minCents + Math.floor((limits.maxCents - limits.minCents) / step) * step;
  const capped = Math.min(attemptedCents, highest);
  const permitted = limits.minCents + Math.floor((capped - limits.minCents) / step) * step;
  if (permitted === attemptedCents) return { shown: true, amountCents: permitted, reduced: false };
  const why = attemptedCents > limits.maxCents ? `above the maximum of ${limits.maxCents}` : `not a permitted multiple (${limits.minCents} plus multiples of ${step})`;
  return { shown: true, amountCents: permitted, reduced: true, clause: policies.notPermitted.clause, reason: `${attemptedCents} is ${why}: shown as ${permitted}` };
};

/** A tournament session's wager limits, in tournament chips (12.2.1(c)). */
export interface AtsTournamentWagerLimits {
  readonly minimum: number;
  readonly maximum: number;
}

/**
 * What an ATS shows for a wager from a tournament account: the tournament's minimum and maximum in place of the
 * table's (12.2.1(c), 12.2.2), by 5.3's logic (any whole number of chips between them is permitted). The clause
 * cites the conditions and the 5.3 rule that applied.
 */
export const atsTournamentWagerShown = (policies: AtsPolicies, attemptedChips: number, limits: AtsTournamentWagerLimits): AtsWagerShown => {
  const shown = atsWagerShown(policies, attemptedChips, { minCents: limits.minimum, maxCents: limits.maximum, incrementCents: 1 });
  if (!shown.clause) return shown;
  const clause = `${policies.tournaments.wagerLimits.clause}; ${shown.clause}`;
  if (!shown.shown) return { ...shown, clause, reason: `${attemptedChips} chips is below the tournament's minimum wager of ${limits.minimum}` };
  return { ...shown, clause, reason: `${attemptedChips} chips is above the tournament's maximum wager of ${limits.maximum}: shown as ${shown.amountCents}` };
};
