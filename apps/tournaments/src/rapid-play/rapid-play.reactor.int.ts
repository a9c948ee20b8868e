import type { IntegrationEvent } from '@app/contracts';
import { integrationEventOf } from '@app/testing';
import { DIRECTOR, T0, rapidTerms, enter, publish } from '../tournament/tournament-fixtures';
import { tournamentConsumerTestBed } from '../test-support/consumer-test-bed';
import { PostgresEventStore } from '@app/event-store';
import { reactorProjection, type Projection } from '@app/messaging';
import { rapidPlayReactor } from './rapid-play.reactor';
import { RapidTables } from './rapid-tables';

const published = (type: string, data: Record<string, unknown>): IntegrationEvent =>
  integrationEventOf(type, data, { source: 'rapid', streamId: `rapid-table-${String(data.tableId)}`, streamType: 'rapid-table', occurredAt: T0, actor: { id: 'd-1', role: 'dealer' } });
const PLAYER_WINS = { playerCards: ['9H', 'KS'], bankerCards: ['5D', '2C'], result: 'player', playerTotal: 9, bankerTotal: 7 };
const BANKER_WINS = { playerCards: ['5D', '2C'], bankerCards: ['9H', 'KS'], result: 'banker', playerTotal: 7, bankerTotal: 9 };

