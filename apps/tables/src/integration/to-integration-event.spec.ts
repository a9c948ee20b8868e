import type { SourceEvent } from '@app/contracts';
import { DEALER, HASH, T0, openCrown, play, readyShoe } from '../table/table-fixtures';
import type { TableEvent } from '../table/table.events';
import { toIntegrationEvent } from './to-integration-event';

/** A stored event as the relay reads it. */
const stored = (e: TableEvent, version: number): SourceEvent => ({
  eventId: `ev-${version}`,
  type: e.type,
  schemaVersion: 1,
  data: e as unknown as Record<string, unknown>,
  metadata: { actor: DEALER, commandId: `cmd-${version}`, correlationId: `cmd-${version}`, causationId: null, rulebookVersion: 'crown-melbourne-v29' },
  occurredAt: T0,
  streamId: 'table-T1',
  streamType: 'table',
  version,
  global: { transactionId: '1', position: String(version) },
});
const publish = (events: readonly TableEvent[]) => events.map((e, i) => toIntegrationEvent(stored(e, i + 1))).filter((x) => x !== null);

describe('tables integration events: the shoe', () => {
  const events = play([openCrown(), ...readyShoe('shoe-1', 20)]);

  it('publishes ShoeStarted version 2, without the cut that has not happened yet', () => {
    const started = publish(events).find((e) => e.type === 'ShoeStarted')!;
    expect(started.version).toBe(2);
    expect(started.data).toEqual({ tableId: 'T1', shoeId: 'shoe-1', decks: 8, commitmentHash: HASH, commissionOverride: null, startedAt: T0 });
  });

  it('publishes the cut as ShoeCut: who cut, the cutter kind, the cutting card placement and the clause (Crown Melbourne 4.2)', () => {
    const published = publish(events);
    expect(published.map((e) => e.type)).toEqual(['TableOpened', 'ShoeStarted', 'ShoeCut']);
    expect(published[2]).toMatchObject({
      type: 'ShoeCut',
      version: 1,
      data: { tableId: 'T1', shoeId: 'shoe-1', cutBy: 'player-7', cutterKind: 'player', cutCardFromBack: 20, clause: 'Crown Melbourne 4.2', cutAt: T0 },
    });
  });
});
