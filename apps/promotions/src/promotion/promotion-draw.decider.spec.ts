/**
 * The draw nobody can steer (Star 16.7.1 manner of award, 16.7.10 results published, 16.7.11 prizes, 16.11
 * compromised draws), played as the operator's attacks: a seed searched once the entry list is known, a
 * re-commitment after a postponement, prizes reordered after the commitment. Each is refused, or left in the
 * public record for anyone to see.
 */
import type { PromotionDrawConducted } from '@app/contracts';
import { deciderSpec } from '@app/testing';
import { commitmentOf, drawWinners, entriesDigest, finalSeedOf, prizesDigest, publicEntries } from '../draw/draw';
import { drawRecord } from '../draw/draw-record';
import { CAR, cashPrize, COMPLETE_TERMS, createPromotion, SCHEDULE_2023 } from '../test-support/promotion-fixtures';
import type { PromotionCommand } from './promotion-command.types';
import { promotionDecider } from './promotion.decider';
import type { PromotionEvent, PromotionState } from './promotion.events';

const spec = deciderSpec(promotionDecider);
const OPERATOR_SEED = '0f'.repeat(32);
const SCRUTINEER_SEED = 'a5'.repeat(32);
const fold = (events: readonly PromotionEvent[]): PromotionState => events.reduce(promotionDecider.evolve, promotionDecider.initialState());
const history = (...commands: PromotionCommand[]): PromotionEvent[] => {
  const events: PromotionEvent[] = [];
  for (const command of commands) events.push(...promotionDecider.decide(command, fold(events)));
  return events;
};

// Star 2024: created 20 May, lodged 25 May, commences 1 June 09:00, entries close 30 June 21:00, draw at 22:00.
const created = createPromotion({ prizes: [cashPrize('first', 2_000_000), cashPrize('second', 500_000), cashPrize('third', 100_000)] });
const lodged: PromotionCommand = { type: 'LodgeTerms', lodgedAt: '2024-05-25T10:00:00+10:00', now: '2024-05-25T10:00:00+10:00' };
const commitOperator = (now: string, seed = OPERATOR_SEED, drawId = 'd1'): PromotionCommand => ({ type: 'CommitDraw', drawId, commitment: commitmentOf(seed), now });
const commitScrutineer = (now: string, seed = SCRUTINEER_SEED, scrutineer = 'K. Scrutineer'): PromotionCommand => ({ type: 'CommitScrutineerSeed', scrutineer, commitment: commitmentOf(seed), now });
const grant = (patronId: string, count: number, now: string): PromotionCommand => ({ type: 'GrantEntries', patronId, count, reason: 'members night (16.7.3)', now });
const draw = (now: string, seed = OPERATOR_SEED, scrutineerSeed = SCRUTINEER_SEED): PromotionCommand => ({ type: 'ConductDraw', seed, scrutineerSeed, scrutineer: null, now });
/** Twelve entries: the target patron holds one of them. */
const twelveEntries = (): PromotionCommand[] => [
  grant('TARGET', 1, '2024-06-02T10:00:00+10:00'),
  ...['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K'].map((p, i) => grant(p, 1, `2024-06-${String(3 + i).padStart(2, '0')}T10:00:00+10:00`)),
];
const CLOSED = '2024-06-30T21:05:00+10:00';
const DRAW_AT = '2024-06-30T22:00:00+10:00';