/** The rapid-play consumer on the real PostgreSQL: a session at a Rapid table scored from the rapid service's published events (Rapid 12). */
describe('the rapid-play consumer on the real PostgreSQL (Rapid 12)', () => {
  let reactor: Projection | undefined;
  const bed = tournamentConsumerTestBed('tour_rapid_play', (pool) => (reactor = reactorProjection(rapidPlayReactor(new PostgresEventStore(pool, 'tournaments')))), () => [
    publish('crown-melbourne', rapidTerms({ players: { minimum: 2, maximum: 18 } }), { game: 'rapid-baccarat', regulatorApproval: { reference: 'VCGR-1', approvedAt: '2026-02-01' } }),
    enter(1),
    enter(2),
    { type: 'CloseEntries', actor: DIRECTOR, now: T0 },
    { type: 'RecordBriefing', actor: DIRECTOR, now: T0, entryIds: ['e1', 'e2'] },
  ]);
  const { run, tournamentEvents } = bed;
  const commands = { load: (id: string) => bed.commands().load(id) };
  const apply = (...events: IntegrationEvent[]) => bed.inTransaction((client) => reactor!.applyBatch!(events, client));

  it('Rapid 12.3.1: learns the Rapid table from RapidTableOpened, which the edge then adds to a designation', async () => {
    await apply(published('RapidTableOpened', { tableId: 'RT1', floorId: 'main', terms: { rulebookId: 'crown-melbourne-rapid', variant: 'traditional', offeredBets: [{ bet: 'player', option: 'standard' }], limits: {}, aggregateMinimumCents: null }, stations: [] }));
    const known = await new RapidTables(bed.db().pool, 'tournaments').known(['RT1', 'RT9']);
    expect(known).toEqual([{ tableId: 'RT1', rulebookId: 'crown-melbourne-rapid', variant: 'traditional', offeredBets: [{ bet: 'player', option: 'standard' }], inUseBy: null }]);
    await run({ type: 'DesignateTables', actor: DIRECTOR, now: T0, tableIds: ['RT1'], rapidTables: known });
    expect((await commands.load('cup')).state.tables.RT1).toBeDefined();
  });

  it('Rapid 12.3.2 with 2.2(a): keeps how many ATSs a Rapid table opened with, which the edge adds to a session: a seat beyond them is refused', async () => {
    const stations = ['A1', 'A2', 'A3'].map((atsId) => ({ atsId, remote: false, printer: true }));
    await apply(published('RapidTableOpened', { tableId: 'RT3', floorId: 'main', terms: { rulebookId: 'crown-melbourne-rapid', variant: 'traditional', offeredBets: [{ bet: 'player', option: 'standard' }], limits: {}, aggregateMinimumCents: null }, stations }));
    const known = await new RapidTables(bed.db().pool, 'tournaments').known(['RT3']);
    expect(known).toEqual([expect.objectContaining({ tableId: 'RT3', boxes: 3 })]);
    await run({ type: 'DesignateTables', actor: DIRECTOR, now: T0, tableIds: ['RT3'], rapidTables: known });
    const seating = [
      { entryId: 'e1', tableId: 'RT3', box: 1 },
      { entryId: 'e2', tableId: 'RT3', box: 9 },
    ];
    await expect(run({ type: 'StartSession', actor: DIRECTOR, now: T0, sessionId: 'rt3-s1', kind: 'heat', seating, rapidTables: known })).rejects.toMatchObject({ code: 'BOX_NOT_AT_TABLE', field: 'seating[1].box', clause: 'Rapid 12.3.2; Rapid 2.2(a)' });
  });

  it('Rapid 12.2.1(b), 4.8: scores a round from the session accounts\' stakes and credits only, once however often it is delivered; a game-system void scores nothing', async () => {
    await run({ type: 'StartSession', actor: DIRECTOR, now: T0, sessionId: 'h1', kind: 'heat', seating: [{ entryId: 'e1', tableId: 'RT1', box: 1 }, { entryId: 'e2', tableId: 'RT1', box: 2 }] });
    await apply(
      published('RapidTournamentSessionStarted', {
        tableId: 'RT1', tournamentId: 'cup', sessionId: 'h1', unseated: [], startedAt: T0, clause: 'Rapid 12.2.1(b)',
        seats: [{ box: 1, atsId: 'A1', entryId: 'e1', accountId: 'T.h1.e1', creditCents: 1_000 }, { box: 2, atsId: 'A2', entryId: 'e2', accountId: 'T.h1.e2', creditCents: 1_000 }],
      }),
    );
    // A round voided for the game system (11.15(a)) is not scored.
    await apply(published('RapidRoundStarted', { tableId: 'RT1', roundId: 'R0' }), published('RapidMalfunctionRecorded', { tableId: 'RT1', roundId: 'R0', scope: 'game-system', atsId: null, effect: 'void' }));
    await apply(published('RapidRoundStarted', { tableId: 'RT1', roundId: 'R1' }));
    const settled = published('RapidRoundSettled', {
      tableId: 'RT1', roundId: 'R1', outcome: PLAYER_WINS,
      // CASH-1 is not a tournament account: it is not the tournament's to score.
      accounts: [{ accountId: 'T.h1.e1', atsId: 'A1', stakedCents: 300, creditedCents: 600 }, { accountId: 'T.h1.e2', atsId: 'A2', stakedCents: 200, creditedCents: 0 }, { accountId: 'CASH-1', atsId: 'A3', stakedCents: 5_000, creditedCents: 0 }],
    });
    await apply(settled);
    await apply(settled);
    const { state } = await commands.load('cup');
    expect([state.sessions.h1.players.e1.chips, state.sessions.h1.players.e2.chips]).toEqual([1_300, 800]);
    const events = await tournamentEvents();
    expect(events.filter((e) => e.type === 'TableCoupVoidedNoted').map((e) => e.data.coupId)).toEqual(['R0']);
    const scored = events.filter((e) => e.type === 'TournamentCoupScored');
    expect(scored.map((e) => [e.data.coupId, e.data.chipsInPlayAfter, e.data.houseChipsAfter, e.data.issuedChips])).toEqual([['R1', 2_100, -100, 2_000]]);
  });

  it('Rapid 11.11: a freeze and a corrected outcome move each player\'s chips as their account moved, conserved, once however often delivered', async () => {
    const account = (accountId: string, movementCents: number, balanceAfterCents: number) =>
      integrationEventOf(
        'AtsSettlementRecalculated',
        { accountId, tableId: 'RT1', roundId: 'R1', outcome: BANKER_WINS, settlements: [], previousCreditCents: 0, creditCents: 0, unrecoveredCents: 0, movementCents, balanceAfterCents, recalculatedAt: T0, clause: 'Rapid 11.11' },
        { source: 'rapid', streamId: `rapid-account-${accountId}`, streamType: 'rapid-account', occurredAt: T0, actor: { id: 'd-1', role: 'dealer' } },
      );
    // e1 had 300 on Player (credited 600, now nothing: -600); e2 200 on Banker (nothing, now 390: +390).
    const correction = [
      published('RapidAccountsFrozen', { tableId: 'RT1', roundId: 'R1', accountIds: ['T.h1.e1', 'T.h1.e2'], reason: 'wrong outcome', frozenAt: T0, clause: 'Rapid 11.11' }),
      published('RapidOutcomeCorrected', { tableId: 'RT1', roundId: 'R1', previous: PLAYER_WINS, actual: BANKER_WINS, accounts: [], stakedCents: 500, creditedCents: 390, houseNetCents: 110, correctedAt: T0, clause: 'Rapid 11.11' }),
      account('T.h1.e1', -600, 700),
      account('T.h1.e2', 390, 1_190),
      account('CASH-1', 100, 100),
    ];
    await apply(...correction);
    await apply(...correction);
    const { state } = await commands.load('cup');
    expect([state.sessions.h1.players.e1.chips, state.sessions.h1.players.e2.chips]).toEqual([700, 1_190]);
    const fixes = (await tournamentEvents()).filter((e) => e.type === 'TournamentChipsCorrected').map((e) => e.data as Record<string, number>);
    expect(fixes.map((d) => [d.entryId, d.movement, d.chipsAfter])).toEqual([['e1', -600, 700], ['e2', 390, 1_190]]);
    const last = fixes[fixes.length - 1];
    expect([last.chipsInPlayAfter, last.houseChipsAfter + last.chipsInPlayAfter + last.withdrawnChipsAfter]).toEqual([1_890, last.issuedChips]);
  });

  it('Rapid 12.2.1(b): after RapidTournamentSessionEnded, the table\'s rounds are no longer the tournament\'s', async () => {
    await apply(published('RapidTournamentSessionEnded', { tableId: 'RT1', tournamentId: 'cup', sessionId: 'h1', accountIds: ['T.h1.e1', 'T.h1.e2'] }));
    const before = (await tournamentEvents()).length;
    await apply(published('RapidRoundStarted', { tableId: 'RT1', roundId: 'R2' }));
    expect((await tournamentEvents()).length).toBe(before);
  });

  it('Rapid 11.11, 12.2.1(b): a correction after the session ended leaves the recorded chip counts and is a notice for the Tournament Director', async () => {
    await run({ type: 'EndSession', actor: DIRECTOR, now: T0, sessionId: 'h1' });
    const late = integrationEventOf(
      'AtsSettlementRecalculated',
      { accountId: 'T.h1.e2', tableId: 'RT1', roundId: 'R1', outcome: PLAYER_WINS, settlements: [], previousCreditCents: 390, creditCents: 0, unrecoveredCents: 390, movementCents: 0, balanceAfterCents: 0, recalculatedAt: T0, clause: 'Rapid 11.11' },
      { source: 'rapid', streamId: 'rapid-account-T.h1.e2', streamType: 'rapid-account', occurredAt: T0, actor: { id: 'd-1', role: 'dealer' } },
    );
    await apply(late);
    await apply(late);
    const { state } = await commands.load('cup');
    expect(state.sessions.h1.players.e2.chips).toBe(1_190);
    const notices = (await tournamentEvents()).filter((e) => e.type === 'TournamentRapidNoticeRecorded').map((e) => e.data);
    expect(notices).toEqual([expect.objectContaining({ kind: 'correction-after-session', entryId: 'e2', movement: 0, unrecovered: 390 })]);
  });

  it('Rapid 12.2.1(b): a correction the Rapid table referred after the session ended (AtsTournamentCorrectionReferred) is a notice for the Tournament Director with what it would have moved, once, and moves no chips', async () => {
    const before = (await commands.load('cup')).state.sessions.h1.players.e1.chips;
    const referred = integrationEventOf(
      'AtsTournamentCorrectionReferred',
      { accountId: 'T.h1.e1', tableId: 'RT1', atsId: 'RT1-A1', tournamentId: 'cup', sessionId: 'h1', entryId: 'e1', roundId: 'R1', roundNumber: 1, cause: 'wrong-outcome', outcome: BANKER_WINS, previousCreditCents: 0, creditCents: 195, wantedCents: 195, referredAt: T0, clause: 'Rapid 12.2.1(b)' },
      { source: 'rapid', streamId: 'rapid-account-T.h1.e1', streamType: 'rapid-account', occurredAt: T0, actor: { id: 'd-1', role: 'dealer' } },
    );
    await apply(referred);
    await apply(referred);
    expect((await commands.load('cup')).state.sessions.h1.players.e1.chips).toBe(before);
    const notices = (await tournamentEvents()).filter((e) => e.type === 'TournamentRapidNoticeRecorded').map((e) => e.data);
    expect(notices.filter((n) => n.entryId === 'e1')).toEqual([expect.objectContaining({ kind: 'correction-after-session', entryId: 'e1', coupId: 'R1', movement: 195, unrecovered: 0 })]);
  });
});

