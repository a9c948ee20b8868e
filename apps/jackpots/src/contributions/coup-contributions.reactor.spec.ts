import { jackpotStreamId } from '@app/contracts';
import { integrationEventOf, reactorSpec } from '@app/testing';
import { reactToCoup } from './coup-contributions.reactor';

const reactor = { react: reactToCoup, handles: () => true };
const AT = '2026-04-02T11:00:00.000Z';
const completed = integrationEventOf(
  'CoupCompleted',
  { tableId: 'T1', shoeId: 's1', coupId: 'c9', coupNumber: 9, dummy: false, result: 'tie', playerCards: ['8H', 'KD'], bankerCards: ['8C', 'QS'], tieWagers: [], jackpotIds: ['pit1', 'pit2'], completedAt: AT },
  { occurredAt: AT },
);

describe('jackpots react to coups (Crown Melbourne 13.4.1-13.4.2)', () => {
  it('a completed coup contributes to every jackpot it names, at the time of the coup (13.4.2)', () => {
    reactorSpec(reactor)
      .given({ jackpotIds: ['pit1', 'pit2', 'pit3'] })
      .when(completed)
      .thenReactions((r) => {
        expect(r.map((x) => x.streamId)).toEqual([jackpotStreamId('pit1'), jackpotStreamId('pit2')]);
        expect(r.map((x) => x.command)).toEqual([
          expect.objectContaining({ type: 'RecordContribution', jackpotId: 'pit1', coupId: 'c9', sourceEventId: completed.eventId, completedAt: AT, now: AT }),
          expect.objectContaining({ type: 'RecordContribution', jackpotId: 'pit2', coupId: 'c9', sourceEventId: completed.eventId, completedAt: AT, now: AT }),
        ]);
      });
  });

  it('a voided coup is offered to every jackpot for a reversal, those the table does not play for decide nothing (13.4.1 "Coup completed")', () => {
    const voided = integrationEventOf('CoupVoided', { tableId: 'T1', shoeId: 's1', coupId: 'c9', reason: 'misdeal', clause: 'Crown Melbourne 15.3', voidedAt: AT }, { occurredAt: AT });
    reactorSpec(reactor)
      .given({ jackpotIds: ['pit1', 'pit3'] })
      .when(voided)
      .then(
        ['pit1', 'pit3'].map((id) => ({
          streamId: jackpotStreamId(id),
          command: { type: 'ReverseContribution', tableId: 'T1', shoeId: 's1', coupId: 'c9', reason: 'misdeal (Crown Melbourne 15.3)', sourceEventId: voided.eventId, now: AT },
        })),
      );
  });
});
