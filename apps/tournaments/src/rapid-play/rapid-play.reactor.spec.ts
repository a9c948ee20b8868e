import { tournamentStreamId } from '@app/contracts';
import { integrationEventOf, reactorSpec } from '@app/testing';
import { reactToRapidPlay } from './rapid-play.reactor';

const reactor = { react: reactToRapidPlay, handles: () => true };
const AT = '2026-05-20T09:30:00.000Z';
const actor = { id: 'd-1', role: 'dealer' };
const inSession = { session: { tournamentId: 'cup', boxes: { 'T.cup.h1.e1': 1 } }, account: null };
const malfunction = (afterOutcome: boolean) =>
  integrationEventOf('RapidMalfunctionRecorded', { tableId: 'RT1', roundId: 'R7', scope: 'game-system', effect: 'void', afterOutcome, relativeToPeriod: 'after-expiry', clause: 'Rapid 11.15' }, { occurredAt: AT, actor, source: 'rapid' });

describe('tournaments react to Rapid play (Rapid 11.15, 12)', () => {
  it('Rapid 11.15(a): a game-system malfunction voiding the round before its outcome voids the tournament coup', () => {
    reactorSpec(reactor).given(inSession).when(malfunction(false)).then([{ streamId: tournamentStreamId('cup'), command: { type: 'NoteCoupVoided', actor, now: AT, tableId: 'RT1', coupId: 'R7', clause: 'Rapid 11.15' } }]);
  });

  it('Rapid 11.15(b): one dealt with after the outcome moves the chips through the accounts\' recalculations only, never twice', () => {
    reactorSpec(reactor).given(inSession).when(malfunction(true)).then([]);
  });
});

describe('tournaments react to a Rapid table refusing their session (Rapid 12.3.2)', () => {
  it('Rapid 12.3.2: RapidTournamentSessionRefused is a note of the session refused at that table, to the tournament named, with the reason, the message and the clause', () => {
    const refused = integrationEventOf('RapidTournamentSessionRefused', { tableId: 'RT1', tournamentId: 'cup', sessionId: 'h1', reason: 'cash-accounts-open', atsIds: ['ATS-3'], message: 'Pay out ATS-3 first.', refusedAt: AT, clause: 'Rapid 12.3.2' }, { occurredAt: AT, actor, source: 'rapid' });
    reactorSpec(reactor)
      .given({ session: null, account: null })
      .when(refused)
      .then([{ streamId: tournamentStreamId('cup'), command: { type: 'NoteSessionRefusedAtTable', actor, now: AT, tableId: 'RT1', sessionId: 'h1', reason: 'cash-accounts-open', message: 'Pay out ATS-3 first.', clause: 'Rapid 12.3.2' } }]);
  });
});
