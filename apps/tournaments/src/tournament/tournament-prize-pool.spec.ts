import type { TournamentTerms } from '@app/contracts';
import { standingsOf } from '../standings/standings';
import { tournamentView } from './tournament.cqrs';
import { DIRECTOR, T0, completeTerms, enter, play, publish, stateOf, ofType } from './tournament-fixtures';


/** Six entries at 10 000 cents each, then entries closed, under the given pool terms. */
const closed = (prizePool: NonNullable<TournamentTerms['prizePool']>, entries = 6) =>
  play([publish('the-star-sydney', completeTerms({ prizePool })), ...Array.from({ length: entries }, (_, i) => enter(i + 1)), { type: 'CloseEntries', actor: DIRECTOR, now: T0 }]);

describe('Star 2024 15.3.1-15.3.3: one prize pool, the same in the API, the standings, the events and the reports', () => {
  it('states the guaranteed pool wherever the guarantee applies and is more than the fees and added value collected (Star 2024 15.3.3)', () => {
    const events = closed({ addedValueCents: 0, entryFeesIncluded: true, guaranteedCents: 500_000, minimumEntries: 6 });
    const s = stateOf(events);
    const view = tournamentView(s, events.length);
    expect(ofType(events, 'TournamentEntriesClosed')[0].prizePoolCents).toBe(500_000);
    expect(view).toMatchObject({ prizePoolCents: 500_000, collectedCents: 60_000, guaranteedCents: 500_000, guaranteeApplies: true });
    expect(view.prizePoolDefinition).toContain('Star 2024 15.3.3');
    expect(standingsOf(s, events.length).prizePoolCents).toBe(500_000);
  });

  it('states what was collected where that is more than the guarantee, and where the guarantee does not apply (Star 2024 15.3.2-15.3.3)', () => {
    const more = closed({ addedValueCents: 50_000, entryFeesIncluded: true, guaranteedCents: 80_000, minimumEntries: 6 });
    expect(tournamentView(stateOf(more), 0)).toMatchObject({ prizePoolCents: 110_000, collectedCents: 110_000, guaranteeApplies: true });
    const short = closed({ addedValueCents: 0, entryFeesIncluded: true, guaranteedCents: 500_000, minimumEntries: 7 }, 6);
    expect(ofType(short, 'TournamentEntriesClosed')[0].prizePoolCents).toBe(60_000);
    expect(tournamentView(stateOf(short), 0)).toMatchObject({ prizePoolCents: 60_000, collectedCents: 60_000, guaranteeApplies: false });
  });
});
