import type { PromotionDrawConducted, PromotionEntriesGranted, PromotionPrize } from '@app/contracts';
import { deciderSpec } from '@app/testing';
import { commitmentOf, drawWinners, entriesDigest, publicEntries } from '../draw/draw';
import { drawRecord } from '../draw/draw-record';
import { CAR, cashPrize, COMPLETE_TERMS, createPromotion, SCHEDULE_2023, SCHEDULE_2024 } from '../test-support/promotion-fixtures';
import type { PromotionCommand } from './promotion-command.types';
import { promotionDecider } from './promotion.decider';
import type { PromotionEvent } from './promotion.events';

const spec = deciderSpec(promotionDecider);
const SEED = 'a1b2c3d4e5f6a7b8c9d0a1b2c3d4e5f6'.repeat(2);
const COMMITMENT = commitmentOf(SEED);
const SCRUTINEER_SEED = '5c'.repeat(32);

/** The events of running commands in order from nothing (the "given" of a later step). */
const history = (...commands: PromotionCommand[]): PromotionEvent[] => {
  const events: PromotionEvent[] = [];
  for (const command of commands) {
    const state = events.reduce(promotionDecider.evolve, promotionDecider.initialState());
    events.push(...promotionDecider.decide(command, state));
  }
  return events;
};

const created2024 = createPromotion();
const created2021 = createPromotion({ schedule: SCHEDULE_2023, now: '2023-05-20T10:00:00+10:00' });
const lodged2024: PromotionCommand = { type: 'LodgeTerms', lodgedAt: '2024-05-25T10:00:00+10:00', now: '2024-05-25T10:00:00+10:00' };
const grant = (patronId: string, count: number, now: string): PromotionCommand => ({ type: 'GrantEntries', patronId, count, reason: 'welcome offer (16.7.3 eligibility)', now });
/** The operator's commitment (before entries open) and the scrutineer's contribution (before they close): a draw round. */
const commit = (now: string): PromotionCommand => ({ type: 'CommitDraw', drawId: 'd1', commitment: COMMITMENT, now });
const contribute = (now: string): PromotionCommand => ({ type: 'CommitScrutineerSeed', scrutineer: 'J. Citizen, scrutineer', commitment: commitmentOf(SCRUTINEER_SEED), now });
const draw = (now: string, scrutineer: string | null = null): PromotionCommand => ({ type: 'ConductDraw', seed: SEED, scrutineerSeed: SCRUTINEER_SEED, scrutineer, now });

/** A drawn promotion: 2024 (lodged) or 2021; the first prize is $20,000 cash. */
const drawn2024 = () =>
  history(created2024, lodged2024, commit('2024-05-26T10:00:00+10:00'), grant('p1', 3, '2024-06-02T10:00:00+10:00'), grant('p2', 2, '2024-06-03T10:00:00+10:00'), contribute('2024-06-10T10:00:00+10:00'), draw('2024-06-30T22:00:00+10:00'));
const drawn2021 = () =>
  history(created2021, commit('2023-05-21T10:00:00+10:00'), grant('p1', 3, '2023-06-02T10:00:00+10:00'), grant('p2', 2, '2023-06-03T10:00:00+10:00'), contribute('2023-06-10T10:00:00+10:00'), draw('2023-06-30T22:00:00+10:00'));
const winnerOf = (events: PromotionEvent[], prizeId: string) => (events.find((e) => e.type === 'PromotionDrawConducted') as PromotionDrawConducted).winners.find((w) => w.prizeId === prizeId)!;

describe('promotion decider: the edition is the one in force on the start date', () => {
  it('a promotion starting 2024-05-16 (Sydney) runs under Star 2024; one starting 2024-05-15 under Star 2021', () => {
    spec.given([]).when(createPromotion({ schedule: { startsAt: '2024-05-16T00:30:00+10:00', entriesCloseAt: '2024-06-30T21:00:00+10:00', drawAt: '2024-06-30T22:00:00+10:00' }, now: '2024-05-01T10:00:00+10:00' }))
      .thenEvents((events) => expect(events[0]).toMatchObject({ rulebookId: 'star-sydney-2024', regulator: 'NICC', termsDueAtRegulatorBy: '2024-05-14T14:30:00.000Z' }));
    // 2024-05-15T13:59Z is still 15 May in Sydney: Star 2021, no lodging deadline.
    spec.given([]).when(createPromotion({ schedule: { startsAt: '2024-05-15T13:59:00Z', entriesCloseAt: '2024-06-30T21:00:00+10:00', drawAt: '2024-06-30T22:00:00+10:00' }, now: '2024-05-01T10:00:00+10:00' }))
      .thenEvents((events) => expect(events[0]).toMatchObject({ rulebookId: 'star-sydney-2021', regulator: 'ILGA', termsDueAtRegulatorBy: null }));
  });

  it('Crown Melbourne has no promotional prize rules: refused', () => {
    spec.given([]).when(createPromotion({ operator: 'crown-melbourne', schedule: { startsAt: '2026-01-01T09:00:00+11:00', entriesCloseAt: '2026-01-30T21:00:00+11:00', drawAt: '2026-01-30T22:00:00+11:00' } })).thenThrows('PROMOTIONS_NOT_IN_RULEBOOK');
  });
});

describe('Star 16.7: the terms hold every item', () => {
  it('Star 2024 16.7: incomplete terms are refused, listing every missing item with its clause', () => {
    const { eligibility: _e, resultsPublication: _r, ...partial } = COMPLETE_TERMS;
    const error = spec.given([]).when(createPromotion({ terms: partial })).thenThrows('TERMS_INCOMPLETE', 'Star 2024 16.7');
    expect(error.message).toContain('terms.eligibility (Star 2024 16.7.3)');
    expect(error.message).toContain('terms.resultsPublication (Star 2024 16.7.10)');
    expect(error.field).toBe('terms');
  });

  it('Star 2024 16.7, 16.7.11: a terms item given as a number, an object, a list or null is refused naming terms.<item> (text required), on creation and amendment, not a crash', () => {
    for (const bad of [1000, { car: 'Camry' }, ['Camry'], null]) {
      const terms = { ...COMPLETE_TERMS, prizeDetails: bad } as unknown as Record<string, string>;
      const error = spec.given([]).when(createPromotion({ terms })).thenThrows('TERMS_ITEM_NOT_TEXT', 'Star 2024 16.7.11');
      expect(error.field).toBe('terms.prizeDetails');
      const amended = spec.given(history(createPromotion())).when({ type: 'AmendTerms', terms, prizes: createPromotion().prizes, reason: 'typo', now: '2024-05-21T10:00:00+10:00' }).thenThrows('TERMS_ITEM_NOT_TEXT', 'Star 2024 16.7.11');
      expect(amended.field).toBe('terms.prizeDetails');
    }
    const minimum = spec.given([]).when(createPromotion({ terms: { ...COMPLETE_TERMS, minimumWager: 2500 } as unknown as Record<string, string> })).thenThrows('TERMS_ITEM_NOT_TEXT', 'Star 2024 16.7.4');
    expect(minimum.field).toBe('terms.minimumWager');
  });

  it('Star 2024 16.7: a terms item the rulebook does not name is refused naming the field and listing the items of 16.7, on creation and amendment', () => {
    const terms = { ...COMPLETE_TERMS, extra: 5 } as unknown as Record<string, string>;
    const error = spec.given([]).when(createPromotion({ terms })).thenThrows('TERMS_ITEM_UNKNOWN', 'Star 2024 16.7');
    expect(error.field).toBe('terms.extra');
    expect(error.message).toContain('mannerOfAward (16.7.1)');
    expect(error.message).toContain('prizeDetails (16.7.11)');
    const amended = spec.given(history(createPromotion())).when({ type: 'AmendTerms', terms: { ...COMPLETE_TERMS, extra: 'more text' }, prizes: createPromotion().prizes, reason: 'add', now: '2024-05-21T10:00:00+10:00' }).thenThrows('TERMS_ITEM_UNKNOWN', 'Star 2024 16.7');
    expect(amended.field).toBe('terms.extra');
  });

  it('Star 2024 16.7.11.2: a motor vehicle prize states make, model, accessories and on-road costs', () => {
    const car = { ...CAR, details: { make: 'Toyota' } };
    const error = spec.given([]).when(createPromotion({ prizes: [car] })).thenThrows('TERMS_INCOMPLETE');
    expect(error.message).toContain('prizes[0].details.model (Star 2024 16.7.11.2.2)');
    expect(error.message).toContain('prizes[0].details.accessories (Star 2024 16.7.11.2.3)');
    expect(error.message).toContain('prizes[0].details.onRoadCostsIncluded (Star 2024 16.7.11.2.4)');
    expect(error.message).not.toContain('details.make');
  });

  it.each([
    ['machinery', ['make', 'model', 'accessories'], '16.7.11.1'],
    ['electric-appliance', ['make', 'model', 'accessories'], '16.7.11.1'],
    ['travel', ['persons', 'inclusions', 'travelRestrictions', 'spendingMoney'], '16.7.11.3'],
    ['real-estate', ['dwellingType', 'plans', 'contractDetails', 'easementDetails', 'address', 'inclusions'], '16.7.11.4'],
  ] as const)('Star 2021 %s prizes list their details (%s)', (kind, keys, clause) => {
    const prize = cashPrize('p', 500_000, { kind, description: `a ${kind} prize` });
    const error = spec.given([]).when(createPromotion({ schedule: SCHEDULE_2023, now: '2023-05-20T10:00:00+10:00', prizes: [prize] })).thenThrows('TERMS_INCOMPLETE');
    for (const key of keys) expect(error.message).toContain(`prizes[0].details.${key} (Star 2021 ${clause}`);
    const complete = { ...prize, details: Object.fromEntries(keys.map((k) => [k, 'stated'])) };
    spec.given([]).when(createPromotion({ schedule: SCHEDULE_2023, now: '2023-05-20T10:00:00+10:00', prizes: [complete] })).thenEvents((events) => expect(events[0].type).toBe('PromotionCreated'));
  });
});

