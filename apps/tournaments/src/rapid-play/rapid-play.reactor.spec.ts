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

describe('tournaments hear of a Rapid correction after the session ended (Rapid 12.2.1(b), 11.11)', () => {
  const referred = integrationEventOf(
    'AtsTournamentCorrectionReferred',
    { accountId: 'T.cup.h1.e2', tableId: 'RT1', atsId: 'RT1-A2', tournamentId: 'cup', sessionId: 'h1', entryId: 'e2', roundId: 'R7', roundNumber: 7, cause: 'wrong-outcome', outcome: { result: 'banker' }, previousCreditCents: 0, creditCents: 195, wantedCents: 195, referredAt: AT, clause: 'Rapid 12.2.1(b)' },
    { occurredAt: AT, actor, source: 'rapid', eventId: 'ev-referred' },
  );
  const account = { session: null, account: { tournamentId: 'cup', sessionId: 'h1', entryId: 'e2', box: 2, tableId: 'RT1' } };

  it('Rapid 12.2.1(b): a correction the Rapid table referred instead of moving chips is noted for the Tournament Director with what it would have moved', () => {
    reactorSpec(reactor)
      .given(account)
      .when(referred)
      .then([
        {
          streamId: tournamentStreamId('cup'),
          command: { type: 'NoteChipsCorrected', actor, now: AT, tableId: 'RT1', sessionId: 'h1', entryId: 'e2', box: 2, coupId: 'R7', correctionId: 'ev-referred', movement: 195, unrecovered: 0 },
        },
      ]);
  });

  it('Rapid 12.2.1(b): one for an account the tournaments service never heard of is no reaction', () => {
    reactorSpec(reactor).given({ session: null, account: null }).when(referred).then([]);
  });
});

describe('Rapid 12.2.1(c): a tournament account debited the minimum for a round it wagered nothing in', () => {
  const session = { session: { tournamentId: 'cup', boxes: { 'T.e1': 1, 'T.e2': 2 } }, account: null };
  const outcome = { result: 'player', playerCards: ['9H', 'KD'], bankerCards: ['2C', '3S'] };
  const roundSettled = (accounts: unknown[]) =>
    integrationEventOf('RapidRoundSettled', { tableId: 'RT1', roundId: 'R7', outcome, accounts, stakedCents: 0, creditedCents: 0, houseNetCents: 0, settledAt: AT, clause: 'Rapid 4.8' }, { occurredAt: AT, actor, source: 'rapid' });
  const deducted = { amountCents: 10, clause: 'Rapid 12.2.1(c)' };
  const base = { actor, now: AT, tableId: 'RT1', coupId: 'R7' };

  it('Rapid 12.2.1(c): the round\'s settlement scores the deduction on the box\'s coup line, beside the wagers the others settled', () => {
    reactorSpec(reactor)
      .given(session)
      .when(roundSettled([{ accountId: 'T.e1', atsId: 'A1', stakedCents: 50, creditedCents: 100, tournamentId: 'cup' }, { accountId: 'T.e2', atsId: 'A2', stakedCents: 0, creditedCents: 0, tournamentId: 'cup', deducted }]))
      .then([
        { streamId: tournamentStreamId('cup'), command: { type: 'NoteWagers', ...base, wagers: [{ box: 1, amount: 50 }] } },
        { streamId: tournamentStreamId('cup'), command: { type: 'NoteCoupCompleted', ...base, result: 'player', playerCards: outcome.playerCards, bankerCards: outcome.bankerCards, deductions: [{ box: 2, amount: 10, clause: 'Rapid 12.2.1(c)' }] } },
        { streamId: tournamentStreamId('cup'), command: { type: 'NoteSettlement', ...base, settlements: [{ box: 1, amount: 50, net: 50, outcome: 'win' }], deductions: [{ box: 2, amount: 10, clause: 'Rapid 12.2.1(c)' }] } },
      ]);
  });

  it('Rapid 12.2.1(c): a round nobody wagered in is scored on its completion with every deduction', () => {
    reactorSpec(reactor)
      .given(session)
      .when(roundSettled([{ accountId: 'T.e1', atsId: 'A1', stakedCents: 0, creditedCents: 0, tournamentId: 'cup', deducted }, { accountId: 'T.e2', atsId: 'A2', stakedCents: 0, creditedCents: 0, tournamentId: 'cup', deducted }]))
      .then([
        {
          streamId: tournamentStreamId('cup'),
          command: { type: 'NoteCoupCompleted', ...base, result: 'player', playerCards: outcome.playerCards, bankerCards: outcome.bankerCards, deductions: [{ box: 1, amount: 10, clause: 'Rapid 12.2.1(c)' }, { box: 2, amount: 10, clause: 'Rapid 12.2.1(c)' }] },
        },
      ]);
  });
});
