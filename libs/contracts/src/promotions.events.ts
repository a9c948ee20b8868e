/**
 * Integration events published by the promotions service on `baccarat.promotions.events` (The Star Sydney 1.1
 * 'Casino Promotional Token' and 16 'Player Rewards and Promotional Prizes'; see asyncapi.yaml).
 * Two kinds of stream: `promotion-<promotionId>` (terms, lodging with the regulator, entries, draws, winners,
 * claims, payments) and `voucher-<voucherId>` (a promotional voucher, its exchange for tokens and every token
 * wager, traceable to the voucher). Every event is self-contained for the NSW regulator reports: amounts in
 * integer cents, `clause` citing the edition in force ("Star 2021 16.4" / "Star 2024 16.4"), the rulebook id
 * in `rulebookId` (and the envelope's rulebookVersion).
 * Add fields freely; renaming or removing one needs a new `version` of the event and an upcaster.
 */

export type PromotionPrizeKind = 'cash' | 'machinery' | 'electric-appliance' | 'motor-vehicle' | 'travel' | 'real-estate' | 'casino-dollars' | 'slots-dollars' | 'goods' | 'service';
export type PromotionPaymentMethod = 'cash' | 'crossed-cheque' | 'eft';
export type TokenAfterCoup = 'forfeited' | 'returned';

export interface PromotionPrize {
  readonly prizeId: string;
  readonly kind: PromotionPrizeKind;
  readonly description: string;
  /** The prize's value (Star 16.7.11); for a cash prize, the amount. */
  readonly valueCents: number;
  /** The details 16.7.11.1-16.7.11.4 require of its kind (make, model, persons, address...). */
  readonly details: Readonly<Record<string, string>>;
  /** What the prize consists of or includes, checked against 16.5 (e.g. 'liquor', 'goods'). */
  readonly contents: readonly string[];
  /** Litres of liquor the prize includes (16.5.4: at most 20). */
  readonly liquorLitres: number;
  /**
   * Liquor in millilitres, for bottles that do not add up to whole litres (27 x 750 ml = 20,250 ml, over 16.5.4's
   * 20 litres). When given it is the measure checked; liquorLitres is then 0 or the same amount.
   */
  readonly liquorMillilitres?: number;
  /** A cash alternative the winner may take instead (16.3); null when none is offered. */
  readonly cashAlternativeCents: number | null;
}

/** How entries are earned from play at the tables (16.7.3, 16.7.4): one entry per `turnoverPerEntryCents` of settled wagers. */
export interface PromotionEntryRule {
  /** Tables whose play earns entries; empty = every table. */
  readonly tableIds: readonly string[];
  /** Bets that count; empty = every bet. */
  readonly bets: readonly string[];
  /** 16.7.4: wagers below this do not count (0 = no minimum). */
  readonly minimumWagerCents: number;
  readonly turnoverPerEntryCents: number;
}

export interface PromotionSchedule {
  /** When the promotion commences (the date that picks the rulebook edition; 16.12's 24 hours count back from it). */
  readonly startsAt: string;
  /** 16.7.6: closing date and time for entries. */
  readonly entriesCloseAt: string;
  /** 16.7.7: when the draw takes place. */
  readonly drawAt: string;
}

