import type { IntegrationEvent } from '@app/contracts';
import { migrationHistory } from '@app/event-store';
import { integrationEventOf } from '@app/testing';
import { randomUUID } from 'node:crypto';
import { DIRECTOR, T0, completeTerms, enter, publish } from '../tournament/tournament-fixtures';
import { tournamentConsumerTestBed } from '../test-support/consumer-test-bed';
import { PostgresEventStore } from '@app/event-store';
import { listRefusedCommands, reactorProjection, type Projection } from '@app/messaging';
import { tablePlayReactor } from './table-play.reactor';

const published = (type: string, data: Record<string, unknown>, eventId = randomUUID()): IntegrationEvent => integrationEventOf(type, data, { eventId, occurredAt: T0, actor: { id: 'd-1', role: 'dealer' } });

describe('the table-play consumer on the real PostgreSQL (Star 2024 15)', () => {
  let reactor: Projection | undefined;
  const bed = tournamentConsumerTestBed('tour_play', (pool) => (reactor = reactorProjection(tablePlayReactor(new PostgresEventStore(pool, 'tournaments')))), () => [
    publish('the-star-sydney', completeTerms({ players: { minimum: 2, maximum: 18 } })),
    enter(1),
    enter(2),
    { type: 'CloseEntries', actor: DIRECTOR, now: T0 },
    { type: 'DesignateTables', actor: DIRECTOR, now: T0, tableIds: ['T1'] },
  ]);
  const { run } = bed;
  const commands = { load: (id: string) => bed.commands().load(id) };
  const apply = (e: IntegrationEvent) => bed.inTransaction((client) => reactor!.apply(e, client));
  const chipsOf = async (entryId: string) => (await commands.load('cup')).state.sessions.h1.players[entryId].chips;

  it('joins a table opened in tournament mode, follows its coup and scores the settlement once, however often it is delivered', async () => {
    await apply(published('TableOpened', { tableId: 'T1', tournamentId: 'cup', variant: 'traditional', offeredBets: [{ bet: 'player', option: 'standard' }, { bet: 'banker', option: 'traditional' }] }));
    expect((await commands.load('cup')).state.tables.T1).toBeDefined();
    await run({ type: 'StartSession', actor: DIRECTOR, now: T0, sessionId: 'h1', kind: 'heat', seating: [{ entryId: 'e1', tableId: 'T1', box: 1 }, { entryId: 'e2', tableId: 'T1', box: 2 }] });
    await apply(published('CoupStarted', { tableId: 'T1', coupId: 'c1', dummy: false }));
    await apply(published('WagersAccepted', { tableId: 'T1', coupId: 'c1', wagers: [{ wagerId: 'w1', box: 1, patronId: null, bet: 'player', option: 'standard', amountCents: 100 }] }));
    // The director's edge records a pass card, in box 2's turn (Star 2024 15.7.1 with 15.9.3), between two of the consumer's events: the consumer sees it.
    await run({ type: 'PlayPassCard', actor: DIRECTOR, now: T0, tableId: 'T1', coupId: 'c1', entryId: 'e2' });
    await apply(published('CardDealt', { tableId: 'T1', coupId: 'c1', position: 1, hand: 'player', card: '9H' }));
    await apply(published('CoupCompleted', { tableId: 'T1', coupId: 'c1', result: 'player', playerCards: ['9H', 'KD'], bankerCards: ['2C', '3S'] }));
    const settled = published('WagersSettled', { tableId: 'T1', coupId: 'c1', settlements: [{ wagerId: 'w1', box: 1, amountCents: 100, winCents: 100, returnedCents: 100, commissionImmediateCents: 0, commissionDeferredCents: 0, outcome: 'win' }] });
    await apply(settled);
    await apply(settled);
    expect(await chipsOf('e1')).toBe(1_100);
    expect(await chipsOf('e2')).toBe(1_000);
    const { state } = await commands.load('cup');
    expect(Object.values(state.entries).map((e) => e.status)).toEqual(['entered', 'entered']);
    const scored = (await bed.tournamentEvents()).filter((e) => e.type === 'TournamentCoupScored');
    expect(scored).toHaveLength(1);
  });

  it('Crown Melbourne 14.4.8(a)(ii): a coup whose only wager the table voided on a disqualification, then completed, is settled for the tournament: scored on completion, and the session ends', async () => {
    // Follows the heat above where it runs first; alone, it opens the table and starts the heat itself.
    if (!(await commands.load('cup')).state.sessions.h1) {
      await apply(published('TableOpened', { tableId: 'T1', tournamentId: 'cup', variant: 'traditional', offeredBets: [{ bet: 'player', option: 'standard' }, { bet: 'banker', option: 'traditional' }] }));
      await run({ type: 'StartSession', actor: DIRECTOR, now: T0, sessionId: 'h1', kind: 'heat', seating: [{ entryId: 'e1', tableId: 'T1', box: 1 }, { entryId: 'e2', tableId: 'T1', box: 2 }] });
    }
    await apply(published('CoupStarted', { tableId: 'T1', coupId: 'c2', dummy: false }));
    const wager = () => apply(published('WagersAccepted', { tableId: 'T1', coupId: 'c2', wagers: [{ wagerId: 'w2', box: 1, patronId: null, bet: 'banker', option: 'traditional', amountCents: 100 }] }));
    const pass = () => run({ type: 'PlayPassCard', actor: DIRECTOR, now: T0, tableId: 'T1', coupId: 'c2', entryId: 'e2' });
    // In the order of wagering (Star 2024 15.9.2-15.9.3), from the box the marker is on.
    if ((await commands.load('cup')).state.sessions.h1.coups.T1?.markerBox === 2) await pass().then(wager);
    else await wager().then(pass);
    await run({ type: 'Disqualify', actor: DIRECTOR, now: T0, entryId: 'e1', reason: 'contravention', description: 'Exchanged chips with another player' });
    // The table returns the disqualified player's wager from the layout before no more bets, then deals the coup.
    await apply(published('WagerVoided', { tableId: 'T1', coupId: 'c2', wagerId: 'w2', reason: 'the player was disqualified', clause: 'Crown Melbourne 14.4.8(a)(ii)', voidedAt: T0 }));
    await apply(published('WagersSettled', { tableId: 'T1', coupId: 'c2', settlements: [{ wagerId: 'w2', box: 1, bet: 'banker', option: 'traditional', amountCents: 100, winCents: 0, returnedCents: 100, commissionImmediateCents: 0, commissionDeferredCents: 0, outcome: 'void' }] }));
    await apply(published('CoupCompleted', { tableId: 'T1', coupId: 'c2', result: 'banker', playerCards: ['2H', '3D'], bankerCards: ['9C', 'KS'] }));
    expect((await commands.load('cup')).state.sessions.h1.coups.T1 ?? null).toBeNull();
    await run({ type: 'EndSession', actor: DIRECTOR, now: T0, sessionId: 'h1' });
    expect((await bed.tournamentEvents()).filter((e) => e.type === 'TournamentSessionEnded')).toHaveLength(1);
  });

  it('notes a designated table opened for other play (Star 2024 15.5.2)', async () => {
    await apply(published('TableOpened', { tableId: 'T1', variant: 'traditional', offeredBets: [] }));
    const events = await bed.tournamentEvents();
    expect(events.filter((e) => e.type === 'TournamentTableMisused').map((e) => e.data)).toEqual([expect.objectContaining({ tableId: 'T1', problem: 'designated-table-opened-for-other-play', clause: 'Star 2024 15.5.2' })]);
  });

  it('Crown Melbourne 14.2.4-14.2.5: a table opened for a tournament that does not exist is refused for a supervisor to see, not dropped in silence', async () => {
    await apply(published('TableOpened', { tableId: 'T7', tournamentId: 'no-such-cup', rulebookId: 'star-sydney-2024', variant: 'traditional', offeredBets: [] }));
    const refused = await listRefusedCommands(bed.db().pool, 'tournaments.table-play');
    expect(refused).toEqual([expect.objectContaining({ streamId: 'tournament-no-such-cup', commandType: 'NoteTableOpened', code: 'TOURNAMENT_NOT_FOUND' })]);
  });

  it('creates its read model by a versioned migration, once, and adopts one created before migrations had a history', async () => {
    const mine = async (schema: string) => (await migrationHistory(bed.db().pool, schema)).filter((m) => m.component === 'tournaments-read-models').map((m) => m.id);
    expect(await mine('tournaments')).toEqual(['0001', '0002', '0003', '0004', '0005']);
    await bed.db().pool.query('CREATE SCHEMA tournaments_old; CREATE TABLE tournaments_old.table_assignments (table_id text PRIMARY KEY, tournament_id text NOT NULL)');
    await bed.db().pool.query("INSERT INTO tournaments_old.table_assignments VALUES ('T9', 'old-cup')");
    const old = reactorProjection(tablePlayReactor(new PostgresEventStore(bed.db().pool, 'tournaments_old')));
    for (let i = 0; i < 2; i++) {
      const client = await bed.db().pool.connect();
      await old.setup!(client).finally(() => client.release());
    }
    expect(await mine('tournaments_old')).toEqual(['0001', '0002', '0003', '0004', '0005']);
    expect((await bed.db().pool.query('SELECT table_id, tournament_id FROM tournaments_old.table_assignments')).rows).toEqual([{ table_id: 'T9', tournament_id: 'old-cup' }]);
  });
});
