/**
 * The table's commands: imperative, plain readonly data with a string `type`, each carrying the actor and `now`
 * from the shell. `TableCommand` is their union, the input of the table decider (table.decider.ts).
 */
import type { WagerChangeGround } from '@app/baccarat';
import type { HandSide, TableLimits, WagerMedium } from '@app/contracts';
import type { NoticedAfterLook } from './table-three-card';
import type { Actor, OfferedBetConfig } from './table.events';

interface Base {
  readonly actor: Actor;
  /** ISO instant from the shell. */
  readonly now: string;
  readonly reason?: string;
}

export interface OpenTable extends Base {
  readonly type: 'OpenTable';
  readonly tableId: string;
  readonly rulebookId: string;
  readonly variant: string;
  readonly offeredBets: readonly OfferedBetConfig[];
  readonly decks: number;
  readonly limits: TableLimits;
  readonly minimumChipCents: number;
  readonly dealingMethod: string;
  readonly jackpotIds: readonly string[];
  readonly boxes: number;
  /** Open in tournament mode for this tournament (Crown Melbourne 14.2.4-14.2.5): tournament-only games may be dealt. */
  readonly tournamentId?: string | null;
  /**
   * The other open tables under the same rulebook and what they offer, as the shell read them: a bet the
   * rulebook makes uniform across tables must use their option (Rapid 10.1).
   */
  readonly peerTables?: readonly PeerTable[];
}
export interface PeerTable {
  readonly tableId: string;
  readonly offeredBets: readonly OfferedBetConfig[];
}
export interface AnnounceTableClosing extends Base {
  readonly type: 'AnnounceTableClosing';
}
export interface CloseTable extends Base {
  readonly type: 'CloseTable';
}
export interface ChangeLimits extends Base {
  readonly type: 'ChangeLimits';
  readonly next: TableLimits;
  /** Star 6.7.1: raise the minimum at once; seated players keep the old one with a marker. */
  readonly grandfatherSeatedPlayers?: boolean;
}
export interface ApplyAnnouncedLimits extends Base {
  readonly type: 'ApplyAnnouncedLimits';
}
export interface SetIndividualLimit extends Base {
  readonly type: 'SetIndividualLimit';
  readonly box: number;
  readonly maximumCents: number;
  /** Crown Melbourne 6.6: a minimum agreed for the player, differing from the sign's. */
  readonly minimumCents?: number;
}
/** Crown Melbourne 6.5: by prior arrangement a seated player may wager over the table differential, up to an agreed maximum, for an extra commission. */
export interface ArrangeOverDifferential extends Base {
  readonly type: 'ArrangeOverDifferential';
  readonly box: number;
  readonly maximumCents: number;
}
/** Star 2024 5.9: a casino supervisor limits the players at the table, or to one per dedicated box. */
export interface LimitPlayers extends Base {
  readonly type: 'LimitPlayers';
  readonly perBox?: number;
  readonly atTable?: number;
}
export interface ChangeGame extends Base {
  readonly type: 'ChangeGame';
  readonly variant: string;
  readonly offeredBets: readonly OfferedBetConfig[];
  /** As OpenTable's: the other open tables' offered bets (Rapid 10.1). */
  readonly peerTables?: readonly PeerTable[];
}
export interface ApplyGameChange extends Base {
  readonly type: 'ApplyGameChange';
}
export interface SeatPlayer extends Base {
  readonly type: 'SeatPlayer';
  readonly box: number;
  readonly sessionId: string;
  readonly patronId: string | null;
}
export interface ApproveCommissionDeferral extends Base {
  readonly type: 'ApproveCommissionDeferral';
  readonly box: number;
}
/**
 * The tournaments service started a session seating players at this table (its published TournamentSessionStarted):
 * from then on the table in tournament mode takes wagers only from the boxes seated (Crown Melbourne 14.2.5, Star
 * 15.5.2). Issued by the tables service's reactor, never by a person.
 */
export interface NoteTournamentSession extends Base {
  readonly type: 'NoteTournamentSession';
  readonly tournamentId: string;
  readonly sessionId: string;
  /** Each box the session seats here, its entry and the entry's player (TournamentSessionStarted.seating; patronId absent on earlier events). */
  readonly seats: readonly TournamentSeat[];
  /** The session's minimum and maximum wager each coup from the terms (TournamentSessionStarted.minimumWager, maximumWager). */
  readonly wagerLimits?: { readonly minimum: number; readonly maximum: number };
  /** The terms set an order of wagering (TournamentSessionStarted.orderOfWagering; Star 15.9.2-15.9.5): the tournament rules on each wager's turn. */
  readonly orderOfWagering?: TournamentOrderOfWagering;
}
/** The order of wagering a session keeps (Star 15.9.2-15.9.5): its clauses, as the tournament's rulebook gives them. */
export interface TournamentOrderOfWagering {
  readonly clause: string;
  readonly outOfSequenceClause: string;
}
/**
 * The tournament found these wagers placed in their turn in the order of wagering (its WagersInTurn; Star 15.9.3): they
 * stand, and no more bets may be called once every tournament wager of the coup has its ruling. Issued by the reactor.
 */
