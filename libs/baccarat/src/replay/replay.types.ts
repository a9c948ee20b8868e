/**
 * Recorded play as a what-if replay reads it: each coup's dealt cards in dealing order, its wagers as accepted and,
 * for the actual figures, what the table settled them for. Amounts in integer cents; cards as "KH" / "10S" / "AD".
 */
import type { PayTableOptionId } from '../bets/bet-id';

/** A table's configuration as far as settlement needs it (the tables service's TableOpened / limits / rulebook). */
export interface ReplayConfiguration {
  readonly rulebookId: string;
  readonly variant: string;
  readonly offeredBets: readonly { readonly bet: string; readonly option: PayTableOptionId }[];
  readonly limits: {
    readonly perBet: Readonly<Record<string, { readonly minimumCents: number; readonly maximumCents: number }>>;
    readonly tableDifferentialCents?: number;
  };
  readonly minimumChipCents: number;
  readonly decks: number;
  readonly tournament: boolean;
}

/** What the table paid a wager, as it published it. */
export interface RecordedSettlement {
  readonly outcome: 'win' | 'lose' | 'push' | 'void';
  readonly winCents: number;
  readonly returnedCents: number;
  readonly commissionCents: number;
  /**
   * What stood in play: the amount less what was handed back before the deal (Crown Melbourne 6.3.2, 6.4; Star 6.2,
   * 6.5); the wager's turnover. Absent where the table did not publish it: the amount.
   */
  readonly inPlayCents?: number;
}

export interface RecordedWager {
  readonly wagerId: string;
  readonly box: number;
  /** The patron the table published for the wager, where it knew one: the owner Crown Melbourne 6.3.1 advises. */
  readonly patronId?: string;
  readonly bet: string;
  readonly option: string;
  readonly amountCents: number;
  /** Absent: chips. Tournament chips are no money (Crown Melbourne 14.4.4(a)); a promotional token is no cash stake (Star 1.1). */
  readonly medium?: 'chips' | 'promotional-token' | 'tournament-chips';
  /** The hand a side-nominated wager names (Pairs and the like), as published; absent: not known. */
  readonly side?: 'player' | 'banker';
  /**
   * Commission of the wager's box deferred to the end of the shoe (Crown Melbourne 9.3.1): it changes what is paid
   * now, and so the rounding to chips (6.3.3), not how much commission is due. True or false as the box's published
   * settlements in the shoe show it; absent when they show neither (no commission was charged to the box).
   */
  readonly commissionDeferred?: boolean;
  /**
   * Under the minimum (Crown Melbourne 6.3.1): 'warned', settled as any wager; 'returned', a further one the table
   * returned regardless of the result. Absent otherwise.
   */
  readonly belowMinimum?: 'warned' | 'returned';
  /**
   * The individual limits agreed for the wager's player (Crown Melbourne 6.6; Star 6.8), as published on the accepted
   * wager: up to `maximumCents` it stands in full, above the table maximum too. Absent: the table's limits.
   */
  readonly individualLimit?: { readonly maximumCents: number; readonly minimumCents?: number };
  /** Placed under a prior arrangement to wager over the table differential (Crown Melbourne 6.5): not reduced, extra commission. */
  readonly overDifferentialArrangement?: boolean;
  /**
   * This much stood: the dealer reduced it before the first card to the table differential (Crown Melbourne 6.4, Star
   * 6.2), or the player reduced it after no more bets (10.7(b), 10.9.1(b); Star 12.12), the last reduction.
   */
  readonly reducedToCents?: number;
  /** The table's settlement, when it settled the wager in this coup. */
  readonly settled?: RecordedSettlement;
}

export interface RecordedCoup {
  readonly tableId: string;
  readonly coupId: string;
  /** Dealt cards in dealing order (Player, Banker, Player, Banker, then any third cards: Crown Melbourne 8, Star 9). */
  readonly cards: readonly string[];
  readonly wagers: readonly RecordedWager[];
  /** The configuration the coup was played under. */
  readonly configuration: ReplayConfiguration;
  /** When the coup was completed (ISO instant): a what-if's rulebook must be in force then. */
  readonly playedAt?: string;
}

/** Money figures of one bet (or a whole table) over a period. */
export interface HoldFigures {
  readonly wagers: number;
  readonly turnoverCents: number;
  readonly paidCents: number;
  readonly commissionCents: number;
  /** Lost by patrons - paid + commission. */
  readonly houseWinCents: number;
  /** houseWin / turnover in percent, four decimals; null without turnover. */
  readonly holdPercent: number | null;
}

/** Wagers counted apart: never guessed into the figures. */
export interface SetApart {
  readonly wagers: number;
  /**
   * What those wagers stood at in play: the amount less what the table handed back before the deal (Crown Melbourne
   * 6.3.2, 6.4, 10.7(b); Star 6.2, 6.5), as the actual turnover counts it. A wager the table returned never stood.
   */
  readonly amountCents: number;
  /** Why, each with how many wagers. */
  readonly reasons: Readonly<Record<string, number>>;
}
