import { coupStarted, heatUnderWay, play, stateOf } from '../tournament/tournament-fixtures';
import { standingsOf } from './standings';

describe('the tournament floor standings (Star 2024 15.10.2)', () => {
  it('Star 2024 15.10.2: players on equal chips share a rank, and the next player takes the place after them all', () => {
    const events = play([coupStarted('c1')], heatUnderWay(6));
    const table = standingsOf(stateOf(events), 1).session!.tables[0];
    // Six players on 1,000 chips each: all first.
    expect(table.players.map((p) => p.rank)).toEqual([1, 1, 1, 1, 1, 1]);
  });

  it('names no patron: the standings are shown on the floor and streamed without a token', () => {
    const state = stateOf(play([coupStarted('c1')], heatUnderWay(6)));
    const declared = { ...state, results: { ...(state.results ?? {}), placings: [{ place: 1, entryId: 'e1', patronId: 'P-secret-1' }] } } as unknown as typeof state;
    const standings = standingsOf(declared, 1);
    expect(standings.placings).toEqual([{ place: 1, entryId: 'e1' }]);
    expect(JSON.stringify(standings)).not.toContain('P-secret-1');
  });
});