describe('Star 16.5: forbidden prizes', () => {
  it.each([
    ['tobacco', 'Star 2024 16.5.1'],
    ['firearm', 'Star 2024 16.5.2'],
    ['imitation-firearm', 'Star 2024 16.5.2'],
    ['prohibited-weapon', 'Star 2024 16.5.3'],
  ])('a prize including %s is refused (%s)', (content, clause) => {
    spec.given([]).when(createPromotion({ prizes: [cashPrize('hamper', 20_000, { kind: 'goods', contents: [content] })] })).thenThrows('PRIZE_FORBIDDEN', clause);
  });

  it('Star 2024 16.5.4: more than 20 litres of liquor is refused; 20 litres is allowed', () => {
    spec.given([]).when(createPromotion({ prizes: [cashPrize('wine', 50_000, { kind: 'goods', contents: ['liquor'], liquorLitres: 21 })] })).thenThrows('PRIZE_FORBIDDEN', 'Star 2024 16.5.4');
    spec.given([]).when(createPromotion({ prizes: [cashPrize('wine', 50_000, { kind: 'goods', contents: ['liquor'], liquorLitres: 20 })] })).thenEvents((e) => expect(e).toHaveLength(1));
  });
});

describe('Star 2024 16.12: the terms reach the NICC at least 24 hours before commencement (2021: no such rule)', () => {
  const inPeriod = '2024-06-02T10:00:00+10:00';

  it('Star 2024 16.12: without lodging, entries are refused', () => {
    spec.given(history(created2024)).when(grant('p1', 1, inPeriod)).thenThrows('TERMS_NOT_LODGED_IN_TIME', 'Star 2024 16.12');
  });

  it('Star 2024 16.12: lodged 23 hours before the start is too late; 24 hours is in time', () => {
    const late = history(created2024, { type: 'LodgeTerms', lodgedAt: '2024-05-31T10:00:00+10:00', now: '2024-05-31T10:00:00+10:00' });
    expect(late[1]).toMatchObject({ type: 'PromotionTermsLodged', regulator: 'NICC', hoursBeforeStart: 23 });
    spec.given(late).when(grant('p1', 1, inPeriod)).thenThrows('TERMS_NOT_LODGED_IN_TIME');
    const onTime = history(created2024, { type: 'LodgeTerms', lodgedAt: '2024-05-31T09:00:00+10:00', now: '2024-05-31T09:00:00+10:00' });
    spec.given(onTime).when(grant('p1', 1, inPeriod)).thenEvents((events) => expect(events[0]).toMatchObject({ type: 'PromotionEntriesGranted', entries: [{ entryId: 'e1', patronId: 'p1' }] }));
  });

  it('Star 2021: the same promotion takes entries without any lodging', () => {
    spec.given(history(created2021)).when(grant('p1', 1, '2023-06-02T10:00:00+10:00')).thenEvents((events) => expect(events[0].type).toBe('PromotionEntriesGranted'));
  });

  it('Star 2024 16.12.1: terms amended after commencement are resubmitted before the draw', () => {
    const amended = history(created2024, lodged2024, commit('2024-05-26T10:00:00+10:00'), grant('p1', 2, '2024-06-02T10:00:00+10:00'), contribute('2024-06-03T10:00:00+10:00'), {
      type: 'AmendTerms',
      terms: { ...COMPLETE_TERMS, claimMethod: 'Claim within 30 days at the promotions desk' },
      prizes: created2024.prizes,
      reason: 'claim period clarified',
      now: '2024-06-10T10:00:00+10:00',
    });
    expect(amended.at(-1)).toMatchObject({ type: 'PromotionTermsAmended', termsVersion: 2, afterCommencement: true, resubmissionRequired: true, clause: 'Star 2024 16.12.1' });
    spec.given(amended).when(draw('2024-06-30T22:00:00+10:00')).thenThrows('TERMS_RESUBMISSION_PENDING', 'Star 2024 16.12.1');
    const lodge = { type: 'LodgeTerms', lodgedAt: '2024-06-10T11:00:00+10:00', now: '2024-06-10T11:00:00+10:00' } as const;
    const state = amended.reduce(promotionDecider.evolve, promotionDecider.initialState());
    const again = promotionDecider.decide(lodge, state);
    expect(again[0]).toMatchObject({ resubmission: true, termsVersion: 2, clause: 'Star 2024 16.12.1' });
    spec.given([...amended, ...again]).when(draw('2024-06-30T22:00:00+10:00')).thenEvents((events) => expect(events[0].type).toBe('PromotionDrawConducted'));
  });

  it('Star 2024 16.12: terms amended before commencement are lodged afresh, 24 hours ahead, before entries', () => {
    const amended = history(created2024, lodged2024, { type: 'AmendTerms', terms: COMPLETE_TERMS, prizes: [cashPrize('first', 3_000_000)], reason: 'bigger prize', now: '2024-05-30T10:00:00+10:00' });
    expect(amended.at(-1)).toMatchObject({ afterCommencement: false, resubmissionRequired: false, termsVersion: 2 });
    spec.given(amended).when(grant('p1', 1, '2024-06-02T10:00:00+10:00')).thenThrows('TERMS_NOT_LODGED_IN_TIME');
  });

  it('Star 2021: an amendment after commencement needs no resubmission', () => {
    const amended = history(created2021, { type: 'AmendTerms', terms: COMPLETE_TERMS, prizes: created2021.prizes, reason: 'typo', now: '2023-06-10T10:00:00+10:00' });
    expect(amended[1]).toMatchObject({ afterCommencement: true, resubmissionRequired: false });
  });
});

describe('entries: granted, or earned from play (16.7.3, 16.7.4)', () => {
  const given = () => history(created2024, lodged2024);
  const play = (settlements: { wagerId: string; patronId: string | null; bet: string; amountCents: number; outcome: 'win' | 'lose' | 'push' | 'void' }[], tableId = 'T1', coupId = 'c1'): PromotionCommand => ({
    type: 'RecordPlay',
    tableId,
    coupId,
    settledAt: '2024-06-05T20:00:00+10:00',
    settlements,
    sourceEventId: 'ev-1',
    now: '2024-06-05T20:00:01+10:00',
  });

  it('Star 2024 16.7.4: one entry per $100 of rated turnover; wagers under the $25 minimum, unrated play, voids and token wagers count nothing', () => {
    spec.given(given()).when(play([
      { wagerId: 'w1', patronId: 'p1', bet: 'banker', amountCents: 15_000, outcome: 'lose' },
      { wagerId: 'w2', patronId: 'p1', bet: 'player', amountCents: 2_000, outcome: 'win' },
      { wagerId: 'w3', patronId: null, bet: 'player', amountCents: 50_000, outcome: 'win' },
      { wagerId: 'w4', patronId: 'p2', bet: 'tie', amountCents: 30_000, outcome: 'void' },
      { wagerId: 'token:v1:1', patronId: 'p2', bet: 'banker', amountCents: 30_000, outcome: 'win' },
    ])).then([
      {
        type: 'PromotionEntriesEarned',
        promotionId: 'winter',
        patronId: 'p1',
        entries: [{ entryId: 'e1', patronId: 'p1' }],
        tableId: 'T1',
        coupId: 'c1',
        wagerIds: ['w1'],
        turnoverCents: 15_000,
        totalTurnoverCents: 15_000,
        sourceEventId: 'ev-1',
        earnedAt: '2024-06-05T20:00:00+10:00',
        clause: 'Star 2024 16.7.3; 16.7.4',
      },
    ]);
  });

  it('Star 2024 16.12.1, 16.7.3-16.7.4: play while amended terms await resubmission still earns its entries; only the draw waits for the resubmission', () => {
    const amended = history(created2024, lodged2024, {
      type: 'AmendTerms',
      terms: { ...COMPLETE_TERMS, claimMethod: 'Claim within 30 days at the promotions desk' },
      prizes: created2024.prizes,
      reason: 'claim period clarified',
      now: '2024-06-04T10:00:00+10:00',
    });
    expect(amended.at(-1)).toMatchObject({ resubmissionRequired: true });
    spec.given(amended).when(play([{ wagerId: 'w1', patronId: 'p1', bet: 'banker', amountCents: 20_000, outcome: 'lose' }]))
      .thenEvents((events) => expect(events).toMatchObject([{ type: 'PromotionEntriesEarned', patronId: 'p1', entries: [{ entryId: 'e1' }, { entryId: 'e2' }], turnoverCents: 20_000 }]));
  });

  it('Star 2024 16.7.3: a coup is counted once, whatever command id its settlement comes again under (a rebuild, a replay)', () => {
    const once = history(created2024, lodged2024, play([{ wagerId: 'w1', patronId: 'p1', bet: 'banker', amountCents: 15_000, outcome: 'lose' }]));
    spec.given(once).when(play([{ wagerId: 'w1', patronId: 'p1', bet: 'banker', amountCents: 15_000, outcome: 'lose' }])).then([]);
  });

  it('turnover carries over between coups: $150 then $60 earn the second entry', () => {
    const first = history(created2024, lodged2024, play([{ wagerId: 'w1', patronId: 'p1', bet: 'banker', amountCents: 15_000, outcome: 'lose' }]));
    spec.given(first).when(play([{ wagerId: 'w2', patronId: 'p1', bet: 'banker', amountCents: 6_000, outcome: 'win' }], 'T1', 'c2'))
      .thenEvents((events) => expect(events[0]).toMatchObject({ entries: [{ entryId: 'e2', patronId: 'p1' }], totalTurnoverCents: 21_000 }));
  });

  it('16.7.3/16.7.4: a settled coup voided afterwards takes its turnover back and revokes the entries it no longer earns', () => {
    const played = history(created2024, lodged2024, play([{ wagerId: 'w1', patronId: 'p1', bet: 'banker', amountCents: 25_000, outcome: 'lose' }]));
    const unplay: PromotionCommand = { type: 'ReversePlay', tableId: 'T1', coupId: 'c1', sourceEventId: 'cv-1', voidedAt: '2024-06-05T20:10:00+10:00', now: '2024-06-05T20:10:01+10:00' };
    spec.given(played).when(unplay).thenEvents((events, after) => {
      expect(events[0]).toMatchObject({ type: 'PromotionPlayReversed', patronId: 'p1', turnoverCents: 25_000, totalTurnoverCents: 0, revokedEntryIds: ['e1', 'e2'], entriesFrozen: false });
      expect(after.entries).toEqual([]);
    });
    // A later entry gets a fresh number: e3, never a revoked one again.
    const reversed = [...played, ...promotionDecider.decide(unplay, played.reduce(promotionDecider.evolve, promotionDecider.initialState()))];
    spec.given(reversed).when(grant('p2', 1, '2024-06-06T10:00:00+10:00')).thenEvents((events) => expect(events[0]).toMatchObject({ entries: [{ entryId: 'e3', patronId: 'p2' }] }));
    // The void is redelivered: nothing more is taken back.
    spec.given(reversed).when(unplay).then([]);
  });

  it('16.7.6: once the draw has taken place the entry list is final: a void revokes nothing and says so', () => {
    const committed = history(created2024, lodged2024, commit('2024-05-26T10:00:00+10:00'), play([{ wagerId: 'w1', patronId: 'p1', bet: 'banker', amountCents: 25_000, outcome: 'lose' }]), contribute('2024-06-10T10:00:00+10:00'), draw('2024-06-30T22:00:00+10:00'));
    spec.given(committed).when({ type: 'ReversePlay', tableId: 'T1', coupId: 'c1', sourceEventId: 'cv-1', voidedAt: '2024-06-30T21:10:00+10:00', now: '2024-06-30T21:10:00+10:00' })
      .thenEvents((events) => expect(events[0]).toMatchObject({ revokedEntryIds: [], entriesFrozen: true }));
  });

  it('play at another table, or after entries close (16.7.6), earns nothing', () => {
    spec.given(given()).when(play([{ wagerId: 'w1', patronId: 'p1', bet: 'banker', amountCents: 50_000, outcome: 'lose' }], 'T9')).then([]);
    spec.given(given()).when({ ...(play([{ wagerId: 'w1', patronId: 'p1', bet: 'banker', amountCents: 50_000, outcome: 'lose' }]) as object), settledAt: '2024-07-01T10:00:00+10:00' } as PromotionCommand).then([]);
  });
});

