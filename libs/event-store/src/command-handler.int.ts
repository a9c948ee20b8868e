import { createTestDatabase, TestDatabase } from '@app/testing';
import { conflict } from '@app/contracts';
import { CommandContext, DeciderCommandHandler } from './command-handler';
import { Decider } from './decider';
import { PostgresEventStore } from './postgres-event-store';

// A tiny counter decider: enough to exercise read → fold → decide → append → retry.
type Cmd = { type: 'Add'; amount: number };
type Ev = { type: 'Added'; amount: number };
type St = { total: number; adds: number };
const counter: Decider<Cmd, Ev, St> = {
  initialState: () => ({ total: 0, adds: 0 }),
  decide: (c, s) => {
    if (s.total + c.amount > 1000) throw conflict('LIMIT', 'The counter would pass 1000.');
    return [{ type: 'Added', amount: c.amount }];
  },
  evolve: (s, e) => ({ total: s.total + e.amount, adds: s.adds + 1 }),
};

let seq = 0;
const ctx = (commandId = `cmd-${++seq}`): CommandContext => ({
  commandId,
  actor: { id: 'alice', role: 'area-manager' },
  correlationId: 'corr-1',
  now: '2026-11-25T12:00:00.000Z',
  reason: 'test',
});

describe('DeciderCommandHandler (real PostgreSQL)', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  beforeAll(async () => {
    db = await createTestDatabase('handler', 20);
    store = new PostgresEventStore(db.pool, 'counters');
    await store.migrate();
  });
  afterAll(() => db.drop());

  it('records actor, role, correlation, command id and rulebook version with the events', async () => {
    const h = new DeciderCommandHandler(store, { streamType: 'counter', decider: counter, rulebookVersion: () => 'star-sydney-2024' });
    const out = await h.handle('c-meta', { type: 'Add', amount: 5 }, ctx('add-5'));
    const [stored] = await store.readStream('c-meta');
    expect(stored.metadata).toEqual({
      actor: { id: 'alice', role: 'area-manager' },
      commandId: 'add-5',
      correlationId: 'corr-1',
      causationId: null,
      rulebookVersion: 'star-sydney-2024',
      reason: 'test',
    });
    expect(out.state).toEqual({ total: 5, adds: 1 });
  });

  it('prepare decides without appending: commands on several streams go in one appendMany, all or nothing, and a retry gets the first outcome', async () => {
    const h = new DeciderCommandHandler(store, { streamType: 'counter', decider: counter, cacheState: true });
    await h.handle('p-b', { type: 'Add', amount: 992 }, ctx());
    const batch = async (id: string) => {
      const a1 = await h.prepare('p-a', { type: 'Add', amount: 3 }, ctx(`${id}:a1`));
      const a2 = await h.prepare('p-a', { type: 'Add', amount: 4 }, ctx(`${id}:a2`), { after: a1 });
      const b = await h.prepare('p-b', { type: 'Add', amount: 5 }, ctx(`${id}:b`));
      const results = await store.appendMany([a1.append!, a2.append!, b.append!]);
      return Promise.all([a1.finish(results[0]), a2.finish(results[1]), b.finish(results[2])]);
    };
    const [a1, a2, b] = await batch('batch-1');
    expect([a1.state.total, a2.state.total, b.state.total]).toEqual([3, 7, 997]);
    expect((await h.load('p-a')).state.total).toBe(7);
    // The same batch again: p-b would pass 1000, so the refusal is looked up and the first outcome comes back.
    const retried = await h.prepare('p-b', { type: 'Add', amount: 5 }, ctx('batch-1:b'));
    expect(retried.append).toBeNull();
    expect(await retried.finish(undefined)).toMatchObject({ duplicate: true, version: 2 });
    // A conflict on one stream appends nothing to either.
    const stale = await h.prepare('p-a', { type: 'Add', amount: 1 }, ctx());
    await h.handle('p-a', { type: 'Add', amount: 1 }, ctx());
    const other = await h.prepare('p-c', { type: 'Add', amount: 1 }, ctx());
    await expect(store.appendMany([other.append!, stale.append!])).rejects.toMatchObject({ name: 'ConcurrencyError', streamId: 'p-a' });
    expect(await store.streamVersion('p-c')).toBe(0);
  });

  it('a retried command (same id) returns the original events and appends nothing', async () => {
    const h = new DeciderCommandHandler(store, { streamType: 'counter', decider: counter });
    const first = await h.handle('c-idem', { type: 'Add', amount: 7 }, ctx('same-id'));
    const again = await h.handle('c-idem', { type: 'Add', amount: 7 }, ctx('same-id'));
    expect(again.duplicate).toBe(true);
    expect(again.events).toEqual(first.events);
    expect((await h.load('c-idem')).state.total).toBe(7);
  });

  it('retries on version conflicts so 16 concurrent commands all land, none twice', async () => {
    const h = new DeciderCommandHandler(store, { streamType: 'counter', decider: counter, maxRetries: 50 });
    await Promise.all(Array.from({ length: 16 }, () => h.handle('c-race', { type: 'Add', amount: 3 }, ctx())));
    expect((await h.load('c-race')).state).toEqual({ total: 48, adds: 16 });
  });

  it('a retry of a command whose first run changed the state so that it would now be refused returns the original outcome', async () => {
    const h = new DeciderCommandHandler(store, { streamType: 'counter', decider: counter });
    const first = await h.handle('c-retry-refused', { type: 'Add', amount: 900 }, ctx('big-add'));
    // Deciding again would pass 1000 and be refused; the command id identifies it as the same command.
    const again = await h.handle('c-retry-refused', { type: 'Add', amount: 900 }, ctx('big-add'));
    expect(again).toMatchObject({ duplicate: true, version: first.version, events: first.events });
  });

  it('a refused command appends nothing', async () => {
    const h = new DeciderCommandHandler(store, { streamType: 'counter', decider: counter });
    await expect(h.handle('c-refuse', { type: 'Add', amount: 2000 }, ctx())).rejects.toMatchObject({ code: 'LIMIT' });
    expect(await store.streamVersion('c-refuse')).toBe(0);
  });

  it('loads long streams from a snapshot and folds only the events after it', async () => {
    const h = new DeciderCommandHandler(store, { streamType: 'counter', decider: counter, snapshot: { every: 10, stateVersion: 'counter-v1' } });
    for (let i = 0; i < 25; i++) await h.handle('c-long', { type: 'Add', amount: 1 }, ctx());
    expect(await store.loadSnapshot('c-long', 'counter-v1')).toEqual({ version: 20, state: { total: 20, adds: 20 } });
    const spy = jest.spyOn(store, 'readStream');
    expect(await h.load('c-long')).toEqual({ state: { total: 25, adds: 25 }, version: 25 });
    expect(spy).toHaveBeenCalledWith('c-long', 20);
    spy.mockRestore();
  });

  describe('one handler for every way a command runs', () => {
    const options = { streamType: 'counter', decider: counter };

    it('inside the caller’s transaction: its events commit or roll back with the caller’s other writes', async () => {
      const h = new DeciderCommandHandler(store, options);
      const client = await db.pool.connect();
      try {
        await client.query('BEGIN');
        await h.handle('c-tx', { type: 'Add', amount: 4 }, ctx('tx-rolled-back'), { tx: client });
        expect((await h.load('c-tx', { tx: client })).state.total).toBe(4);
        await client.query('ROLLBACK');
        await client.query('BEGIN');
        await h.handle('c-tx', { type: 'Add', amount: 6 }, ctx('tx-committed'), { tx: client });
        await client.query('COMMIT');
      } finally {
        client.release();
      }
      expect(await h.load('c-tx')).toEqual({ state: { total: 6, adds: 1 }, version: 1 });
      // The rolled-back command left no trace of its id: sent again, it runs.
      await h.handle('c-tx', { type: 'Add', amount: 4 }, ctx('tx-rolled-back'));
      expect((await h.load('c-tx')).state.total).toBe(10);
    });

    it('with the stream lock, 16 concurrent commands all land with no retry at all', async () => {
      const h = new DeciderCommandHandler(store, { ...options, lockStream: true, maxRetries: 0 });
      await Promise.all(Array.from({ length: 16 }, () => h.handle('c-locked', { type: 'Add', amount: 2 }, ctx())));
      expect((await h.load('c-locked')).state).toEqual({ total: 32, adds: 16 });
    });

    it('with the stream lock and a state cache, a cache left ahead by a rolled-back transaction is not believed', async () => {
      const cached = new DeciderCommandHandler(store, { ...options, lockStream: true, cacheState: true });
      const other = new DeciderCommandHandler(store, options);
      await cached.handle('c-cache-tx', { type: 'Add', amount: 1 }, ctx());
      const client = await db.pool.connect();
      try {
        await client.query('BEGIN');
        await cached.handle('c-cache-tx', { type: 'Add', amount: 100 }, ctx(), { tx: client });
        await client.query('ROLLBACK');
      } finally {
        client.release();
      }
      // Another writer brings the stream to the version the cache holds, with other events.
      await other.handle('c-cache-tx', { type: 'Add', amount: 5 }, ctx());
      const out = await cached.handle('c-cache-tx', { type: 'Add', amount: 1 }, ctx());
      expect(out.state).toEqual({ total: 7, adds: 3 });
    });

    it("with a state cache and the caller's head, a cache left ahead by a rolled-back transaction is not believed, by handle or by load", async () => {
      const cached = new DeciderCommandHandler(store, { ...options, cacheState: true });
      const other = new DeciderCommandHandler(store, options);
      await cached.handle('c-cache-head', { type: 'Add', amount: 1 }, ctx());
      const inTx = async <T>(work: (client: import('pg').PoolClient) => Promise<T>, commit: boolean): Promise<T> => {
        const client = await db.pool.connect();
        try {
          await client.query('BEGIN');
          const out = await work(client);
          await client.query(commit ? 'COMMIT' : 'ROLLBACK');
          return out;
        } finally {
          client.release();
        }
      };
      const headIn = (client: import('pg').PoolClient) => store.within(client).lockStream('c-cache-head');
      await inTx(async (client) => cached.handle('c-cache-head', { type: 'Add', amount: 100 }, ctx(), { tx: client, head: await headIn(client) }), false);
      await other.handle('c-cache-head', { type: 'Add', amount: 5 }, ctx());
      const loaded = await inTx(async (client) => cached.load('c-cache-head', { tx: client, head: await headIn(client) }), true);
      expect(loaded.state).toEqual({ total: 6, adds: 2 });
      const out = await inTx(async (client) => cached.handle('c-cache-head', { type: 'Add', amount: 1 }, ctx(), { tx: client, head: await headIn(client) }), true);
      expect(out.state).toEqual({ total: 7, adds: 3 });
    });

    it('with a state cache and no lock, a refusal decided on a stale cache is decided again on the stored stream', async () => {
      const first = new DeciderCommandHandler(store, { ...options, cacheState: true });
      const second = new DeciderCommandHandler(store, { ...options, cacheState: true });
      await first.handle('c-cache', { type: 'Add', amount: 990 }, ctx());
      // A refusal the stored stream confirms stands (a second instance, deciding on what is stored).
      await expect(second.handle('c-cache', { type: 'Add', amount: 20 }, ctx())).rejects.toMatchObject({ code: 'LIMIT' });
      // The stream moves on elsewhere (a correction stored directly), so the cached 990 is stale.
      await store.append('c-cache', 'counter', 1, [{ eventId: '00000000-0000-4000-8000-000000000001', type: 'Added', schemaVersion: 1, data: { amount: -500 }, metadata: { actor: { id: 'a', role: 'r' }, commandId: 'x', correlationId: 'c', causationId: null, rulebookVersion: null }, occurredAt: '2026-11-25T12:00:00.000Z' }]);
      const out = await first.handle('c-cache', { type: 'Add', amount: 20 }, ctx());
      expect(out).toMatchObject({ version: 3, state: { total: 510, adds: 3 } });
    });
    it('a handler written against the earlier API (a subclass overriding load) still decides on what its load returns', async () => {
      class Offset extends DeciderCommandHandler<Cmd, Ev, St> {
        override async load(streamId: string) {
          const loaded = await super.load(streamId);
          return { ...loaded, state: { ...loaded.state, total: loaded.state.total + 995 } };
        }
      }
      const h = new Offset(store, options);
      await expect(h.handle('c-subclass', { type: 'Add', amount: 10 }, ctx())).rejects.toMatchObject({ code: 'LIMIT' });
    });
  });
});
