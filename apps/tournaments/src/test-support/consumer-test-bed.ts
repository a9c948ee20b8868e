import { PostgresEventStore } from '@app/event-store';
import { migrateMessaging } from '@app/messaging';
import { createTestDatabase, TestDatabase } from '@app/testing';
import { randomUUID } from 'node:crypto';
import type { Pool, PoolClient } from 'pg';
import { DIRECTOR, T0 } from '../tournament/tournament-fixtures';
import type { TournamentCommand } from '../tournament/tournament-command.types';
import { TournamentCommands } from '../tournament/tournament.commands';

/**
 * The setup the tournaments consumers' integration tests share: a throwaway database with the tournaments event
 * store and the consumer's tables (beforeAll / afterAll), the tournament `cup` brought to where the test starts
 * by the director's commands, and a way to apply the consumer's work in one transaction as the consumer does.
 */
/** `consumer` builds the consumer on the test's pool (in beforeAll); its `setup` creates its tables. */
export function tournamentConsumerTestBed(prefix: string, consumer: (pool: Pool) => { setup?(client: PoolClient): Promise<void> }, opening: () => readonly TournamentCommand[]) {
  let db: TestDatabase | undefined;
  let commands: TournamentCommands | undefined;
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('The test bed starts in beforeAll: use it inside a test.');
    return value;
  };
  const run = (c: TournamentCommand) => started(commands).handle('cup', c, { commandId: randomUUID(), actor: DIRECTOR, correlationId: randomUUID(), now: T0 });
  beforeAll(async () => {
    db = await createTestDatabase(prefix);
    const store = new PostgresEventStore(db.pool, 'tournaments');
    await store.migrate();
    // Where a reactor records what it was refused (messaging.refused_commands).
    await migrateMessaging(db.pool);
    const client = await db.pool.connect();
    try {
      await consumer(db.pool).setup?.(client);
    } finally {
      client.release();
    }
    commands = new TournamentCommands(store);
    for (const c of opening()) await run(c);
  });
  afterAll(async () => db?.drop());
  return {
    db: () => started(db),
    commands: () => started(commands),
    run,
    /** Runs `work` in one transaction, committed, as the consumer applies a batch. */
    inTransaction: async (work: (client: PoolClient) => Promise<unknown>): Promise<void> => {
      const client = await started(db).pool.connect();
      try {
        await client.query('BEGIN');
        await work(client);
        await client.query('COMMIT');
      } finally {
        client.release();
      }
    },
    tournamentEvents: () => new PostgresEventStore(started(db).pool, 'tournaments').readStream('tournament-cup'),
  };
}