describe('draws: commit-reveal, reproducible from the seeds and the entries', () => {
  it('the operator commitment publishes sha256(seed); the draw reveals both seeds and anyone re-running it gets the same winners', () => {
    const events = drawn2024();
    const committed = events.find((e) => e.type === 'PromotionDrawOperatorCommitted')!;
    expect(committed).toMatchObject({ commitment: COMMITMENT, entriesBefore: 0 });
    const conducted = events.find((e) => e.type === 'PromotionDrawConducted') as PromotionDrawConducted;
    const entries = events.filter((e): e is PromotionEntriesGranted => e.type === 'PromotionEntriesGranted').flatMap((e) => e.entries);
    expect(commitmentOf(conducted.seed)).toBe(conducted.commitment);
    expect(conducted.entryCount).toBe(5);
    expect(drawWinners({ seed: conducted.finalSeed!, entries, prizeIds: ['first', 'second'], onePrizePerPatron: true }).map((w) => w.patronId)).toEqual(conducted.winners.map((w) => w.patronId));
    expect(new Set(conducted.winners.map((w) => w.patronId)).size).toBe(2);
  });

  it('16.7.1, 16.7.10: the drawn entry digest is over the public list (entrants masked with the promotion\'s salt), so anyone checks it without patron ids', () => {
    const events = drawn2024();
    const created = events.find((e) => e.type === 'PromotionCreated')!;
    const committed = events.find((e) => e.type === 'PromotionDrawConducted') as PromotionDrawConducted;
    const entries = events.filter((e): e is PromotionEntriesGranted => e.type === 'PromotionEntriesGranted').flatMap((e) => e.entries);
    const salt = created.entrantSalt ?? created.promotionId;
    expect(committed.entriesDigest).toBe(entriesDigest(publicEntries(salt, entries)));
    expect(committed.entriesDigest).not.toBe(entriesDigest(entries));
  });

  it('a seed other than the committed one is refused', () => {
    const given = drawn2024().slice(0, -1);
    spec.given(given).when({ type: 'ConductDraw', seed: 'ab'.repeat(32), scrutineerSeed: SCRUTINEER_SEED, scrutineer: null, now: '2024-06-30T22:00:00+10:00' }).thenThrows('SEED_DOES_NOT_MATCH_COMMITMENT');
    spec.given(given).when({ type: 'ConductDraw', seed: 'another seed', scrutineerSeed: SCRUTINEER_SEED, scrutineer: null, now: '2024-06-30T22:00:00+10:00' }).thenThrows('SEED_INVALID');
  });

  it('16.7.6, 16.7.7: the draw takes place at its time, after entries close, and entries then stop', () => {
    const given = drawn2024().slice(0, -1);
    spec.given(given).when(draw('2024-06-30T21:30:00+10:00')).thenThrows('DRAW_NOT_YET', 'Star 2024 16.7.7');
    spec.given(given).when(grant('p1', 1, '2024-06-30T21:00:00+10:00')).thenThrows('OUTSIDE_ENTRY_PERIOD');
  });

  it('Star 2024 16.2: the scrutineer overseeing a draw with a prize over $10,000 is the one who contributed to it', () => {
    expect(drawn2024().at(-1)).toMatchObject({ type: 'PromotionDrawConducted', scrutineer: 'J. Citizen, scrutineer', clause: 'Star 2024 16.7.1; Star 2024 16.2' });
  });

  it('Star 2021 16.2: prizes of $10,000 or less need no 16.2 scrutineer; the independent contribution (16.7.1) still decides the draw', () => {
    const small = createPromotion({ schedule: SCHEDULE_2023, now: '2023-05-20T10:00:00+10:00', prizes: [cashPrize('first', 1_000_000)] });
    const given = history(small, commit('2023-05-21T10:00:00+10:00'), grant('p1', 1, '2023-06-02T10:00:00+10:00'), contribute('2023-06-03T10:00:00+10:00'));
    expect(given[0]).toMatchObject({ scrutineerRequired: false });
    spec.given(given).when(draw('2023-06-30T22:00:00+10:00', null)).thenEvents((events) => expect(events[0]).toMatchObject({ winners: [{ prizeId: 'first', patronId: 'p1', valueCents: 1_000_000 }] }));
  });
});

describe('16.8: winners not present are notified within 2 days of the draw', () => {
  it('Star 2024 16.8: notified on day 2 is on time; on day 3 it is recorded late', () => {
    const events = drawn2024();
    expect(events.at(-1)).toMatchObject({ notifyWinnersBy: '2024-07-02T12:00:00.000Z' });
    spec.given(events).when({ type: 'NotifyWinner', prizeId: 'first', method: 'telephone', notifiedAt: '2024-07-02T21:00:00+10:00', now: '2024-07-02T21:00:00+10:00' })
      .thenEvents((e) => expect(e[0]).toMatchObject({ onTime: true, clause: 'Star 2024 16.8' }));
    spec.given(events).when({ type: 'NotifyWinner', prizeId: 'first', method: 'mail', notifiedAt: '2024-07-03T09:00:00+10:00', now: '2024-07-03T09:00:00+10:00' })
      .thenEvents((e) => expect(e[0]).toMatchObject({ onTime: false }));
  });
});

describe('16.8 when entrants must be present', () => {
  it('Star 2024 16.8: winners present at the draw have no notice deadline', () => {
    const present = createPromotion({ entrantsMustBePresent: true });
    const events = history(present, lodged2024, commit('2024-05-26T10:00:00+10:00'), grant('p1', 1, '2024-06-02T10:00:00+10:00'), contribute('2024-06-03T10:00:00+10:00'), draw('2024-06-30T22:00:00+10:00'));
    expect(events.at(-1)).toMatchObject({ notifyWinnersBy: null });
  });
});

describe('16.4: payment differs between the editions', () => {
  const pay = (payments: { method: 'cash' | 'crossed-cheque' | 'eft'; amountCents: number }[], chosenByWinner: boolean, now: string): PromotionCommand => ({ type: 'PayPrize', prizeId: 'first', form: 'prize', payments, chosenByWinner, now });

  it('Star 2021 16.4: a $20,000 cash prize is paid in cash when the winner chooses it', () => {
    const events = drawn2021();
    spec.given(events).when(pay([{ method: 'cash', amountCents: 2_000_000 }], true, '2023-07-01T10:00:00+10:00'))
      .thenEvents((e) => expect(e[0]).toMatchObject({ type: 'PromotionPrizePaid', patronId: winnerOf(events, 'first').patronId, amountCents: 2_000_000, clause: 'Star 2021 16.4' }));
  });

  it("Star 2021 16.4: over $10,000 the method is the winner's choice: a payment without it is refused", () => {
    spec.given(drawn2021()).when(pay([{ method: 'crossed-cheque', amountCents: 2_000_000 }], false, '2023-07-01T10:00:00+10:00')).thenThrows('PAYMENT_NOT_WINNERS_CHOICE', 'Star 2021 16.4');
  });

  it('Star 2024 16.4: the same prize may not be paid in cash, even if the winner asks', () => {
    const error = spec.given(drawn2024()).when(pay([{ method: 'cash', amountCents: 2_000_000 }], true, '2024-07-01T10:00:00+10:00')).thenThrows('PAYMENT_METHOD_NOT_ALLOWED', 'Star 2024 16.4');
    expect(error.field).toBe('payments[0].method');
  });

  it('Star 2024 16.4: crossed cheque and EFT together, adding up to the prize', () => {
    spec.given(drawn2024()).when(pay([{ method: 'crossed-cheque', amountCents: 1_500_000 }, { method: 'eft', amountCents: 500_000 }], false, '2024-07-01T10:00:00+10:00'))
      .thenEvents((e) => expect(e[0]).toMatchObject({ amountCents: 2_000_000, payments: [{ method: 'crossed-cheque' }, { method: 'eft' }] }));
    spec.given(drawn2024()).when(pay([{ method: 'eft', amountCents: 1_000_000 }], false, '2024-07-01T10:00:00+10:00')).thenThrows('PAYMENT_DOES_NOT_ADD_UP');
  });

  it('a prize is paid once', () => {
    const paid = [...drawn2024(), ...promotionDecider.decide(pay([{ method: 'eft', amountCents: 2_000_000 }], false, '2024-07-01T10:00:00+10:00'), drawn2024().reduce(promotionDecider.evolve, promotionDecider.initialState()))];
    spec.given(paid).when(pay([{ method: 'eft', amountCents: 2_000_000 }], false, '2024-07-02T10:00:00+10:00')).thenThrows('PRIZE_ALREADY_PAID');
  });
});

