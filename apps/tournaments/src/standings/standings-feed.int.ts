import { PostgresEventStore } from '@app/event-store';
import { createTestDatabase, eventually, TestDatabase } from '@app/testing';
import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { DIRECTOR, T0, completeTerms, enter, publish } from '../tournament/tournament-fixtures';
import { TOURNAMENT_STREAM_TYPE, TournamentCommands } from '../tournament/tournament.commands';
import type { Standings } from './standings';
import { StandingsFeed } from './standings-feed';

const stored = (type: string, data: Record<string, unknown>) => ({
  eventId: randomUUID(),
  type,
  schemaVersion: 1,
  data,
  metadata: { actor: DIRECTOR, commandId: randomUUID(), correlationId: randomUUID(), causationId: null, rulebookVersion: 'star-sydney-2024' },
  occurredAt: T0,
});
/** The pool after this entry, as the decider records it. */
const entry = (n: number, poolAfter: number) => stored('TournamentEntryAccepted', { tournamentId: 'cup', entryId: `e${n}`, patronId: `P${n}`, employee: false, feeCents: 10_000, prizePoolAfterCents: poolAfter, enteredAt: T0, clause: 'Star 2024 15.3.2' });
/** Adds 10 000 cents of value to the pool: applied to the wrong pool, it gives the wrong pool. */
const moreAddedValue = () => {
  const previous = completeTerms();
  const next = completeTerms({ prizePool: { ...previous.prizePool!, addedValueCents: previous.prizePool!.addedValueCents + 10_000 } });
  return stored('TournamentTermsAmended', { tournamentId: 'cup', previous, next, changedItems: ['prizePool'], reason: 'Sponsor', amendedAt: T0, clause: 'Star 2024 15' });
};

describe('the standings feed on the real PostgreSQL', () => {
  let db: TestDatabase;
  let feed: StandingsFeed;
  afterAll(async () => {
    await feed?.stop();
    await db?.drop();
  });

  it("applies a stream's events in version order even when a later version commits under an earlier transaction id", async () => {
    db = await createTestDatabase('tour_feed');
    const store = new PostgresEventStore(db.pool, 'tournaments');
    await store.migrate();
    const commands = new TournamentCommands(store);
    await commands.handle('cup', publish(), { commandId: randomUUID(), actor: DIRECTOR, correlationId: randomUUID(), now: T0 });
    await commands.handle('cup', enter(1), { commandId: randomUUID(), actor: DIRECTOR, correlationId: randomUUID(), now: T0 });
    feed = new StandingsFeed(store, 10);
    await feed.start();
    const seen: Standings[] = [];
    const { current } = await feed.subscribe('cup', (s) => seen.push(s));
    expect(current.prizePoolCents).toBe(60_000);
    const v = current.version;

    // A transaction takes its id first (as the consumer does when it locks its checkpoint), another appends the next
    // version and commits, then the first appends the version after it: global order puts it first.
    const early = await db.pool.connect();
    await early.query('BEGIN');
    await early.query('SELECT pg_current_xact_id()');
    await store.append('tournament-cup', TOURNAMENT_STREAM_TYPE, v, [entry(2, 70_000)]);
    await new PostgresEventStore(early as unknown as Pool, 'tournaments').append('tournament-cup', TOURNAMENT_STREAM_TYPE, v + 1, [moreAddedValue()]);
    await early.query('COMMIT');
    early.release();

    const last = await eventually('both events on the feed', async () => seen.find((s) => s.version === v + 2));
    expect(last.prizePoolCents).toBe(80_000);
    expect(seen.every((s, i) => i === 0 || s.version > seen[i - 1].version)).toBe(true);
  });

  it('shows an update as soon as it is woken (the consumer committed), not at the next poll', async () => {
    const store = new PostgresEventStore(db.pool, 'tournaments');
    await feed.stop();
    // A poll interval far longer than the test may wait: only the wake-up can bring the update in time.
    feed = new StandingsFeed(store, 600_000);
    await feed.start();
    const seen: Standings[] = [];
    const { current } = await feed.subscribe('cup', (s) => seen.push(s));
    await store.append('tournament-cup', TOURNAMENT_STREAM_TYPE, current.version, [entry(3, current.prizePoolCents + 10_000)]);
    feed.wake();
    const next = await eventually('the update on the feed', async () => seen.find((s) => s.version === current.version + 1), 10_000);
    expect(next.prizePoolCents).toBe(current.prizePoolCents + 10_000);
  });
});