export interface PromotionCreated {
  readonly type: 'PromotionCreated';
  readonly promotionId: string;
  readonly name: string;
  readonly rulebookId: string;
  readonly regulator: string;
  readonly schedule: PromotionSchedule;
  /** Every item of 16.7 by key (mannerOfAward, whenAndWhereAwarded, eligibility, ...). */
  readonly terms: Readonly<Record<string, string>>;
  readonly termsVersion: number;
  readonly prizes: readonly PromotionPrize[];
  readonly entryRule: PromotionEntryRule | null;
  /** 16.7.8: whether entrants must be present at the draw (if not, 16.8 notice within 2 days). */
  readonly entrantsMustBePresent: boolean;
  readonly onePrizePerPatron: boolean;
  /** What happens to a promotional token after the coup it was wagered on (1.1; forfeited by default). */
  readonly tokenAfterCoup: TokenAfterCoup;
  /** 16.2: an individual prize is worth more than $10,000, so the draw is overseen by a scrutineer. */
  readonly scrutineerRequired: boolean;
  /** 16.12: when the full terms must reach the regulator (null where the edition does not require it). */
  readonly termsDueAtRegulatorBy: string | null;
  /**
   * A secret (random, hex) that masks patron ids on the public draw page and feed: each entry shows its entrant as
   * the first 16 hex digits of sha256(salt, tab, patronId), and the committed entry digest is over that list, so
   * anyone re-runs the draw without learning who entered. Absent on promotions created before: their promotion id
   * is the salt.
   */
  readonly entrantSalt?: string;
  /**
   * A promotion recorded after it commenced: the evidence that it did commence as stated (the edition follows the
   * commencement, so a start in the past is taken only with proof), and when its terms were issued.
   */
  readonly recordedAfterCommencement?: { readonly evidence: string; readonly termsIssuedAt: string };
  readonly createdAt: string;
  readonly clause: string;
}

export interface PromotionTermsAmended {
  readonly type: 'PromotionTermsAmended';
  readonly promotionId: string;
  readonly termsVersion: number;
  readonly terms: Readonly<Record<string, string>>;
  readonly prizes: readonly PromotionPrize[];
  readonly scrutineerRequired: boolean;
  /** Amended after the promotion commenced. */
  readonly afterCommencement: boolean;
  /** 16.12.1: to be resubmitted to the regulator as soon as possible (draws wait for it). */
  readonly resubmissionRequired: boolean;
  readonly reason: string;
  readonly amendedAt: string;
  readonly clause: string;
}

export interface PromotionTermsLodged {
  readonly type: 'PromotionTermsLodged';
  readonly promotionId: string;
  readonly termsVersion: number;
  readonly regulator: string;
  readonly lodgedAt: string;
  /** Hours between lodging and commencement (16.12: at least 24), rounded to 0.01 h for display. */
  readonly hoursBeforeStart: number;
  /** 16.12 "at least 24 hours prior", compared to the millisecond (absent on lodgements recorded before it was published). */
  readonly inTime?: boolean;
  /** A resubmission of amended terms (16.12.1). */
  readonly resubmission: boolean;
  readonly clause: string;
}

export interface PromotionEntry {
  readonly entryId: string;
  readonly patronId: string;
}

export interface PromotionEntriesGranted {
  readonly type: 'PromotionEntriesGranted';
  readonly promotionId: string;
  readonly entries: readonly PromotionEntry[];
  readonly reason: string;
  readonly grantedAt: string;
  readonly clause: string;
}

/** Entries earned by rated play at the tables, from the tables service's WagersSettled (16.7.3, 16.7.4). */
export interface PromotionEntriesEarned {
  readonly type: 'PromotionEntriesEarned';
  readonly promotionId: string;
  readonly patronId: string;
  readonly entries: readonly PromotionEntry[];
  readonly tableId: string;
  readonly coupId: string;
  readonly wagerIds: readonly string[];
  /** Qualifying turnover of this coup, and the patron's total in the promotion so far. */
  readonly turnoverCents: number;
  readonly totalTurnoverCents: number;
  /** The tables service's WagersSettled event the entries were earned from. */
  readonly sourceEventId: string;
  readonly earnedAt: string;
  readonly clause: string;
}

/**
 * A settled coup was voided (the tables' CoupVoided with reversedSettlements, every wager refunded): its turnover no
 * longer counts, and entries it earned beyond what the patron's remaining turnover earns are revoked. Once the draw
 * is committed the entry list is final: nothing is revoked and `entriesFrozen` flags it for the operator.
 */
export interface PromotionPlayReversed {
  readonly type: 'PromotionPlayReversed';
  readonly promotionId: string;
  readonly patronId: string;
  readonly tableId: string;
  readonly coupId: string;
  readonly turnoverCents: number;
  readonly totalTurnoverCents: number;
  readonly revokedEntryIds: readonly string[];
  readonly entriesFrozen: boolean;
  readonly sourceEventId: string;
  readonly reversedAt: string;
  readonly clause: string;
}

