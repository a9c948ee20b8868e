import type { PromotionEntryRule, PromotionPaymentMethod, PromotionPrize, PromotionSchedule, TokenAfterCoup } from '@app/contracts';

/** Commands on a promotion stream. `now` (and the draw's seed) arrive with the command: the decider is pure. */
export type PromotionCommand =
  | CreatePromotion
  | AmendTerms
  | LodgeTerms
  | GrantEntries
  | RecordPlay
  | ReversePlay
  | CommitDraw
  | CommitScrutineerSeed
  | AbandonDrawRound
  | ConductDraw
  | ReportCompromise
  | NotifyInspector
  | ValidateIntegrity
  | NotifyWinner
  | DenyClaim
  | PayPrize;

export interface CreatePromotion {
  readonly type: 'CreatePromotion';
  readonly promotionId: string;
  readonly name: string;
  /** Operator or series whose rules apply, e.g. 'star-sydney'; the edition is the one in force on the start date. */
  readonly operator: string;
  readonly schedule: PromotionSchedule;
  readonly terms: Readonly<Record<string, string>>;
  readonly prizes: readonly PromotionPrize[];
  readonly entryRule: PromotionEntryRule | null;
  readonly entrantsMustBePresent: boolean;
  readonly onePrizePerPatron: boolean;
  readonly tokenAfterCoup: TokenAfterCoup;
  /** Random (the controller's CSPRNG): masks patron ids on the public draw (see PromotionCreated.entrantSalt). */
  readonly entrantSalt?: string;
  /** A promotion recorded after it commenced: the evidence of its commencement and when its terms were issued. */
  readonly recordedAfterCommencement?: { readonly evidence: string; readonly termsIssuedAt: string };
  readonly now: string;
}

export interface AmendTerms {
  readonly type: 'AmendTerms';
  readonly terms: Readonly<Record<string, string>>;
  readonly prizes: readonly PromotionPrize[];
  readonly reason: string;
  readonly now: string;
}

export interface LodgeTerms {
  readonly type: 'LodgeTerms';
  /** When the full terms were provided to the regulator. */
  readonly lodgedAt: string;
  readonly now: string;
}

export interface GrantEntries {
  readonly type: 'GrantEntries';
  readonly patronId: string;
  readonly count: number;
  readonly reason: string;
  readonly now: string;
}

export interface PlaySettlement {
  readonly wagerId: string;
  readonly patronId: string | null;
  readonly bet: string;
  readonly amountCents: number;
  readonly outcome: 'win' | 'lose' | 'push' | 'void';
}

/** A coup's settled wagers, from the tables service's WagersSettled: entries are earned from rated play. */
export interface RecordPlay {
  readonly type: 'RecordPlay';
  readonly tableId: string;
  readonly coupId: string;
  readonly settledAt: string;
  readonly settlements: readonly PlaySettlement[];
  readonly sourceEventId: string;
  readonly now: string;
}

/** A settled coup was voided (the tables' CoupVoided with reversedSettlements): its turnover is taken back. */
export interface ReversePlay {
  readonly type: 'ReversePlay';
  readonly tableId: string;
  readonly coupId: string;
  readonly sourceEventId: string;
  readonly voidedAt: string;
  readonly now: string;
}

/** The operator's commitment to its seed (16.7.1): before entries open; the seed stays with the operator until the draw. */
export interface CommitDraw {
  readonly type: 'CommitDraw';
  readonly drawId: string;
  /** sha256(seed), hex, the seed 64 hex digits. */
  readonly commitment: string;
  /** Who commits (the actor's id): the scrutineer's contribution must come from someone else. */
  readonly committedBy?: string;
  /** The edge found this commitment among those made for any promotion before: its seed is, or may become, public. */
  readonly commitmentUsedBefore?: boolean;
  readonly now: string;
}

/** The scrutineer's (or inspector's) commitment to their seed, into the pending round. */
export interface CommitScrutineerSeed {
  readonly type: 'CommitScrutineerSeed';
  readonly scrutineer: string;
  readonly commitment: string;
  /** Who records it (the actor's id): never the one who made the operator's commitment. */
  readonly committedBy?: string;
  /**
   * Every role the recorder's token holds (Star 16.2, 16.7.10): only the Inspector's; a token holding any role of
   * the operator's staff is refused. The HTTP route always gives them.
   */
  readonly recorderRoles?: readonly string[];
  /** The edge found this commitment among those made for any promotion before. */
  readonly commitmentUsedBefore?: boolean;
  readonly now: string;
}

/** The pending round will not be drawn (16.11): its seeds revealed against their commitments (null: not revealed). */
export interface AbandonDrawRound {
  readonly type: 'AbandonDrawRound';
  readonly seed: string | null;
  readonly scrutineerSeed: string | null;
  readonly reason: string;
  readonly now: string;
}

/** The draw: both seeds revealed. */
export interface ConductDraw {
  readonly type: 'ConductDraw';
  /** The operator's seed. */
  readonly seed: string;
  readonly scrutineerSeed: string;
  /** Who oversees the draw (16.2); by default the round's scrutineer. */
  readonly scrutineer: string | null;
  readonly now: string;
}

export interface ReportCompromise {
  readonly type: 'ReportCompromise';
  readonly action: 'postponed' | 'cancelled';
  readonly reason: string;
  /**
   * 16.11: when the operator determined the integrity compromised and decided to postpone or cancel; the command's
   * time (`now`) when not given. The inspector's notice is due from it, and cannot precede it.
   */
  readonly decidedAt?: string;
  readonly inspectorNotifiedAt: string | null;
  readonly now: string;
}

export interface NotifyInspector {
  readonly type: 'NotifyInspector';
  readonly notifiedAt: string;
  readonly now: string;
}

export interface ValidateIntegrity {
  readonly type: 'ValidateIntegrity';
  readonly reason: string;
  readonly now: string;
}

export interface NotifyWinner {
  readonly type: 'NotifyWinner';
  readonly prizeId: string;
  readonly method: 'face-to-face' | 'mail' | 'telephone' | 'e-mail';
  readonly notifiedAt: string;
  readonly now: string;
}

export interface DenyClaim {
  readonly type: 'DenyClaim';
  readonly claimId: string;
  readonly prizeId: string | null;
  readonly claimant: { readonly name: string | null; readonly address: string | null; readonly patronId: string | null };
  readonly reasons: readonly string[];
  /** The value of the prize claimed, when the claim names no prize of this promotion. */
  readonly valueCents: number | null;
  readonly now: string;
}

export interface PayPrize {
  readonly type: 'PayPrize';
  readonly prizeId: string;
  readonly form: 'prize' | 'cash-alternative';
  readonly payments: readonly { readonly method: PromotionPaymentMethod; readonly amountCents: number }[];
  readonly chosenByWinner: boolean;
  readonly now: string;
}
