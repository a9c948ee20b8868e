import { deciderSpec } from '@app/testing';
import { distributePrizes, PRIZE_ROUNDING_RULE } from './tournament-results.decider';
import { DEALER, DIRECTOR, T0, bankerWins, completeTerms, coupStarted, dayBefore, heatUnderWay, play, playedCoup, readyForFirstSession, stateOf, termsUnder, wagers, ofType, endSession, startSessionAt } from './tournament-fixtures';
import type { TournamentCommand } from './tournament-command.types';
import { tournamentDecider } from './tournament.decider';
import type { TournamentEvent } from './tournament.events';

const spec = deciderSpec(tournamentDecider);
/** One coup on Player at T1: each [box, wager, won?] in box order. */
const coup = (id: string, lines: [box: number, amount: number, won: boolean][], result: 'player' | 'banker' = 'player'): TournamentCommand[] => playedCoup(id, lines, 'T1', result);

// e1 +100; e2 and e3 +50 (tied second); e4-e6 lose.
const heatWithTie = (terms = completeTerms(), operator = 'the-star-sydney') =>
  play(
    coup('c1', [
      [1, 100, true],
      [2, 50, true],
      [3, 50, true],
      [4, 10, false],
      [5, 10, false],
      [6, 10, false],
    ]),
    heatUnderWay(6, operator, terms),
  );