/**
 * The superseded scheme (entries closed, then sha256 of one seed committed): still read from older streams, no
 * longer recorded. See PromotionDrawOperatorCommitted and apps/promotions/DRAW.md.
 */
export interface PromotionDrawCommitted {
  readonly type: 'PromotionDrawCommitted';
  readonly promotionId: string;
  readonly drawId: string;
  /** SHA-256 (hex) of the seed to be revealed at the draw. */
  readonly commitment: string;
  /** SHA-256 (hex) of the entry list, one "entryId\tpatronId\n" line per entry in recorded order. */
  readonly entriesDigest: string;
  readonly entryCount: number;
  readonly committedAt: string;
  readonly clause: string;
}

/**
 * 16.7.1, 16.7.10: the operator's half of a draw round: sha256 of its secret seed (64 hex digits, kept by the
 * operator, never by the service) and the digests of what the draw is bound to: the entry rules and the prizes in
 * order. Made before entries open; a round after a postponement (or for a promotion recorded after it commenced)
 * comes after entries opened (`afterEntriesOpened`) and is paired with a scrutineer contribution committed after it.
 */
export interface PromotionDrawOperatorCommitted {
  readonly type: 'PromotionDrawOperatorCommitted';
  readonly promotionId: string;
  readonly drawId: string;
  /** 1 for the first round; one more for each round after an abandoned one. */
  readonly round: number;
  readonly commitment: string;
  readonly entryRulesDigest: string;
  readonly prizesDigest: string;
  /**
   * How prizesDigest is computed (apps/promotions/DRAW.md): 2, every field of each prize (16.7.11 details, the 16.3
   * cash alternative...); absent on rounds committed before, which used version 1 (id, kind, value, description).
   */
  readonly prizesDigestVersion?: number;
  /** Entries recorded when the commitment was made (0 when it precedes them). */
  readonly entriesBefore: number;
  readonly afterEntriesOpened: boolean;
  readonly committedAt: string;
  /** Who made the commitment (actor id; absent on events before it was carried): the scrutineer's must be someone else. */
  readonly committedBy?: string;
  /**
   * What the commitment was found unused against before it was taken (it is refused if used before): every commitment
   * made for any promotion in either role ('every-promotion'), or only this promotion's ('this-promotion'). Absent on
   * events before it was carried.
   */
  readonly reuseCheck?: CommitmentReuseCheck;
  readonly clause: string;
}

/** The scope of the check that a draw commitment was never made before (Star 16.7.1, 16.7.10). */
export type CommitmentReuseCheck = 'every-promotion' | 'this-promotion';

/** The independent contribution to a round: sha256 of the scrutineer's (or inspector's) secret seed. */
export interface PromotionDrawScrutineerCommitted {
  readonly type: 'PromotionDrawScrutineerCommitted';
  readonly promotionId: string;
  readonly drawId: string;
  readonly round: number;
  /** Who contributes: the scrutineer (16.2) or the inspector, by name. */
  readonly scrutineer: string;
  readonly commitment: string;
  readonly committedAt: string;
  /** Who recorded it (actor id; absent on events before it was carried): never whoever made the operator's. */
  readonly recordedBy?: string;
  /**
   * The platform role it was recorded as (absent on events before it was carried): the Inspector's ('regulator'),
   * never one of the operator's staff (16.2 a scrutineer independent of the draw's operator, 16.7.10).
   */
  readonly recordedAs?: string;
  /** As on PromotionDrawOperatorCommitted: what the commitment was found unused against. */
  readonly reuseCheck?: CommitmentReuseCheck;
  readonly clause: string;
}

/**
 * A round that will not be drawn (16.11 postponed or cancelled, or given up before entries opened): its
 * commitments stay public with the seeds revealed against them; a seed not revealed (null) says so.
 */
export interface PromotionDrawRoundAbandoned {
  readonly type: 'PromotionDrawRoundAbandoned';
  readonly promotionId: string;
  readonly drawId: string;
  readonly round: number;
  readonly operatorCommitment: string;
  readonly operatorSeed: string | null;
  readonly scrutineer: string | null;
  readonly scrutineerCommitment: string | null;
  readonly scrutineerSeed: string | null;
  readonly reason: string;
  readonly abandonedAt: string;
  readonly clause: string;
}

