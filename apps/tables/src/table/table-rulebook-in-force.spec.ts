import { deciderSpec } from '@app/testing';
import { tableDecider, type TableCommand } from './table.decider';
import { DEALER, HASH, openCrown, openStar, play } from './table-fixtures';

const spec = deciderSpec(tableDecider);

describe('The rulebook version in force decides (Star 2021 / Star 2024 by date; rulebookInForce)', () => {
  it('refuses to open a table under a version not in force that day, naming the one that is (Star 2024, effective 16 May 2024)', () => {
    const error = spec.given([]).when(openStar({ rulebookId: 'star-sydney-2021', now: '2025-09-01T10:00:00.000Z' })).thenThrows('RULEBOOK_NOT_IN_FORCE');
    expect(error.message).toContain('star-sydney-2024');
    expect(error.field).toBe('rulebookId');
  });

  it('reads the date at the venue: 00:30 in Sydney on 16 May 2024 is already Star 2024 (Star 2024, effective 16 May 2024)', () => {
    spec.given([]).when(openStar({ rulebookId: 'star-sydney-2021', now: '2024-05-15T14:30:00.000Z' })).thenThrows('RULEBOOK_NOT_IN_FORCE');
    spec.given([]).when(openStar({ rulebookId: 'star-sydney-2021', now: '2024-05-15T10:00:00.000Z' })).thenEvents((events) => {
      expect(events).toMatchObject([{ type: 'TableOpened', rulebookId: 'star-sydney-2021' }]);
    });
  });

  it('refuses a Crown Melbourne version before it took effect (Crown Melbourne v29, 5 August 2025)', () => {
    spec.given([]).when(openCrown({ now: '2025-08-01T01:00:00.000Z' })).thenThrows('RULEBOOK_NOT_IN_FORCE');
  });

  it('moves an open table to the newly effective version at its next shoe, and says so (Star 2024, effective 16 May 2024)', () => {
    const opened = play([openStar({ rulebookId: 'star-sydney-2021', now: '2024-05-15T10:00:00.000Z' })]);
    const startShoe = (now: string): TableCommand => ({ type: 'StartShoe', actor: DEALER, now, shoeId: 'shoe-1', cards: 'new', commitmentHash: HASH });
    spec.given(opened).when(startShoe('2024-05-15T12:00:00.000Z')).thenEvents((events) => expect(events.map((e) => e.type)).toEqual(['ShoeStarted']));
    spec.given(opened).when(startShoe('2024-05-16T02:00:00.000Z')).thenEvents((events, after) => {
      expect(events).toMatchObject([
        { type: 'TableRulebookChanged', previousRulebookId: 'star-sydney-2021', rulebookId: 'star-sydney-2024', effectiveFrom: '2024-05-16', shoeId: 'shoe-1' },
        { type: 'ShoeStarted', shoeId: 'shoe-1' },
      ]);
      expect(after.rulebookId).toBe('star-sydney-2024');
    });
  });
});