describe('16.3: cash alternatives', () => {
  const withCar = (schedule: typeof SCHEDULE_2024, now: string) => createPromotion({ schedule, now, prizes: [CAR] });

  it('Star 2024 16.3/16.4: the car may be taken as its cash alternative, paid by EFT', () => {
    const events = history(withCar(SCHEDULE_2024, '2024-05-20T10:00:00+10:00'), lodged2024, commit('2024-05-26T10:00:00+10:00'), grant('p1', 1, '2024-06-02T10:00:00+10:00'), contribute('2024-06-03T10:00:00+10:00'), draw('2024-06-30T22:00:00+10:00'));
    spec.given(events).when({ type: 'PayPrize', prizeId: 'car', form: 'cash-alternative', payments: [{ method: 'eft', amountCents: 4_000_000 }], chosenByWinner: true, now: '2024-07-01T10:00:00+10:00' })
      .thenEvents((e) => expect(e[0]).toMatchObject({ form: 'cash-alternative', amountCents: 4_000_000, clause: 'Star 2024 16.3; Star 2024 16.4' }));
  });

  it('Star 2021 16.3: slots dollars may not be offered with a cash alternative; Star 2024 16.3 allows it (only casino dollars excluded)', () => {
    const slots = cashPrize('slots', 100_000, { kind: 'slots-dollars', description: '$1,000 in slots dollars', cashAlternativeCents: 90_000 });
    spec.given([]).when(createPromotion({ schedule: SCHEDULE_2023, now: '2023-05-20T10:00:00+10:00', prizes: [slots] })).thenThrows('CASH_ALTERNATIVE_NOT_ALLOWED', 'Star 2021 16.3');
    spec.given([]).when(createPromotion({ prizes: [slots] })).thenEvents((e) => expect(e[0].type).toBe('PromotionCreated'));
    spec.given([]).when(createPromotion({ prizes: [{ ...slots, kind: 'casino-dollars' }] })).thenThrows('CASH_ALTERNATIVE_NOT_ALLOWED', 'Star 2024 16.3');
  });
});

describe('16.9: denied claims', () => {
  it('Star 2024 16.9.1: a denied claim over $100 is retained with the name, address and reasons; without them it is refused', () => {
    const events = drawn2024();
    spec.given(events).when({ type: 'DenyClaim', claimId: 'c1', prizeId: 'second', claimant: { name: 'A. Person', address: null, patronId: 'p9' }, reasons: ['not an entrant'], valueCents: null, now: '2024-07-01T10:00:00+10:00' })
      .thenThrows('CLAIMANT_DETAILS_REQUIRED', 'Star 2024 16.9.1');
    spec.given(events).when({ type: 'DenyClaim', claimId: 'c1', prizeId: 'second', claimant: { name: 'A. Person', address: '1 Harris St, Pyrmont', patronId: 'p9' }, reasons: ['not an entrant'], valueCents: null, now: '2024-07-01T10:00:00+10:00' })
      .thenEvents((e) => expect(e[0]).toMatchObject({ retained: true, valueCents: 500_000, reasons: ['not an entrant'], claimant: { name: 'A. Person', address: '1 Harris St, Pyrmont' }, complaintRight: expect.stringContaining('(Star 2024 16.10)') }));
  });

  it('Star 2021 16.9: a claim for $100 or less is denied with reasons, not retained', () => {
    spec.given(drawn2021()).when({ type: 'DenyClaim', claimId: 'c2', prizeId: null, claimant: { name: null, address: null, patronId: null }, reasons: ['entry after close'], valueCents: 10_000, now: '2023-07-01T10:00:00+10:00' })
      .thenEvents((e) => expect(e[0]).toMatchObject({ retained: false, clause: 'Star 2021 16.9' }));
  });
});

describe('16.11: a compromised draw', () => {
  const open2024 = () => history(created2024, lodged2024, grant('p1', 1, '2024-06-02T10:00:00+10:00'));
  const open2021 = () => history(created2021, grant('p1', 1, '2023-06-02T10:00:00+10:00'));

  it('Star 2024 16.11: postponed, the Inspector to be notified within 48 hours; notice on hour 47 is on time', () => {
    const postponed = history(created2024, lodged2024, grant('p1', 1, '2024-06-02T10:00:00+10:00'), { type: 'ReportCompromise', action: 'postponed', reason: 'entry terminal tampered', inspectorNotifiedAt: null, now: '2024-06-10T10:00:00+10:00' });
    expect(postponed.at(-1)).toMatchObject({ type: 'PromotionDrawCompromised', inspectorNoticeDueBy: '2024-06-12T00:00:00.000Z', clause: 'Star 2024 16.11' });
    spec.given(postponed).when(commit('2024-06-30T21:05:00+10:00')).thenThrows('PROMOTION_POSTPONED');
    expect(postponed.at(-1)).toMatchObject({ inspectorNoticeOnTime: null });
    spec.given(postponed).when({ type: 'NotifyInspector', notifiedAt: '2024-06-12T09:00:00+10:00', now: '2024-06-12T09:00:00+10:00' }).thenEvents((e) => expect(e[0]).toMatchObject({ onTime: true }));
    spec.given(postponed).when({ type: 'NotifyInspector', notifiedAt: '2024-06-12T11:00:00+10:00', now: '2024-06-12T11:00:00+10:00' }).thenEvents((e) => expect(e[0]).toMatchObject({ onTime: false }));
    spec.given(open2024()).when({ type: 'ReportCompromise', action: 'cancelled', reason: 'seed leaked', inspectorNotifiedAt: null, now: '2024-06-10T10:00:00+10:00' }).thenEvents((e) => expect(e[0]).toMatchObject({ action: 'cancelled' }));
  });

  it('Star 2021 16.11: the inspectorate is notified immediately: the decision without the notice is refused', () => {
    spec.given(open2021()).when({ type: 'ReportCompromise', action: 'cancelled', reason: 'seed leaked', inspectorNotifiedAt: null, now: '2023-06-10T10:00:00+10:00' }).thenThrows('INSPECTOR_NOT_NOTIFIED', 'Star 2021 16.11');
    spec.given(open2021()).when({ type: 'ReportCompromise', action: 'postponed', reason: 'seed leaked', inspectorNotifiedAt: '2023-06-10T10:00:00+10:00', now: '2023-06-10T10:00:00+10:00' })
      .thenEvents((e) => expect(e[0]).toMatchObject({ inspectorNoticeDueBy: '2023-06-10T00:00:00.000Z', inspectorNotifiedAt: '2023-06-10T10:00:00+10:00' }));
  });

  it('16.11: once validated, a postponed draw is committed afresh and goes ahead', () => {
    const validated = history(created2024, lodged2024, commit('2024-05-26T10:00:00+10:00'), grant('p1', 1, '2024-06-02T10:00:00+10:00'),
      { type: 'ReportCompromise', action: 'postponed', reason: 'doubt', inspectorNotifiedAt: '2024-06-30T21:10:00+10:00', now: '2024-06-30T21:10:00+10:00' },
      { type: 'AbandonDrawRound', seed: SEED, scrutineerSeed: null, reason: 'postponed', now: '2024-06-30T21:20:00+10:00' },
      { type: 'ValidateIntegrity', reason: 'audit found no tampering', now: '2024-07-01T10:00:00+10:00' });
    spec.given(validated).when(draw('2024-07-01T11:00:00+10:00')).thenThrows('DRAW_NOT_COMMITTED');
    spec.given(validated).when({ type: 'CommitDraw', drawId: 'd2', commitment: commitmentOf('d2'.repeat(32)), now: '2024-07-01T10:30:00+10:00' }).thenEvents((e) => expect(e[0]).toMatchObject({ type: 'PromotionDrawOperatorCommitted', round: 2 }));
  });
});

describe('16.11: the Inspector notice time is checked against the time it is recorded', () => {
  const postponed2024 = () =>
    history(created2024, lodged2024, grant('p1', 1, '2024-06-02T10:00:00+10:00'), { type: 'ReportCompromise', action: 'postponed', reason: 'terminal tampered', inspectorNotifiedAt: null, now: '2024-06-10T10:00:00+10:00' });

  it('Star 2024 16.11: a notice time later than the record is refused (it has not happened yet)', () => {
    const error = spec.given(postponed2024()).when({ type: 'NotifyInspector', notifiedAt: '2024-06-11T10:00:00+10:00', now: '2024-06-10T12:00:00+10:00' }).thenThrows('NOTICE_TIME_IN_FUTURE', 'Star 2024 16.11');
    expect(error.field).toBe('notifiedAt');
  });

  it('Star 2021 16.11: "notified immediately": a notice dated after the decision it comes with is refused', () => {
    const open2021 = history(created2021, grant('p1', 1, '2023-06-02T10:00:00+10:00'));
    spec.given(open2021).when({ type: 'ReportCompromise', action: 'cancelled', reason: 'seed leaked', inspectorNotifiedAt: '2023-06-13T10:00:00+10:00', now: '2023-06-10T10:00:00+10:00' }).thenThrows('NOTICE_TIME_IN_FUTURE', 'Star 2021 16.11');
    spec.given(open2021).when({ type: 'ReportCompromise', action: 'cancelled', reason: 'seed leaked', decidedAt: '2023-06-10T09:55:00+10:00', inspectorNotifiedAt: '2023-06-10T09:55:00+10:00', now: '2023-06-10T10:00:00+10:00' })
      .thenEvents((e) => expect(e[0]).toMatchObject({ inspectorNoticeOnTime: true }));
  });

  it('Star 2024 16.11: a notice given after 48 hours is recorded late, whenever it is recorded', () => {
    spec.given(postponed2024()).when({ type: 'NotifyInspector', notifiedAt: '2024-06-13T10:00:00+10:00', now: '2024-06-13T10:05:00+10:00' }).thenEvents((e) => expect(e[0]).toMatchObject({ onTime: false, dueBy: '2024-06-12T00:00:00.000Z' }));
  });
});