export interface PromotionWinner {
  readonly prizeId: string;
  readonly entryId: string;
  readonly patronId: string;
  readonly valueCents: number;
}

/**
 * The draw: the seeds revealed (each hashes to its commitment) and the winners they select from the entries. In a
 * round (`round` present), `seed`/`commitment` are the operator's, the scrutineer's are beside them, and the winners
 * follow from `finalSeed` = sha256(operator seed, scrutineer seed, entries digest) (apps/promotions/DRAW.md).
 */
export interface PromotionDrawConducted {
  readonly type: 'PromotionDrawConducted';
  readonly promotionId: string;
  readonly drawId: string;
  readonly seed: string;
  readonly commitment: string;
  readonly entriesDigest: string;
  readonly entryCount: number;
  readonly round?: number;
  readonly scrutineerSeed?: string;
  readonly scrutineerCommitment?: string;
  readonly finalSeed?: string;
  readonly entryRulesDigest?: string;
  readonly prizesDigest?: string;
  /** The round's prizes digest version (PromotionDrawOperatorCommitted.prizesDigestVersion; absent: 1). */
  readonly prizesDigestVersion?: number;
  readonly winners: readonly PromotionWinner[];
  /** 16.2: the scrutineer who oversaw the draw (null when no prize is over $10,000 and none was nominated). */
  readonly scrutineer: string | null;
  /** 16.8: winners not present are to be notified by then (null when entrants must be present). */
  readonly notifyWinnersBy: string | null;
  readonly drawnAt: string;
  readonly clause: string;
}

/** 16.11: the integrity of the promotion or draw is compromised: postponed until validated, or the draw cancelled. */
export interface PromotionDrawCompromised {
  readonly type: 'PromotionDrawCompromised';
  readonly promotionId: string;
  readonly action: 'postponed' | 'cancelled';
  readonly reason: string;
  readonly decidedAt: string;
  /** When the inspector must be told by (equal to decidedAt where the edition says "immediately"). */
  readonly inspectorNoticeDueBy: string;
  readonly inspectorNotifiedAt: string | null;
  /** Whether the notice given with the decision met inspectorNoticeDueBy (null when none was given yet). */
  readonly inspectorNoticeOnTime?: boolean | null;
  readonly clause: string;
}

export interface PromotionInspectorNotified {
  readonly type: 'PromotionInspectorNotified';
  readonly promotionId: string;
  readonly notifiedAt: string;
  readonly dueBy: string;
  readonly onTime: boolean;
  readonly clause: string;
}

/** A postponed promotion's integrity was validated: the draw may go ahead (16.11). */
export interface PromotionIntegrityValidated {
  readonly type: 'PromotionIntegrityValidated';
  readonly promotionId: string;
  readonly reason: string;
  readonly validatedAt: string;
  readonly clause: string;
}

export interface PromotionWinnerNotified {
  readonly type: 'PromotionWinnerNotified';
  readonly promotionId: string;
  readonly prizeId: string;
  readonly patronId: string;
  readonly method: 'face-to-face' | 'mail' | 'telephone' | 'e-mail';
  readonly notifiedAt: string;
  readonly dueBy: string | null;
  readonly onTime: boolean;
  readonly clause: string;
}

/** 16.9: a claim refused, with the reasons the patron is told; over $100 retained with name and address (16.9.1). */
export interface PromotionClaimDenied {
  readonly type: 'PromotionClaimDenied';
  readonly promotionId: string;
  readonly claimId: string;
  readonly prizeId: string | null;
  readonly claimant: { readonly name: string | null; readonly address: string | null; readonly patronId: string | null };
  readonly reasons: readonly string[];
  readonly valueCents: number;
  /** Over the 16.9.1 threshold: the details are retained for the regulator. */
  readonly retained: boolean;
  /** 16.10: what the claimant is advised of (the right to complain to an inspector), with its clause. */
  readonly complaintRight: string;
  readonly deniedAt: string;
  readonly clause: string;
}

