import { integrationEventOf, reactorSpec } from '@app/testing';
import { reactToTournamentSession } from './tournament-sessions.reactor';

const reactor = { react: reactToTournamentSession, handles: () => true };
const AT = '2026-05-20T09:00:00.000Z';
const director = { id: 'td-1', role: 'tournament-director' };
const seat = (entryId: string, tableId: string, box: number) => ({ entryId, patronId: `p-${entryId}`, tableId, box, chips: 1000 });

describe('tables react to tournament sessions (Crown Melbourne 14.2.5; Star 2024 15.5.2)', () => {
  it('notes at each table the boxes a starting session seats there, at the time of the start', () => {
    const started = integrationEventOf('TournamentSessionStarted', { tournamentId: 'cup', sessionId: 'h1', seating: [seat('e2', 'T1', 4), seat('e1', 'T1', 1), seat('e3', 'T2', 2)] }, { occurredAt: AT, actor: director });
    reactorSpec(reactor)
      .given({ tableIds: [] })
      .when(started)
      .then([
        { streamId: 'table-T1', command: { type: 'NoteTournamentSession', actor: director, now: AT, tournamentId: 'cup', sessionId: 'h1', seats: [{ box: 1, entryId: 'e1', patronId: 'p-e1' }, { box: 4, entryId: 'e2', patronId: 'p-e2' }] } },
        { streamId: 'table-T2', command: { type: 'NoteTournamentSession', actor: director, now: AT, tournamentId: 'cup', sessionId: 'h1', seats: [{ box: 2, entryId: 'e3', patronId: 'p-e3' }] } },
      ]);
  });

  it("Rapid 12.3.3; Crown Melbourne 14.4.8(a)(iii): a substitute the Tournament Director approved is told to every table the tournament's sessions were noted at, with the tournament's clause", () => {
    const substituted = integrationEventOf('TournamentEntrySubstituted', { tournamentId: 'cup', entryId: 'e2', previousPatronId: 'p-e2', patronId: 'p-sub', substitutedAt: AT, clause: 'Rapid 12.3.3' }, { occurredAt: AT, actor: director });
    reactorSpec(reactor)
      .given({ tableIds: ['T1', 'T2'] })
      .when(substituted)
      .then(['T1', 'T2'].map((t) => ({ streamId: `table-${t}`, command: { type: 'NoteTournamentSubstitute', actor: director, now: AT, tournamentId: 'cup', entryId: 'e2', patronId: 'p-sub', clause: 'Rapid 12.3.3' } })));
  });

  it('ends the session at every table it was noted at', () => {
    const ended = integrationEventOf('TournamentSessionEnded', { tournamentId: 'cup', sessionId: 'h1' }, { occurredAt: AT, actor: director });
    reactorSpec(reactor)
      .given({ tableIds: ['T1', 'T2'] })
      .when(ended)
      .then(['T1', 'T2'].map((t) => ({ streamId: `table-${t}`, command: { type: 'NoteTournamentSessionEnded', actor: director, now: AT, tournamentId: 'cup', sessionId: 'h1' } })));
  });

  it('has the table return a wager the tournament found out of sequence (Star 2024 15.9.4), naming the wager and the box to wager in its turn; an event naming none asks nothing', () => {
    const dealer = { id: 'd-1', role: 'dealer' };
    const out = integrationEventOf('WagerOutOfSequence', { tournamentId: 'cup', tableId: 'T1', coupId: 'c1', box: 3, expectedBox: 1, amount: 50, wagerId: 'w-3a', clause: 'Star 2024 15.9.4' }, { occurredAt: AT, actor: dealer });
    reactorSpec(reactor)
      .given({ tableIds: [] })
      .when(out)
      .then([{ streamId: 'table-T1', command: { type: 'ReturnWagerOutOfSequence', actor: dealer, now: AT, tournamentId: 'cup', coupId: 'c1', wagerId: 'w-3a', expectedBox: 1, clause: 'Star 2024 15.9.4' } }]);
    const old = integrationEventOf('WagerOutOfSequence', { tournamentId: 'cup', tableId: 'T1', coupId: 'c1', box: 3, expectedBox: 1, clause: 'Star 2024 15.9.4' }, { occurredAt: AT, actor: dealer });
    reactorSpec(reactor).given({ tableIds: [] }).when(old).then([]);
  });

  it('Star 2024 15.9.3-15.9.4: carries the order of wagering to the tables of a session that keeps one, and the rulings on wagers in turn to their table', () => {
    const order = { clause: 'Star 2024 15.9.2-15.9.3', outOfSequenceClause: 'Star 2024 15.9.4' };
    const started = integrationEventOf('TournamentSessionStarted', { tournamentId: 'cup', sessionId: 'h1', seating: [seat('e1', 'T1', 1)], orderOfWagering: order }, { occurredAt: AT, actor: director });
    reactorSpec(reactor)
      .given({ tableIds: [] })
      .when(started)
      .then([{ streamId: 'table-T1', command: { type: 'NoteTournamentSession', actor: director, now: AT, tournamentId: 'cup', sessionId: 'h1', seats: [{ box: 1, entryId: 'e1', patronId: 'p-e1' }], orderOfWagering: order } }]);
    const dealer = { id: 'd-1', role: 'dealer' };
    const ruled = integrationEventOf('WagersInTurn', { tournamentId: 'cup', sessionId: 'h1', tableId: 'T2', coupId: 'c7', wagerIds: ['w-1', 'w-2'], clause: order.clause }, { occurredAt: AT, actor: dealer });
    reactorSpec(reactor)
      .given({ tableIds: [] })
      .when(ruled)
      .then([{ streamId: 'table-T2', command: { type: 'NoteTournamentWagersInTurn', actor: dealer, now: AT, tournamentId: 'cup', coupId: 'c7', wagerIds: ['w-1', 'w-2'], clause: order.clause } }]);
  });

  it("carries the session's minimum and maximum wager to its tables, and amended ones to the tables of the tournament (Crown Melbourne 14.4.4(b); 14.4.8(c); 14.4.8(g))", () => {
    const started = integrationEventOf('TournamentSessionStarted', { tournamentId: 'cup', sessionId: 'h1', seating: [seat('e1', 'T1', 1)], minimumWager: 10, maximumWager: 500 }, { occurredAt: AT, actor: director });
    reactorSpec(reactor)
      .given({ tableIds: [] })
      .when(started)
      .then([{ streamId: 'table-T1', command: { type: 'NoteTournamentSession', actor: director, now: AT, tournamentId: 'cup', sessionId: 'h1', seats: [{ box: 1, entryId: 'e1', patronId: 'p-e1' }], wagerLimits: { minimum: 10, maximum: 500 } } }]);
    const amended = integrationEventOf('TournamentTermsAmended', { tournamentId: 'cup', previous: { wagerLimits: { minimum: 10, maximum: 500 } }, next: { wagerLimits: { minimum: 10, maximum: 200 } }, changedItems: ['wagerLimits'] }, { occurredAt: AT, actor: director });
    reactorSpec(reactor)
      .given({ tableIds: ['T1', 'T2'] })
      .when(amended)
      .then(['T1', 'T2'].map((t) => ({ streamId: `table-${t}`, command: { type: 'NoteTournamentWagerLimits', actor: director, now: AT, tournamentId: 'cup', wagerLimits: { minimum: 10, maximum: 200 } } })));
  });

  it('Star 2024 15.3.4; 15.5.2: tells every table of a cancelled tournament, with the reason and the clause, so none takes its chips again', () => {
    const cancelled = integrationEventOf('TournamentCancelled', { tournamentId: 'cup', reason: 'too few entries', refunds: [], cancelledAt: AT, clause: 'Star 2024 15.3.4' }, { occurredAt: AT, actor: director });
    reactorSpec(reactor)
      .given({ tableIds: ['T1', 'T2'] })
      .when(cancelled)
      .then(['T1', 'T2'].map((t) => ({ streamId: `table-${t}`, command: { type: 'NoteTournamentCancelled', actor: director, now: AT, tournamentId: 'cup', reason: 'too few entries', clause: 'Star 2024 15.3.4' } })));
  });

  it('Star 2024 15.5.2; 15.6.4; 15.5.7; Crown Melbourne 14.4.8(b)(vi): tells the tables a disqualified or retired entry left play, with its player, whose seat is released (a retired player leaves the tournament), and the table where players were eliminated which entries', () => {
    const disqualified = integrationEventOf('TournamentPlayerDisqualified', { tournamentId: 'cup', sessionId: 'h1', entryId: 'e5', patronId: 'p-e5', reason: 'no-wager-without-pass-card', description: 'no wager', chipsWithdrawn: 700, refundCents: 0, prizePoolAfterCents: 0, disqualifiedAt: AT, clause: 'Star 2024 15.6.4' }, { occurredAt: AT, actor: director });
    reactorSpec(reactor)
      .given({ tableIds: ['T1', 'T2'] })
      .when(disqualified)
      .then(['T1', 'T2'].map((t) => ({ streamId: `table-${t}`, command: { type: 'NoteTournamentEntriesOut', actor: director, now: AT, tournamentId: 'cup', sessionId: 'h1', entryIds: ['e5'], why: 'disqualified', patronIds: ['p-e5'], clause: 'Star 2024 15.6.4' } })));
    const retired = integrationEventOf('TournamentPlayerRetired', { tournamentId: 'cup', sessionId: null, entryId: 'e2', patronId: 'p-e2', chipsWithdrawn: 300, refundCents: 0, prizePoolAfterCents: 0, retiredAt: AT, clause: 'Crown Melbourne 14.4.8(b)(vi)' }, { occurredAt: AT, actor: director });
    reactorSpec(reactor)
      .given({ tableIds: ['T1'] })
      .when(retired)
      .then([{ streamId: 'table-T1', command: { type: 'NoteTournamentEntriesOut', actor: director, now: AT, tournamentId: 'cup', sessionId: null, entryIds: ['e2'], why: 'retired', patronIds: ['p-e2'], clause: 'Crown Melbourne 14.4.8(b)(vi)' } }]);
    const eliminated = integrationEventOf('TournamentPlayersEliminated', { tournamentId: 'cup', sessionId: 'h1', tableId: 'T2', coupId: 'c9', order: [{ entryId: 'e3', residualChips: 5, wagered: 10 }, { entryId: 'e4', residualChips: 8, wagered: 10 }], clause: 'Star 2024 15.6.13' }, { occurredAt: AT, actor: director });
    reactorSpec(reactor)
      .given({ tableIds: [] })
      .when(eliminated)
      .then([{ streamId: 'table-T2', command: { type: 'NoteTournamentEntriesOut', actor: director, now: AT, tournamentId: 'cup', sessionId: 'h1', entryIds: ['e3', 'e4'], why: 'eliminated', clause: 'Star 2024 15.6.13' } }]);
  });

  it('Star 2024 15.4.2(g): tells the table an eliminated entry bought back into the session; a re-buy or add-on asks nothing', () => {
    const bought = (kind: string) => integrationEventOf('TournamentChipsBought', { tournamentId: 'cup', sessionId: 'h1', tableId: 'T2', entryId: 'e3', patronId: 'p-e3', kind, chips: 500, chipsAfter: 500, issuedChipsAfter: 5000, feeCents: 5000, prizePoolAfterCents: 0, reBuyMarkersRemaining: 0, boughtAt: AT, clause: 'Star 2024 15.4.2(g)' }, { occurredAt: AT, actor: director });
    reactorSpec(reactor)
      .given({ tableIds: [] })
      .when(bought('buy-back'))
      .then([{ streamId: 'table-T2', command: { type: 'NoteTournamentBuyBack', actor: director, now: AT, tournamentId: 'cup', sessionId: 'h1', entryId: 'e3', clause: 'Star 2024 15.4.2(g)' } }]);
    reactorSpec(reactor).given({ tableIds: [] }).when(bought('re-buy')).then([]);
  });

  it('Crown Melbourne 14.4.4(e): tells the table a box played a marker on a coup', () => {
    const dealer = { id: 'd-1', role: 'dealer' };
    const marker = integrationEventOf('TournamentMarkerPlayed', { tournamentId: 'cup', sessionId: 'h1', tableId: 'T1', coupId: 'c1', entryId: 'e3', box: 3, marker: 'all-in', bet: 'player', remaining: 0, clause: 'Crown Melbourne 14.4.4(e)' }, { occurredAt: AT, actor: dealer });
    reactorSpec(reactor)
      .given({ tableIds: [] })
      .when(marker)
      .then([{ streamId: 'table-T1', command: { type: 'NoteTournamentMarker', actor: dealer, now: AT, tournamentId: 'cup', sessionId: 'h1', coupId: 'c1', entryId: 'e3', box: 3, marker: 'all-in', clause: 'Crown Melbourne 14.4.4(e)' } }]);
  });
});
