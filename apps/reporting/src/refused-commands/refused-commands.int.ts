import { migrateMessaging, recordRefusals } from '@app/messaging';
import { createTestDatabase, type TestDatabase } from '@app/testing';
import { RefusedCommandsController } from './refused-commands.controller';

describe('refused commands for the supervisor (the reactions between services never drop a refusal in silence)', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase('refused_cmds', 2);
    await migrateMessaging(db.pool);
  });
  afterAll(async () => db?.drop());

  it('lists what each reactor was refused, oldest first, one consumer or all', async () => {
    const refusal = (commandId: string, consumer: string, occurredAt: string) => ({
      commandId,
      consumer,
      eventId: `ev-${commandId}`,
      eventType: 'TournamentSessionStarted',
      streamId: 'rapid-table-RT1',
      commandType: 'reaction',
      code: 'TABLE_NOT_DESIGNATED',
      clause: 'Rapid 12.3.1',
      message: 'Rapid table RT1 is not designated for tournament cup.',
      command: {},
      occurredAt,
    });
    await recordRefusals(db.pool, [refusal('b', 'rapid.tournament-sessions', '2026-05-01T10:05:00.000Z'), refusal('a', 'promotions.table-play', '2026-05-01T10:00:00.000Z')]);
    // Recorded again (a redelivery): still once.
    await recordRefusals(db.pool, [refusal('a', 'promotions.table-play', '2026-05-01T10:00:00.000Z')]);
    const controller = new RefusedCommandsController(db.pool);
    expect((await controller.list({})).map((r) => [r.commandId, r.consumer, r.clause])).toEqual([
      ['a', 'promotions.table-play', 'Rapid 12.3.1'],
      ['b', 'rapid.tournament-sessions', 'Rapid 12.3.1'],
    ]);
    expect((await controller.list({ consumer: 'rapid.tournament-sessions' })).map((r) => r.commandId)).toEqual(['b']);
  });
});
