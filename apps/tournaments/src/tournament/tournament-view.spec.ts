import type { TournamentCommand } from './tournament-command.types';
import { DIRECTOR, T0, enter, play, publish, stateOf } from './tournament-fixtures';
import { tournamentView } from './tournament.cqrs';

describe('The tournament as the director and the regulator read it', () => {
  it('Star 2024 15.3.4: once cancelled, the view states what was collected as the cancellation accounts for it (one figure), and the pool holds nothing', () => {
    const cancel: TournamentCommand = { type: 'CancelTournament', actor: DIRECTOR, now: T0, reason: 'Storm' };
    const state = stateOf(play([publish(), enter(1), enter(2), enter(3), cancel]));
    const view = tournamentView(state, 5);
    const accounted = (view.cancellation as { collectedCents: number }).collectedCents;
    expect(accounted).toBeGreaterThan(0);
    expect(view.collectedCents).toBe(accounted);
    expect(view.prizePoolCents).toBe(0);
    expect(view.prizePoolDefinition).toContain(`${accounted} cents`);
  });
});
