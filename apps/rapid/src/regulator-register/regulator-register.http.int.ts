/**
 * GET /rapid/regulator/report through HTTP against the real PostgreSQL, on what a black-box audit of the register
 * found: the period's bounds must say their offset from UTC (Rapid 11.14, 11.15: a malfunction is placed by when it
 * occurred, in the casino's day), and a void counts the same whenever it is recorded (5.3, 11.14-11.16).
 */
import { randomUUID } from 'node:crypto';
import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { publishTypes, topicFor, tournamentStreamId, TOURNAMENTS_INTEGRATION_EVENT_TYPES, type TournamentSessionEnded, type TournamentSessionStarted, type TournamentTablesDesignated, type TournamentTermsPublished } from '@app/contracts';
import { PostgresEventStore } from '@app/event-store';
import { eventSource } from '@app/messaging';
import { createTestDatabase, eventually, TestDatabase } from '@app/testing';
import { LIMITS, OFFERED_BETS, OUTCOMES } from '../test-support/rapid-fixtures';
import { atsBearer, bearer, startRapidApp } from '../test-support/rapid-app';

const TABLE = 'RG1';
const STATIONS = [1, 2].map((n) => ({ atsId: `${TABLE}-A${n}`, remote: false, printer: false }));
const DEALER = bearer(['dealer'], 'dealer-9');
const MANAGER = bearer(['area-manager'], 'am-9');
const REGULATOR = bearer(['regulator'], 'vgccc-9', ['VIC']);

interface RoundRow {
  readonly roundId: string;
  readonly roundNumber: number;
  readonly status: string;
  readonly stakedCents: number;
  readonly creditedCents: number;
  readonly houseNetCents: number;
  readonly voids: { scope: string; occurredAt: string; recordedAt: string }[];
}