export interface PromotionPrizePaid {
  readonly type: 'PromotionPrizePaid';
  readonly promotionId: string;
  readonly prizeId: string;
  readonly patronId: string;
  /** The prize itself, or its cash alternative (16.3). */
  readonly form: 'prize' | 'cash-alternative';
  readonly payments: readonly { readonly method: PromotionPaymentMethod; readonly amountCents: number }[];
  readonly amountCents: number;
  readonly chosenByWinner: boolean;
  readonly paidAt: string;
  readonly clause: string;
}

/** A token wager's settled coup was voided: the winnings paid in chips are taken back and the token goes back to the player. */
export interface PromotionalTokenWagerReversed {
  readonly type: 'PromotionalTokenWagerReversed';
  readonly voucherId: string;
  readonly promotionId: string;
  readonly wagerId: string;
  readonly tableId: string;
  readonly coupId: string;
  readonly winningsReversedCents: number;
  readonly token: 'returned-to-player';
  readonly tokensInHandCents: number;
  readonly reason: string;
  readonly sourceEventId: string;
  readonly reversedAt: string;
  readonly clause: string;
}

// ---- promotional vouchers and tokens (1.1 'Casino Promotional Token') ----------------------------------------

export interface VoucherConditions {
  /** Tables where the voucher may be exchanged (empty = any). */
  readonly tableIds: readonly string[];
  /** Bets the tokens may be wagered on (empty = any area of the layout). */
  readonly bets: readonly string[];
  readonly expiresAt: string;
  /** The patron the voucher was issued to, when it is personal. */
  readonly patronId: string | null;
}

export interface PromotionalVoucherIssued {
  readonly type: 'PromotionalVoucherIssued';
  readonly voucherId: string;
  readonly promotionId: string;
  readonly rulebookId: string;
  readonly valueCents: number;
  readonly conditions: VoucherConditions;
  readonly tokenAfterCoup: TokenAfterCoup;
  readonly issuedAt: string;
  readonly clause: string;
}

export interface PromotionalVoucherExchanged {
  readonly type: 'PromotionalVoucherExchanged';
  readonly voucherId: string;
  readonly promotionId: string;
  readonly tableId: string;
  readonly box: number;
  readonly patronId: string | null;
  /** Tokens of the voucher's value (1.1). */
  readonly tokensCents: number;
  readonly exchangedAt: string;
  readonly clause: string;
}

/** Tokens placed on the layout; `wagerId` is the id the dealer gives the wager on the tables service. */
export interface PromotionalTokenWagered {
  readonly type: 'PromotionalTokenWagered';
  readonly voucherId: string;
  readonly promotionId: string;
  readonly wagerId: string;
  readonly tableId: string;
  readonly coupId: string;
  readonly box: number;
  readonly bet: string;
  readonly amountCents: number;
  readonly wageredAt: string;
  readonly clause: string;
}

/** The tables service accepted the token wager (its WagersAccepted), or accepted something else under its id. */
export interface PromotionalTokenWagerMatched {
  readonly type: 'PromotionalTokenWagerMatched';
  readonly voucherId: string;
  /** The voucher's promotion (absent on events published before it was carried). */
  readonly promotionId?: string;
  readonly wagerId: string;
  readonly tableId: string;
  readonly coupId: string;
  /** False when table, coup, box, bet or amount differ from what was recorded here: `mismatch` says what. */
  readonly matches: boolean;
  readonly mismatch: readonly string[];
  /** The tables service's own id of the wager, when the dealer placed it without the token's id (matched by table, coup, box, bet and amount). */
  readonly tablesWagerId: string | null;
  /**
   * False when the desk never recorded a token wager under this id (Star 1.1); true when it did and the table took
   * something else (`matches` false). On either, box, bet, amount (the table's) and when the tables accepted it say
   * what the table took, to itemise it (Star 1.1, 5.2). Absent on matching events and on events published before.
   */
  readonly recorded?: boolean;
  readonly box?: number;
  readonly bet?: string;
  readonly amountCents?: number;
  /** The amount the desk registered, when it registered the wager and the table took something else (Star 1.1, 5.2). */
  readonly registeredAmountCents?: number;
  readonly acceptedAt?: string;
  /**
   * True when the table took a token wager the desk had released (its tokens given back to the player): the same
   * tokens staked twice (Star 1.1). Recorded as unregistered (`recorded` false), the release's tokens taken out of
   * hand again (`tokensInHandCents`, what the player holds now), and flagged for a supervisor and the regulator.
   */
  readonly afterRelease?: true;
  readonly tokensInHandCents?: number;
  readonly sourceEventId: string;
  readonly clause: string;
}