describe('Star 16.11: the compromise report carries when it was decided, and its Inspector notice is judged against that', () => {
  const open2024 = () => history(created2024, lodged2024, grant('p1', 1, '2024-06-02T10:00:00+10:00'));
  const open2021 = () => history(created2021, grant('p1', 1, '2023-06-02T10:00:00+10:00'));
  const report = (o: { decidedAt?: string; inspectorNotifiedAt: string | null; now: string }): PromotionCommand => ({ type: 'ReportCompromise', action: 'postponed', reason: 'entry terminal tampered', ...o });

  it('Star 2024 16.11: an Inspector notice dated before the decision is refused, naming the field; without decidedAt the decision is the command\'s time, or the notice\'s when earlier', () => {
    const early = spec.given(open2024()).when(report({ decidedAt: '2024-06-10T10:00:00+10:00', inspectorNotifiedAt: '2024-06-10T09:00:00+10:00', now: '2024-06-13T10:00:00+10:00' })).thenThrows('NOTICE_BEFORE_DECISION', 'Star 2024 16.11');
    expect(early.field).toBe('inspectorNotifiedAt');
    spec.given(open2024()).when(report({ inspectorNotifiedAt: '2024-06-10T09:59:00+10:00', now: '2024-06-10T10:00:00+10:00' })).thenEvents((e) => expect(e[0]).toMatchObject({ decidedAt: '2024-06-10T09:59:00+10:00' }));
    spec.given(open2024()).when(report({ inspectorNotifiedAt: null, now: '2024-06-10T10:00:00+10:00' })).thenEvents((e) => expect(e[0]).toMatchObject({ decidedAt: '2024-06-10T10:00:00+10:00' }));
  });

  it('Star 2024 16.11: a decision time later than the record is refused; the notice is not in the future either', () => {
    const future = spec.given(open2024()).when(report({ decidedAt: '2024-06-10T11:00:00+10:00', inspectorNotifiedAt: null, now: '2024-06-10T10:00:00+10:00' })).thenThrows('DECISION_TIME_IN_FUTURE', 'Star 2024 16.11');
    expect(future.field).toBe('decidedAt');
    spec.given(open2024()).when(report({ decidedAt: '2024-06-10T09:00:00+10:00', inspectorNotifiedAt: '2024-06-10T10:30:00+10:00', now: '2024-06-10T10:00:00+10:00' })).thenThrows('NOTICE_TIME_IN_FUTURE', 'Star 2024 16.11');
  });

  it('Star 2024 16.11: within 48 hours of the decision (not of the record): hour 47 on time, hour 49 late; the event carries decidedAt', () => {
    spec.given(open2024()).when(report({ decidedAt: '2024-06-10T10:00:00+10:00', inspectorNotifiedAt: '2024-06-12T09:00:00+10:00', now: '2024-06-13T10:00:00+10:00' }))
      .thenEvents((e) => expect(e[0]).toMatchObject({ decidedAt: '2024-06-10T10:00:00+10:00', inspectorNoticeDueBy: '2024-06-12T00:00:00.000Z', inspectorNoticeOnTime: true }));
    spec.given(open2024()).when(report({ decidedAt: '2024-06-10T10:00:00+10:00', inspectorNotifiedAt: '2024-06-12T11:00:00+10:00', now: '2024-06-13T10:00:00+10:00' }))
      .thenEvents((e) => expect(e[0]).toMatchObject({ decidedAt: '2024-06-10T10:00:00+10:00', inspectorNoticeOnTime: false }));
    // Not told with the report: owed 48 hours after the decision, and NotifyInspector judges it so.
    const owed = history(created2024, lodged2024, grant('p1', 1, '2024-06-02T10:00:00+10:00'), report({ decidedAt: '2024-06-10T10:00:00+10:00', inspectorNotifiedAt: null, now: '2024-06-11T10:00:00+10:00' }));
    spec.given(owed).when({ type: 'NotifyInspector', notifiedAt: '2024-06-12T11:00:00+10:00', now: '2024-06-12T11:00:00+10:00' }).thenEvents((e) => expect(e[0]).toMatchObject({ dueBy: '2024-06-12T00:00:00.000Z', onTime: false }));
  });

  it('Star 2021 16.11: "notified immediately": a notice given with the decision is on time, one given after it is late', () => {
    spec.given(open2021()).when(report({ decidedAt: '2023-06-10T09:00:00+10:00', inspectorNotifiedAt: '2023-06-10T09:00:00+10:00', now: '2023-06-10T10:00:00+10:00' }))
      .thenEvents((e) => expect(e[0]).toMatchObject({ decidedAt: '2023-06-10T09:00:00+10:00', inspectorNoticeOnTime: true }));
    spec.given(open2021()).when(report({ decidedAt: '2023-06-10T09:00:00+10:00', inspectorNotifiedAt: '2023-06-10T09:40:00+10:00', now: '2023-06-10T10:00:00+10:00' }))
      .thenEvents((e) => expect(e[0]).toMatchObject({ inspectorNoticeOnTime: false }));
  });
});

describe('Star 16.8: a winner is notified after the draw', () => {
  it('Star 2024 16.8: a notice dated before the draw is refused; one dated later than its record too', () => {
    const events = drawn2024();
    const before = spec.given(events).when({ type: 'NotifyWinner', prizeId: 'first', method: 'telephone', notifiedAt: '2024-06-30T21:59:00+10:00', now: '2024-07-01T10:00:00+10:00' }).thenThrows('WINNER_NOTIFIED_BEFORE_DRAW', 'Star 2024 16.8');
    expect(before.field).toBe('notifiedAt');
    spec.given(events).when({ type: 'NotifyWinner', prizeId: 'first', method: 'telephone', notifiedAt: '2024-07-02T10:00:00+10:00', now: '2024-07-01T10:00:00+10:00' }).thenThrows('NOTICE_TIME_IN_FUTURE', 'Star 2024 16.8');
  });

  it('Star 2021 16.8: the same for the 2021 edition', () => {
    spec.given(drawn2021()).when({ type: 'NotifyWinner', prizeId: 'first', method: 'mail', notifiedAt: '2023-06-29T10:00:00+10:00', now: '2023-07-01T10:00:00+10:00' }).thenThrows('WINNER_NOTIFIED_BEFORE_DRAW', 'Star 2021 16.8');
  });
});

describe('Star 2024 16.12: "at least 24 hours prior", to the millisecond', () => {
  it('Star 2024 16.12: terms lodged 18 seconds short of 24 hours are late (no rounding); exactly 24 hours is in time', () => {
    const short = history(created2024, { type: 'LodgeTerms', lodgedAt: '2024-05-31T09:00:18+10:00', now: '2024-05-31T09:00:18+10:00' });
    expect(short.at(-1)).toMatchObject({ inTime: false });
    spec.given(short).when(grant('p1', 1, '2024-06-02T10:00:00+10:00')).thenThrows('TERMS_NOT_LODGED_IN_TIME', 'Star 2024 16.12');
    const oneMsShort = history(created2024, { type: 'LodgeTerms', lodgedAt: '2024-05-31T09:00:00.001+10:00', now: '2024-05-31T09:00:01+10:00' });
    spec.given(oneMsShort).when(grant('p1', 1, '2024-06-02T10:00:00+10:00')).thenThrows('TERMS_NOT_LODGED_IN_TIME');
    const exact = history(created2024, { type: 'LodgeTerms', lodgedAt: '2024-05-31T09:00:00+10:00', now: '2024-05-31T09:00:00+10:00' });
    expect(exact.at(-1)).toMatchObject({ inTime: true });
  });

  it('Star 2024 16.12: a lodgement dated before the terms version it lodges is refused', () => {
    const error = spec.given(history(created2024)).when({ type: 'LodgeTerms', lodgedAt: '2024-05-19T10:00:00+10:00', now: '2024-05-21T10:00:00+10:00' }).thenThrows('LODGED_BEFORE_TERMS', 'Star 2024 16.12');
    expect(error.field).toBe('lodgedAt');
    const amended = history(created2024, { type: 'AmendTerms', terms: COMPLETE_TERMS, prizes: [cashPrize('first', 3_000_000)], reason: 'bigger prize', now: '2024-05-22T10:00:00+10:00' });
    spec.given(amended).when({ type: 'LodgeTerms', lodgedAt: '2024-05-21T10:00:00+10:00', now: '2024-05-22T11:00:00+10:00' }).thenThrows('LODGED_BEFORE_TERMS');
  });
});

describe('the edition in force: the commencement cannot be backdated, and a payment follows the edition in force when paid', () => {
  it('Star 2024 16.12: a promotion created after its stated commencement is refused unless the commencement is proved', () => {
    const backdated = createPromotion({ now: '2026-11-27T10:00:00+11:00', recordedAfterCommencement: undefined });
    const error = spec.given([]).when(backdated).thenThrows('COMMENCEMENT_IN_PAST', 'Star 2024 16.12');
    expect(error.field).toBe('schedule.startsAt');
    // The same for a start before 16 May 2024, which would otherwise pick Star 2021 (no NICC lodging, cash prizes).
    spec.given([]).when(createPromotion({ schedule: SCHEDULE_2023, now: '2026-11-27T10:00:00+11:00', recordedAfterCommencement: undefined })).thenThrows('COMMENCEMENT_IN_PAST', 'Star 2021 16.6');
    const proved = createPromotion({ now: '2026-11-27T10:00:00+11:00', recordedAfterCommencement: { evidence: 'NICC lodgement receipt 2024-0412', termsIssuedAt: '2024-05-20T10:00:00+10:00' } });
    spec.given([]).when(proved).thenEvents((e) => expect(e[0]).toMatchObject({ rulebookId: 'star-sydney-2024', recordedAfterCommencement: { evidence: 'NICC lodgement receipt 2024-0412' } }));
    spec.given([]).when(createPromotion({ now: '2026-11-27T10:00:00+11:00', recordedAfterCommencement: { evidence: ' ', termsIssuedAt: '2024-05-20T10:00:00+10:00' } })).thenThrows('COMMENCEMENT_IN_PAST');
    spec.given([]).when(createPromotion({ now: '2026-11-27T10:00:00+11:00', recordedAfterCommencement: { evidence: 'receipt', termsIssuedAt: '2024-06-02T10:00:00+10:00' } })).thenThrows('TERMS_ISSUED_AFTER_COMMENCEMENT');
  });

  it('Star 2024 16.4: a prize of a promotion that commenced under Star 2021 but is paid on or after 16 May 2024 is paid under Star 2024 (no cash)', () => {
    const spanning = createPromotion({ schedule: { startsAt: '2024-04-01T09:00:00+11:00', entriesCloseAt: '2024-05-10T21:00:00+10:00', drawAt: '2024-05-10T22:00:00+10:00' }, now: '2024-03-20T10:00:00+11:00' });
    const events = history(spanning, commit('2024-03-21T10:00:00+11:00'), grant('p1', 2, '2024-04-02T10:00:00+10:00'), contribute('2024-04-03T10:00:00+10:00'), draw('2024-05-10T22:00:00+10:00'));
    expect(events[0]).toMatchObject({ rulebookId: 'star-sydney-2021' });
    const cash = (now: string): PromotionCommand => ({ type: 'PayPrize', prizeId: 'first', form: 'prize', payments: [{ method: 'cash', amountCents: 2_000_000 }], chosenByWinner: true, now });
    spec.given(events).when(cash('2024-05-15T16:00:00+10:00')).thenEvents((e) => expect(e[0]).toMatchObject({ clause: 'Star 2021 16.4' }));
    spec.given(events).when(cash('2024-05-16T09:00:00+10:00')).thenThrows('PAYMENT_METHOD_NOT_ALLOWED', 'Star 2024 16.4');
  });
});