describe('GET /rapid/regulator/report (Rapid 11.14-11.16, 5.3, 8.1)', () => {
  let db: TestDatabase;
  let app: INestApplication;
  let tournaments: PostgresEventStore;
  const published: Record<string, number> = {};
  /** What the tournaments service publishes, where the Rapid service's tournament-sessions consumer reads it. */
  const publish = async (event: TournamentTermsPublished | TournamentTablesDesignated | TournamentSessionStarted | TournamentSessionEnded) => {
    const { type, ...data } = event;
    const version = published[event.tournamentId] ?? 0;
    await tournaments.append(tournamentStreamId(event.tournamentId), 'tournament', version, [
      { eventId: randomUUID(), type, schemaVersion: 1, data, metadata: { actor: { id: 'td-1', role: 'tournament-director' }, commandId: randomUUID(), correlationId: event.tournamentId, causationId: null, rulebookVersion: 'crown-melbourne-rapid' }, occurredAt: new Date().toISOString() },
    ]);
    published[event.tournamentId] = version + 1;
  };
  const http = () => request(app.getHttpServer());
  const accountOf = new Map<string, string>();
  const [a1, a2] = STATIONS.map((s) => s.atsId);

  const wager = (atsId: string, amountCents: number) => http().put(`/rapid/accounts/${accountOf.get(atsId)}/wagers`).set('Authorization', atsBearer(atsId)).send({ wagers: [{ bet: 'banker', amountCents }] }).expect(200);
  /** The rounds once the register has read `malfunctions` malfunction rows of the table. */
  const rounds = (malfunctions: number) =>
    eventually('the register caught up', async () => {
      const r = await http().get(`/rapid/regulator/report?tableId=${TABLE}`).set('Authorization', REGULATOR).expect(200);
      return (r.body.register as { kind: string }[]).filter((x) => x.kind.startsWith('malfunction-')).length >= malfunctions ? (r.body.rounds as RoundRow[]) : false;
    });

  beforeAll(async () => {
    db = await createTestDatabase('rapid_register_http', 8);
    tournaments = new PostgresEventStore(db.pool, 'tournaments');
    await tournaments.migrate();
    app = await startRapidApp({
      url: db.url,
      poolSize: 8,
      tournamentsSource: (pool) => eventSource('tournaments', new PostgresEventStore(pool, 'tournaments'), publishTypes('tournaments', TOURNAMENTS_INTEGRATION_EVENT_TYPES), topicFor('tournaments')),
    });
    const table = { tableId: TABLE, variant: 'traditional', offeredBets: OFFERED_BETS, limits: LIMITS, decks: 8, wageringPeriodSeconds: 300, stations: STATIONS };
    await http().post('/rapid/tables').set('Authorization', MANAGER).send(table).expect(201);
    for (const atsId of [a1, a2]) {
      const r = await http().post(`/rapid/tables/${TABLE}/ats/${atsId}/buy-in`).set('Authorization', DEALER).send({ tender: 'cash', amountCents: 50_000 }).expect(201);
      accountOf.set(atsId, r.body.account.accountId);
    }
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it("Rapid 1.1 'VCGR', 11.11-11.16: the VIC register is read by staff only with a token naming every casino of VIC (as a jurisdiction's report of /reporting/reports): a Star or Crown Sydney Casino Supervisor is refused 403 OUT_OF_CASINO naming crown-melbourne", async () => {
    for (const casino of ['star-sydney', 'crown-sydney'] as const) {
      const r = await http().get(`/rapid/regulator/report?tableId=${TABLE}`).set('Authorization', bearer(['area-manager'], `am-${casino}`, undefined, [casino])).expect(403);
      expect(r.body).toMatchObject({ code: 'OUT_OF_CASINO', message: expect.stringMatching(new RegExp(`Your token covers ${casino}; .*belongs to crown-melbourne`)) });
      await http().get('/rapid/regulator/report').set('Authorization', bearer(['area-manager'], `am-${casino}`, undefined, [casino])).expect(403);
    }
    await http().get('/rapid/regulator/report').set('Authorization', bearer(['area-manager'], 'am-mel', undefined, ['crown-melbourne'])).expect(200);
    await http().get('/rapid/regulator/report').set('Authorization', REGULATOR).expect(200);
  });

  it("Rapid 1.1 'VCGR', 11.11-11.16: the register of a table the casino never opened is 404 RAPID_TABLE_NOT_FOUND naming the table id and the casino's Rapid tables, not an empty report; a table opened with no activity in the period is 200 with empty lists", async () => {
    const refused = await http().get('/rapid/regulator/report?tableId=UNKNOWN').set('Authorization', REGULATOR).expect(404);
    expect(refused.body).toMatchObject({ code: 'RAPID_TABLE_NOT_FOUND', message: expect.stringContaining('UNKNOWN') });
    expect(refused.body.message).toContain(TABLE);
    expect(refused.body.message).toContain('check the table id');
    const quiet = await http().get(`/rapid/regulator/report?tableId=${TABLE}&from=${encodeURIComponent('2020-01-01T00:00:00+11:00')}&to=${encodeURIComponent('2020-01-02T00:00:00+11:00')}`).set('Authorization', REGULATOR).expect(200);
    expect(quiet.body).toMatchObject({ register: [], rounds: [], owedToPlayers: [] });
  });

  it('Rapid 11.14, 11.15: from and to without an offset from UTC (a local time, a date alone) are refused 400 naming the field; with one they are read as the instant they say', async () => {
    for (const [field, value] of [
      ['from', '2026-11-26T00:00:00'],
      ['to', '2026-11-27'],
    ]) {
      const refused = await http().get(`/rapid/regulator/report?${field}=${value}`).set('Authorization', REGULATOR).expect(400);
      expect(JSON.stringify(refused.body)).toContain(field);
      expect(JSON.stringify(refused.body)).toContain('offset');
    }
    const ok = await http().get(`/rapid/regulator/report?from=${encodeURIComponent('2026-11-26T00:00:00+11:00')}&to=${encodeURIComponent('2026-11-27T00:00:00+11:00')}`).set('Authorization', REGULATOR).expect(200);
    expect(ok.body.filter).toMatchObject({ from: '2026-11-26T00:00:00+11:00', to: '2026-11-27T00:00:00+11:00' });
  });

  it('Rapid 5.3, 11.15, 11.16: a game-system void occurring before the draw counts the wagers neither staked nor credited when recorded after the outcome, as when recorded before it; a round voided whole is in rounds[] with its number and its void', async () => {
    // R1: recorded before the outcome, the round is void whole (11.15(a)).
    await http().post(`/rapid/tables/${TABLE}/rounds`).set('Authorization', DEALER).send({ roundId: 'R1' }).expect(201);
    await wager(a1, 10_000);
    const failedAt = new Date().toISOString();
    await http().post(`/rapid/tables/${TABLE}/rounds/R1/malfunctions`).set('Authorization', DEALER).send({ scope: 'game-system', description: 'game server restarted', occurredAt: failedAt }).expect(201);
    // R2: the same failure before the draw, recorded only once the outcome settled the round.
    await http().post(`/rapid/tables/${TABLE}/rounds`).set('Authorization', DEALER).send({ roundId: 'R2' }).expect(201);
    await wager(a1, 10_000);
    await wager(a2, 5_000);
    const beforeDraw = new Date().toISOString();
    await http().post(`/rapid/tables/${TABLE}/rounds/R2/draw`).set('Authorization', DEALER).expect(200);
    await http().post(`/rapid/tables/${TABLE}/rounds/R2/outcome`).set('Authorization', DEALER).send(OUTCOMES.playerWins).expect(200);
    await http().post(`/rapid/tables/${TABLE}/rounds/R2/malfunctions`).set('Authorization', DEALER).send({ scope: 'game-system', description: 'game server restarted', occurredAt: beforeDraw, confirmedFromRecords: false }).expect(201);
    const rows = await rounds(2);
    expect(rows.map((r) => [r.roundId, r.roundNumber, r.status, r.stakedCents, r.creditedCents, r.houseNetCents])).toEqual([
      ['R1', 1, 'void', 0, 0, 0],
      // Void as R1 is (11.15(a)), from when the void was recorded: the outcome had settled it first.
      ['R2', 2, 'void', 0, 0, 0],
    ]);
    expect(rows[0].voids[0]).toMatchObject({ scope: 'game-system', occurredAt: failedAt });
    expect(rows[1].voids[0]).toMatchObject({ scope: 'game-system', occurredAt: beforeDraw, afterOutcome: true, clause: expect.stringContaining('11.15(a)') });
    expect(rows[1]).toMatchObject({ settledAt: expect.any(String), voidedAt: rows[1].voids[0].recordedAt });
  });

  /** Every movement of the account that a round caused (wagers shown, settled, returned, recalculated): not buy-ins nor payouts. */
  const GAME_MOVEMENTS = new Set(['AtsWagersShown', 'AtsWagersSettled', 'AtsWagersReturned', 'AtsSettlementRecalculated']);
  const playersNet = async (accountIds: string[]) => {
    let sum = 0;
    for (const id of accountIds) {
      const r = (await http().get(`/rapid/accounts/${id}/reconciliation`).set('Authorization', DEALER).expect(200)).body as { balanced: boolean; movements: { type: string; movementCents: number }[] };
      expect(r.balanced).toBe(true);
      sum += r.movements.filter((m) => GAME_MOVEMENTS.has(m.type)).reduce((n, m) => n + m.movementCents, 0);
    }
    return sum;
  };
  const openTableWith = async (table: string, count: number) => {
    const atsIds = Array.from({ length: count }, (_, i) => `${table}-A${i + 1}`);
    await http().post('/rapid/tables').set('Authorization', MANAGER).send({ tableId: table, variant: 'traditional', offeredBets: OFFERED_BETS, limits: LIMITS, decks: 8, wageringPeriodSeconds: 300, stations: atsIds.map((atsId) => ({ atsId, remote: false, printer: false })) }).expect(201);
    const accounts = new Map<string, string>();
    for (const atsId of atsIds) {
      const r = await http().post(`/rapid/tables/${table}/ats/${atsId}/buy-in`).set('Authorization', DEALER).send({ tender: 'cash', amountCents: 50_000 }).expect(201);
      accounts.set(atsId, r.body.account.accountId);
    }
    return { atsIds, accounts };
  };
  const placeOn = (accounts: Map<string, string>, atsId: string, bet: string, amountCents: number) =>
    http().put(`/rapid/accounts/${accounts.get(atsId)}/wagers`).set('Authorization', atsBearer(atsId)).send({ wagers: [{ bet, amountCents }] }).expect(200);

  it("Rapid 11.11 with the register's reconciliation: the house net is what the accounts moved, to the cent: a wrong credit not recovered from an account paid out before the correction is shown per round and totalled as unrecovered, and an amount owed to a closed account counts as credited", async () => {
    const table = 'RG3';
    const { atsIds, accounts } = await openTableWith(table, 3);
    const [b1, b2, b3] = atsIds;
    const play = async (roundId: string, wagers: [string, string, number][], outcome: keyof typeof OUTCOMES) => {
      await http().post(`/rapid/tables/${table}/rounds`).set('Authorization', DEALER).send({ roundId }).expect(201);
      for (const [atsId, bet, amount] of wagers) await placeOn(accounts, atsId, bet, amount);
      await http().post(`/rapid/tables/${table}/rounds/${roundId}/draw`).set('Authorization', DEALER).expect(200);
      await http().post(`/rapid/tables/${table}/rounds/${roundId}/outcome`).set('Authorization', DEALER).send(OUTCOMES[outcome]).expect(200);
    };
    await play('Q1', [[b1, 'banker', 2_000], [b3, 'player', 1_000]], 'playerWins');
    // Q2: the Player is entered as winning; the Banker won. B2 is credited 10,000 it should not have been, B1 nothing.
    await play('Q2', [[b1, 'banker', 10_000], [b2, 'player', 5_000]], 'playerWins');
    for (const atsId of [b1, b2]) await http().post(`/rapid/accounts/${accounts.get(atsId)}/cash-out`).set('Authorization', DEALER).send({ method: 'chips' }).expect(200);
    await http().post(`/rapid/tables/${table}/rounds/Q2/freeze`).set('Authorization', DEALER).send({ reason: 'Player 9 entered; the Banker won' }).expect(200);
    await http().post(`/rapid/tables/${table}/rounds/Q2/corrected-outcome`).set('Authorization', DEALER).send(OUTCOMES.bankerWins).expect(200);
    const r = await eventually('the correction and both recalculations in the register', async () => {
      const x = (await http().get(`/rapid/regulator/report?tableId=${table}`).set('Authorization', REGULATOR).expect(200)).body;
      const kinds = (x.register as { kind: string }[]).map((k) => k.kind);
      return kinds.includes('outcome-corrected') && kinds.includes('recovery-shortfall') && kinds.includes('owed-to-player') && x.totals.unrecoveredCents > 0 ? x : false;
    });
    const q2 = (r.rounds as (RoundRow & { unrecoveredCents: number })[]).find((x) => x.roundId === 'Q2')!;
    // B1 is owed 19,500 (a Banker win of 10,000 less commission); B2's 10,000 could not be taken back from a closed account.
    expect(q2).toMatchObject({ stakedCents: 15_000, creditedCents: 19_500, unrecoveredCents: 10_000, houseNetCents: -14_500, corrected: true });
    expect(r.totals).toMatchObject({ stakedCents: 18_000, creditedCents: 21_500, unrecoveredCents: 10_000, houseNetCents: -13_500, owedToPlayersCents: 19_500 });
    expect(r.totals.stakedCents - r.totals.creditedCents - r.totals.unrecoveredCents).toBe(r.totals.houseNetCents);
    expect(await playersNet([...accounts.values()])).toBe(-r.totals.houseNetCents);
  });

  it("Rapid 11.11 with 13.4 and 6.7.1: a recalculation in the player's favour set off against what the player kept of an earlier recovery is shown on the set-off row, naming the round it came from; the correction's own row carries only its own figures (no negative unrecovered), and the totals still add up to what the accounts moved", async () => {
    const table = 'RG5';
    const { atsIds, accounts } = await openTableWith(table, 1);
    const [b1] = atsIds;
    const account = accounts.get(b1)!;
    const play = async (roundId: string, bet: string, outcome: keyof typeof OUTCOMES) => {
      await http().post(`/rapid/tables/${table}/rounds`).set('Authorization', DEALER).send({ roundId }).expect(201);
      await placeOn(accounts, b1, bet, 10_000);
      await http().post(`/rapid/tables/${table}/rounds/${roundId}/draw`).set('Authorization', DEALER).expect(200);
      await http().post(`/rapid/tables/${table}/rounds/${roundId}/outcome`).set('Authorization', DEALER).send(OUTCOMES[outcome]).expect(200);
    };
    const correct = async (roundId: string) => {
      await http().post(`/rapid/tables/${table}/rounds/${roundId}/freeze`).set('Authorization', DEALER).send({ reason: 'Player entered; the Banker won' }).expect(200);
      await http().post(`/rapid/tables/${table}/rounds/${roundId}/corrected-outcome`).set('Authorization', DEALER).send(OUTCOMES.bankerWins).expect(200);
    };
    // W1: the Player entered as winning, the player on Player credited 20,000. W2: the same wrong outcome, the player on Banker lost 10,000.
    await play('W1', 'player', 'playerWins');
    await play('W2', 'banker', 'playerWins');
    await http().post(`/rapid/accounts/${account}/cash-out`).set('Authorization', DEALER).send({ method: 'chips' }).expect(200);
    // W1 corrected against the player, who left with it: 20,000 not recovered. W2 in the player's favour (19,500 after
    // commission): set off against what the player kept of W1's recovery, nothing paid, 500 still not recovered.
    await correct('W1');
    await correct('W2');
    type Amounts = { unrecoveredCents: number; netCents: number; setOffCents?: number };
    type Row = { kind: string; roundId: string; details: Record<string, unknown>; amounts?: Amounts; accounts?: (Amounts & { accountId: string; movedCents: number })[] };
    const r = await eventually('both corrections and the set-off in the register', async () => {
      const x = (await http().get(`/rapid/regulator/report?tableId=${table}`).set('Authorization', REGULATOR).expect(200)).body;
      const rows = x.register as Row[];
      return rows.filter((k) => k.kind === 'outcome-corrected').length === 2 && rows.some((k) => k.kind === 'unrecovered-set-off') && rows.some((k) => k.kind === 'recovery-shortfall') ? x : false;
    });
    const rows = r.register as Row[];
    const row = (kind: string, roundId: string) => rows.find((x) => x.kind === kind && x.roundId === roundId)!;
    // W1: the recovery that could not be made, on the correction's row and the shortfall's.
    expect(row('outcome-corrected', 'W1').amounts).toMatchObject({ netCents: -20_000, unrecoveredCents: 20_000 });
    expect(row('recovery-shortfall', 'W1').details).toMatchObject({ accountId: account, unrecoveredCents: 20_000 });
    // W2: the set-off is the set-off row's, naming W1; the correction's row shows the difference and the set-off, never a negative unrecovered.
    expect(row('unrecovered-set-off', 'W2').details).toMatchObject({ accountId: account, setOffCents: 19_500, unrecoveredAfterCents: 500, setOffRounds: [{ roundId: 'W1', amountCents: 19_500 }] });
    const corrected = row('outcome-corrected', 'W2');
    expect(corrected.amounts).toMatchObject({ netCents: 19_500, unrecoveredCents: 0, setOffCents: 19_500 });
    expect(corrected.accounts).toEqual([expect.objectContaining({ accountId: account, netCents: 19_500, movedCents: 0, unrecoveredCents: 0, setOffCents: 19_500 })]);
    for (const x of rows) {
      expect(x.amounts?.unrecoveredCents ?? 0).toBeGreaterThanOrEqual(0);
      for (const a of x.accounts ?? []) expect(a.unrecoveredCents).toBeGreaterThanOrEqual(0);
    }
    // The rounds: W1 keeps the 500 still not recovered, W2 none; the totals are what the account moved, to the cent.
    const byRound = Object.fromEntries((r.rounds as (RoundRow & { unrecoveredCents: number })[]).map((x) => [x.roundId, x]));
    expect(byRound.W1).toMatchObject({ stakedCents: 10_000, creditedCents: 0, unrecoveredCents: 500, houseNetCents: 9_500 });
    expect(byRound.W2).toMatchObject({ stakedCents: 10_000, creditedCents: 19_500, unrecoveredCents: 0, houseNetCents: -9_500 });
    expect(r.totals).toMatchObject({ stakedCents: 20_000, creditedCents: 19_500, unrecoveredCents: 500, houseNetCents: 0, owedToPlayersCents: 0 });
    expect(r.totals.stakedCents - r.totals.creditedCents - r.totals.unrecoveredCents).toBe(r.totals.houseNetCents);
    expect((await playersNet([account])) + r.totals.houseNetCents).toBe(0);
  });

  it('Rapid 11.14-11.16, 11.12: a malfunction row, the void of its round and an upheld claim name each account returned or adjusted, by ATS, with the stake returned, the credit reversed and the net', async () => {
    const table = 'RG4';
    const { atsIds, accounts } = await openTableWith(table, 3);
    const [c1, c2, c3] = atsIds;
    const open = (roundId: string) => http().post(`/rapid/tables/${table}/rounds`).set('Authorization', DEALER).send({ roundId }).expect(201);
    const settle = async (roundId: string, outcome: keyof typeof OUTCOMES) => {
      await http().post(`/rapid/tables/${table}/rounds/${roundId}/draw`).set('Authorization', DEALER).expect(200);
      await http().post(`/rapid/tables/${table}/rounds/${roundId}/outcome`).set('Authorization', DEALER).send(OUTCOMES[outcome]).expect(200);
    };
    const malfunction = (roundId: string, body: Record<string, unknown>) => http().post(`/rapid/tables/${table}/rounds/${roundId}/malfunctions`).set('Authorization', DEALER).send({ description: 'screen froze', occurredAt: new Date().toISOString(), ...body }).expect(201);
    // N1: C1's ATS fails before expiry: its $25 returned (11.14(a)).
    await open('N1');
    await placeOn(accounts, c1, 'banker', 2_500);
    await malfunction('N1', { scope: 'ats', atsId: c1 });
    await settle('N1', 'bankerWins');
    // N2: the game system fails before expiry: C2's $40 returned (11.15(a)).
    await open('N2');
    await placeOn(accounts, c2, 'player', 4_000);
    await malfunction('N2', { scope: 'game-system' });
    // N3: C2 wins $30 on Player; the game system's failure before the draw is recorded after the outcome, unconfirmed: void (11.16).
    await open('N3');
    await placeOn(accounts, c2, 'player', 3_000);
    const beforeDraw = new Date().toISOString();
    await settle('N3', 'playerWins');
    await malfunction('N3', { scope: 'game-system', occurredAt: beforeDraw, confirmedFromRecords: false });
    // N4: C3 wins $35 on Player; its claim that the ATS malfunctioned is upheld, the wagers unconfirmed: void (11.12, 11.16).
    await open('N4');
    await placeOn(accounts, c3, 'player', 3_500);
    await settle('N4', 'playerWins');
    const claim = await http().post(`/rapid/tables/${table}/claims`).set('Authorization', atsBearer(c3)).send({ atsId: c3, roundId: 'N4', kind: 'malfunction', description: 'my wager was not the one I touched' }).expect(201);
    const claimId = (claim.body.events[0] as { claimId: string }).claimId;
    await http().post(`/rapid/tables/${table}/claims/${claimId}/resolution`).set('Authorization', DEALER).send({ resolution: 'upheld', action: 'no record of the wager', malfunction: { confirmedFromRecords: false, occurredAt: new Date().toISOString() } }).expect(200);
    type Named = { kind: string; roundId: string; accounts?: { accountId: string; atsId: string; stakeReturnedCents: number; creditReversedCents: number; netCents: number }[]; amounts?: Record<string, number> };
    const r = await eventually('every adjustment in the register', async () => {
      const x = (await http().get(`/rapid/regulator/report?tableId=${table}`).set('Authorization', REGULATOR).expect(200)).body as { register: Named[]; rounds: (RoundRow & { voids: { accounts: Named['accounts'] }[] })[] };
      const named = x.register.filter((row) => row.kind.startsWith('malfunction-') || row.kind === 'claim-resolved');
      return named.length === 5 && named.every((row) => row.accounts?.length === 1) ? x : false;
    });
    const of = (roundId: string, kind: string) => r.register.find((row) => row.roundId === roundId && row.kind === kind)!;
    const one = (atsId: string, stakeReturnedCents: number, creditReversedCents: number, netCents: number) => ({ accounts: [expect.objectContaining({ accountId: accounts.get(atsId), atsId, stakeReturnedCents, creditReversedCents, netCents })], amounts: expect.objectContaining({ stakeReturnedCents, creditReversedCents, netCents }) });
    expect(of('N1', 'malfunction-ats')).toMatchObject(one(c1, 2_500, 0, 2_500));
    expect(of('N2', 'malfunction-game-system')).toMatchObject(one(c2, 4_000, 0, 4_000));
    expect(of('N3', 'malfunction-game-system')).toMatchObject(one(c2, 3_000, 6_000, -3_000));
    expect(of('N4', 'claim-resolved')).toMatchObject(one(c3, 3_500, 7_000, -3_500));
    expect(of('N4', 'malfunction-ats')).toMatchObject(one(c3, 3_500, 7_000, -3_500));
    const voidOf = (roundId: string) => r.rounds.find((x) => x.roundId === roundId)!.voids[0];
    expect(voidOf('N1')).toMatchObject(one(c1, 2_500, 0, 2_500));
    expect(voidOf('N3')).toMatchObject(one(c2, 3_000, 6_000, -3_000));
  });

  it('Rapid 12.2.2: a tournament round corrected (freeze, then the actual outcome), during its session or after it ended, leaves the chips out of the cash totals', async () => {
    const table = 'RG2';
    const atsIds = [1, 2].map((n) => `${table}-A${n}`);
    await http().post('/rapid/tables').set('Authorization', MANAGER).send({ tableId: table, variant: 'traditional', offeredBets: OFFERED_BETS, limits: LIMITS, decks: 8, wageringPeriodSeconds: 300, stations: atsIds.map((atsId) => ({ atsId, remote: false, printer: false })) }).expect(201);
    const at = () => new Date().toISOString();
    await publish({ type: 'TournamentTermsPublished', tournamentId: 'TN1', name: 'TN1', rulebookId: 'crown-melbourne-rapid', jurisdiction: 'VIC', terms: { chips: 0 } as never, regulatorApproval: null, publishedAt: at(), clause: 'Rapid 12.1.3' });
    await publish({ type: 'TournamentTablesDesignated', tournamentId: 'TN1', tableIds: [table], clause: 'Rapid 12.3.1' });
    await publish({
      type: 'TournamentSessionStarted',
      tournamentId: 'TN1',
      sessionId: 'H1',
      kind: 'heat',
      playOff: null,
      seating: [{ entryId: 'E1', patronId: 'P1', tableId: table, box: 1, chips: 20_000 }],
      passCards: 0,
      undisclosedWagers: 0,
      minimumWager: 100,
      maximumWager: 10_000,
      issuedChips: 20_000,
      startedAt: at(),
      clause: 'Rapid 12.2.1(b)',
    });
    const seated = await eventually('the session seated', async () => {
      const t = (await http().get(`/rapid/tables/${table}`).set('Authorization', DEALER).expect(200)).body;
      return t.tournamentSession ? (t.stations as { atsId: string; accountId: string | null }[]).find((x) => x.atsId === atsIds[0])?.accountId : false;
    });
    const play = async (roundId: string) => {
      await http().post(`/rapid/tables/${table}/rounds`).set('Authorization', DEALER).send({ roundId }).expect(201);
      await http().put(`/rapid/accounts/${seated}/wagers`).set('Authorization', atsBearer(atsIds[0])).send({ wagers: [{ bet: 'banker', amountCents: 1_000 }] }).expect(200);
      await http().post(`/rapid/tables/${table}/rounds/${roundId}/draw`).set('Authorization', DEALER).expect(200);
      await http().post(`/rapid/tables/${table}/rounds/${roundId}/outcome`).set('Authorization', DEALER).send(OUTCOMES.playerWins).expect(200);
    };
    const correct = async (roundId: string) => {
      await http().post(`/rapid/tables/${table}/rounds/${roundId}/freeze`).set('Authorization', DEALER).send({ reason: 'Player 9 entered; the Banker won' }).expect(200);
      await http().post(`/rapid/tables/${table}/rounds/${roundId}/corrected-outcome`).set('Authorization', DEALER).send(OUTCOMES.bankerWins).expect(200);
    };
    await play('T1');
    await play('T2');
    await correct('T1');
    await publish({ type: 'TournamentSessionEnded', tournamentId: 'TN1', sessionId: 'H1', kind: 'heat', counts: [], ranking: [], advanced: [], playOffs: [], chipsNotReturned: 0, endedAt: at(), clause: 'Rapid 12.2.1(b)' } as never);
    await eventually('the session ended', async () => (await http().get(`/rapid/tables/${table}`).set('Authorization', DEALER)).body.tournamentSession === null);
    await correct('T2');
    const r = await eventually('both corrections in the register', async () => {
      const x = (await http().get(`/rapid/regulator/report?tableId=${table}`).set('Authorization', REGULATOR).expect(200)).body;
      return (x.register as { kind: string }[]).filter((k) => k.kind === 'outcome-corrected').length === 2 ? x : false;
    });
    expect((r.rounds as RoundRow[]).map((x) => [x.roundId, x.roundNumber, x.stakedCents, x.creditedCents, x.houseNetCents])).toEqual([
      ['T1', 1, 0, 0, 0],
      ['T2', 2, 0, 0, 0],
    ]);
    expect(r.totals).toMatchObject({ rounds: 2, stakedCents: 0, creditedCents: 0, houseNetCents: 0 });
  });
});
