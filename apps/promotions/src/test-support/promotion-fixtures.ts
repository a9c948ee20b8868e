/** A complete promotion (every item of Star 16.7) to build specs and end-to-end tests on. */
import type { PromotionPrize } from '@app/contracts';
import type { CreatePromotion } from '../promotion/promotion-command.types';

export const COMPLETE_TERMS: Readonly<Record<string, string>> = {
  mannerOfAward: 'Random draw from all entries, seed committed before the draw',
  whenAndWhereAwarded: 'Main gaming floor stage, at the draw time',
  eligibility: 'Rated members aged 18+; staff excluded',
  minimumWager: '$25 per qualifying wager',
  natureOfPrize: 'As described; no guarantee beyond the stated value',
  entriesCloseAt: 'Entries close at the stated closing time',
  placeDateTime: 'The Star Sydney, main floor, on the stated dates',
  claimMethod: 'Claim at the promotions desk with photo ID; presence not required',
  winnerNotification: 'By telephone and e-mail',
  resultsPublication: 'On the promotions page and at the promotions desk',
  prizeDetails: 'See the prize list; prizes are not transferable',
};

export const cashPrize = (prizeId: string, valueCents: number, over: Partial<PromotionPrize> = {}): PromotionPrize => ({
  prizeId,
  kind: 'cash',
  description: `$${valueCents / 100} cash`,
  valueCents,
  details: {},
  contents: [],
  liquorLitres: 0,
  cashAlternativeCents: null,
  ...over,
});

export const CAR: PromotionPrize = {
  prizeId: 'car',
  kind: 'motor-vehicle',
  description: 'A new sedan',
  valueCents: 4_500_000,
  details: { make: 'Toyota', model: 'Camry Ascent', accessories: 'floor mats, tint', onRoadCostsIncluded: 'registration and on-road costs included' },
  contents: [],
  liquorLitres: 0,
  cashAlternativeCents: 4_000_000,
};

export const SCHEDULE_2024 = { startsAt: '2024-06-01T09:00:00+10:00', entriesCloseAt: '2024-06-30T21:00:00+10:00', drawAt: '2024-06-30T22:00:00+10:00' };
/** The same promotion a year earlier: Star 2021 was in force. */
export const SCHEDULE_2023 = { startsAt: '2023-06-01T09:00:00+10:00', entriesCloseAt: '2023-06-30T21:00:00+10:00', drawAt: '2023-06-30T22:00:00+10:00' };

/**
 * A promotion whose schedule starts before `now` (tests that run on the clock and need entries open at once) is
 * one recorded after it commenced: the fixture gives it the evidence and terms issued a week before commencement,
 * which the rule requires (COMMENCEMENT_IN_PAST). Specs of that rule pass `recordedAfterCommencement: undefined`.
 */
const proofIfBackdated = (c: CreatePromotion): CreatePromotion =>
  'recordedAfterCommencement' in c || Date.parse(c.schedule.startsAt) >= Date.parse(c.now)
    ? c
    : { ...c, recordedAfterCommencement: { evidence: 'test fixture: terms published before commencement', termsIssuedAt: new Date(Date.parse(c.schedule.startsAt) - 7 * 86_400_000).toISOString() } };

export const createPromotion = (over: Partial<CreatePromotion> = {}): CreatePromotion => proofIfBackdated({
  type: 'CreatePromotion',
  promotionId: 'winter',
  name: 'Winter Cash Draw',
  operator: 'star-sydney',
  schedule: SCHEDULE_2024,
  terms: COMPLETE_TERMS,
  prizes: [cashPrize('first', 2_000_000), cashPrize('second', 500_000)],
  entryRule: { tableIds: ['T1'], bets: [], minimumWagerCents: 2_500, turnoverPerEntryCents: 10_000 },
  entrantsMustBePresent: false,
  onePrizePerPatron: true,
  tokenAfterCoup: 'forfeited',
  entrantSalt: '5a1t5a1t5a1t5a1t',
  now: '2024-05-20T10:00:00+10:00',
  ...over,
});