describe('Star 16.5: every text describing a prize is checked, not only its contents', () => {
  it('Star 2024 16.5.1: a prize whose description names tobacco is refused, naming prizes[i].description', () => {
    const error = spec.given([]).when(createPromotion({ prizes: [cashPrize('first', 2_000_000), cashPrize('hamper', 20_000, { kind: 'goods', description: 'Gift hamper with Cuban cigars', contents: ['chocolates'] })] })).thenThrows('PRIZE_FORBIDDEN', 'Star 2024 16.5.1');
    expect(error.field).toBe('prizes[1].description');
  });

  it('Star 2021 16.5.2: a prize detail naming a rifle is refused, naming the detail; an amendment that puts it in the description is refused too', () => {
    const error = spec.given([]).when(createPromotion({ schedule: SCHEDULE_2023, now: '2023-05-20T10:00:00+10:00', prizes: [{ ...CAR, details: { ...CAR.details, accessories: 'roof rack, hunting rifle' } }] })).thenThrows('PRIZE_FORBIDDEN', 'Star 2021 16.5.2');
    expect(error.field).toBe('prizes[0].details.accessories');
    const amended = spec.given(history(created2024)).when({ type: 'AmendTerms', terms: COMPLETE_TERMS, prizes: [cashPrize('first', 2_000_000, { kind: 'goods', description: 'Taser and holster set' })], reason: 'new prize', now: '2024-05-21T10:00:00+10:00' }).thenThrows('PRIZE_FORBIDDEN', 'Star 2024 16.5.3');
    expect(amended.field).toBe('prizes[0].description');
  });

  it('Star 2024 16.5: a description that names nothing forbidden ("gunmetal watch", "smoked salmon hamper") is allowed', () => {
    spec.given([]).when(createPromotion({ prizes: [cashPrize('watch', 20_000, { kind: 'goods', description: 'Gunmetal watch and smoked salmon hamper', details: { note: 'engraved' } })] })).thenEvents((e) => expect(e[0].type).toBe('PromotionCreated'));
  });
});

describe('Star 16.5: forbidden prizes named in other words, liquor in millilitres', () => {
  it.each([['cigar'], ['Cuban Cigars'], ['cigarettes'], ['pipe tobacco'], ['E-cigarette kit']])('Star 2024 16.5.1: contents "%s" are tobacco: refused', (content) => {
    const error = spec.given([]).when(createPromotion({ prizes: [cashPrize('hamper', 20_000, { kind: 'goods', description: 'Gift hamper', contents: ['chocolates', content] })] })).thenThrows('PRIZE_FORBIDDEN', 'Star 2024 16.5.1');
    expect(error.field).toBe('prizes[0].contents[1]');
  });

  it('Star 2021 16.5.2, 16.5.3: a rifle, bullets and a taser are refused; a chocolate box and a "gunmetal watch" name none of them', () => {
    for (const [content, clause] of [['hunting rifle', 'Star 2021 16.5.2'], ['50 bullets', 'Star 2021 16.5.2'], ['taser', 'Star 2021 16.5.3']]) {
      spec.given([]).when(createPromotion({ schedule: SCHEDULE_2023, now: '2023-05-20T10:00:00+10:00', prizes: [cashPrize('kit', 20_000, { kind: 'goods', description: 'Kit', contents: [content] })] })).thenThrows('PRIZE_FORBIDDEN', clause);
    }
    spec.given([]).when(createPromotion({ prizes: [cashPrize('kit', 20_000, { kind: 'goods', description: 'Kit', contents: ['gunmetal watch', 'chocolate box'] })] })).thenEvents((e) => expect(e[0].type).toBe('PromotionCreated'));
  });

  it('Star 2024 16.5.4: liquor in millilitres: 27 x 750 ml (20,250 ml) is refused; 26 x 750 ml (19,500 ml) is allowed', () => {
    const wine = (ml: number) => createPromotion({ prizes: [cashPrize('wine', 50_000, { kind: 'goods', description: 'Cellar', contents: ['liquor'], liquorMillilitres: ml })] });
    const error = spec.given([]).when(wine(27 * 750)).thenThrows('PRIZE_FORBIDDEN', 'Star 2024 16.5.4');
    expect(error.field).toBe('prizes[0].liquorMillilitres');
    spec.given([]).when(wine(26 * 750)).thenEvents((e) => expect(e[0].type).toBe('PromotionCreated'));
    spec.given([]).when(createPromotion({ prizes: [cashPrize('wine', 50_000, { kind: 'goods', contents: ['liquor'], liquorLitres: 5, liquorMillilitres: 19_500 })] })).thenThrows('LIQUOR_MEASURES_DISAGREE');
  });
});

describe('Star 16.5.4: liquor written in the texts describing a prize', () => {
  const goods = (over: Partial<PromotionPrize>) => createPromotion({ prizes: [cashPrize('cellar', 50_000, { kind: 'goods', description: 'Cellar', contents: [], ...over })] });
  it.each([
    [{ description: 'A 50 L keg of beer' }, 'prizes[0].description'],
    [{ contents: ['30 litres of whisky'] }, 'prizes[0].contents[0]'],
    [{ description: 'Case of 24 x 1 L vodka' }, 'prizes[0].description'],
    [{ description: 'Wine', contents: ['2 cases of 12 x 1 litre shiraz'] }, 'prizes[0].contents[0]'],
    [{ details: { bottles: '27 x 750 ml sparkling wine' } }, 'prizes[0].details.bottles'],
  ] as [Partial<PromotionPrize>, string][])('Star 2024 16.5.4: %j is more than 20 litres: refused naming the text', (over, field) => {
    const error = spec.given([]).when(goods(over)).thenThrows('PRIZE_FORBIDDEN', 'Star 2024 16.5.4');
    expect(error.field).toBe(field);
  });

  it('Star 2024 16.5.4: 20 litres written ("A 20 L keg of beer", "26 x 750 ml wine") with the total stated is allowed; liquor named without a stated total asks for liquorMillilitres; given, it stands', () => {
    for (const description of ['A 20 L keg of beer', 'Case of 26 x 750 ml wine']) {
      spec.given([]).when(goods({ description, liquorMillilitres: 20_000 })).thenEvents((e) => expect(e[0].type).toBe('PromotionCreated'));
    }
    for (const description of ['Wine glasses set', 'A 50 L esky cooler']) spec.given([]).when(goods({ description })).thenEvents((e) => expect(e[0].type).toBe('PromotionCreated'));
    const error = spec.given([]).when(goods({ description: 'A keg of beer' })).thenThrows('LIQUOR_TOTAL_REQUIRED', 'Star 2024 16.5.4');
    expect(error.field).toBe('prizes[0].liquorMillilitres');
    expect(error.message).toMatch(/prizes\[0\]\.description/);
    spec.given([]).when(goods({ description: 'A keg of beer', liquorLitres: 19 })).thenEvents((e) => expect(e[0].type).toBe('PromotionCreated'));
    spec.given([]).when(createPromotion({ schedule: SCHEDULE_2023, now: '2023-05-20T10:00:00+10:00', prizes: [cashPrize('keg', 50_000, { kind: 'goods', description: 'A 50 L keg of beer' })] })).thenThrows('PRIZE_FORBIDDEN', 'Star 2021 16.5.4');
  });
});

describe('Star 16.5.3: prohibited weapons of the Weapons Prohibition Act 1998 Schedule 1', () => {
  it.each([['Body armour vest'], ['Extendable baton'], ['High-powered laser pointer'], ['Telescopic baton'], ['Handcuffs'], ['Knuckleduster']])('Star 2024 16.5.3: "%s" is refused', (description) => {
    const error = spec.given([]).when(createPromotion({ prizes: [cashPrize('kit', 20_000, { kind: 'goods', description })] })).thenThrows('PRIZE_FORBIDDEN', 'Star 2024 16.5.3');
    expect(error.field).toBe('prizes[0].description');
  });
});

describe('Star 16.5 with 16.7.5, 16.7.11: the terms items describing the prize are screened', () => {
  it.each([
    ['natureOfPrize', 'A hunting rifle and ammunition', 'Star 2024 16.5.2'],
    ['prizeDetails', 'Includes a box of cigars', 'Star 2024 16.5.1'],
    ['prizeDetails', 'Includes 30 litres of wine', 'Star 2024 16.5.4'],
    ['natureOfPrize', 'An extendable baton', 'Star 2024 16.5.3'],
  ])('Star 2024 16.5: terms.%s "%s" is refused naming terms.<item>', (key, text, clause) => {
    const terms = { ...COMPLETE_TERMS, [key]: text };
    const error = spec.given([]).when(createPromotion({ terms })).thenThrows('PRIZE_FORBIDDEN', clause);
    expect(error.field).toBe(`terms.${key}`);
  });

  it('Star 2024 16.7.11: terms naming 12 x 750 ml of wine are allowed when the wine prize states its total (16.5.4)', () => {
    const terms = { ...COMPLETE_TERMS, prizeDetails: 'First prize $20,000; second a case of 12 x 750 ml wine' };
    const prizes = (liquorMillilitres?: number) => [cashPrize('first', 2_000_000), cashPrize('wine', 50_000, { kind: 'goods', description: 'Wine', ...(liquorMillilitres === undefined ? {} : { liquorMillilitres }) })];
    spec.given([]).when(createPromotion({ terms, prizes: prizes(9_000) })).thenEvents((e) => expect(e[0].type).toBe('PromotionCreated'));
    expect(spec.given([]).when(createPromotion({ terms, prizes: prizes() })).thenThrows('LIQUOR_TOTAL_REQUIRED', 'Star 2024 16.5.4').field).toBe('prizes[1].liquorMillilitres');
    expect(spec.given([]).when(createPromotion({ terms, prizes: prizes(6_000) })).thenThrows('LIQUOR_TOTAL_UNDERSTATED', 'Star 2024 16.5.4').message).toContain('terms.prizeDetails');
  });
});

