import type { TournamentTerms } from '@app/contracts';
import { deciderSpec } from '@app/testing';
import { DIRECTOR, T0, bankerWins, completeTerms, coupStarted, firstCard, heatUnderWay, play, readyForFirstSession, settled, startSessionAt, stateOf, wagers } from './tournament-fixtures';
import { tournamentDecider } from './tournament.decider';
import type { TournamentCommand } from './tournament-command.types';
import { prizePoolOf } from './tournament-rules.decider';
import { tournamentView } from './tournament.cqrs';
import type { TournamentEvent } from './tournament.events';

/** Six entries at $100, $50 the casino added, a $15 buy-in for each session (Star 15.3.1, 15.3.2, 15.6.2). */
const terms = (): TournamentTerms =>
  completeTerms({ prizePool: { addedValueCents: 5_000, entryFeesIncluded: true, guaranteedCents: null, minimumEntries: null }, buyIns: { buyInCents: 1_500, reBuyCents: null, addOnCents: null } });
const start = startSessionAt('h1', 'heat', ['e1', 'e2', 'e3', 'e4', 'e5', 'e6'], { buyInNotProvided: ['e4'] });
const disqualify: TournamentCommand = { type: 'Disqualify', actor: DIRECTOR, now: T0, entryId: 'e3', reason: 'contravention', description: 'Exchanged chips with another player.' };
const cancel: TournamentCommand = { type: 'CancelTournament', actor: DIRECTOR, now: T0, reason: 'Storm' };

/** e4 eliminated for want of the buy-in (15.6.3), e3 disqualified (15.5.7): both forfeit what they paid in. */
const beforeCancel = (): TournamentEvent[] => play([start, disqualify], readyForFirstSession(6, 'the-star-sydney', terms()));

describe('Star 2024 15.3.4 with 15.5.7 and 15.6.3: a cancellation accounts for every cent collected, refunded or forfeited, each with its entry and clause, and the added value withdrawn', () => {
  it('refunds the entries still in and records what the eliminated and disqualified entries forfeited and the added value the casino withdrew: collected = refunded + forfeited + added value withdrawn', () => {
    const given = beforeCancel();
    const collected = prizePoolOf(stateOf(given)).collectedCents;
    // $600 of fees, five $15 buy-ins (e4 provided none) and $50 added value.
    expect(collected).toBe(72_500);
    const cancelled = play([cancel], given).find((e) => e.type === 'TournamentCancelled') as Extract<TournamentEvent, { type: 'TournamentCancelled' }>;
    expect(cancelled.refunds.map((r) => [r.entryId, r.refundCents])).toEqual([
      ['e1', 11_500],
      ['e2', 11_500],
      ['e5', 11_500],
      ['e6', 11_500],
    ]);
    expect(cancelled.accounting).toEqual({
      collectedCents: 72_500,
      refundedBeforeCents: 0,
      refundedCents: 46_000,
      refundClause: 'Star 2024 15.3.4',
      forfeitedCents: 21_500,
      forfeits: [
        { entryId: 'e3', patronId: 'P3', forfeitedCents: 11_500, clause: 'Star 2024 15.5.7; 15.6.7; 15.11.4' },
        { entryId: 'e4', patronId: 'P4', forfeitedCents: 10_000, clause: 'Star 2024 15.6.3' },
      ],
      addedValueWithdrawnCents: 5_000,
      addedValueClause: 'Star 2024 15.3.1',
    });
    expect(cancelled.accounting!.refundedCents + cancelled.accounting!.forfeitedCents + cancelled.accounting!.addedValueWithdrawnCents).toBe(cancelled.accounting!.collectedCents);
  });

  it('counts in what was collected a refund made before the cancellation (a retirement), shown apart: collected = refunded before + refunded now + forfeited + added value withdrawn', () => {
    const withRefunds = (): TournamentTerms => ({ ...terms(), refunds: { lateWithdrawalPercent: 0, retirementPercent: 50, disqualificationPercent: 0, cancellationPercent: 100 } });
    const given = play([start, disqualify], readyForFirstSession(6, 'the-star-sydney', withRefunds()));
    const collected = prizePoolOf(stateOf(given)).collectedCents;
    const retired = play([{ type: 'Retire', actor: DIRECTOR, now: T0, entryId: 'e2' }], given);
    const before = stateOf(retired).entries.e2.refundedCents;
    expect(before).toBeGreaterThan(0);
    const a = (play([cancel], retired).find((e) => e.type === 'TournamentCancelled') as Extract<TournamentEvent, { type: 'TournamentCancelled' }>).accounting!;
    expect(a.collectedCents).toBe(collected);
    expect(a.refundedBeforeCents).toBe(before);
    expect(a.refundedBeforeCents! + a.refundedCents + a.forfeitedCents + a.addedValueWithdrawnCents).toBe(a.collectedCents);
  });

  it('shows the same figures in the tournament view once cancelled, where the pool and what was collected read 0', () => {
    const view = tournamentView(stateOf(play([cancel], beforeCancel())), 1);
    expect(view.prizePoolCents).toBe(0);
    expect(view.cancellation).toMatchObject({ collectedCents: 72_500, refundedCents: 46_000, forfeitedCents: 21_500, addedValueWithdrawnCents: 5_000, reason: 'Storm', cancelledAt: T0 });
  });
});

