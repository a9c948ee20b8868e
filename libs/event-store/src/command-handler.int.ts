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
});
