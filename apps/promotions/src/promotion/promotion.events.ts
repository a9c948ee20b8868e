/**
 * The promotion stream's events are the published ones (libs/contracts/src/promotions.events.ts): every fact of a
 * promotion is one the NSW regulator reports may need. The state is what the decider needs to decide.
 */
import type { PromotionEntry, PromotionEntryRule, PromotionPrize, PromotionSchedule, PromotionsIntegrationEvent, PromotionWinner, TokenAfterCoup } from '@app/contracts';

/** Every published event of a promotion stream (the voucher streams' carry a voucherId). */
export type PromotionEvent = Exclude<PromotionsIntegrationEvent, { readonly voucherId: string }>;

export type PromotionStatus = 'open' | 'postponed' | 'cancelled' | 'drawn';

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
  /** 16.12: the current terms reached the regulator at least 24 hours before commencement. */
  readonly lodgedInTime: boolean;
  /** 16.12.1: terms amended after commencement not yet resubmitted. */
  readonly resubmissionPending: boolean;
  readonly entries: readonly PromotionEntry[];
  /** Entries ever recorded: numbers the next entry id (revoked entries keep their numbers). */
  readonly entrySeq: number;
  /** Qualifying turnover counted per coup ("tableId/coupId") and patron: what a void of that coup takes back. */
  readonly playByCoup: Readonly<Record<string, Readonly<Record<string, number>>>>;
  /** Per patron: qualifying turnover so far and entries earned from it. */
  readonly play: Readonly<Record<string, { readonly turnoverCents: number; readonly entries: number }>>;
  readonly status: PromotionStatus;
  readonly commitment: { readonly drawId: string; readonly commitment: string; readonly entriesDigest: string; readonly entryCount: number } | null;
  readonly winners: readonly PromotionWinner[];
  /** The seed revealed at the draw. */
  readonly drawnSeed: string | null;
  readonly notifyWinnersBy: string | null;
  readonly notified: readonly string[];
  readonly paid: readonly string[];
  readonly claims: readonly string[];
  /** 16.11: the notice the inspector is owed, until it is given. */
  readonly inspectorNoticeDue: { readonly dueBy: string } | null;
}

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
  lodgedInTime: false,
  resubmissionPending: false,
  entries: [],
  entrySeq: 0,
  playByCoup: {},
  play: {},
  status: 'open',
  commitment: null,
  winners: [],
  drawnSeed: null,
  notifyWinnersBy: null,
  notified: [],
  paid: [],
  claims: [],
  inspectorNoticeDue: null,
});
