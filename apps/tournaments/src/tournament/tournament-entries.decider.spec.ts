import type { TournamentTerms } from '@app/contracts';
import { deciderSpec } from '@app/testing';
import { DIRECTOR, T0, completeTerms, enter, play, publish, stateOf } from './tournament-fixtures';
import { tournamentDecider } from './tournament.decider';
import type { TournamentEvent } from './tournament.events';

const spec = deciderSpec(tournamentDecider);
const published = (terms = completeTerms(), operator = 'the-star-sydney') => play([publish(operator, terms)]);

describe('Tournament entries', () => {
  it('puts every entry fee into the prize pool on top of the added value (Star 2024 15.3.1-15.3.2)', () => {
    spec.given(published()).when(enter(1)).then([
      { type: 'TournamentEntryAccepted', tournamentId: 'cup', entryId: 'e1', patronId: 'P1', employee: false, feeCents: 10_000, prizePoolAfterCents: 60_000, enteredAt: T0, clause: 'Star 2024 15.3.2' },
    ]);
  });

  it('Star 2024 15.5.8: the display name the director gives an entry is recorded with it, for the floor board (none given: none recorded)', () => {
    spec.given(published()).when(enter(1, { displayName: 'Alice K.' })).thenEvents((out) => expect(out[0]).toMatchObject({ type: 'TournamentEntryAccepted', entryId: 'e1', displayName: 'Alice K.' }));
    expect(stateOf(play([enter(1, { displayName: 'Alice K.' })], published())).entries.e1.displayName).toBe('Alice K.');
    spec.given(published()).when(enter(2)).thenEvents((out) => expect(out[0]).not.toHaveProperty('displayName'));
  });

  it('refuses a person not entitled to gamble (Star 2024 15.4.2(h)(i); Crown Melbourne 14.4.2(a)(ii))', () => {
    spec.given(published()).when(enter(1, { entitledToGamble: false })).thenThrows('NOT_ELIGIBLE', 'Star 2024 15.4.2(h)(i)');
    spec.given(published(completeTerms(), 'crown-melbourne')).when(enter(1, { entitledToGamble: false })).thenThrows('NOT_ELIGIBLE', 'Crown Melbourne 14.4.2(a)(ii)');
  });

  it('refuses an entry beyond the maximum number of players (Star 2024 15.4.2(i))', () => {
    const full = play([publish('the-star-sydney', completeTerms({ players: { minimum: 1, maximum: 2 } })), enter(1), enter(2)]);
    spec.given(full).when(enter(3)).thenThrows('TOURNAMENT_FULL', 'Star 2024 15.4.2(i)');
  });

  it('accepts an employee entry only with the record of a charity or media event approved by the COO or CEO before it (Crown Melbourne 14.4.2(a)(v))', () => {
    const approval = { eventKind: 'media' as const, approvedBy: 'chief-executive-officer' as const, reference: 'CEO-2026-11', approvedAt: '2026-02-01T00:00:00.000Z' };
    const crown = (employeeParticipation?: Partial<typeof approval> | null) => published(completeTerms(employeeParticipation === undefined ? {} : { employeeParticipation: employeeParticipation as typeof approval }), 'crown-melbourne');
    spec.given(crown()).when(enter(1, { employee: true })).thenThrows('EMPLOYEE_ENTRY_NOT_APPROVED', 'Crown Melbourne 14.4.2(a)(v)');
    spec.given(crown(null)).when(enter(1, { employee: true })).thenThrows('EMPLOYEE_ENTRY_NOT_APPROVED', 'Crown Melbourne 14.4.2(a)(v)');
    spec.given(crown({ ...approval, reference: ' ' })).when(enter(1, { employee: true })).thenThrows('EMPLOYEE_ENTRY_NOT_APPROVED', 'Crown Melbourne 14.4.2(a)(v)');
    // Given before the tournament, but after the employee enters: not yet given (one given after the start is refused with the terms).
    spec.given(crown({ ...approval, approvedAt: '2026-02-28T12:00:00.000Z' })).when(enter(1, { employee: true, now: '2026-02-28T10:00:00.000Z' })).thenThrows('EMPLOYEE_ENTRY_NOT_APPROVED', 'Crown Melbourne 14.4.2(a)(v)');
    spec.given(crown(approval)).when(enter(1, { employee: true })).thenEvents((events) => expect(events[0]).toMatchObject({ type: 'TournamentEntryAccepted', employee: true }));
    spec.given(crown()).when(enter(2)).thenEvents((events) => expect(events[0]).toMatchObject({ employee: false }));
  });

  it('refuses a fee other than the terms state', () => {
    spec.given(published()).when(enter(1, { feePaidCents: 5_000 })).thenThrows('ENTRY_FEE_INCORRECT');
  });

  it('refuses an application only where the terms reserve the right (Star 2024 15.4.2(h)(ii))', () => {
    const refusal = { type: 'RefuseEntry' as const, actor: DIRECTOR, now: T0, patronId: 'P9', reason: 'Selection criteria not met' };
    spec.given(published()).when(refusal).thenThrows('REFUSAL_NOT_RESERVED', 'Star 2024 15.4.2(h)(ii)');
    const reserved = completeTerms({ statements: { ...completeTerms().statements, refusal: 'The Star may refuse any application.' } });
    spec.given(published(reserved)).when(refusal).thenEvents((events) => expect(events[0]).toMatchObject({ type: 'TournamentEntryRefused', patronId: 'P9' }));
  });

  it('refunds a withdrawal within the period the terms give, and takes the fee out of the pool (Star 2024 15.4.2(i))', () => {
    const given = play([enter(1)], published());
    spec
      .given(given)
      .when({ type: 'WithdrawEntry', actor: DIRECTOR, now: '2026-02-20T00:00:00.000Z', entryId: 'e1' })
      .thenEvents((events) => expect(events[0]).toMatchObject({ refundCents: 10_000, prizePoolAfterCents: 50_000, clause: 'Star 2024 15.4.2(i)' }));
  });

  it('refunds nothing after the withdrawal period: the fee stays in the pool (Star 2024 15.3.2)', () => {
    const given = play([enter(1)], published());
    spec
      .given(given)
      .when({ type: 'WithdrawEntry', actor: DIRECTOR, now: '2026-02-28T00:00:00.000Z', entryId: 'e1' })
      .thenEvents((events) => expect(events[0]).toMatchObject({ refundCents: 0, prizePoolAfterCents: 60_000, clause: 'Star 2024 15.3.2' }));
  });

  it('Rapid 12.3.3: a substitute approved by the Tournament Director cites the clause that allows it', () => {
    const rapid = play([
      publish('crown-melbourne', completeTerms({ compulsoryWager: { consequence: 'minimum-deducted' }, orderOfWagering: null }), { game: 'rapid-baccarat', regulatorApproval: { reference: 'VCGR-1', approvedAt: '2026-02-01' } }),
      enter(1),
    ]);
    spec
      .given(rapid)
      .when({ type: 'SubstituteEntry', actor: DIRECTOR, now: T0, entryId: 'e1', patronId: 'P7', entitledToGamble: true, employee: false })
      .thenEvents((events) => expect(events[0]).toMatchObject({ type: 'TournamentEntrySubstituted', clause: 'Rapid 12.3.3' }));
  });

  it('lets a substitute take an entry where the terms allow (Crown Melbourne 14.4.2(d)), and refuses one not entitled to gamble', () => {
    const given = play([enter(1)], published(completeTerms(), 'crown-melbourne'));
    const sub = { type: 'SubstituteEntry' as const, actor: DIRECTOR, now: T0, entryId: 'e1', patronId: 'P7', entitledToGamble: true, employee: false };
    spec.given(given).when(sub).thenEvents((events) => expect(events[0]).toMatchObject({ type: 'TournamentEntrySubstituted', previousPatronId: 'P1', patronId: 'P7', clause: 'Crown Melbourne 14.4.2(d)' }));
    spec.given(given).when({ ...sub, entitledToGamble: false }).thenThrows('NOT_ELIGIBLE');
    const noSubs = play([enter(1)], published(completeTerms({ substitutes: { allowed: false } }), 'crown-melbourne'));
    spec.given(noSubs).when(sub).thenThrows('SUBSTITUTES_NOT_ALLOWED', 'Crown Melbourne 14.4.2(d)');
  });

  it('Crown Melbourne 14.4.2(d): where the terms state the period within which a substitute may be nominated, a nomination after it is refused naming the period and the clause; within it, and where the terms state none, it is taken', () => {
    const terms = (nominateUntil?: string) => completeTerms({ substitutes: { allowed: true, ...(nominateUntil ? { nominateUntil } : {}) } });
    const sub = { type: 'SubstituteEntry' as const, actor: DIRECTOR, entryId: 'e1', patronId: 'P7', entitledToGamble: true, employee: false };
    const bounded = play([enter(1)], published(terms('2026-02-28T13:00:00.000Z'), 'crown-melbourne'));
    spec.given(bounded).when({ ...sub, now: '2026-02-28T13:00:00.001Z' }).thenThrows('SUBSTITUTION_PERIOD_ENDED', 'Crown Melbourne 14.4.2(d)');
    spec.given(bounded).when({ ...sub, now: '2026-02-28T13:00:00.000Z' }).thenEvents((events) => expect(events[0]).toMatchObject({ type: 'TournamentEntrySubstituted', patronId: 'P7' }));
    spec.given(play([enter(1)], published(terms(), 'crown-melbourne'))).when({ ...sub, now: T0 }).thenEvents((events) => expect(events[0]).toMatchObject({ type: 'TournamentEntrySubstituted' }));
  });

  it('refuses to close entries below the minimum number of players, and applies the guarantee only with the minimum entries (Star 2024 15.3.3)', () => {
    const terms = completeTerms({ players: { minimum: 2, maximum: 18 }, prizePool: { addedValueCents: 0, entryFeesIncluded: true, guaranteedCents: 100_000, minimumEntries: 3 } });
    const close = { type: 'CloseEntries' as const, actor: DIRECTOR, now: T0 };
    spec.given(play([enter(1)], published(terms))).when(close).thenThrows('TOO_FEW_ENTRIES', 'Star 2024 15.3.3');
    spec.given(play([enter(1), enter(2)], published(terms))).when(close).thenEvents((events) => expect(events[0]).toMatchObject({ guaranteeApplies: false, prizePoolCents: 20_000 }));
    spec.given(play([enter(1), enter(2), enter(3)], published(terms))).when(close).thenEvents((events) => expect(events[0]).toMatchObject({ guaranteeApplies: true, prizePoolCents: 100_000 }));
  });

  // Terms stating another cancellation refund are refused now (REFUND_NOT_AS_RULES); terms recorded before still say it.
  const statingRefunds = (events: TournamentEvent[], refunds: NonNullable<TournamentTerms['refunds']>): TournamentEvent[] =>
    events.map((e) => (e.type === 'TournamentTermsPublished' ? { ...e, terms: { ...e.terms, refunds } } : e));

  it('refunds every entry fee when the tournament is cancelled (Star 2024 15.3.4), whatever terms recorded before it was refused said', () => {
    const given = play([enter(1), enter(2)], statingRefunds(published(completeTerms()), { lateWithdrawalPercent: 0, retirementPercent: 0, disqualificationPercent: 0, cancellationPercent: 0 }));
    spec
      .given(given)
      .when({ type: 'CancelTournament', actor: DIRECTOR, now: T0, reason: 'Too few entries' })
      .thenEvents((events) => {
        expect(events[0]).toMatchObject({ type: 'TournamentCancelled', clause: 'Star 2024 15.3.4', refunds: [{ entryId: 'e1', refundCents: 10_000 }, { entryId: 'e2', refundCents: 10_000 }] });
      });
  });

  it('Star 2024 15.3.4: after cancellation each entry shows the refund it was given (refundedCents), added to what a withdrawal refunded before', () => {
    const given = play([enter(1), enter(2), { type: 'CancelTournament', actor: DIRECTOR, now: T0, reason: 'Too few entries' }], published(completeTerms()));
    const s = stateOf(given);
    expect([s.entries.e1.refundedCents, s.entries.e2.refundedCents]).toEqual([10_000, 10_000]);
  });

  it('refunds on cancellation the fee a late withdrawal left in the pool, and nothing twice for a withdrawal already refunded (Star 2024 15.3.4; 15.3.2)', () => {
    const late = '2026-02-28T00:00:00.000Z';
    const withdraw = (entryId: string, now: string) => ({ type: 'WithdrawEntry' as const, actor: DIRECTOR, now, entryId });
    const given = play([enter(1), enter(2), enter(3), withdraw('e2', late), withdraw('e3', '2026-02-20T00:00:00.000Z')], published());
    spec
      .given(given)
      .when({ type: 'CancelTournament', actor: DIRECTOR, now: T0, reason: 'Fire alarm' })
      .thenEvents((events) => {
        expect(events[0]).toMatchObject({
          type: 'TournamentCancelled',
          clause: 'Star 2024 15.3.4',
          refunds: [
            { entryId: 'e1', patronId: 'P1', refundCents: 10_000 },
            { entryId: 'e2', patronId: 'P2', refundCents: 10_000 },
          ],
        });
      });
  });

  it('refunds on cancellation the part of a fee a late withdrawal kept, whatever the fee (Star 2024 15.3.4)', () => {
    const terms = completeTerms({ entryFee: 7_500 });
    const given = play(
      [enter(1, { feePaidCents: 7_500 }), enter(2, { feePaidCents: 7_500 }), { type: 'WithdrawEntry', actor: DIRECTOR, now: '2026-02-28T00:00:00.000Z', entryId: 'e1' }],
      statingRefunds(published(terms), { lateWithdrawalPercent: 40, retirementPercent: 0, disqualificationPercent: 0, cancellationPercent: 0 }),
    );
    expect(given[given.length - 1]).toMatchObject({ type: 'TournamentEntryWithdrawn', refundCents: 3_000 });
    spec
      .given(given)
      .when({ type: 'CancelTournament', actor: DIRECTOR, now: T0, reason: 'Storm' })
      .thenEvents((events) => expect(events[0]).toMatchObject({ refunds: [{ entryId: 'e1', refundCents: 4_500 }, { entryId: 'e2', refundCents: 7_500 }] }));
  });

  it('refunds on cancellation what the terms say where the rulebook leaves it to them (Crown Melbourne 14.4.8(a)(iv))', () => {
    const given = play([enter(1)], published(completeTerms({ refunds: { lateWithdrawalPercent: 0, retirementPercent: 0, disqualificationPercent: 0, cancellationPercent: 50 } }), 'crown-melbourne'));
    spec
      .given(given)
      .when({ type: 'CancelTournament', actor: DIRECTOR, now: T0, reason: 'Venue unavailable' })
      .thenEvents((events) => expect(events[0]).toMatchObject({ clause: 'Crown Melbourne 14.4.8(a)(iv)', refunds: [{ refundCents: 5_000 }] }));
    expect(stateOf(play([{ type: 'CancelTournament', actor: DIRECTOR, now: T0, reason: 'x' }], given)).status).toBe('cancelled');
  });
});