/**
 * A promotional token wager the tables service accepted that the promotions desk never registered (Star 1.1 'Casino
 * Promotional Token', 5.2): placed as a token (`medium: 'promotional-token'`) but answering no token wager recorded
 * at the desk, or under the token id of a voucher never issued. No voucher stands behind it, so the token
 * reconciliation cannot agree; each is itemised (table, coup, box, bet, amount, when) for a supervisor and the
 * regulator. On the table's stream `token-table-<tableId>`, once per wager the tables accepted.
 */
export interface PromotionalTokenWagerUnregistered {
  readonly type: 'PromotionalTokenWagerUnregistered';
  /** The voucher the wager's token id names, when it names one (never issued); null for a wager placed only as a token. */
  readonly voucherId: string | null;
  readonly tableId: string;
  readonly coupId: string;
  /** The tables service's id of the wager. */
  readonly tablesWagerId: string;
  readonly box: number;
  readonly bet: string;
  readonly amountCents: number;
  /** When the tables accepted it. */
  readonly acceptedAt: string;
  readonly reason: string;
  readonly sourceEventId: string;
  readonly clause: string;
}

/**
 * A token wager recorded at the promotions desk that the tables service never accepted: its coup settled (or was
 * voided) without it, so no token was staked. The tokens go back to the player's hand (Star 1.1 'Casino Promotional
 * Token': a token is wagered only at the table), and the release is an attention item for a supervisor and the
 * regulator's notices, as the desk's record and the table's disagreed.
 */
export interface PromotionalTokenWagerReleased {
  readonly type: 'PromotionalTokenWagerReleased';
  readonly voucherId: string;
  readonly promotionId: string;
  readonly wagerId: string;
  readonly tableId: string;
  readonly coupId: string;
  readonly box: number;
  readonly bet: string;
  readonly amountCents: number;
  /** The voucher's tokens in the player's hand after the release. */
  readonly tokensInHandCents: number;
  readonly reason: string;
  readonly sourceEventId: string;
  readonly releasedAt: string;
  readonly clause: string;
}

/**
 * Attention: in the coup of a recorded token wager the tables service accepted no wager marked as a promotional token
 * for it, but one of the same box, bet and amount marked as chips (`tablesWagerId`, `medium: 'chips'`): most likely
 * the token, which the dealer did not mark, and which the tables then count as chips: its stake as turnover, its
 * return as chips (Star 5.2, 1.1). It is not matched (a chip wager of the same amount is possible), so the token
 * wager stays open; the promotions console (the voucher's `attention`) and the regulator's notices show it until a
 * supervisor corrects the table's record, and the token reconciliation will not agree meanwhile.
 */
export interface PromotionalTokenWagerUnmarked {
  readonly type: 'PromotionalTokenWagerUnmarked';
  readonly voucherId: string;
  readonly promotionId: string;
  readonly wagerId: string;
  /** The tables service's id of the wager marked as chips. */
  readonly tablesWagerId: string;
  readonly tableId: string;
  readonly coupId: string;
  readonly box: number;
  readonly bet: string;
  readonly amountCents: number;
  /** What the tables service published as the wager's medium. */
  readonly tablesMedium: 'chips';
  readonly sourceEventId: string;
  readonly clause: string;
}

/**
 * The token wager's coup settled (the tables service's WagersSettled). Winnings are paid in chips (1.1); the
 * stake is a token, not chips: forfeited after the coup, or returned to the player, as the promotion sets.
 * `tablesReturnedCents` is what the tables service recorded as stake returned; a reconciliation counts
 * `stakeReturnedInChipsCents` (0) for token wagers instead.
 */
