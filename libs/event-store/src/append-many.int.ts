import { randomUUID } from 'node:crypto';
import { createTestDatabase, TestDatabase } from '@app/testing';
import { ConcurrencyError } from './concurrency-error';
import { EventMetadata, GlobalPosition, NewEvent, START_OF_STORE, StoredEvent } from './event.types';
import { verifyHashChains } from './hash-chain';
import { PostgresEventStore, StreamAppend } from './postgres-event-store';

const meta: EventMetadata = { actor: { id: 'dealer-7', role: 'dealer' }, commandId: 'cmd', correlationId: 'corr', causationId: null, rulebookVersion: 'crown-melbourne-rapid' };
const event = (type: string, data: Record<string, unknown> = {}): NewEvent => ({ eventId: randomUUID(), type, schemaVersion: 1, data, metadata: meta, occurredAt: '2026-11-26T10:00:00.000Z' });
const to = (streamId: string, expectedVersion: number, types: string[], commandId?: string): StreamAppend => ({
  streamId,
  streamType: 'account',
  expectedVersion,
  events: types.map((t) => event(t, { streamId })),
  ...(commandId ? { commandId } : {}),
});

describe('PostgresEventStore.appendMany: several streams in one transaction (real PostgreSQL)', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;

  beforeAll(async () => {
    db = await createTestDatabase('es_many', 12);
    store = new PostgresEventStore(db.pool, 'many');
    await store.migrate();
  });
  afterAll(() => db.drop());

  const versions = async (...ids: string[]) => Promise.all(ids.map((id) => store.streamVersion(id)));

  it('appends to every stream, each with its own version, hash chain and command id', async () => {
    await store.append('acct-1', 'account', 0, [event('Opened')]);
    const results = await store.appendMany([to('round-1', 0, ['OutcomeEntered']), to('acct-1', 1, ['Settled'], 'settle:acct-1'), to('acct-2', 0, ['Settled', 'Credited'], 'settle:acct-2')]);
    expect(results).toEqual([
      { streamId: 'round-1', fromVersion: 0, toVersion: 1, duplicate: false },
      { streamId: 'acct-1', fromVersion: 1, toVersion: 2, duplicate: false },
      { streamId: 'acct-2', fromVersion: 0, toVersion: 2, duplicate: false },
    ]);
    expect(await versions('round-1', 'acct-1', 'acct-2')).toEqual([1, 2, 2]);
    expect(await store.commandResult('settle:acct-2')).toMatchObject({ toVersion: 2, duplicate: true });
    expect((await verifyHashChains(db.pool, 'many')).firstBrokenLink).toBeNull();
  });

  it('is all or nothing: a version conflict on one stream appends nothing to any and names that stream', async () => {
    await store.append('acct-3', 'account', 0, [event('Opened'), event('Credited')]);
    const attempt = store.appendMany([to('round-2', 0, ['OutcomeEntered']), to('acct-4', 0, ['Settled'], 'c-acct-4'), to('acct-3', 1, ['Settled'], 'c-acct-3')]);
    await expect(attempt).rejects.toBeInstanceOf(ConcurrencyError);
    await expect(attempt).rejects.toMatchObject({ streamId: 'acct-3', expectedVersion: 1, actualVersion: 2 });
    expect(await versions('round-2', 'acct-4', 'acct-3')).toEqual([0, 0, 2]);
    expect(await store.commandResult('c-acct-4')).toBeUndefined();
  });

  it('appends to one stream twice in one call, the second after the first', async () => {
    const [entered, settled] = await store.appendMany([to('round-3', 0, ['OutcomeEntered'], 'enter'), to('round-3', 1, ['RoundSettled'], 'enter:settled')]);
    expect([entered.toVersion, settled.fromVersion, settled.toVersion]).toEqual([1, 1, 2]);
    expect((await store.readStream('round-3')).map((e) => e.type)).toEqual(['OutcomeEntered', 'RoundSettled']);
  });

  it('is idempotent by command id: the same call again appends nothing and gives back the first results', async () => {
    const call = () => [to('round-4', 0, ['OutcomeEntered'], 'r4'), to('acct-5', 0, ['Settled'], 'r4:acct-5')];
    const first = await store.appendMany(call());
    const again = await store.appendMany(call());
    expect(again).toEqual(first.map((r) => ({ ...r, duplicate: true })));
    expect(await versions('round-4', 'acct-5')).toEqual([1, 1]);
  });

  it('commits the caller transaction in the same round trip with thenCommit, and a conflict there leaves nothing', async () => {
    const client = await db.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(`SELECT 1`);
      const [r] = await store.within(client).appendMany([to('acct-6', 0, ["Settled's"], 'quote\'s')], { thenCommit: true });
      expect(r.toVersion).toBe(1);
      expect((await client.query<{ n: number }>('SELECT 1 AS n')).rows).toEqual([{ n: 1 }]); // committed: the connection is free again
      await client.query('BEGIN');
      await expect(store.within(client).appendMany([to('acct-7', 0, ['Settled']), to('acct-6', 0, ['Settled'])], { thenCommit: true })).rejects.toBeInstanceOf(ConcurrencyError);
      await client.query('ROLLBACK');
    } finally {
      client.release();
    }
    expect(await versions('acct-6', 'acct-7')).toEqual([1, 0]);
    expect((await store.readStream('acct-6'))[0].type).toBe("Settled's");
  });

  it('never deadlocks with streams named in opposite orders, and readAll sees each stream in version order', async () => {
    const ids = ['x-a', 'x-b', 'x-c', 'x-d'];
    const writer = async (order: string[], n: number) => {
      for (let i = 0; i < n; i++) {
        for (;;) {
          const vs = await versions(...order);
          try {
            await store.appendMany(order.map((id, k) => to(id, vs[k], ['Tick'])));
            break;
          } catch (err) {
            if (!(err instanceof ConcurrencyError)) throw err;
          }
        }
      }
    };
    await Promise.all([writer(ids, 15), writer([...ids].reverse(), 15), writer([ids[2], ids[0], ids[3], ids[1]], 15)]);
    expect(await versions(...ids)).toEqual([45, 45, 45, 45]);
    // Events become visible to readAll once every older transaction on the server has ended (other tests' too).
    const seen: StoredEvent[] = [];
    let at: GlobalPosition = START_OF_STORE;
    const deadline = Date.now() + 30_000;
    while (seen.filter((x) => ids.includes(x.streamId)).length < 4 * 45 && Date.now() < deadline) {
      const batch = await store.readAll(at, 200);
      seen.push(...batch);
      if (batch.length) at = batch[batch.length - 1].global;
      else await new Promise((r) => setTimeout(r, 20));
    }
    const last = new Map<string, number>();
    for (const e of seen.filter((x) => ids.includes(x.streamId))) {
      expect(e.version).toBe((last.get(e.streamId) ?? 0) + 1);
      last.set(e.streamId, e.version);
    }
    expect([...last.values()]).toEqual([45, 45, 45, 45]);
  });
});
