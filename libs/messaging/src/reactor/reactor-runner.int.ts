import { ruleViolation, type IntegrationEvent } from '@app/contracts';
import { DeciderCommandHandler, PostgresEventStore, type Decider } from '@app/event-store';
import { createTestDatabase, integrationEventOf, type TestDatabase } from '@app/testing';
import type { PoolClient } from 'pg';
import { migrateMessaging } from '../schema/messaging-schema';
import { handlesTypes } from '../consumer/projection';
import type { Reaction, Reactor } from './reactor';
import { reactorProjection } from './reactor-runner';
import { listRefusedCommands } from './refused-commands';

// A counter per stream: Add n moves it on, recording the total it reaches; a negative n is refused.
type Add = { readonly type: 'Add'; readonly n: number; readonly now: string };
type Added = { readonly type: 'Added'; readonly n: number; readonly total: number; readonly at: string };
const counter: Decider<Add, Added, { total: number }> = {
  decide: (c, s) => {
    if (c.n < 0) throw ruleViolation('NEGATIVE_AMOUNT', `A counter only counts up: ${c.n} is refused.`, 'Test 1.1', 'n');
    return [{ type: 'Added', n: c.n, total: s.total + c.n, at: c.now }];
  },
  evolve: (_s, e) => ({ total: e.total }),
  initialState: () => ({ total: 0 }),
};

/**
 * Reacts to `Counted` of another service: Add each of `amounts` to `counter-<target>`, now from the event; with `mirror`,
 * each Add that decided something is followed by the same Add on `counter-<mirror>` when the total it reached is even.
 * A `Counted` naming no target is refused whole.
 */
const react = (event: IntegrationEvent): Reaction<Add>[] => {
  const d = event.data as { target: string; amounts: number[]; mirror?: string };
  if (!d.target) throw ruleViolation('NO_TARGET', 'A count names the counter it is for.', 'Test 1.2', 'target');
  return d.amounts.map((n) => ({
    streamId: `counter-${d.target}`,
    command: { type: 'Add', n, now: event.occurredAt },
    ...(d.mirror ? { then: (events: readonly { type: string }[], state: { total: number }) => (events.length && state.total % 2 === 0 ? [{ streamId: `counter-${d.mirror}`, command: { type: 'Add' as const, n, now: event.occurredAt } }] : []) } : {}),
  }));
};

describe('the reactor runner on the real PostgreSQL', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  let reactor: Reactor<Add, undefined>;

  beforeAll(async () => {
    db = await createTestDatabase('reactor_runner');
    store = new PostgresEventStore(db.pool, 'counters');
    await store.migrate();
    await migrateMessaging(db.pool);
    const handler = new DeciderCommandHandler(store, { streamType: 'counter', decider: counter });
    reactor = { name: 'counters.test', origin: 'other', store, handles: handlesTypes('Counted'), react, handlerFor: () => handler };
  });
  afterAll(async () => db?.drop());

  const inTransaction = async (work: (tx: PoolClient) => Promise<void>): Promise<void> => {
    const tx = await db.pool.connect();
    try {
      await tx.query('BEGIN');
      await work(tx);
      await tx.query('COMMIT');
    } finally {
      tx.release();
    }
  };
  const counted = (target: string, amounts: number[], occurredAt = '2026-03-01T10:00:00.000Z') => integrationEventOf('Counted', { target, amounts }, { occurredAt });

  it("appends each reaction with the event's time, actor and causation, under an id derived from the event and the target stream", async () => {
    const event = counted('a', [5]);
    await inTransaction((tx) => reactorProjection(reactor).apply(event, tx));
    const [added] = await store.readStream('counter-a');
    expect(added).toMatchObject({ type: 'Added', data: { n: 5, total: 5, at: '2026-03-01T10:00:00.000Z' }, occurredAt: '2026-03-01T10:00:00.000Z' });
    expect(added.metadata).toMatchObject({ commandId: `other:${event.eventId}:counter-a`, causationId: event.eventId, correlationId: event.correlationId, actor: event.actor });
  });

  it('decides each command of a batch on the state the previous one left, and appends nothing for an event delivered again', async () => {
    const first = counted('b', [1, 2]);
    const second = counted('b', [4]);
    await inTransaction((tx) => reactorProjection(reactor).applyBatch!([first, second], tx));
    await inTransaction((tx) => reactorProjection(reactor).applyBatch!([first, second], tx));
    const events = await store.readStream('counter-b');
    expect(events.map((e) => [e.data.n, e.data.total, e.metadata.commandId])).toEqual([
      [1, 1, `other:${first.eventId}:counter-b`],
      [2, 3, `other:${first.eventId}:counter-b:1`],
      [4, 7, `other:${second.eventId}:counter-b`],
    ]);
  });

  it('records a refused command for a supervisor, once however often the event comes, and still appends the others', async () => {
    const event = counted('c', [3, -2]);
    await inTransaction((tx) => reactorProjection(reactor).apply(event, tx));
    await inTransaction((tx) => reactorProjection(reactor).apply(event, tx));
    expect((await store.readStream('counter-c')).map((e) => e.data.total)).toEqual([3]);
    const refused = await listRefusedCommands(db.pool, 'counters.test');
    expect(refused).toEqual([
      expect.objectContaining({
        commandId: `other:${event.eventId}:counter-c:1`,
        eventId: event.eventId,
        eventType: 'Counted',
        streamId: 'counter-c',
        commandType: 'Add',
        code: 'NEGATIVE_AMOUNT',
        clause: 'Test 1.1',
        command: { type: 'Add', n: -2, now: '2026-03-01T10:00:00.000Z' },
        occurredAt: '2026-03-01T10:00:00.000Z',
      }),
    ]);
  });

  it('decides what follows from a command right after it, in the same transaction and under the same rules', async () => {
    const event = integrationEventOf('Counted', { target: 'd', amounts: [2, 1, 1], mirror: 'e' }, { occurredAt: '2026-03-01T10:00:00.000Z' });
    await inTransaction((tx) => reactorProjection(reactor).apply(event, tx));
    await inTransaction((tx) => reactorProjection(reactor).apply(event, tx));
    expect((await store.readStream('counter-d')).map((e) => e.data.total)).toEqual([2, 3, 4]);
    // Totals 2 and 4 are even: their amounts (2, then 1) follow to the mirror, once.
    expect((await store.readStream('counter-e')).map((e) => [e.data.total, e.metadata.commandId])).toEqual([
      [2, `other:${event.eventId}:counter-e`],
      [3, `other:${event.eventId}:counter-e:1`],
    ]);
  });

  it('records an event the reaction refuses whole, and decides nothing of it', async () => {
    const event = integrationEventOf('Counted', { target: '', amounts: [1] }, { occurredAt: '2026-03-01T10:00:00.000Z' });
    await inTransaction((tx) => reactorProjection(reactor).apply(event, tx));
    expect(await listRefusedCommands(db.pool, 'counters.test')).toContainEqual(
      expect.objectContaining({ commandId: `other:${event.eventId}:refused`, commandType: 'reaction', code: 'NO_TARGET', clause: 'Test 1.2' }),
    );
  });
});