describe('Star 16.11, 16.12.1: the edition in force on the date of the decision or amendment', () => {
  const SPANNING = { startsAt: '2024-05-10T09:00:00+10:00', entriesCloseAt: '2024-06-30T21:00:00+10:00', drawAt: '2024-06-30T22:00:00+10:00' };
  const created = createPromotion({ schedule: SPANNING, now: '2024-05-01T10:00:00+10:00' });
  const running: PromotionCommand[] = [created, grant('p1', 1, '2024-05-12T10:00:00+10:00')];
  const postpone = (decidedAt: string) => ({ type: 'ReportCompromise' as const, action: 'postponed' as const, reason: 'entry terminal tampered', decidedAt, inspectorNotifiedAt: null, now: '2024-05-17T10:00:00+10:00' });

  it('Star 2024 16.11: a postponement of a Star 2021 promotion decided from Sydney midnight on 16 May 2024 owes notice within 48 hours; one minute earlier, immediately (Star 2021 16.11)', () => {
    expect(created.schedule.startsAt).toBe(SPANNING.startsAt);
    spec.given(history(...running)).when(postpone('2024-05-15T23:59:00+10:00')).thenThrows('INSPECTOR_NOT_NOTIFIED', 'Star 2021 16.11');
    spec.given(history(...running)).when(postpone('2024-05-16T00:00:00+10:00')).thenEvents((e) => expect(e[0]).toMatchObject({ type: 'PromotionDrawCompromised', inspectorNoticeDueBy: '2024-05-17T14:00:00.000Z', clause: 'Star 2024 16.11' }));
    const postponed = history(...running, postpone('2024-05-16T00:00:00+10:00'));
    spec.given(postponed).when({ type: 'NotifyInspector', notifiedAt: '2024-05-17T09:00:00+10:00', now: '2024-05-17T10:00:00+10:00' }).thenEvents((e) => expect(e[0]).toMatchObject({ onTime: true, clause: 'Star 2024 16.11' }));
  });

  it('Star 2024 16.12.1: terms of a Star 2021 promotion amended from 16 May 2024 (Sydney) are resubmitted, and entries wait for it; amended the day before, not (Star 2021)', () => {
    const amend = (now: string) => ({ type: 'AmendTerms' as const, terms: COMPLETE_TERMS, prizes: created.prizes, reason: 'typo', now });
    spec.given(history(...running)).when(amend('2024-05-15T23:59:00+10:00')).thenEvents((e) => expect(e[0]).toMatchObject({ resubmissionRequired: false }));
    spec.given(history(...running)).when(amend('2024-05-16T00:00:00+10:00')).thenEvents((e) => expect(e[0]).toMatchObject({ resubmissionRequired: true, clause: 'Star 2024 16.12.1' }));
    spec.given(history(...running)).when(amend('2026-03-01T10:00:00+11:00')).thenEvents((e) => expect(e[0]).toMatchObject({ resubmissionRequired: true, clause: 'Star 2024 16.12.1' }));
    const amended = history(...running, amend('2024-05-16T00:00:00+10:00'));
    spec.given(amended).when(grant('p2', 1, '2024-05-17T10:00:00+10:00')).thenThrows('TERMS_RESUBMISSION_PENDING', 'Star 2024 16.12.1');
  });
});

describe('Star 16.11: a compromise decided before the promotion existed', () => {
  it('Star 2024 16.11: decidedAt before the promotion was created is refused naming decidedAt; at its creation it is accepted', () => {
    const created = createPromotion({ promotionId: 'late', schedule: { startsAt: '2026-12-01T09:00:00+11:00', entriesCloseAt: '2026-12-20T21:00:00+11:00', drawAt: '2026-12-20T22:00:00+11:00' }, now: '2026-11-27T11:51:00Z' });
    const report = (decidedAt: string) => ({ type: 'ReportCompromise' as const, action: 'postponed' as const, reason: 'seed leaked', decidedAt, inspectorNotifiedAt: null, now: '2026-11-27T12:00:00Z' });
    const error = spec.given(history(created)).when(report('2026-11-20T20:00:00+11:00')).thenThrows('DECISION_BEFORE_PROMOTION', 'Star 2024 16.11');
    expect(error.field).toBe('decidedAt');
    spec.given(history(created)).when(report('2026-11-27T22:51:00+11:00')).thenEvents((e) => expect(e[0]).toMatchObject({ type: 'PromotionDrawCompromised', decidedAt: '2026-11-27T22:51:00+11:00' }));
  });
});

describe("Star 16.11: the inspector notice follows the edition in force on the decision's Sydney date, also for a promotion that commenced under a later edition", () => {
  // Commences 30 minutes into 16 May 2024 (Star 2024), recorded after it commenced, terms issued on 1 May.
  const y5 = () =>
    history(
      createPromotion({
        promotionId: 'Y5',
        schedule: { startsAt: '2024-05-16T00:30:00+10:00', entriesCloseAt: '2024-05-30T21:00:00+10:00', drawAt: '2024-05-30T22:00:00+10:00' },
        now: '2024-05-17T10:00:00+10:00',
        recordedAfterCommencement: { evidence: 'NICC lodgement receipt', termsIssuedAt: '2024-05-01T10:00:00+10:00' },
      }),
    );
  const report = (o: { decidedAt: string; inspectorNotifiedAt: string | null }): PromotionCommand => ({ type: 'ReportCompromise', action: 'postponed', reason: 'entry terminal tampered', ...o, now: '2024-05-17T12:00:00+10:00' });

  it('Star 2021 16.11: decided on 15 May 2024 (Sydney), before Star 2024 took effect: the inspectorate is notified immediately, so the decision without the notice is refused', () => {
    expect(y5()[0]).toMatchObject({ rulebookId: 'star-sydney-2024' });
    const error = spec.given(y5()).when(report({ decidedAt: '2024-05-15T23:00:00+10:00', inspectorNotifiedAt: null })).thenThrows('INSPECTOR_NOT_NOTIFIED', 'Star 2021 16.11');
    expect(error.field).toBe('inspectorNotifiedAt');
  });

  it('Star 2021 16.11: decided at 23:59:59 on 15 May, the inspector told at 01:00 on 16 May is late (not "within 48 hours")', () => {
    spec.given(y5()).when(report({ decidedAt: '2024-05-15T23:59:59+10:00', inspectorNotifiedAt: '2024-05-16T01:00:00+10:00' }))
      .thenEvents((e) => expect(e[0]).toMatchObject({ clause: 'Star 2021 16.11', inspectorNoticeOnTime: false }));
    // Decided on 16 May: Star 2024's 48 hours.
    spec.given(y5()).when(report({ decidedAt: '2024-05-16T00:00:00+10:00', inspectorNotifiedAt: '2024-05-16T01:00:00+10:00' }))
      .thenEvents((e) => expect(e[0]).toMatchObject({ clause: 'Star 2024 16.11', inspectorNoticeOnTime: true }));
  });
});

describe('Star 16.11: a compromise reported with the inspector notice and no decidedAt was decided no later than that notice', () => {
  const open2021 = () => history(created2021, grant('p1', 1, '2023-06-02T10:00:00+10:00'));
  it('Star 2021 16.11: the notice sent at the client\'s now, recorded a moment later, is taken as given with the decision (on time)', () => {
    spec.given(open2021()).when({ type: 'ReportCompromise', action: 'postponed', reason: 'seed leaked', inspectorNotifiedAt: '2023-06-10T10:00:00.000+10:00', now: '2023-06-10T10:00:00.350+10:00' })
      .thenEvents((e) => expect(e[0]).toMatchObject({ decidedAt: '2023-06-10T10:00:00.000+10:00', inspectorNoticeOnTime: true, clause: 'Star 2021 16.11' }));
  });
});

describe('Star 16.5.4: a prize including liquor states its total volume, totalled from the counts its texts give, at most 20 litres', () => {
  const goods = (over: Partial<PromotionPrize>) => createPromotion({ prizes: [cashPrize('cellar', 50_000, { kind: 'goods', description: 'Cellar', contents: [], ...over })] });

  it.each([
    [{ description: '36 bottles of wine (750 ml each)' }, 'prizes[0].description'],
    [{ description: 'Three dozen bottles of shiraz, 750 ml each' }, 'prizes[0].description'],
    [{ description: '2 dozen bottles of champagne (1.5 L each)' }, 'prizes[0].description'],
    [{ contents: ['36 x 750ml wine'] }, 'prizes[0].contents[0]'],
    [{ contents: ['3 cartons of 24 x 375 ml beer'] }, 'prizes[0].contents[0]'],
    [{ contents: ['36 750ml bottles of merlot'] }, 'prizes[0].contents[0]'],
    [{ contents: ['27 bottles of wine (750 ml)'] }, 'prizes[0].contents[0]'],
    [{ contents: ['30 cans of beer, 750ml'] }, 'prizes[0].contents[0]'],
    // Each item of the contents is one part of the prize: together 24 litres.
    [{ contents: ['12 x 750 ml shiraz', '12 x 750 ml chardonnay', '6 x 1 L vodka'] }, 'prizes[0].contents'],
  ] as [Partial<PromotionPrize>, string][])('Star 2024 16.5.4: %j totals more than 20 litres: refused naming the field', (over, field) => {
    const error = spec.given([]).when(goods(over)).thenThrows('PRIZE_FORBIDDEN', 'Star 2024 16.5.4');
    expect(error.field).toBe(field);
  });

  it('Star 2024 16.5.4: counts that total 20 litres or less, with the total stated, are allowed', () => {
    for (const over of [
      { description: '24 bottles of wine (750 ml each)', liquorMillilitres: 18_000 },
      { description: 'A dozen bottles of wine, 750 ml each', liquorMillilitres: 9_000 },
      { contents: ['a carton of 24 x 375 ml beer'], liquorMillilitres: 9_000 },
      { contents: ['12 x 750 ml shiraz', '12 x 750 ml chardonnay'], liquorMillilitres: 18_000 },
      { description: 'Penfolds Grange 2018 bottle (750 ml)', liquorMillilitres: 750 },
      { description: 'Wine hamper', contents: ['6 x 750 ml riesling', 'cheese board'], liquorMillilitres: 4_500 },
      { description: '6 bottles of wine and 750 ml of gin', liquorMillilitres: 1_500 },
      { description: 'Gin-infused chocolates and champagne flutes' },
    ] as Partial<PromotionPrize>[]) {
      spec.given([]).when(goods(over)).thenEvents((e) => expect(e[0].type).toBe('PromotionCreated'));
    }
  });

  it('Star 2024 16.5.4: liquor named without a quantity (contents ["whisky"]) is refused naming the field and saying how to state it; with liquorMillilitres it stands', () => {
    for (const liquor of ['whisky', 'wine', 'beer', 'spirits', 'a bottle of gin']) {
      const error = spec.given([]).when(goods({ contents: [liquor] })).thenThrows('LIQUOR_TOTAL_REQUIRED', 'Star 2024 16.5.4');
      expect(error.field).toBe('prizes[0].liquorMillilitres');
      expect(error.message).toMatch(/prizes\[0\]\.contents\[0\]/);
      expect(error.message).toMatch(/12 x 750 ml/);
    }
    spec.given([]).when(goods({ description: 'Bourbon tasting pack' })).thenThrows('LIQUOR_TOTAL_REQUIRED', 'Star 2024 16.5.4');
    spec.given([]).when(goods({ contents: ['whisky'], liquorMillilitres: 700 })).thenEvents((e) => expect(e[0].type).toBe('PromotionCreated'));
    // liquorMillilitres 0 says a text naming liquor is no liquor the prize holds; a content naming liquor is liquor.
    spec.given([]).when(goods({ description: 'Beer brewing kit', liquorMillilitres: 0 })).thenEvents((e) => expect(e[0].type).toBe('PromotionCreated'));
    spec.given([]).when(goods({ contents: ['whisky'], liquorMillilitres: 0 })).thenThrows('LIQUOR_TOTAL_REQUIRED', 'Star 2024 16.5.4');
    // Not liquor: a wine glass set, a beer fridge.
    spec.given([]).when(goods({ contents: ['wine glasses', 'beer fridge'] })).thenEvents((e) => expect(e[0].type).toBe('PromotionCreated'));
  });
});

