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

  it('Star 2024 15.4.2(j) / Crown Melbourne 14.4.7(b): the standings show each prize place nobody filled, unpaid, as the tournament view and the report do', () => {
    const state = stateOf(play([coupStarted('c1')], heatUnderWay(6)));
    const prizes = { type: 'TournamentPrizesDistributed', tournamentId: 'cup', prizePoolCents: 90_000, payments: [{ place: 1, entryId: 'e1', patronId: 'P1', amountCents: 45_000 }], totalCents: 45_000, unfilled: [{ place: 2, basisPoints: 3_000, amountCents: 27_000 }, { place: 3, basisPoints: 2_000, amountCents: 18_000 }], unfilledCents: 45_000, distributedAt: '2026-05-20T10:00:00.000Z', clause: 'Star 2024 15.4.2(j)' };
    const standings = standingsOf({ ...state, prizes } as unknown as typeof state, 1);
    expect(standings.unfilledPrizes).toEqual([{ place: 2, basisPoints: 3_000, amountCents: 27_000, paid: false }, { place: 3, basisPoints: 2_000, amountCents: 18_000, paid: false }]);
    expect(JSON.stringify(standings)).not.toContain('P1');
  });

  it('Star 2024 15.3.2: the standings show each prize with its own share and what the unfilled places added, and why (the clause)', () => {
    const state = stateOf(play([coupStarted('c1')], heatUnderWay(6)));
    const redistributed = { places: [{ place: 3, basisPoints: 2_000, amountCents: 22_000 }], cents: 22_000, rule: 'in proportion to their shares', clause: 'Star 2024 15.3.2' };
    const payments = [
      { place: 1, prizePlace: 1, entryId: 'e3', patronId: 'P3', shareCents: 55_000, amountCents: 68_750 },
      { place: 2, prizePlace: 2, entryId: 'e1', patronId: 'P1', shareCents: 33_000, amountCents: 41_250 },
    ];
    const prizes = { type: 'TournamentPrizesDistributed', tournamentId: 'cup', prizePoolCents: 110_000, payments, totalCents: 110_000, unfilled: [], unfilledCents: 0, redistributed, distributedAt: '2026-05-20T10:00:00.000Z', clause: 'Star 2024 15.4.2(j); Star 2024 15.3.2' };
    const standings = standingsOf({ ...state, prizes } as unknown as typeof state, 1);
    expect(standings.prizes).toEqual([
      { place: 1, prizePlace: 1, entryId: 'e3', shareCents: 55_000, amountCents: 68_750 },
      { place: 2, prizePlace: 2, entryId: 'e1', shareCents: 33_000, amountCents: 41_250 },
    ]);
    expect(standings.unfilledPrizes).toEqual([]);
    expect(standings.prizeRedistribution).toEqual({ places: [{ place: 3, basisPoints: 2_000, amountCents: 22_000 }], cents: 22_000, rule: 'in proportion to their shares', clause: 'Star 2024 15.3.2' });
  });
});