describe('Tournament results', () => {
  it('records every remaining player chip count at the session end, advances the table winners and sends a tie beyond the places to a play-off (Star 2024 15.5.8; 15.10.2-15.10.3)', () => {
    spec
      .given(heatWithTie())
      .when(endSession('h1'))
      .thenEvents((events) => {
        expect(events[0]).toMatchObject({
          type: 'TournamentSessionEnded',
          advanced: ['e1'],
          playOffs: [{ tableId: 'T1', entryIds: ['e2', 'e3'], places: 1 }],
          clause: 'Star 2024 15.5.8; Star 2024 15.10.3',
        });
        const ended = ofType(events, 'TournamentSessionEnded')[0];
        expect(ended.counts).toHaveLength(6);
        expect(ended.ranking.slice(0, 3)).toEqual([
          { entryId: 'e1', rank: 1, chips: 1_100 },
          { entryId: 'e2', rank: 2, chips: 1_050 },
          { entryId: 'e3', rank: 2, chips: 1_050 },
        ]);
      });
  });

  it('Star 2024 15.4.2(e), 15.10.1 / Crown Melbourne 14.4.3: a tournament of one deciding session starts it as the final, seating every player entered; a heat played first, only those who progressed', () => {
    // Entries closed, the table ready, nobody seated yet.
    const ready = readyForFirstSession();
    const everyone = ['e1', 'e2', 'e3', 'e4', 'e5', 'e6'];
    spec.given(ready).when(startSessionAt('f1', 'final', everyone)).thenEvents((events) => expect(events[0]).toMatchObject({ type: 'TournamentSessionStarted', kind: 'final' }));
    spec.given(ready).when(startSessionAt('f1', 'final', ['e1', 'e2'])).thenThrows('PLAYER_NOT_SEATED');
    const final = play([startSessionAt('f1', 'final', everyone), ...coup('c1', [[1, 100, true], [2, 50, true], [3, 20, true], [4, 10, false], [5, 20, false], [6, 30, false]]), endSession('f1')], ready);
    spec.given(final).when({ type: 'DeclareResults', actor: DIRECTOR, now: T0 }).thenEvents((events) => expect(ofType(events, 'TournamentResultsDeclared')[0].placings.map((p) => p.entryId).slice(0, 3)).toEqual(['e1', 'e2', 'e3']));
  });

  it('refuses to end a session while a coup is unsettled, as one to try again once the table is heard (retryLater: waited on over HTTP, never kept against an Idempotency-Key; Star 2024 15.5.8)', () => {
    const error = spec.given(play([coupStarted('c9')], heatWithTie())).when(endSession('h1')).thenThrows('COUP_IN_PROGRESS');
    expect(error).toMatchObject({ retryLater: true });
  });

  it('plays off the tie coup by coup until an order is determined, then the winner progresses (Star 2024 15.10.3)', () => {
    const afterHeat = play([endSession('h1'), startSessionAt('p1', 'play-off', ['e2', 'e3'])], heatWithTie());
    // A coup they tie again: no order yet.
    const stillTied = play(coup('p-c1', [[1, 20, true], [2, 20, true]]), afterHeat);
    expect(ofType(stillTied, 'TournamentPlayOffDecided')).toEqual([]);
    spec.given(stillTied).when(endSession('p1')).thenThrows('PLAY_OFF_UNDECIDED', 'Star 2024 15.10.3');
    const decided = play(coup('p-c2', [[1, 20, false], [2, 20, true]]), stillTied);
    expect(ofType(decided, 'TournamentPlayOffDecided')[0]).toMatchObject({ forSessionId: 'h1', order: ['e3', 'e2'], advanced: ['e3'], clause: 'Star 2024 15.10.3' });
    const next = play([endSession('p1')], decided);
    spec.given(next).when(startSessionAt('f1', 'final', ['e1'])).thenThrows('PLAYER_NOT_SEATED');
    spec.given(next).when(startSessionAt('f1', 'final', ['e1', 'e2'])).thenThrows('PLAYER_NOT_ELIGIBLE_FOR_SESSION');
    spec.given(next).when(startSessionAt('f1', 'final', ['e1', 'e3'])).thenEvents((events) => expect(events[0]).toMatchObject({ kind: 'final', issuedChips: 2_000 }));
  });

  it('plays successive heats at the same table, then seats every player who progressed from each in the final (Star 2024 15.10.1)', () => {
    const base = heatUnderWay(12).filter((e) => !(e.type === 'TournamentSessionStarted'));
    const heat = (id: string, entries: string[]) => startSessionAt(id, 'heat', entries);
    const events = play(
      [
        heat('h1', ['e1', 'e2', 'e3', 'e4', 'e5', 'e6']),
        ...coup('a1', [[1, 100, true], [2, 50, true], [3, 10, false], [4, 10, false], [5, 10, false], [6, 10, false]]),
        endSession('h1'),
        heat('h2', ['e7', 'e8', 'e9', 'e10', 'e11', 'e12']),
        ...coup('b1', [[1, 100, true], [2, 50, true], [3, 10, false], [4, 10, false], [5, 10, false], [6, 10, false]]),
        endSession('h2'),
      ],
      base,
    );
    spec.given(events).when(startSessionAt('f1', 'final', ['e1', 'e2', 'e7'])).thenThrows('PLAYER_NOT_SEATED');
    spec.given(events).when(startSessionAt('f1', 'final', ['e1', 'e2', 'e7', 'e8', 'e3'])).thenThrows('PLAYER_NOT_ELIGIBLE_FOR_SESSION');
    spec.given(events).when(startSessionAt('f1', 'final', ['e1', 'e2', 'e7', 'e8'])).thenEvents((out) => expect(out[0]).toMatchObject({ kind: 'final', issuedChips: 4_000 }));
  });

  it('refuses a play-off among players who are not tied', () => {
    spec.given(play([endSession('h1')], heatWithTie())).when(startSessionAt('p1', 'play-off', ['e1', 'e2'])).thenThrows('NO_SUCH_PLAY_OFF', 'Star 2024 15.10.3');
  });

  it('declares the winners and pays prizes adding up to the pool to the cent, the odd cent to first place (Star 2024 15.3.2; 15.4.2(j))', () => {
    const terms = completeTerms({ prizePool: { addedValueCents: 50_001, entryFeesIncluded: true, guaranteedCents: null, minimumEntries: null }, prizeDistribution: { basisPoints: [6_000, 4_000] } });
    const events = play(
      [endSession('h1'), startSessionAt('p1', 'play-off', ['e2', 'e3']), ...coup('p-c1', [[1, 20, false], [2, 20, true]]), endSession('p1'), startSessionAt('f1', 'final', ['e1', 'e3']), ...coup('f-c1', [[1, 100, false], [2, 100, true]]), endSession('f1')],
      heatWithTie(terms),
    );
    spec
      .given(events)
      .when({ type: 'DeclareResults', actor: DIRECTOR, now: T0 })
      .thenEvents((out, after) => {
        expect(out[0]).toMatchObject({ type: 'TournamentResultsDeclared', placings: [{ place: 1, entryId: 'e3' }, { place: 2, entryId: 'e1' }] });
        // 50 001 added + 6 × 10 000 fees = 110 001: 60% = 66 000.6 → 66 001 with the odd cent, 40% = 44 000.4 → 44 000.
        expect(out[1]).toMatchObject({ type: 'TournamentPrizesDistributed', prizePoolCents: 110_001, totalCents: 110_001, payments: [{ place: 1, entryId: 'e3', amountCents: 66_001 }, { place: 2, entryId: 'e1', amountCents: 44_000 }] });
        expect(after.status).toBe('completed');
      });
  });

  it('pays an employee place-getter nothing: the next eligible place-getter stands in their stead (Crown Melbourne 14.4.2(a)(v))', () => {
    const placings = [
      { place: 1, entryId: 'e9', patronId: 'P9' },
      { place: 3, entryId: 'e3', patronId: 'P3' },
      { place: 4, entryId: 'e4', patronId: 'P4' },
    ];
    // e9's place 2 was an employee's and was left out of the eligible list by the decider.
    expect(distributePrizes(100_000, [5_000, 3_000, 2_000], placings).payments.map((p) => [p.entryId, p.amountCents])).toEqual([
      ['e9', 50_000],
      ['e3', 30_000],
      ['e4', 20_000],
    ]);
  });

  it('Star 2024 15.4.2(j) / Crown Melbourne 14.4.7(b): prizes are rounded by largest remainder, equal shares equal where possible and a smaller share never paid more than a larger', () => {
    const three = (pool: number, bps: number[]) => distributePrizes(pool, bps, bps.map((_, i) => ({ place: i + 1, entryId: `e${i + 1}`, patronId: `P${i + 1}` }))).payments.map((p) => p.amountCents);
    expect(three(9_999, [3_333, 3_333, 3_334])).toEqual([3_333, 3_333, 3_333]);
    expect(three(100_001, [6_000, 4_000])).toEqual([60_001, 40_000]);
    expect(PRIZE_ROUNDING_RULE).toContain('equal shares are paid equal amounts');
    // Whatever the pool and shares: the amounts add up to the pool, and follow the shares.
    for (const pool of [1, 2, 7, 9_999, 10_001, 123_457]) {
      for (const bps of [[3_333, 3_333, 3_334], [5_000, 2_500, 2_500], [2_500, 2_500, 5_000], [4_000, 3_000, 2_000, 1_000], [1, 1, 1]]) {
        const paid = three(pool, bps);
        expect(paid.reduce((a, b) => a + b, 0)).toBe(pool);
        for (let i = 0; i < bps.length; i++) for (let j = 0; j < bps.length; j++) if (bps[i] > bps[j]) expect(paid[i]).toBeGreaterThanOrEqual(paid[j]);
      }
    }
  });

  it('Crown Melbourne 14.4.2(a)(v): each payment states the prize place it pays; a stand-in takes the place he stands in for with that place\'s amount, and the unfilled place is the one nobody fills', () => {
    // k1, an employee, finished first; k2 and k3 stand in for places 1 and 2; place 3 is nobody's.
    const { payments, unfilled } = distributePrizes(90_000, [5_000, 3_000, 2_000], [
      { place: 2, entryId: 'k2', patronId: 'P2' },
      { place: 3, entryId: 'k3', patronId: 'P3' },
    ]);
    expect(payments).toEqual([
      { place: 2, prizePlace: 1, entryId: 'k2', patronId: 'P2', amountCents: 45_000 },
      { place: 3, prizePlace: 2, entryId: 'k3', patronId: 'P3', amountCents: 27_000 },
    ]);
    expect(unfilled).toEqual([{ place: 3, basisPoints: 2_000, amountCents: 18_000 }]);
  });

  it('skips an employee who finishes first under Crown Melbourne rules (14.4.2(a)(v)) and pays the guaranteed pool with the minimum entries (Star 2024 15.3.3)', () => {
    const crown = completeTerms({ prizeDistribution: { basisPoints: [10_000] } });
    const base = heatUnderWay(6, 'crown-melbourne', crown).map((e) => (e.type === 'TournamentEntryAccepted' && e.entryId === 'e1' ? { ...e, employee: true } : e));
    const events = play([...coup('c1', [[1, 100, true], [2, 50, true], [3, 10, false], [4, 10, false], [5, 10, false], [6, 10, false]]), endSession('h1'), startSessionAt('f1', 'final', ['e1', 'e2']), ...coup('f-c1', [[1, 100, true], [2, 10, false]]), endSession('f1')], base);
    spec
      .given(events)
      .when({ type: 'DeclareResults', actor: DIRECTOR, now: T0 })
      .thenEvents((out) => {
        expect(out[0]).toMatchObject({ placings: [{ place: 1, entryId: 'e1' }, { place: 2, entryId: 'e2' }] });
        expect(out[1]).toMatchObject({ payments: [{ place: 2, entryId: 'e2', amountCents: 110_000 }], clause: 'Crown Melbourne 14.4.7(b); Crown Melbourne 14.4.2(a)(v)' });
      });
    const guaranteed = completeTerms({ prizePool: { addedValueCents: 0, entryFeesIncluded: true, guaranteedCents: 500_000, minimumEntries: 6 }, prizeDistribution: { basisPoints: [10_000] } });
    const star = play([...coup('c1', [[1, 100, true], [2, 50, true], [3, 10, false], [4, 10, false], [5, 10, false], [6, 10, false]]), endSession('h1'), startSessionAt('f1', 'final', ['e1', 'e2']), ...coup('f-c1', [[1, 100, true], [2, 10, false]]), endSession('f1')], heatUnderWay(6, 'the-star-sydney', guaranteed));
    expect(stateOf(star).guaranteeApplies).toBe(true);
    spec.given(star).when({ type: 'DeclareResults', actor: DIRECTOR, now: T0 }).thenEvents((out) => expect(out[1]).toMatchObject({ prizePoolCents: 500_000, totalCents: 500_000 }));
  });
  const disqualify = (entryId: string): TournamentCommand => ({ type: 'Disqualify', actor: DIRECTOR, now: T0, entryId, reason: 'contravention', description: 'Exchanged chips with another player' });
  const finalPlayed = (terms = completeTerms(), operator = 'the-star-sydney') =>
    play([endSession('h1'), startSessionAt('p1', 'play-off', ['e2', 'e3']), ...coup('p-c1', [[1, 20, false], [2, 20, true]]), endSession('p1'), startSessionAt('f1', 'final', ['e1', 'e3']), ...coup('f-c1', [[1, 100, false], [2, 100, true]])], heatWithTie(terms, operator));

  it('places and pays nothing to a finalist disqualified after the final: the next place-getter stands in (Star 2024 15.5.7; 15.11.4)', () => {
    const events = play([endSession('f1'), disqualify('e3')], finalPlayed());
    spec
      .given(events)
      .when({ type: 'DeclareResults', actor: DIRECTOR, now: T0 })
      .thenEvents((out) => {
        expect(out[0]).toMatchObject({ type: 'TournamentResultsDeclared', placings: [{ place: 1, entryId: 'e1' }] });
        const prizes = ofType(out, 'TournamentPrizesDistributed')[0];
        expect(prizes.payments.map((p) => p.entryId)).toEqual(['e1']);
        // Paid and unfilled shares together are the pool, to the cent.
        expect(prizes.totalCents + (prizes.unfilledCents ?? 0)).toBe(prizes.prizePoolCents);
        expect(prizes.clause).toContain('Star 2024 15.5.7; 15.11.4');
      });
  });

  it('pays nothing to a finalist disqualified during the final, whatever the prize places (Star 2024 15.5.7; 15.11.4); the one winner left takes the whole pool (15.3.2)', () => {
    const terms = completeTerms({ prizeDistribution: { basisPoints: [5_000, 3_000, 2_000] } });
    const events = play([disqualify('e1'), endSession('f1')], finalPlayed(terms));
    spec
      .given(events)
      .when({ type: 'DeclareResults', actor: DIRECTOR, now: T0 })
      .thenEvents((out) => {
        expect(out[0]).toMatchObject({ placings: [{ place: 1, entryId: 'e3' }] });
        const prizes = ofType(out, 'TournamentPrizesDistributed')[0];
        expect(prizes.payments).toEqual([expect.objectContaining({ place: 1, entryId: 'e3', amountCents: prizes.prizePoolCents })]);
      });
  });

  it('Star 2024 15.3.2: given every finalist disqualified during the final, when the director declares the results, then it is refused 409: the whole pool goes to the winners and no place can be filled, so the casino may not keep it; the director cancels with refunds (15.3.4) or the rules owner rules', () => {
    const events = play([disqualify('e1'), disqualify('e3'), endSession('f1')], finalPlayed());
    spec.given(events).when({ type: 'DeclareResults', actor: DIRECTOR, now: T0 }).thenThrows('NO_PRIZE_PLACE_FILLED', 'Star 2024 15.3.2');
    expect(() => tournamentDecider.decide({ type: 'DeclareResults', actor: DIRECTOR, now: T0 }, stateOf(events))).toThrow(/cancel the tournament.*Star 2024 15\.3\.4.*rules owner/is);
  });

  it('Crown Melbourne 14.4.7: given every finalist disqualified during the final, when the director declares the results, then nobody is placed and the whole pool is reported unfilled, as the terms state (unpaid)', () => {
    const events = play([disqualify('e1'), disqualify('e3'), endSession('f1')], finalPlayed(completeTerms(), 'crown-melbourne'));
    spec
      .given(events)
      .when({ type: 'DeclareResults', actor: DIRECTOR, now: T0 })
      .thenEvents((out) => {
        expect(out[0]).toMatchObject({ placings: [] });
        const prizes = ofType(out, 'TournamentPrizesDistributed')[0];
        expect(prizes).toMatchObject({ payments: [], totalCents: 0, unfilledCents: prizes.prizePoolCents });
      });
  });

  it('settles a final tie left to a play-off by the disqualification of one of the tied players (Crown Melbourne 14.4.2(b)(i); 14.4.8(a)(ii))', () => {
    const crown = completeTerms({ prizeDistribution: { basisPoints: [6_000, 4_000] } });
    const base = heatUnderWay(6, 'crown-melbourne', crown);
    // e1 and e2 finish the final level: a play-off would decide their places; e1 is disqualified first.
    const events = play([...coup('c1', [[1, 100, true], [2, 50, true], [3, 10, false], [4, 10, false], [5, 10, false], [6, 10, false]]), endSession('h1'), startSessionAt('f1', 'final', ['e1', 'e2']), ...coup('f-c1', [[1, 100, true], [2, 100, true]]), endSession('f1'), disqualify('e1')], base);
    spec
      .given(events)
      .when({ type: 'DeclareResults', actor: DIRECTOR, now: T0 })
      .thenEvents((out) => {
        expect(out[0]).toMatchObject({ placings: [{ place: 1, entryId: 'e2' }] });
        const prizes = ofType(out, 'TournamentPrizesDistributed')[0];
        expect(prizes.payments).toEqual([expect.objectContaining({ entryId: 'e2', amountCents: (prizes.prizePoolCents * 6) / 10 })]);
        expect(prizes.clause).toContain('Crown Melbourne 14.4.2(b)(i); 14.4.8(a)(ii)');
      });
  });
  it('Crown Melbourne 14.4.8(a)(ii): given the only finalist\'s wager voided at the table by the disqualification before no more bets, when the table completes the coup, then the coup counts as settled and the session ends', () => {
    const crown = completeTerms({ prizeDistribution: { basisPoints: [10_000] } });
    const base = heatUnderWay(6, 'crown-melbourne', crown);
    const heat = play([...coup('c1', [[1, 100, true], [2, 10, false], [3, 10, false], [4, 10, false], [5, 10, false], [6, 10, false]]), endSession('h1'), startSessionAt('f1', 'final', ['e1'])], base);
    const voidedWager: TournamentCommand = {
      type: 'NoteSettlement',
      actor: DEALER,
      now: T0,
      tableId: 'T1',
      coupId: 'f-c1',
      settlements: [{ box: 1, amount: 100, net: 0, outcome: 'void', bet: 'banker', option: 'traditional', wagerId: 'w-f1' }],
    };
    const events = play(
      [coupStarted('f-c1'), { ...wagers('f-c1', [[1, 100]]), wagers: [{ box: 1, amount: 100, wagerId: 'w-f1' }] } as TournamentCommand, disqualify('e1'), voidedWager, bankerWins('f-c1')],
      heat,
    );
    expect(stateOf(events).sessions['f1']?.coups['T1'] ?? null).toBeNull();
    spec.given(events).when(endSession('f1')).thenEvents((out) => expect(out[0]).toMatchObject({ type: 'TournamentSessionEnded', sessionId: 'f1' }));
  });
  describe('Crown Melbourne 14.4.2(a)(v), 14.4.8(a)(ii); Star 2024 15.5.7, 15.11.4: a player disqualified after progressing loses the place; the next eligible player of the session\'s ranking at that table stands in', () => {
    const oneATable = () => completeTerms({ format: { description: 'Heats of six, the table winner to the final.', advancePerTable: 1 } });
    // e3 +100 wins the heat; e1 +50 second; e2 +20; e4-e6 lose.
    const heatWon = (operator: string, second: [number, number, boolean] = [1, 50, true]) =>
      play([...coup('c1', [second, [2, 20, true], [3, 100, true], [4, 10, false], [5, 10, false], [6, 10, false]]), endSession('h1')], heatUnderWay(6, operator, oneATable()));

    it.each([
      ['Crown Melbourne 14.4.2(b)(i); 14.4.8(a)(ii)', 'crown-melbourne'],
      ['Star 2024 15.5.7; 15.11.4', 'the-star-sydney'],
    ])('%s: given the heat winner (the only advancer) disqualified after the heat ended, then the next player of the heat stands in and is seated in the final; the disqualified player is not; the results follow', (clause, operator) => {
      const heat = heatWon(operator);
      expect(ofType(heat, 'TournamentSessionEnded')[0].advanced).toEqual(['e3']);
      const events = play([disqualify('e3')], heat);
      expect(ofType(events, 'TournamentPlayerDisqualified')[0].standIn).toEqual({ sessionId: 'h1', tableId: 'T1', advanced: ['e1'], playOff: null, clause: expect.stringContaining(clause) });
      expect(stateOf(events).sessions.h1.ended!.advanced).toEqual(['e1']);
      spec.given(events).when(startSessionAt('f1', 'final', ['e3'])).thenThrows('PLAYER_NOT_ELIGIBLE_FOR_SESSION');
      const final = play([startSessionAt('f1', 'final', ['e1']), ...coup('f-c1', [[1, 100, true]]), endSession('f1')], events);
      spec.given(final).when({ type: 'DeclareResults', actor: DIRECTOR, now: T0 }).thenEvents((out) => expect(out[0]).toMatchObject({ placings: [{ place: 1, entryId: 'e1' }] }));
    });

    it('Crown Melbourne 14.4.8(a)(ii): given the players next in the ranking tied, the place they stand in for is played off between them', () => {
      const heat = heatWon('crown-melbourne', [1, 20, true]);
      const events = play([disqualify('e3')], heat);
      expect(ofType(events, 'TournamentPlayerDisqualified')[0].standIn).toMatchObject({ sessionId: 'h1', tableId: 'T1', advanced: [], playOff: { entryIds: ['e1', 'e2'], places: 1 } });
      const playedOff = play([startSessionAt('p1', 'play-off', ['e1', 'e2']), ...coup('p-c1', [[1, 20, true], [2, 20, false]]), endSession('p1')], events);
      spec.given(playedOff).when(startSessionAt('f1', 'final', ['e1'])).thenEvents((out) => expect(ofType(out, 'TournamentSessionStarted')[0].seating.map((x) => x.entryId)).toEqual(['e1']));
    });

    it('Crown Melbourne 14.4.8(a)(ii): a player disqualified who did not progress leaves the advancers as they were', () => {
      const events = play([disqualify('e2')], heatWon('crown-melbourne'));
      expect(ofType(events, 'TournamentPlayerDisqualified')[0].standIn).toBeUndefined();
      expect(stateOf(events).sessions.h1.ended!.advanced).toEqual(['e3']);
    });
  });

  describe('Crown Melbourne 14.4.2(a)(v): employee status is the person playing, at a charity or media event approved by the COO or CEO', () => {
    const approval = { eventKind: 'charity' as const, approvedBy: 'chief-operating-officer' as const, reference: 'COO-2026-04', approvedAt: '2026-02-10T00:00:00.000Z' };
    const crownTerms = completeTerms({ prizeDistribution: { basisPoints: [10_000] }, employeeParticipation: approval });
    const substitute = (patronId: string, employee: boolean): TournamentCommand => ({ type: 'SubstituteEntry', actor: DIRECTOR, now: T0, entryId: 'e1', patronId, entitledToGamble: true, employee });
    /** e1 wins the heat and the final against e2. */
    const crownFinal = (base: TournamentEvent[]) =>
      play([...coup('c1', [[1, 100, true], [2, 50, true], [3, 10, false], [4, 10, false], [5, 10, false], [6, 10, false]]), endSession('h1'), startSessionAt('f1', 'final', ['e1', 'e2']), ...coup('f-c1', [[1, 100, true], [2, 10, false]]), endSession('f1')], base);
    const declare: TournamentCommand = { type: 'DeclareResults', actor: DIRECTOR, now: T0 };

    it('pays a patron who substituted into an employee entry (Crown Melbourne 14.4.2(a)(v))', () => {
      const base = heatUnderWay(6, 'crown-melbourne', crownTerms).map((e) => (e.type === 'TournamentEntryAccepted' && e.entryId === 'e1' ? { ...e, employee: true } : e));
      spec
        .given(crownFinal(play([substitute('P77', false)], base)))
        .when(declare)
        .thenEvents((out) => expect(ofType(out, 'TournamentPrizesDistributed')[0].payments).toEqual([expect.objectContaining({ entryId: 'e1', patronId: 'P77', place: 1 })]));
    });

    it('pays nothing to an employee who substituted into a patron entry: the next place-getter stands in (Crown Melbourne 14.4.2(a)(v))', () => {
      const base = heatUnderWay(6, 'crown-melbourne', crownTerms);
      spec
        .given(crownFinal(play([substitute('EMP-9', true)], base)))
        .when(declare)
        .thenEvents((out) => {
          const prizes = ofType(out, 'TournamentPrizesDistributed')[0];
          expect(prizes.payments).toEqual([expect.objectContaining({ entryId: 'e2', place: 2 })]);
          expect(prizes.clause).toContain('Crown Melbourne 14.4.2(a)(v)');
        });
    });

    it('refuses an employee substitute without the record of a charity or media event approved by the COO or CEO (Crown Melbourne 14.4.2(a)(v))', () => {
      spec.given(heatUnderWay(6, 'crown-melbourne', completeTerms())).when(substitute('EMP-9', true)).thenThrows('EMPLOYEE_ENTRY_NOT_APPROVED', 'Crown Melbourne 14.4.2(a)(v)');
    });
  });

  describe('Star 2024 15.3.2: all entry fees are distributed to the winning players, so the shares of prize places nobody filled go to the filled places in proportion to their shares', () => {
    it('pays the whole pool to the place-getters, each unfilled share added to the filled places in proportion to theirs, and says why (Star 2024 15.3.2)', () => {
      // Two finalists for three prizes (50/30/20 of 110 000): place 3's 22 000 goes 5:3 to places 1 and 2.
      const terms = completeTerms({ prizeDistribution: { basisPoints: [5_000, 3_000, 2_000] } });
      spec
        .given(play([endSession('f1')], finalPlayed(terms)))
        .when({ type: 'DeclareResults', actor: DIRECTOR, now: T0 })
        .thenEvents((out) => {
          const prizes = ofType(out, 'TournamentPrizesDistributed')[0];
          expect(prizes.payments.map((p) => [p.place, p.entryId, p.shareCents, p.amountCents])).toEqual([
            [1, 'e3', 55_000, 68_750],
            [2, 'e1', 33_000, 41_250],
          ]);
          expect(prizes).toMatchObject({ totalCents: 110_000, unfilled: [], unfilledCents: 0 });
          expect(prizes.redistributed).toEqual({ places: [{ place: 3, basisPoints: 2_000, amountCents: 22_000 }], cents: 22_000, clause: 'Star 2024 15.3.2', rule: expect.stringContaining('in proportion to their shares') });
          expect(prizes.clause).toContain('Star 2024 15.3.2');
        });
    });

    it('rounds the redistributed amounts by largest remainder, to the cent of the pool (Star 2024 15.3.2; 15.4.2(j))', () => {
      const wholePool = { clause: 'Star 2024 15.3.2' };
      const two = [{ place: 1, entryId: 'e1', patronId: 'P1' }, { place: 2, entryId: 'e2', patronId: 'P2' }];
      const { payments, unfilled, redistributed } = distributePrizes(100_001, [5_000, 3_000, 2_000], two, wholePool);
      expect(payments.map((p) => p.amountCents)).toEqual([62_501, 37_500]);
      expect(unfilled).toEqual([]);
      expect(redistributed).toMatchObject({ places: [{ place: 3, basisPoints: 2_000, amountCents: 20_000 }], cents: 20_000 });
    });
  });

  describe('Crown Melbourne 14.4.7(b): the pool is distributed as the terms say, so a prize place nobody qualifies for is reported unpaid, not re-split', () => {
    it('pays each place-getter only their own place\'s share and reports the unfilled share unpaid, the pool to the cent (Crown Melbourne 14.4.7(b))', () => {
      // Two finalists for three prizes (50/30/20 of 110 000): place 3's 22 000 is nobody's.
      const terms = completeTerms({ prizeDistribution: { basisPoints: [5_000, 3_000, 2_000] } });
      const events = play([endSession('f1')], finalPlayed(terms, 'crown-melbourne'));
      spec
        .given(events)
        .when({ type: 'DeclareResults', actor: DIRECTOR, now: T0 })
        .thenEvents((out) => {
          const prizes = ofType(out, 'TournamentPrizesDistributed')[0];
          expect(prizes.prizePoolCents).toBe(110_000);
          expect(prizes.payments.map((p) => [p.place, p.entryId, p.amountCents])).toEqual([
            [1, 'e3', 55_000],
            [2, 'e1', 33_000],
          ]);
          expect(prizes.totalCents).toBe(88_000);
          expect(prizes.unfilled).toEqual([{ place: 3, basisPoints: 2_000, amountCents: 22_000 }]);
          expect(prizes.unfilledCents).toBe(22_000);
          expect(prizes.redistributed).toBeUndefined();
        });
    });

    it('leaves a disqualified place-getter\'s place to the next place-getter, and the last place then unfilled, not shared out (Crown Melbourne 14.4.2(b)(i); 14.4.7(b))', () => {
      expect(distributePrizes(100_001, [6_000, 4_000], [{ place: 1, entryId: 'e2', patronId: 'P2' }])).toEqual({
        payments: [{ place: 1, prizePlace: 1, entryId: 'e2', patronId: 'P2', amountCents: 60_001 }],
        unfilled: [{ place: 2, basisPoints: 4_000, amountCents: 40_000 }],
      });
    });
  });

describe('Star 2024 15.3.2 with 15.4.2(j): how the shares of prize places nobody fills are distributed is a condition of play, stated in the terms and applied as stated', () => {
  const publish = (operator: string, prizeDistribution: object): TournamentCommand => ({ type: 'PublishTerms', actor: DIRECTOR, now: dayBefore(T0), tournamentId: 'cup', name: 'Cup', operator, terms: termsUnder(operator, completeTerms({ prizeDistribution } as never)) });

  it('publishes Star terms stating the unfilled places shared pro rata (the only way 15.3.2 allows), filled in where the terms leave it out, so the conditions say it', () => {
    spec.given([]).when(publish('the-star-sydney', { basisPoints: [4_000, 3_000, 2_000, 1_000] })).thenEvents((events) => {
      expect(ofType(events, 'TournamentTermsPublished')[0].terms.prizeDistribution).toEqual({ basisPoints: [4_000, 3_000, 2_000, 1_000], unfilledPlaces: 'shared-pro-rata' });
    });
  });

  it('refuses Star terms that leave unfilled places unpaid, naming the item and 15.3.2 and 15.4.2(j)', () => {
    spec.given([]).when(publish('the-star-sydney', { basisPoints: [4_000, 3_000, 2_000, 1_000], unfilledPlaces: 'unpaid' })).thenThrows('UNFILLED_PLACES_NOT_PERMITTED', 'Star 2024 15.3.2; 15.4.2(j)');
  });

  it('applies what Crown Melbourne terms state (14.4.7): unpaid where they leave it out or say so, shared pro rata where they say so', () => {
    spec.given([]).when(publish('crown-melbourne', { basisPoints: [5_000, 5_000] })).thenEvents((events) => {
      expect(ofType(events, 'TournamentTermsPublished')[0].terms.prizeDistribution).toEqual({ basisPoints: [5_000, 5_000], unfilledPlaces: 'unpaid' });
    });
    const terms = completeTerms({ prizeDistribution: { basisPoints: [5_000, 3_000, 2_000], unfilledPlaces: 'shared-pro-rata' } } as never);
    spec
      .given(play([endSession('f1')], finalPlayed(terms, 'crown-melbourne')))
      .when({ type: 'DeclareResults', actor: DIRECTOR, now: T0 })
      .thenEvents((out) => {
        const prizes = ofType(out, 'TournamentPrizesDistributed')[0];
        expect(prizes).toMatchObject({ totalCents: 110_000, unfilledCents: 0 });
        expect(prizes.redistributed?.clause).toContain('Crown Melbourne 14.4.7(b)');
      });
  });
});
});