describe('the draw round: the operator commits before entries open, the scrutineer before they close (Star 16.7.1, 16.7.10)', () => {
  it('Star 2024 16.7.1: a draw committed before entries opened and contributed to by the scrutineer is drawn from both seeds and the entry digest', () => {
    const given = history(created, lodged, commitOperator('2024-05-26T10:00:00+10:00'), ...twelveEntries(), commitScrutineer('2024-06-20T10:00:00+10:00'));
    spec.given(given).when(draw(DRAW_AT)).thenEvents((events, after) => {
      const conducted = events[0] as PromotionDrawConducted;
      const open = publicEntries(after.entrantSalt, after.entries);
      const digest = entriesDigest(open);
      expect(conducted).toMatchObject({ round: 1, seed: OPERATOR_SEED, scrutineerSeed: SCRUTINEER_SEED, commitment: commitmentOf(OPERATOR_SEED), scrutineerCommitment: commitmentOf(SCRUTINEER_SEED), entriesDigest: digest, entryCount: 12, scrutineer: 'K. Scrutineer' });
      expect(conducted.finalSeed).toBe(finalSeedOf(OPERATOR_SEED, SCRUTINEER_SEED, digest));
      const rerun = drawWinners({ seed: conducted.finalSeed!, entries: open, prizeIds: ['first', 'second', 'third'], onePrizePerPatron: true });
      expect(conducted.winners.map((w) => w.entryId)).toEqual(rerun.map((w) => w.entryId));
    });
  });

  it('Star 2024 16.7.1: the operator commitment binds the entry rules and the prizes in order, and publishes their digests', () => {
    spec.given(history(created, lodged)).when(commitOperator('2024-05-26T10:00:00+10:00')).thenEvents((events) =>
      expect(events[0]).toMatchObject({ type: 'PromotionDrawOperatorCommitted', round: 1, prizesDigest: prizesDigest(created.prizes), entriesBefore: 0, afterEntriesOpened: false, clause: 'Star 2024 16.7.1' }),
    );
  });

  it('Star 2024 16.7.1: a commitment once entries have opened is refused (the operator would know who entered)', () => {
    spec.given(history(created, lodged)).when(commitOperator('2024-06-01T09:00:00+10:00')).thenThrows('COMMITMENT_AFTER_ENTRIES_OPENED', 'Star 2024 16.7.1');
  });

  it('Star 2024 16.7.10: the draw needs the scrutineer contribution; one made after entries closed is refused', () => {
    const given = history(created, lodged, commitOperator('2024-05-26T10:00:00+10:00'), ...twelveEntries());
    spec.given(given).when(draw(DRAW_AT)).thenThrows('SCRUTINEER_COMMITMENT_REQUIRED', 'Star 2024 16.7.10');
    spec.given(given).when(commitScrutineer(CLOSED)).thenThrows('SCRUTINEER_COMMITMENT_TOO_LATE', 'Star 2024 16.7.10');
  });

  it('Star 2021 16.7.1: the scrutineer contribution comes after the operator commitment, and each revealed seed must match its commitment', () => {
    const c2021 = createPromotion({ schedule: SCHEDULE_2023, now: '2023-05-20T10:00:00+10:00' });
    spec.given(history(c2021)).when(commitScrutineer('2023-05-21T10:00:00+10:00')).thenThrows('DRAW_NOT_COMMITTED', 'Star 2021 16.7.1');
    const given = history(c2021, commitOperator('2023-05-21T10:00:00+10:00'), grant('p1', 2, '2023-06-02T10:00:00+10:00'), commitScrutineer('2023-06-03T10:00:00+10:00'));
    spec.given(given).when(draw('2023-06-30T22:00:00+10:00', OPERATOR_SEED, 'b6'.repeat(32))).thenThrows('SEED_DOES_NOT_MATCH_COMMITMENT');
    spec.given(given).when(draw('2023-06-30T22:00:00+10:00', 'c7'.repeat(32))).thenThrows('SEED_DOES_NOT_MATCH_COMMITMENT');
    spec.given(given).when(draw('2023-06-30T22:00:00+10:00')).thenEvents((e) => expect(e[0]).toMatchObject({ type: 'PromotionDrawConducted', clause: 'Star 2021 16.7.1; Star 2021 16.2' }));
  });
});