export interface NoteTournamentWagersInTurn extends Base {
  readonly type: 'NoteTournamentWagersInTurn';
  readonly tournamentId: string;
  readonly coupId: string;
  readonly wagerIds: readonly string[];
  readonly clause: string;
}
/** A box a tournament session seats at the table: the entry and the person playing it (Crown Melbourne 14.2.5; Star 15.5.2). */
export interface TournamentSeat {
  readonly box: number;
  readonly entryId: string;
  readonly patronId?: string;
}
/**
 * The Tournament Director approved a substitute for an entry (TournamentEntrySubstituted; Rapid 12.3.3, Crown Melbourne
 * 14.4.8(a)(iii)): where the session seats that entry here, the substitute takes its position. `clause` is the tournament's.
 */
export interface NoteTournamentSubstitute extends Base {
  readonly type: 'NoteTournamentSubstitute';
  readonly tournamentId: string;
  readonly entryId: string;
  readonly patronId: string;
  readonly clause: string;
}
/** The tournament amended its terms' minimum and maximum wager (TournamentTermsAmended): the session at this table takes them. */
export interface NoteTournamentWagerLimits extends Base {
  readonly type: 'NoteTournamentWagerLimits';
  readonly tournamentId: string;
  readonly wagerLimits: { readonly minimum: number; readonly maximum: number };
}
/**
 * The tournament was cancelled (TournamentCancelled; Star 15.3.4): its tables take no more of its chips (Star 15.5.2,
 * Rapid 12.3.2: the table served that tournament alone). `clause` is the tournament's. Issued by the reactor.
 */
export interface NoteTournamentCancelled extends Base {
  readonly type: 'NoteTournamentCancelled';
  readonly tournamentId: string;
  readonly reason: string;
  readonly clause: string;
}
/**
 * Entries left play (TournamentPlayerDisqualified, TournamentPlayerRetired, TournamentPlayersEliminated; Star 15.5.7,
 * 15.6.4, 15.6.13): the boxes the session seated them at wager no more in it. `sessionId` null: the session at the table.
 */
export interface NoteTournamentEntriesOut extends Base {
  readonly type: 'NoteTournamentEntriesOut';
  readonly tournamentId: string;
  readonly sessionId: string | null;
  readonly entryIds: readonly string[];
  readonly why: TournamentOutOfPlay;
  /** The entries' players (TournamentPlayerDisqualified/Retired.patronId): the seats they hold at the table are released once they are disqualified or retire (Star 15.5.7). */
  readonly patronIds?: readonly string[];
  readonly clause: string;
}
/** Why an entry left play at the table. */
export type TournamentOutOfPlay = 'disqualified' | 'eliminated' | 'retired';
/** An eliminated entry bought back into the session (TournamentChipsBought 'buy-back'; Star 15.4.2(g), Crown Melbourne 14.4.3(a)(iv)). */
export interface NoteTournamentBuyBack extends Base {
  readonly type: 'NoteTournamentBuyBack';
  readonly tournamentId: string;
  readonly sessionId: string;
  readonly entryId: string;
  readonly clause: string;
}
/** A box played a marker on a coup (TournamentMarkerPlayed; Crown Melbourne 14.4.4(e)-(f)). */
export interface NoteTournamentMarker extends Base {
  readonly type: 'NoteTournamentMarker';
  readonly tournamentId: string;
  readonly sessionId: string;
  readonly coupId: string;
  readonly entryId: string;
  readonly box: number;
  readonly marker: 'all-in' | 'stand-off';
  readonly clause: string;
}
/** The session ended (TournamentSessionEnded): no tournament wager until the next session seats players here. */
export interface NoteTournamentSessionEnded extends Base {
  readonly type: 'NoteTournamentSessionEnded';
  readonly tournamentId: string;
  readonly sessionId: string;
}
/**
 * The tournament found a wager placed out of the order of wagering (its WagerOutOfSequence, Star 15.9.4): the player
 * removes it and waits their turn, so the table returns it from the layout and does not settle it. Issued by the
 * tables service's reactor, never by a person.
 */