describe('Star 2024 15.3.4: a cancelled tournament decides nothing more: what its tables report after the cancellation is noted for the director, not applied', () => {
  const cancelled = (): TournamentEvent[] => play([cancel], heatUnderWay(6));
  const coup: TournamentCommand[] = [coupStarted('c9'), wagers('c9', [[1, 20]]), firstCard('c9'), bankerWins('c9'), settled('c9', [[1, 20, 19]])];

  it('scores no coup, disqualifies and eliminates nobody, and notes each table event for the Tournament Manager with the cancellation clause', () => {
    const before = stateOf(cancelled());
    const events = play(coup, cancelled()).slice(cancelled().length);
    expect(events.map((e) => e.type)).toEqual(coup.map(() => 'TournamentTablePlayIgnored'));
    expect(events[0]).toMatchObject({ tableId: 'T1', coupId: 'c9', tableEvent: 'coup-started', clause: 'Star 2024 15.3.4' });
    const after = stateOf(play(coup, cancelled()));
    expect(after.sessions.h1).toEqual(before.sessions.h1);
    expect(after.entries).toEqual(before.entries);
  });

  it('refuses a pass card, an undisclosed wager and a disqualification after the cancellation (409 TOURNAMENT_CANCELLED)', () => {
    const given = play([coupStarted('c9')], heatUnderWay(6));
    const later = play([cancel], given);
    for (const c of [
      { type: 'PlayPassCard', actor: DIRECTOR, now: T0, tableId: 'T1', coupId: 'c9', entryId: 'e1' },
      { type: 'RecordUndisclosedWager', actor: DIRECTOR, now: T0, tableId: 'T1', coupId: 'c9', entryId: 'e1', form: { bet: 'banker', amount: 50 } },
      { type: 'Disqualify', actor: DIRECTOR, now: T0, entryId: 'e3', reason: 'contravention', description: 'x' },
    ] as TournamentCommand[]) {
      deciderSpec(tournamentDecider).given(later).when(c).thenThrows('TOURNAMENT_CANCELLED');
    }
  });
});

describe('Star 2024 15.3.4: the cancelled tournament read whole states one figure of what was collected', () => {
  it('the pool holds nothing and its definition points to the cancellation, which states what was collected, so no two figures disagree', () => {
    const events = play([cancel], beforeCancel());
    const view = tournamentView(stateOf(events), events.length) as unknown as { prizePoolCents: number; prizePoolDefinition: string; cancellation: { collectedCents: number } };
    expect(view.prizePoolCents).toBe(0);
    expect(view.prizePoolDefinition).toContain(`What was collected (${view.cancellation.collectedCents} cents) was refunded, forfeited or`);
    expect(view.prizePoolDefinition).toContain('Star 2024 15.3.4');
  });
});
