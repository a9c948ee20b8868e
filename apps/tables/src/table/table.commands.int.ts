import { PostgresEventStore } from '@app/event-store';
import { createTestDatabase, TestDatabase } from '@app/testing';
import { DEALER, openCrown, readyShoe, T0 } from './table-fixtures';
import { TableCommands } from './table.commands';

/** Two instances of the tables service over one event store, as when it is scaled out behind a load balancer. */
describe('TableCommands with its per-process state cache (real PostgreSQL)', () => {
  let db: TestDatabase;
  let first: TableCommands;
  let second: TableCommands;
  let seq = 0;
  const context = () => ({ commandId: `cmd-${++seq}`, actor: DEALER, correlationId: 'corr', now: T0 });

  beforeAll(async () => {
    db = await createTestDatabase('table_commands', 6);
    const store = new PostgresEventStore(db.pool, 'tables');
    await store.migrate();
    first = new TableCommands(store);
    second = new TableCommands(new PostgresEventStore(db.pool, 'tables'));
  });
  afterAll(() => db.drop());

  it('an instance whose cached state is stale accepts a command the other instance made valid', async () => {
    await first.handle('T1', openCrown(), context());
    for (const c of readyShoe()) await first.handle('T1', c, context());
    // The other instance starts the coup; the first one's cache still says no coup is under way.
    await second.handle('T1', { type: 'StartCoup', actor: DEALER, now: T0, coupId: 'c1' }, context());
    const placed = await first.handle('T1', { type: 'PlaceWagers', actor: DEALER, now: T0, coupId: 'c1', wagers: [{ wagerId: 'w1', box: 1, bet: 'banker', amountCents: 5000 }] }, context());
    expect(placed.events.map((e) => e.type)).toEqual(['WagersAccepted']);
    expect((await second.load('T1')).version).toBe(placed.version);
  });

  it('a refusal that the stored stream confirms stands', async () => {
    await expect(first.handle('T1', { type: 'StartCoup', actor: DEALER, now: T0, coupId: 'c2' }, context())).rejects.toMatchObject({ code: 'COUP_IN_PROGRESS' });
    await expect(second.handle('T1', { type: 'StartCoup', actor: DEALER, now: T0, coupId: 'c2' }, context())).rejects.toMatchObject({ code: 'COUP_IN_PROGRESS' });
  });
});