export interface ReturnWagerOutOfSequence extends Base {
  readonly type: 'ReturnWagerOutOfSequence';
  readonly tournamentId: string;
  readonly coupId: string;
  readonly wagerId: string;
  /** The box whose turn it is, as the tournament found it (its WagerOutOfSequence.expectedBox); absent: not said. */
  readonly expectedBox?: number;
  readonly clause: string;
}
export interface LeaveSeat extends Base {
  readonly type: 'LeaveSeat';
  readonly box: number;
}
export interface StartShoe extends Base {
  readonly type: 'StartShoe';
  readonly shoeId: string;
  readonly cards: 'new' | 'reshuffled' | 'replacement';
  readonly commitmentHash: string;
  /** Crown Melbourne 9.3.1(a): start although deferred commission is outstanding (a manager's override). */
  readonly overrideOutstandingCommission?: boolean;
}
export interface CutShoe extends Base {
  readonly type: 'CutShoe';
  readonly cutBy: string;
  readonly cutterKind: 'player' | 'designated' | 'supervisor';
  readonly cutCardFromBack: number;
}
export interface BurnCards extends Base {
  readonly type: 'BurnCards';
  readonly method: 'standard' | 'standard-shown-on-request' | 'face-value';
  readonly exposedCard?: string | null;
  readonly count: number;
}
export interface StartCoup extends Base {
  readonly type: 'StartCoup';
  readonly coupId: string;
  readonly dummy?: boolean;
  /** Star 7.5: every player at the table agreed to a no bet coup. */
  readonly allPlayersAgreed?: boolean;
  /** Star 7.4: with no patrons at the table, how the no bet coup was made known. */
  readonly noBetCoupNotice?: 'marker' | 'surveillance-notified';
}
export interface WagerInput {
  readonly wagerId: string;
  readonly box: number;
  readonly sessionId?: string | null;
  readonly bet: string;
  readonly side?: HandSide;
  readonly amountCents: number;
  readonly length?: number;
  readonly sequence?: readonly HandSide[];
  /** Chips (the default) or casino promotional tokens, where the rulebook allows them (Star 5.2). */
  readonly medium?: WagerMedium;
}
export interface PlaceWagers extends Base {
  readonly type: 'PlaceWagers';
  readonly coupId: string;
  readonly wagers: readonly WagerInput[];
}
/** Crown Melbourne 5.8.7: a player entitled to a betting area's Player or Banker Side Wager (5.8.3-5.8.6) declines it. */
export interface DeclineSideWager extends Base {
  readonly type: 'DeclineSideWager';
  readonly coupId: string;
  readonly box: number;
  readonly bet: string;
  /** The hand, for a side-nominated bet (Pairs, Crown Pairs, Dragon Tail). */
  readonly side?: HandSide;
  readonly sessionId: string;
}
/** The dealer reduces Player or Banker wagers pro rata to the table differential, before the first card (Crown Melbourne 6.4, Star 6.2). */
export interface ReduceToDifferential extends Base {
  readonly type: 'ReduceToDifferential';
  readonly coupId: string;
}
/**
 * A player retracts (`toCents` 0) or reduces a wager after no more bets, where the rulebook gives the option on this
 * ground (Crown Melbourne 10.7(b), 10.9.1; Star 12.1.1, 12.12), recorded by who permitted it.
 */
