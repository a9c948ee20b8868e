import { randomUUID } from 'node:crypto';
import { PostgresEventStore } from '@app/event-store';
import { createTestDatabase, type TestDatabase } from '@app/testing';
import type { KnownRapidTable, TournamentCommand } from './tournament-command.types';
import { rapidTerms, DIRECTOR, enter, publish, T0 } from './tournament-fixtures';
import { TournamentCommands } from './tournament.commands';

/**
 * Rapid 12.3.2 (tournaments side): a designated table is used for one tournament's session at a time, even when two
 * tournaments' session starts race, each in its own transaction on its own tournament stream.
 */
describe('Rapid 12.3.2: two tournaments never hold sessions at one table at once', () => {
  let db: TestDatabase;
  let commands: TournamentCommands;
  const APPROVAL = { reference: 'VCGR-2026-17', approvedAt: '2026-02-01' };
  const rapid = (tableId: string): KnownRapidTable => ({ tableId, rulebookId: 'crown-melbourne-rapid', variant: 'traditional', offeredBets: [{ bet: 'player', option: 'standard' }], inUseBy: null });
  const ctx = () => ({ commandId: randomUUID(), actor: DIRECTOR, correlationId: randomUUID(), now: T0 });
  const run = (tournamentId: string, command: TournamentCommand) => commands.handle(tournamentId, command, ctx());
  const start = (tableId: string, sessionId = 'heat'): TournamentCommand => ({
    type: 'StartSession',
    actor: DIRECTOR,
    now: T0,
    sessionId,
    kind: 'heat',
    seating: [
      { entryId: 'e1', tableId, box: 1 },
      { entryId: 'e2', tableId, box: 2 },
    ],
    rapidTables: [rapid(tableId)],
  });
  const ready = async (tournamentId: string, tableId: string) => {
    await run(tournamentId, publish('crown-melbourne', rapidTerms({ players: { minimum: 2, maximum: 18 } }), { tournamentId, game: 'rapid-baccarat', regulatorApproval: APPROVAL }));
    await run(tournamentId, enter(1, { patronId: `${tournamentId}-P1` }));
    await run(tournamentId, enter(2, { patronId: `${tournamentId}-P2` }));
    await run(tournamentId, { type: 'CloseEntries', actor: DIRECTOR, now: T0 });
    await run(tournamentId, { type: 'RecordBriefing', actor: DIRECTOR, now: T0, entryIds: ['e1', 'e2'] });
    await run(tournamentId, { type: 'DesignateTables', actor: DIRECTOR, now: T0, tableIds: [tableId], rapidTables: [rapid(tableId)] });
  };

  beforeAll(async () => {
    db = await createTestDatabase('tournament_table_hold');
    const store = new PostgresEventStore(db.pool, 'tournaments');
    await store.migrate();
    commands = new TournamentCommands(store);
  });
  afterAll(async () => db?.drop());

  it('Rapid 12.3.2: session starts of two tournaments at one table sent at the same moment: one starts, the other is refused 409, every time', async () => {
    for (let round = 1; round <= 5; round++) {
      const tableId = `RT-${round}`;
      const [ta, tb] = [`TA-${round}`, `TB-${round}`];
      await Promise.all([ready(ta, tableId), ready(tb, tableId)]);
      const outcomes = await Promise.allSettled([run(ta, start(tableId)), run(tb, start(tableId))]);
      const started = outcomes.filter((o) => o.status === 'fulfilled');
      const refused = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason as { kind?: string; code?: string; clause?: string }] : []));
      expect(started).toHaveLength(1);
      expect(refused).toEqual([expect.objectContaining({ kind: 'conflict', code: 'TABLE_IN_ANOTHER_TOURNAMENT_SESSION', clause: 'Rapid 12.3.2' })]);
    }
  });

  it('Rapid 12.3.2: once the session ends the table is free for the other tournament; a retried start counts nothing twice', async () => {
    await Promise.all([ready('TA-free', 'RT-free'), ready('TB-free', 'RT-free')]);
    const first = ctx();
    await commands.handle('TA-free', start('RT-free'), first);
    const again = await commands.handle('TA-free', start('RT-free'), first);
    expect(again.duplicate).toBe(true);
    await expect(run('TB-free', start('RT-free'))).rejects.toMatchObject({ code: 'TABLE_IN_ANOTHER_TOURNAMENT_SESSION' });
    await run('TA-free', { type: 'EndSession', actor: DIRECTOR, now: T0, sessionId: 'heat' } as TournamentCommand);
    const started = await run('TB-free', start('RT-free'));
    expect(started.events.map((e) => e.type)).toContain('TournamentSessionStarted');
  });
});