describe("the operator's attacks, refused or public (Star 16.7.1, 16.7.10, 16.7.11, 16.11)", () => {
  it('Star 2024 16.7.1, 16.7.10: a seed searched after entries close, to make the patron with 1 of 12 entries win, is refused or decides nothing', () => {
    const honest = history(created, lodged, commitOperator('2024-05-26T10:00:00+10:00'), ...twelveEntries(), commitScrutineer('2024-06-20T10:00:00+10:00'));
    const state = fold(honest);
    const open = publicEntries(state.entrantSalt, state.entries);
    const target = open[0].patronId;
    // The search: seeds tried until the superseded scheme (winners from the operator's seed alone) picks the target.
    let searched = '';
    for (let i = 0; i < 500 && !searched; i++) {
      const seed = i.toString(16).padStart(64, '0');
      if (drawWinners({ seed, entries: open, prizeIds: ['first'], onePrizePerPatron: true })[0].patronId === target) searched = seed;
    }
    expect(searched).not.toBe('');
    // Committing it now is refused: the entry list is known.
    const noRound = history(created, lodged, ...twelveEntries());
    spec.given(noRound).when(commitOperator(CLOSED, searched)).thenThrows('COMMITMENT_AFTER_ENTRIES_OPENED', 'Star 2024 16.7.1');
    // Revealing it instead of the committed seed is refused.
    spec.given(honest).when(draw(DRAW_AT, searched)).thenThrows('SEED_DOES_NOT_MATCH_COMMITMENT');
    // And the searched seed alone decides nothing: with the scrutineer's seed, unknown to the operator, the winner varies.
    const winnersByScrutineer = new Set(
      Array.from({ length: 12 }, (_, i) => drawWinners({ seed: finalSeedOf(searched, i.toString(16).padStart(2, '0').repeat(32), entriesDigest(open)), entries: open, prizeIds: ['first'], onePrizePerPatron: true })[0].patronId),
    );
    expect(winnersByScrutineer.size).toBeGreaterThan(1);
  });

  it('Star 2024 16.7.1, 16.7.11: prizes reordered, added or changed after the commitment are refused; other terms may still be amended', () => {
    const given = history(created, lodged, commitOperator('2024-05-26T10:00:00+10:00'));
    const [first, second, third] = created.prizes;
    const amend = (prizes: typeof created.prizes, terms = COMPLETE_TERMS): PromotionCommand => ({ type: 'AmendTerms', terms, prizes, reason: 'marketing change', now: '2024-05-27T10:00:00+10:00' });
    spec.given(given).when(amend([second, first, third])).thenThrows('PRIZES_BOUND_BY_COMMITMENT', 'Star 2024 16.7.11');
    spec.given(given).when(amend([first, second, third, cashPrize('fourth', 50_000)])).thenThrows('PRIZES_BOUND_BY_COMMITMENT');
    spec.given(given).when(amend([{ ...first, valueCents: 1_900_000 }, second, third])).thenThrows('PRIZES_BOUND_BY_COMMITMENT');
    spec.given(given).when(amend(created.prizes, { ...COMPLETE_TERMS, claimMethod: 'Claim within 30 days' })).thenEvents((e) => expect(e[0].type).toBe('PromotionTermsAmended'));
  });

  it('Star 2024 16.11, 16.7.10: a postponed draw is re-committed only after its round is revealed; the new round needs a fresh scrutineer contribution; both rounds stay public', () => {
    const postponed = history(
      created,
      lodged,
      commitOperator('2024-05-26T10:00:00+10:00'),
      ...twelveEntries(),
      commitScrutineer('2024-06-20T10:00:00+10:00'),
      { type: 'ReportCompromise', action: 'postponed', reason: 'draw barrel unsealed', inspectorNotifiedAt: '2024-06-30T21:30:00+10:00', now: '2024-06-30T21:30:00+10:00' },
    );
    const newSeed = '3c'.repeat(32);
    spec.given(postponed).when(commitOperator('2024-07-01T09:00:00+10:00', newSeed, 'd2')).thenThrows('PROMOTION_POSTPONED');
    // Validation waits for the round's reveal: the abandoned commitment never vanishes unexplained.
    spec.given(postponed).when({ type: 'ValidateIntegrity', reason: 'audit clean', now: '2024-07-01T09:00:00+10:00' }).thenThrows('DRAW_ROUND_NOT_REVEALED', 'Star 2024 16.11');
    spec.given(postponed).when({ type: 'AbandonDrawRound', seed: '99'.repeat(32), scrutineerSeed: SCRUTINEER_SEED, reason: 'postponed', now: '2024-07-01T09:00:00+10:00' }).thenThrows('SEED_DOES_NOT_MATCH_COMMITMENT');
    const abandoned = [...postponed, ...promotionDecider.decide({ type: 'AbandonDrawRound', seed: OPERATOR_SEED, scrutineerSeed: SCRUTINEER_SEED, reason: 'postponed: barrel unsealed', now: '2024-07-01T09:00:00+10:00' }, fold(postponed))];
    expect(abandoned.at(-1)).toMatchObject({ type: 'PromotionDrawRoundAbandoned', round: 1, operatorSeed: OPERATOR_SEED, scrutineerSeed: SCRUTINEER_SEED, clause: 'Star 2024 16.11' });
    const validated = [...abandoned, ...promotionDecider.decide({ type: 'ValidateIntegrity', reason: 'audit clean', now: '2024-07-01T10:00:00+10:00' }, fold(abandoned))];
    const recommitted = [...validated, ...promotionDecider.decide(commitOperator('2024-07-01T11:00:00+10:00', newSeed, 'd2'), fold(validated))];
    expect(recommitted.at(-1)).toMatchObject({ type: 'PromotionDrawOperatorCommitted', round: 2, afterEntriesOpened: true, entriesBefore: 12 });
    // The round-1 scrutineer seed does not serve again: round 2 needs a contribution committed after its operator commitment.
    spec.given(recommitted).when(draw('2024-07-01T12:00:00+10:00', newSeed)).thenThrows('SCRUTINEER_COMMITMENT_REQUIRED');
    const scrutineerSeed2 = '7e'.repeat(32);
    const ready = [...recommitted, ...promotionDecider.decide(commitScrutineer('2024-07-01T11:30:00+10:00', scrutineerSeed2, 'NICC Inspector R. Roe'), fold(recommitted))];
    spec.given(ready).when(draw('2024-07-01T12:00:00+10:00', newSeed, scrutineerSeed2)).thenEvents((events, after) => {
      expect(events[0]).toMatchObject({ round: 2, drawId: 'd2', scrutineer: 'NICC Inspector R. Roe' });
      const record = drawRecord(after);
      expect(record.rounds).toEqual([
        expect.objectContaining({ round: 1, drawId: 'd1', outcome: 'abandoned', operatorCommitment: commitmentOf(OPERATOR_SEED), operatorSeed: OPERATOR_SEED, scrutineerSeed: SCRUTINEER_SEED, afterEntriesOpened: false }),
        expect.objectContaining({ round: 2, drawId: 'd2', outcome: 'drawn', operatorSeed: newSeed, scrutineer: 'NICC Inspector R. Roe', scrutineerSeed: scrutineerSeed2, afterEntriesOpened: true }),
      ]);
      expect(JSON.stringify(record)).not.toContain('TARGET');
    });
  });

  it('Star 2024 16.11: the draw, the validation and a new commitment wait while the Inspector notice is due', () => {
    const postponed = history(
      created,
      lodged,
      commitOperator('2024-05-26T10:00:00+10:00'),
      grant('p1', 1, '2024-06-02T10:00:00+10:00'),
      { type: 'ReportCompromise', action: 'postponed', reason: 'terminal tampered', inspectorNotifiedAt: null, now: '2024-06-10T10:00:00+10:00' },
      { type: 'AbandonDrawRound', seed: OPERATOR_SEED, scrutineerSeed: null, reason: 'postponed', now: '2024-06-10T11:00:00+10:00' },
    );
    expect(postponed.at(-1)).toMatchObject({ type: 'PromotionDrawRoundAbandoned', scrutineerCommitment: null, scrutineerSeed: null });
    spec.given(postponed).when({ type: 'ValidateIntegrity', reason: 'audit clean', now: '2024-06-11T10:00:00+10:00' }).thenThrows('INSPECTOR_NOTICE_DUE', 'Star 2024 16.11');
    const told = [...postponed, ...promotionDecider.decide({ type: 'NotifyInspector', notifiedAt: '2024-06-11T09:00:00+10:00', now: '2024-06-11T09:05:00+10:00' }, fold(postponed))];
    spec.given(told).when({ type: 'ValidateIntegrity', reason: 'audit clean', now: '2024-06-11T10:00:00+10:00' }).thenEvents((e) => expect(e[0].type).toBe('PromotionIntegrityValidated'));
  });

  it('Star 2024 16.11: a round given up before entries open is revealed in the record, and the next commitment again precedes the entries', () => {
    const given = history(created, lodged, commitOperator('2024-05-26T10:00:00+10:00'));
    const abandoned = [...given, ...promotionDecider.decide({ type: 'AbandonDrawRound', seed: OPERATOR_SEED, scrutineerSeed: null, reason: 'prize list corrected', now: '2024-05-27T10:00:00+10:00' }, fold(given))];
    spec.given(abandoned).when(commitOperator('2024-05-28T10:00:00+10:00', '44'.repeat(32), 'd2')).thenEvents((e) => expect(e[0]).toMatchObject({ round: 2, afterEntriesOpened: false }));
    // Once entries are open, a round is given up only through 16.11 (postponed or cancelled).
    const running = history(created, lodged, commitOperator('2024-05-26T10:00:00+10:00'), grant('p1', 1, '2024-06-02T10:00:00+10:00'));
    spec.given(running).when({ type: 'AbandonDrawRound', seed: OPERATOR_SEED, scrutineerSeed: null, reason: 'want another', now: '2024-06-03T10:00:00+10:00' }).thenThrows('ROUND_ABANDONED_ONLY_WHEN_COMPROMISED', 'Star 2024 16.11');
  });
});