export interface ChangeWager extends Base {
  readonly type: 'ChangeWager';
  readonly coupId: string;
  readonly wagerId: string;
  readonly toCents: number;
  readonly ground: WagerChangeGround;
}
export interface CloseBetting extends Base {
  readonly type: 'CloseBetting';
  readonly coupId: string;
}
export interface DealCard extends Base {
  readonly type: 'DealCard';
  readonly coupId: string;
  readonly card: string;
  /** The hand the dealer placed it in (dealer console); omitted by an electronic shoe. */
  readonly hand?: HandSide;
  readonly faceUp?: boolean;
}
/** Several cards in one command (an electronic shoe reporting a coup at once): each as DealCard, in order. */
export interface DealCards extends Base {
  readonly type: 'DealCards';
  readonly coupId: string;
  readonly cards: readonly { readonly card: string; readonly hand?: HandSide; readonly faceUp?: boolean }[];
}
/** Three Card Baccarat (Crown Melbourne 12.6.2-12.6.3): the round as dealt, three cards per betting area and to the Dealer. */
export interface DealThreeCardRound extends Base {
  readonly type: 'DealThreeCardRound';
  readonly coupId: string;
  /** Each betting area dealt cards, with every card it was dealt (an area dealt none is left out). */
  readonly hands: readonly { readonly box: number; readonly cards: readonly string[] }[];
  readonly dealer: readonly string[];
  /**
   * The deal was wrong and noticed only after a player had looked at their cards (Crown Melbourne 12.8.3, 12.8.4,
   * 12.8.6): reported by the TG Higher Duties Dealer (or above) with the count and any retractions. Without it,
   * a wrong deal is refused and a misdeal is declared (12.8.2, 12.8.5).
   */
  readonly noticedAfterLook?: NoticedAfterLook;
}
/** Three Card Baccarat misdeal (Crown Melbourne 12.8): the coup is void and its wagers returned. */
export type MisdealFinding = 'incorrect-cards-before-look' | 'dealer-incorrect-cards' | 'card-count-discrepancy' | 'unwagered-area-dealt' | 'card-count-unverified';
export interface DeclareMisdeal extends Base {
  readonly type: 'DeclareMisdeal';
  readonly coupId: string;
  readonly finding: MisdealFinding;
}
export interface ReportCutCard extends Base {
  readonly type: 'ReportCutCard';
}
export interface EndShoe extends Base {
  readonly type: 'EndShoe';
  readonly reason: 'cut-card' | 'insufficient-cards' | 'abnormal-sequence';
}
export interface SettleCommission extends Base {
  readonly type: 'SettleCommission';
  readonly box: number;
  readonly trigger: 'end-of-shoe' | 'player-request' | 'player-leaving' | 'management-discretion';
  readonly method: 'collected' | 'waived';
}
export type VoidGround = 'fraud' | 'disruption' | 'equipment-malfunction';
export interface VoidCoup extends Base {
  readonly type: 'VoidCoup';
  readonly coupId: string;
  readonly ground: VoidGround;
  /** Star 14.5: on a fraud ground, the wagers of the players who perpetrated it, forfeited rather than refunded. */
  readonly forfeitedWagerIds?: readonly string[];
}
export interface VoidWager extends Base {
  readonly type: 'VoidWager';
  readonly wagerId: string;
  readonly ground: VoidGround | 'invalid-wager';
}
export interface RecordIrregularity extends Base {
  readonly type: 'RecordIrregularity';
  readonly kind: 'insufficient-cards' | 'order-undetermined' | 'foreign-card' | 'missing-card' | 'shuffling-device-malfunction' | 'other';
  readonly card?: string | null;
  /**
   * Star 13, a shuffling device malfunction: the cards went to another device undamaged (13.2) or with damaged cards
   * replaced (13.3) and play goes on; a player or the casino was disadvantaged and the coup ends (13.4); or no other
   * device could take the cards (13.5) and the players in `returnedWagerIds` elected to have their wagers returned.
   */
  readonly malfunction?: ShufflerMalfunction;
  readonly returnedWagerIds?: readonly string[];
}
export type ShufflerMalfunction = 'transferred' | 'cards-damaged' | 'disadvantage' | 'no-other-device';
export interface DeclareShoeVoid extends Base {
  readonly type: 'DeclareShoeVoid';
}
export interface CorrectPayment extends Base {
  readonly type: 'CorrectPayment';
  readonly coupId: string;
  readonly wagerId: string;
  readonly kind: 'overpayment' | 'underpayment';
  readonly amountCents: number;
}

export type TableCommand =
  | OpenTable
  | AnnounceTableClosing
  | CloseTable
  | ChangeLimits
  | ApplyAnnouncedLimits
  | SetIndividualLimit
  | LimitPlayers
  | ArrangeOverDifferential
  | ChangeGame
  | ApplyGameChange
  | SeatPlayer
  | ApproveCommissionDeferral
  | LeaveSeat
  | StartShoe
  | CutShoe
  | BurnCards
  | StartCoup
  | PlaceWagers
  | DeclineSideWager
  | ReduceToDifferential
  | ChangeWager
  | CloseBetting
  | DealCard
  | DealCards
  | DealThreeCardRound
  | DeclareMisdeal
  | ReportCutCard
  | EndShoe
  | SettleCommission
  | VoidCoup
  | VoidWager
  | RecordIrregularity
  | DeclareShoeVoid
  | CorrectPayment
  | NoteTournamentSession
  | NoteTournamentSessionEnded
  | NoteTournamentSubstitute
  | NoteTournamentWagerLimits
  | NoteTournamentWagersInTurn
  | ReturnWagerOutOfSequence
  | NoteTournamentCancelled
  | NoteTournamentEntriesOut
  | NoteTournamentBuyBack
  | NoteTournamentMarker;
