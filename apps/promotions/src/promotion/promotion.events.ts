/**
 * The promotion stream's events are the published ones (libs/contracts/src/promotions.events.ts): every fact of a
 * promotion is one the NSW regulator reports may need. The state is what the decider needs to decide.
 */
import type { PrizesDigestVersion } from '../draw/draw';
import type { CommitmentReuseCheck, PromotionalTokenWagerUnregistered, PromotionEntry, PromotionEntryRule, PromotionPrize, PromotionSchedule, PromotionsIntegrationEvent, PromotionWinner, TokenAfterCoup } from '@app/contracts';

/** Every published event of a promotion stream (the voucher streams' carry a voucherId). */
export type PromotionEvent = Exclude<PromotionsIntegrationEvent, { readonly voucherId: string } | PromotionalTokenWagerUnregistered>;

export type PromotionStatus = 'open' | 'postponed' | 'cancelled' | 'drawn';

/**
 * One draw round (Star 16.7.1, 16.7.10, 16.11; apps/promotions/DRAW.md): the operator's commitment, the scrutineer's
 * contribution, and how it ended. Every round ever committed stays in the state and on the public draw record.
 */
export interface DrawRound {
  readonly drawId: string;
  readonly round: number;
  readonly operatorCommitment: string;
  readonly entryRulesDigest: string;
  readonly prizesDigest: string;
  /** How prizesDigest was computed (draw.ts prizesDigest): 1 on rounds committed before every prize field was bound. */
  readonly prizesDigestVersion: PrizesDigestVersion;
  readonly entriesBefore: number;
  readonly afterEntriesOpened: boolean;
  readonly committedAt: string;
  readonly committedBy?: string;
  /** What the operator's commitment was found unused against (PromotionDrawOperatorCommitted.reuseCheck). */
  readonly reuseCheck?: CommitmentReuseCheck;
  readonly scrutineer: { readonly name: string; readonly commitment: string; readonly committedAt: string; readonly recordedBy?: string; readonly recordedAs?: string; readonly reuseCheck?: CommitmentReuseCheck } | null;
  readonly outcome: 'pending' | 'abandoned' | 'drawn';
  /** Revealed at the draw, or when the round was abandoned (null: not revealed). */
  readonly operatorSeed: string | null;
  readonly scrutineerSeed: string | null;
  readonly finalSeed: string | null;
  readonly entriesDigest: string | null;
  readonly endedAt: string | null;
  readonly reason: string | null;
}

export interface PromotionState {
  readonly exists: boolean;
  readonly promotionId: string;
  readonly name: string;
  readonly rulebookId: string;
  readonly schedule: PromotionSchedule;
  readonly terms: Readonly<Record<string, string>>;
  readonly termsVersion: number;
  readonly prizes: readonly PromotionPrize[];
  readonly entryRule: PromotionEntryRule | null;
  readonly entrantsMustBePresent: boolean;
  readonly onePrizePerPatron: boolean;
  readonly tokenAfterCoup: TokenAfterCoup;
  /** Masks patron ids on the public draw (PromotionCreated.entrantSalt; the promotion id for older promotions). */
  readonly entrantSalt: string;
  readonly scrutineerRequired: boolean;
  /** When the current terms version was issued: a lodgement of it cannot be dated earlier (16.12). */
  readonly termsDatedAt: string;
  /** When the promotion's first terms were issued (its creation, or the proved issue of a promotion recorded late): nothing of it is decided earlier (16.11). */
  readonly existsSince: string;
  /** Recorded after it commenced, with the evidence (PromotionCreated.recordedAfterCommencement). */
  readonly recordedAfterCommencement: boolean;
  /** 16.12: the current terms reached the regulator at least 24 hours before commencement. */
  readonly lodgedInTime: boolean;
  /** 16.12.1: terms amended after commencement not yet resubmitted. */
  readonly resubmissionPending: boolean;
  /** 16.12.1 as in force when the pending amendment was made (its event's clause); null when none is pending. */
  readonly resubmissionClause: string | null;
  readonly entries: readonly PromotionEntry[];
  /** Entries ever recorded: numbers the next entry id (revoked entries keep their numbers). */
  readonly entrySeq: number;
  /** Qualifying turnover counted per coup ("tableId/coupId") and patron: what a void of that coup takes back. */
  readonly playByCoup: Readonly<Record<string, Readonly<Record<string, number>>>>;
  /** Per patron: qualifying turnover so far and entries earned from it. */
  readonly play: Readonly<Record<string, { readonly turnoverCents: number; readonly entries: number }>>;
  readonly status: PromotionStatus;
  /** Every draw round, in order; at most one pending. */
  readonly rounds: readonly DrawRound[];
  /** A commitment of the superseded scheme (PromotionDrawCommitted, older streams): it cannot be drawn. */
  readonly legacyCommitment: { readonly drawId: string; readonly commitment: string; readonly entriesDigest: string; readonly entryCount: number } | null;
  readonly winners: readonly PromotionWinner[];
  /** The operator seed revealed at the draw. */
  readonly drawnSeed: string | null;
  readonly drawnAt: string | null;
  readonly notifyWinnersBy: string | null;
  readonly notified: readonly string[];
  readonly paid: readonly string[];
  readonly claims: readonly string[];
  /** 16.11: the notice the inspector is owed, until it is given. */
  readonly inspectorNoticeDue: { readonly dueBy: string; readonly decidedAt?: string; readonly clause?: string } | null;
}

/** The round that may still be drawn, if any. */
export const pendingRound = (s: PromotionState): DrawRound | null => {
  const last = s.rounds.at(-1);
  return last && last.outcome === 'pending' ? last : null;
};

export const initialPromotionState = (): PromotionState => ({
  exists: false,
  promotionId: '',
  name: '',
  rulebookId: '',
  entrantSalt: '',
  schedule: { startsAt: '', entriesCloseAt: '', drawAt: '' },
  terms: {},
  termsVersion: 0,
  prizes: [],
  entryRule: null,
  entrantsMustBePresent: false,
  onePrizePerPatron: true,
  tokenAfterCoup: 'forfeited',
  scrutineerRequired: false,
  termsDatedAt: '',
  existsSince: '',
  recordedAfterCommencement: false,
  lodgedInTime: false,
  resubmissionPending: false,
  resubmissionClause: null,
  entries: [],
  entrySeq: 0,
  playByCoup: {},
  play: {},
  status: 'open',
  rounds: [],
  legacyCommitment: null,
  winners: [],
  drawnSeed: null,
  drawnAt: null,
  notifyWinnersBy: null,
  notified: [],
  paid: [],
  claims: [],
  inspectorNoticeDue: null,
});