describe("the operator's attacks an audit played (Star 2024 16.7.1, 16.7.10, 16.11)", () => {
  const AGM = 'area-manager-1';
  const byAgm = (c: PromotionCommand): PromotionCommand => ({ ...c, committedBy: AGM } as PromotionCommand);

  it('Star 2024 16.7.1: a commitment made before, for this or any promotion and in either role, is refused: its seed is, or may become, known', () => {
    const committed = history(created, lodged, commitOperator('2024-05-26T10:00:00+10:00'));
    spec.given(committed).when({ ...commitScrutineer('2024-06-20T10:00:00+10:00'), commitmentUsedBefore: true } as PromotionCommand).thenThrows('COMMITMENT_REUSED', 'Star 2024 16.7.10');
    spec.given(history(created, lodged)).when({ ...commitOperator('2024-05-26T10:00:00+10:00'), commitmentUsedBefore: true } as PromotionCommand).thenThrows('COMMITMENT_REUSED', 'Star 2024 16.7.1');
  });

  it("Star 2024 16.7.10: the scrutineer's commitment is not recorded by whoever made the operator's", () => {
    const committed = history(created, lodged, byAgm(commitOperator('2024-05-26T10:00:00+10:00')));
    spec.given(committed).when(byAgm(commitScrutineer('2024-06-20T10:00:00+10:00'))).thenThrows('SCRUTINEER_NOT_INDEPENDENT', 'Star 2024 16.7.10');
    spec.given(committed).when({ ...commitScrutineer('2024-06-20T10:00:00+10:00'), committedBy: 'nicc-inspector-1' } as PromotionCommand).thenEvents((e) => expect(e[0].type).toBe('PromotionDrawScrutineerCommitted'));
  });

  it("Star 2024 16.2, 16.7.10: the scrutineer's commitment comes from the inspector, never from the operator's staff: a second casino manager, or any role dealer to casino manager, is refused (403) naming the rule and who may", () => {
    const committed = history(created, lodged, { ...commitOperator('2024-05-26T10:00:00+10:00'), committedBy: 'cm-a' } as PromotionCommand);
    const recordedBy = (id: string, roles: string[]) => ({ ...commitScrutineer('2024-06-20T10:00:00+10:00'), committedBy: id, recorderRoles: roles }) as PromotionCommand;
    const refused = spec.given(committed).when(recordedBy('cm-b', ['casino-manager'])).thenThrows('SCRUTINEER_NOT_INDEPENDENT', 'Star 2024 16.2; Star 2024 16.7.10');
    expect(refused.kind).toBe('forbidden');
    expect(refused.message).toContain("Inspector (Star 2024 1.1 'Inspector')");
    for (const role of ['dealer', 'gaming-supervisor', 'area-manager', 'casino-manager']) {
      spec.given(committed).when(recordedBy(`${role}-2`, [role])).thenThrows('SCRUTINEER_NOT_INDEPENDENT', 'Star 2024 16.2; Star 2024 16.7.10');
    }
    // An inspector's token that also holds an operator role is the operator's staff too.
    spec.given(committed).when(recordedBy('dual-1', ['regulator', 'area-manager'])).thenThrows('SCRUTINEER_NOT_INDEPENDENT');
    spec.given(committed).when(recordedBy('nicc-inspector-1', ['regulator'])).thenEvents((e) => expect(e[0]).toMatchObject({ type: 'PromotionDrawScrutineerCommitted', recordedBy: 'nicc-inspector-1', recordedAs: 'regulator' }));
    // Star 2021 alike (its 16.2 and 16.7.10).
    const earlier = history(createPromotion({ schedule: SCHEDULE_2023, now: '2023-05-20T10:00:00+10:00' }), { ...commitOperator('2023-05-26T10:00:00+10:00'), committedBy: 'cm-a' } as PromotionCommand);
    spec.given(earlier).when({ ...commitScrutineer('2023-06-20T10:00:00+10:00'), committedBy: 'cm-b', recorderRoles: ['casino-manager'] } as PromotionCommand).thenThrows('SCRUTINEER_NOT_INDEPENDENT', 'Star 2021 16.2; Star 2021 16.7.10');
  });

  it("Star 2024 16.7.10: a recorded-late promotion's scrutineer still commits before entries close, once the entry list could be searched", () => {
    const late = createPromotion({ recordedAfterCommencement: { evidence: 'NICC lodgement receipt', termsIssuedAt: '2024-05-20T10:00:00+10:00' }, now: '2024-06-05T10:00:00+10:00' } as Partial<typeof created>);
    const given = history(late, { type: 'LodgeTerms', lodgedAt: '2024-05-25T10:00:00+10:00', now: '2024-06-05T10:00:00+10:00' }, commitOperator('2024-06-05T11:00:00+10:00'));
    spec.given(given).when(commitScrutineer(CLOSED)).thenThrows('SCRUTINEER_COMMITMENT_TOO_LATE');
  });

  it('Star 2024 16.11: an inspector cannot have been told of a postponement before it was decided', () => {
    const postponed = history(created, lodged, commitOperator('2024-05-26T10:00:00+10:00'), { type: 'ReportCompromise', action: 'postponed', reason: 'shuffler fault', inspectorNotifiedAt: null, now: '2024-06-10T10:00:00+10:00' });
    spec.given(postponed).when({ type: 'NotifyInspector', notifiedAt: '2024-06-09T10:00:00+10:00', now: '2024-06-10T11:00:00+10:00' }).thenThrows('NOTICE_BEFORE_DECISION', 'Star 2024 16.11');
    spec.given(postponed).when({ type: 'NotifyInspector', notifiedAt: '2024-06-10T10:30:00+10:00', now: '2024-06-10T11:00:00+10:00' }).thenEvents((e) => expect(e[0]).toMatchObject({ type: 'PromotionInspectorNotified', onTime: true }));
  });

  it('Star 2024 16.7.1, 16.7.10: the public record shows, for each commitment of every round (abandoned ones too), who made it, when, whether before entries opened (operator) or closed (scrutineer), and the reuse check', () => {
    const operator = (now: string, seed: string, drawId: string): PromotionCommand => ({ type: 'CommitDraw', drawId, commitment: commitmentOf(seed), committedBy: 'agm-1', commitmentUsedBefore: false, now });
    const scrutineer = (now: string, seed: string, name: string, committedBy: string): PromotionCommand => ({ type: 'CommitScrutineerSeed', scrutineer: name, commitment: commitmentOf(seed), committedBy, commitmentUsedBefore: false, now });
    const seed2 = '3c'.repeat(32);
    const scrutineerSeed2 = '7e'.repeat(32);
    const events = history(
      created,
      lodged,
      operator('2024-05-26T10:00:00+10:00', OPERATOR_SEED, 'd1'),
      ...twelveEntries(),
      scrutineer('2024-06-20T10:00:00+10:00', SCRUTINEER_SEED, 'K. Scrutineer', 'scrutineer-desk'),
      { type: 'ReportCompromise', action: 'postponed', reason: 'draw barrel unsealed', inspectorNotifiedAt: '2024-06-30T21:30:00+10:00', now: '2024-06-30T21:30:00+10:00' },
      { type: 'AbandonDrawRound', seed: OPERATOR_SEED, scrutineerSeed: SCRUTINEER_SEED, reason: 'postponed', now: '2024-07-01T09:00:00+10:00' },
      { type: 'ValidateIntegrity', reason: 'audit clean', now: '2024-07-01T10:00:00+10:00' },
      operator('2024-07-01T11:00:00+10:00', seed2, 'd2'),
      scrutineer('2024-07-01T11:30:00+10:00', scrutineerSeed2, 'NICC Inspector R. Roe', 'nicc-inspector'),
    );
    const record = drawRecord(fold(events));
    expect(record.commitments).toEqual([
      expect.objectContaining({ round: 1, outcome: 'abandoned', role: 'operator', committedBy: 'agm-1', commitment: commitmentOf(OPERATOR_SEED), committedAt: '2024-05-26T10:00:00+10:00', entriesOpenAt: created.schedule.startsAt, beforeEntriesOpened: true, reuseCheck: { checkedAgainst: 'every-promotion', usedBefore: false, uniqueOnThisRecord: true } }),
      expect.objectContaining({ round: 1, outcome: 'abandoned', role: 'scrutineer', committedBy: 'K. Scrutineer', recordedBy: 'scrutineer-desk', committedAt: '2024-06-20T10:00:00+10:00', entriesCloseAt: created.schedule.entriesCloseAt, beforeEntriesClosed: true, afterOperatorCommitment: true, reuseCheck: { checkedAgainst: 'every-promotion', usedBefore: false, uniqueOnThisRecord: true } }),
      // Round 2, after the postponement: committed once entries had opened (and closed), the scrutineer's after it.
      expect.objectContaining({ round: 2, outcome: 'pending', role: 'operator', committedBy: 'agm-1', committedAt: '2024-07-01T11:00:00+10:00', beforeEntriesOpened: false, afterEntriesOpened: true }),
      expect.objectContaining({ round: 2, outcome: 'pending', role: 'scrutineer', committedBy: 'NICC Inspector R. Roe', recordedBy: 'nicc-inspector', beforeEntriesClosed: false, afterOperatorCommitment: true }),
    ]);
  });
});