describe('Star 16.5.4: a prize whose texts name liquor states its total in liquorMillilitres; the texts only cross-check it', () => {
  const goods = (over: Partial<PromotionPrize>) => createPromotion({ prizes: [cashPrize('hamper', 50_000, { kind: 'goods', description: 'Hamper', contents: [], ...over })] });

  it.each([
    ['3 cartons of beer (24 x 375 ml)', 27_000],
    ['6 cases (12 x 750 ml) of wine', 54_000],
    ['10 six-packs of beer (375 ml cans)', 22_500],
    ['21,000 ml of wine', 21_000],
    ['20 500 ml of wine', 20_500],
    ['1 x 21 L keg', 21_000],
  ])('Star 2024 16.5.4: "%s" reads %d ml, over 20 litres: refused, stated total or not', (description, ml) => {
    for (const stated of [{}, { liquorMillilitres: 20_000 }, { liquorMillilitres: 9_000 }]) {
      const error = spec.given([]).when(goods({ description, ...stated })).thenThrows('PRIZE_FORBIDDEN', 'Star 2024 16.5.4');
      expect(error.message).toContain(`${ml / 1000} litres`);
    }
  });

  it('Star 2024 16.5.4: liquor named (a hamper of 12 x 750 ml wine, a keg, a cask, a six-pack, a carton of beer) without liquorMillilitres is refused naming the field and saying how to state it', () => {
    for (const over of [{ description: 'Hamper with 12 x 750 ml wine' }, { contents: ['keg'] }, { description: 'A cask' }, { contents: ['six-pack'] }, { contents: ['carton of beer'] }, { description: 'A 20 L keg of beer' }] as Partial<PromotionPrize>[]) {
      const error = spec.given([]).when(goods(over)).thenThrows('LIQUOR_TOTAL_REQUIRED', 'Star 2024 16.5.4');
      expect(error.field).toBe('prizes[0].liquorMillilitres');
      expect(error.message).toMatch(/liquorMillilitres/);
      expect(error.message).toMatch(/20000|20,000/);
    }
  });

  it('Star 2024 16.5.4: the stated total stands when the texts read no more; texts reading more than it are refused naming both', () => {
    spec.given([]).when(goods({ description: 'Hamper with 12 x 750 ml wine', liquorMillilitres: 9_000 })).thenEvents((e) => expect(e[0]).toMatchObject({ prizes: [{ liquorMillilitres: 9_000 }] }));
    spec.given([]).when(goods({ contents: ['keg of beer'], liquorMillilitres: 19_000 })).thenEvents((e) => expect(e[0].type).toBe('PromotionCreated'));
    spec.given([]).when(goods({ description: '20 500 ml bottles of wine', liquorMillilitres: 10_000 })).thenEvents((e) => expect(e[0].type).toBe('PromotionCreated'));
    const error = spec.given([]).when(goods({ description: 'Hamper with 12 x 750 ml wine', liquorMillilitres: 5_000 })).thenThrows('LIQUOR_TOTAL_UNDERSTATED', 'Star 2024 16.5.4');
    expect(error.field).toBe('prizes[0].liquorMillilitres');
    expect(error.message).toContain('prizes[0].description');
    expect(error.message).toContain('9000 ml');
    expect(error.message).toContain('5000 ml');
    // Over the limit whatever the texts say.
    spec.given([]).when(goods({ description: 'A keg', liquorMillilitres: 20_001 })).thenThrows('PRIZE_FORBIDDEN', 'Star 2024 16.5.4');
  });

  it('Star 2024 16.5.4: the public record shows the stated total (liquorMillilitres, or whole litres)', () => {
    const recordOf = (over: Partial<PromotionPrize>) => {
      let events: readonly PromotionEvent[] = [];
      spec.given([]).when(goods(over)).thenEvents((e) => (events = e));
      return drawRecord(events.reduce(promotionDecider.evolve, promotionDecider.initialState()));
    };
    expect(recordOf({ description: 'Hamper with 12 x 750 ml wine', liquorMillilitres: 9_000 }).prizes[0]).toMatchObject({ liquorMillilitres: 9_000, liquorTotalMillilitres: 9_000 });
    expect(recordOf({ description: 'A keg of beer', liquorLitres: 19 }).prizes[0]).toMatchObject({ liquorTotalMillilitres: 19_000 });
  });
});

describe('Star 16.5.4: the texts are a cross-check that never refuses a lawful prize, and reads standard sizes, number words and other units', () => {
  const goods = (over: Partial<PromotionPrize>) => createPromotion({ prizes: [cashPrize('hamper', 50_000, { kind: 'goods', description: 'Hamper', contents: [], ...over })] });
  const allowed = (over: Partial<PromotionPrize>) => {
    spec.given([]).when(goods(over)).thenEvents((e) => expect(e[0].type).toBe('PromotionCreated'));
  };

  it.each([
    [{ description: 'Dinner for 2 incl. a bottle of wine (750 ml)', liquorMillilitres: 750 }],
    [{ description: 'Dinner for 2 with a bottle of wine', liquorMillilitres: 750 }],
    [{ contents: ['24 cans of ginger beer 375ml'], liquorMillilitres: 0 }],
    [{ contents: ['24 x 375ml non-alcoholic beer'], liquorMillilitres: 0 }],
    [{ contents: ['12 bottles of non-alcoholic wine 750ml'], liquorMillilitres: 0 }],
    [{ contents: ['12 bottles of alcohol-free sparkling wine 750ml'], liquorMillilitres: 0 }],
    [{ contents: ['24 x 375ml 0.0% lager'], liquorMillilitres: 0 }],
    [{ description: 'A bottle of whisky', liquorMillilitres: 700 }],
    [{ description: 'A case of 6 bottles of wine', liquorMillilitres: 4_500 }],
    [{ description: 'Wine\u00a0hamper: 12\u00a0x\u00a0750\u00a0ml shiraz', liquorMillilitres: 9_000 }],
    [{ description: 'A can of ginger beer and a bottle of wine', liquorMillilitres: 750 }],
    [{ description: 'Magnum ice creams and a bottle of wine', liquorMillilitres: 750 }],
    [{ description: 'Wooden wine case and stubby holders', liquorMillilitres: 0 }],
    [{ description: 'Two-night stay for two with a bottle of champagne', liquorMillilitres: 750 }],
  ] as [Partial<PromotionPrize>][])('Star 2024 16.5.4: %j is lawful and allowed', (over) => {
    allowed(over);
  });

  it.each([
    ['3 cases of wine', 27_000],
    ['40 bottles of wine', 30_000],
    ['3 cartons of beer', 27_000],
    ['3 slabs of beer', 27_000],
    ['Two dozen bottles of shiraz', 18_000 + 0],
    ['Thirty bottles of wine', 22_500],
    ['Two hundred cans of beer', 75_000],
    ['Twenty-one litres of wine', 21_000],
    ['Seventy-five cans of beer (375 ml)', 28_125],
    ['210 dl of wine', 21_000],
    ['40 pints of beer', 22_720],
    ['5 gallons of beer', 22_730],
    ['A Nebuchadnezzar and two magnums of champagne', 18_000],
    ['6 jeroboams of champagne', 18_000],
    ['6 casks of wine', 24_000],
    ['4 packs of 24 beers (375ml)', 36_000],
    ['12 x 6pk beer 375ml', 27_000],
    ['\uff13\uff10 x 750 ml wine', 22_500],
    ['30\u00a0x\u00a0750\u00a0ml wine', 22_500],
  ])('Star 2024 16.5.4: "%s" reads %d ml', (description, ml) => {
    if (ml > 20_000) {
      const error = spec.given([]).when(goods({ description, liquorMillilitres: 20_000 })).thenThrows('PRIZE_FORBIDDEN', 'Star 2024 16.5.4');
      expect(error.message).toContain(`${ml / 1000} litres`);
    } else {
      allowed({ description, liquorMillilitres: ml });
      spec.given([]).when(goods({ description, liquorMillilitres: ml - 1 })).thenThrows('LIQUOR_TOTAL_UNDERSTATED', 'Star 2024 16.5.4');
    }
  });

  it('Star 2024 16.5.4: an understated total ("A case of wine" at 750 ml) is refused LIQUOR_TOTAL_UNDERSTATED; at 9,000 ml it stands', () => {
    const error = spec.given([]).when(goods({ description: 'A case of wine', liquorMillilitres: 750 })).thenThrows('LIQUOR_TOTAL_UNDERSTATED', 'Star 2024 16.5.4');
    expect(error.field).toBe('prizes[0].liquorMillilitres');
    allowed({ description: 'A case of wine', liquorMillilitres: 9_000 });
    spec.given([]).when(goods({ contents: ['a carton of beer', 'a stubby of beer'], liquorMillilitres: 9_000 })).thenThrows('LIQUOR_TOTAL_UNDERSTATED', 'Star 2024 16.5.4');
  });

  it('Star 2024 16.5.4: the items of contents add up; a description or detail, which may restate them, is read on its own; the largest reading is the least the prize holds', () => {
    // A hamper's description restating its contents is one case of wine, not two: a lawful prize is never refused.
    allowed({ description: 'Hamper: 12 x 750 ml wine', contents: ['12 x 750 ml wine'], liquorMillilitres: 9_000 });
    spec.given([]).when(goods({ description: 'Hamper', contents: ['12 x 750 ml shiraz', '12 x 750 ml whisky'], liquorMillilitres: 9_000 })).thenThrows('LIQUOR_TOTAL_UNDERSTATED', 'Star 2024 16.5.4');
    spec.given([]).when(goods({ description: '24 x 750 ml shiraz', details: { extra: '12 x 750 ml whisky' }, contents: [], liquorMillilitres: 9_000 })).thenThrows('LIQUOR_TOTAL_UNDERSTATED', 'Star 2024 16.5.4');
    spec.given([]).when(goods({ description: 'Hamper', contents: ['15 x 750 ml shiraz', '15 x 750 ml chardonnay'], liquorMillilitres: 20_000 })).thenThrows('PRIZE_FORBIDDEN', 'Star 2024 16.5.4');
  });
});