export interface PromotionalTokenWagerSettled {
  readonly type: 'PromotionalTokenWagerSettled';
  readonly voucherId: string;
  readonly promotionId: string;
  readonly wagerId: string;
  readonly tableId: string;
  readonly coupId: string;
  readonly outcome: 'win' | 'lose' | 'push' | 'void';
  readonly amountCents: number;
  /** What the tables service settled: winnings before commission, and the commission on them (Star 11.1.3). */
  readonly grossWinCents: number;
  readonly commissionCents: number;
  /** Paid in chips: the winnings less the commission collected at once. */
  readonly winningsInChipsCents: number;
  readonly stakeReturnedInChipsCents: number;
  readonly tablesReturnedCents: number;
  readonly token: 'forfeited' | 'returned-to-player';
  readonly tokensInHandCents: number;
  /**
   * The table took it after the desk released it (PromotionalTokenWagerMatched.afterRelease, Star 1.1): its stake is
   * itemised among the unregistered wagers, not counted as a registered stake; its chips were paid all the same.
   */
  readonly afterRelease?: true;
  readonly sourceEventId: string;
  readonly settledAt: string;
  readonly clause: string;
}

export type PromotionsIntegrationEvent =
  | PromotionCreated
  | PromotionTermsAmended
  | PromotionTermsLodged
  | PromotionEntriesGranted
  | PromotionEntriesEarned
  | PromotionPlayReversed
  | PromotionDrawCommitted
  | PromotionDrawOperatorCommitted
  | PromotionDrawScrutineerCommitted
  | PromotionDrawRoundAbandoned
  | PromotionDrawConducted
  | PromotionDrawCompromised
  | PromotionInspectorNotified
  | PromotionIntegrityValidated
  | PromotionWinnerNotified
  | PromotionClaimDenied
  | PromotionPrizePaid
  | PromotionalVoucherIssued
  | PromotionalVoucherExchanged
  | PromotionalTokenWagered
  | PromotionalTokenWagerMatched
  | PromotionalTokenWagerUnmarked
  | PromotionalTokenWagerUnregistered
  | PromotionalTokenWagerReleased
  | PromotionalTokenWagerSettled
  | PromotionalTokenWagerReversed;

export type PromotionsIntegrationEventType = PromotionsIntegrationEvent['type'];

export const PROMOTIONS_INTEGRATION_EVENT_TYPES: readonly PromotionsIntegrationEventType[] = [
  'PromotionCreated',
  'PromotionTermsAmended',
  'PromotionTermsLodged',
  'PromotionEntriesGranted',
  'PromotionEntriesEarned',
  'PromotionPlayReversed',
  'PromotionDrawCommitted',
  'PromotionDrawOperatorCommitted',
  'PromotionDrawScrutineerCommitted',
  'PromotionDrawRoundAbandoned',
  'PromotionDrawConducted',
  'PromotionDrawCompromised',
  'PromotionInspectorNotified',
  'PromotionIntegrityValidated',
  'PromotionWinnerNotified',
  'PromotionClaimDenied',
  'PromotionPrizePaid',
  'PromotionalVoucherIssued',
  'PromotionalVoucherExchanged',
  'PromotionalTokenWagered',
  'PromotionalTokenWagerMatched',
  'PromotionalTokenWagerUnmarked',
  'PromotionalTokenWagerUnregistered',
  'PromotionalTokenWagerReleased',
  'PromotionalTokenWagerSettled',
  'PromotionalTokenWagerReversed',
];

export const promotionStreamId = (promotionId: string): string => `promotion-${promotionId}`;
export const voucherStreamId = (voucherId: string): string => `voucher-${voucherId}`;
/** The stream of a table's token wagers the promotions desk never registered (PromotionalTokenWagerUnregistered). */
export const tokenTableStreamId = (tableId: string): string => `token-table-${tableId}`;
/** The wager id a token wager carries on the tables service: names its voucher, so settlement finds it. */
export const tokenWagerId = (voucherId: string, n: number): string => `token:${voucherId}:${n}`;
/** The voucher of a token wager id, or null for an ordinary wager. */
export const voucherOfTokenWager = (wagerId: string): string | null => {
  const m = /^token:(.+):\d+$/.exec(wagerId);
  return m ? m[1] : null;
};