describe('Star 16.7.1, 16.7.11: the draw commitment binds every detail of every prize, in order', () => {
  const withCar = createPromotion({ prizes: [CAR, cashPrize('second', 500_000)] });
  const committed = () => history(withCar, lodged, commitOperator('2024-05-26T10:00:00+10:00'));
  const amend = (prizes: typeof withCar.prizes, terms = COMPLETE_TERMS): PromotionCommand => ({ type: 'AmendTerms', terms, prizes, reason: 'supplier change', now: '2024-05-27T10:00:00+10:00' });
  const car = (over: Partial<typeof CAR>) => [{ ...CAR, ...over }, cashPrize('second', 500_000)];

  it("Star 2024 16.7.11.2: once committed, the car's model, its on-road costs, accessories or its cash alternative (16.3) cannot change", () => {
    for (const change of [
      car({ details: { ...CAR.details, model: 'Camry SL' } }),
      car({ details: { ...CAR.details, onRoadCostsIncluded: 'on-road costs not included' } }),
      car({ details: { ...CAR.details, accessories: 'none' } }),
      car({ cashAlternativeCents: 3_000_000 }),
      car({ contents: ['car', 'fuel card'] }),
    ]) {
      const error = spec.given(committed()).when(amend(change)).thenThrows('PRIZES_BOUND_BY_COMMITMENT', 'Star 2024 16.7.11');
      expect(error.field).toBe('prizes');
    }
    // The other terms still change, and the same prizes (details in another key order) are the same prizes.
    spec.given(committed()).when(amend([{ ...CAR, details: Object.fromEntries(Object.entries(CAR.details).reverse()) }, cashPrize('second', 500_000)], { ...COMPLETE_TERMS, claimMethod: 'At the VIP desk' }))
      .thenEvents((e) => expect(e[0]).toMatchObject({ type: 'PromotionTermsAmended' }));
  });

  it('Star 2024 16.7.1: the commitment publishes the prizes digest version 2, over every field of each prize, and the public record carries those fields', () => {
    const events = committed();
    expect(events.at(-1)).toMatchObject({ type: 'PromotionDrawOperatorCommitted', prizesDigestVersion: 2, prizesDigest: prizesDigest(withCar.prizes, 2) });
    const record = drawRecord(fold(events));
    expect(record.rounds[0]).toMatchObject({ prizesDigestVersion: 2 });
    expect(record.prizes[0]).toMatchObject({ details: CAR.details, cashAlternativeCents: 4_000_000, contents: [], liquorLitres: 0, liquorMillilitres: null });
  });

  it('Star 2024 16.7.1: a round committed under the version 1 digest still verifies and draws; its prizes no longer change in any detail', () => {
    const old = history(withCar, lodged);
    const v1: PromotionEvent = { ...(history(withCar, lodged, commitOperator('2024-05-26T10:00:00+10:00')).at(-1) as Extract<PromotionEvent, { type: 'PromotionDrawOperatorCommitted' }>), prizesDigest: prizesDigest(withCar.prizes, 1) };
    delete (v1 as { prizesDigestVersion?: number }).prizesDigestVersion;
    const given = [...old, v1, ...history(withCar, lodged, commitOperator('2024-05-26T10:00:00+10:00'), ...twelveEntries(), commitScrutineer('2024-06-20T10:00:00+10:00')).slice(3)];
    expect(drawRecord(fold(given)).rounds[0]).toMatchObject({ prizesDigestVersion: 1 });
    spec.given(given).when(amend(car({ cashAlternativeCents: 3_000_000 }))).thenThrows('PRIZES_BOUND_BY_COMMITMENT');
    spec.given(given).when(draw(DRAW_AT)).thenEvents((e) => expect(e[0]).toMatchObject({ type: 'PromotionDrawConducted', prizesDigest: prizesDigest(withCar.prizes, 1), prizesDigestVersion: 1 }));
  });
});
