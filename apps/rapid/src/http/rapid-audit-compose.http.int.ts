/**
 * Rapid Baccarat through HTTP against the real PostgreSQL, on a black-box audit: what is owed when a correction and a
 * later void move the same account (11.11, 11.16, 6.7.2(b)), the round of every register row about one (8.1), what an
 * ATS sees of other accounts (4.3) and the answer to a retried claim resolution (11.12).
 */
import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { createTestDatabase, eventually, TestDatabase } from '@app/testing';
import { LIMITS, OFFERED_BETS, OUTCOMES } from '../test-support/rapid-fixtures';
import { atsBearer, bearer, startRapidApp } from '../test-support/rapid-app';

const TABLE = 'AC1';
const STATIONS = [1, 2, 3].map((n) => ({ atsId: `${TABLE}-ATS0${n}`, remote: false, printer: false })).concat([{ atsId: `${TABLE}-R1`, remote: true, printer: true }]);
const DEALER = bearer(['dealer'], 'dealer-7');
const MANAGER = bearer(['area-manager'], 'am-7');
const SUPERVISOR = bearer(['gaming-supervisor'], 'gs-7');
const REGULATOR = bearer(['regulator'], 'vgccc-7', ['VIC']);
const BUY_IN = 100_000;

interface RegisterRow {
  readonly kind: string;
  readonly roundId: string | null;
  readonly roundNumber: number | null;
  readonly details: Record<string, unknown>;
}
interface Report {
  readonly register: RegisterRow[];
  readonly rounds: { roundId: string; stakedCents: number; creditedCents: number }[];
  readonly owedToPlayers: { accountId: string; owedCents: number; cause: string }[];
  readonly totals: { owedToPlayersCents: number };
}

describe('Rapid Baccarat over HTTP: corrections and voids composing, register rounds, what an ATS sees, retried claims', () => {
  let db: TestDatabase;
  let app: INestApplication;
  const http = () => request(app.getHttpServer());
  const accountOf = new Map<string, string>();
  const [a1, a2, a3, remote] = STATIONS.map((s) => s.atsId);
  let roundNo = 0;

  const report = async (): Promise<Report> => (await http().get(`/rapid/regulator/report?tableId=${TABLE}`).set('Authorization', REGULATOR).expect(200)).body as Report;
  const account = async (atsId: string) => (await http().get(`/rapid/accounts/${accountOf.get(atsId)}`).set('Authorization', DEALER).expect(200)).body as { balanceCents: number; status: string };
  const wager = (atsId: string, wagers: { bet: string; amountCents: number }[]) => http().put(`/rapid/accounts/${accountOf.get(atsId)}/wagers`).set('Authorization', atsBearer(atsId)).send({ wagers }).expect(200);
  /** A round: each ATS's wagers, the draw and the outcome. */
  const play = async (roundId: string, wagers: [string, { bet: string; amountCents: number }[]][], cards: { playerCards: readonly string[]; bankerCards: readonly string[] }) => {
    await http().post(`/rapid/tables/${TABLE}/rounds`).set('Authorization', DEALER).send({ roundId }).expect(201);
    roundNo++;
    for (const [atsId, w] of wagers) await wager(atsId, w);
    await http().post(`/rapid/tables/${TABLE}/rounds/${roundId}/draw`).set('Authorization', DEALER).expect(200);
    await http().post(`/rapid/tables/${TABLE}/rounds/${roundId}/outcome`).set('Authorization', DEALER).send(cards).expect(200);
    return roundNo;
  };
  const correct = async (roundId: string, cards: { playerCards: readonly string[]; bankerCards: readonly string[] }) => {
    await http().post(`/rapid/tables/${TABLE}/rounds/${roundId}/freeze`).set('Authorization', DEALER).send({ reason: 'the cards were misread' }).expect(200);
    await http().post(`/rapid/tables/${TABLE}/rounds/${roundId}/corrected-outcome`).set('Authorization', DEALER).send(cards).expect(200);
  };
  const voidAfterOutcome = (roundId: string, atsId: string) =>
    http().post(`/rapid/tables/${TABLE}/rounds/${roundId}/malfunctions`).set('Authorization', DEALER).send({ scope: 'ats', atsId, confirmedFromRecords: false, occurredAt: new Date().toISOString(), description: 'the ATS log is unreadable' }).expect(201);

  beforeAll(async () => {
    db = await createTestDatabase('rapid_audit_compose', 8);
    app = await startRapidApp({ url: db.url, poolSize: 8 });
    await app.init();
    await http().post('/rapid/tables').set('Authorization', MANAGER).send({ tableId: TABLE, variant: 'traditional', offeredBets: OFFERED_BETS, limits: LIMITS, decks: 8, wageringPeriodSeconds: 300, stations: STATIONS }).expect(201);
    for (const s of STATIONS) {
      const r = s.remote
        ? await http().post(`/rapid/tables/${TABLE}/ats/${s.atsId}/note-acceptor`).set('Authorization', atsBearer(s.atsId)).send({ amountCents: BUY_IN }).expect(201)
        : await http().post(`/rapid/tables/${TABLE}/ats/${s.atsId}/buy-in`).set('Authorization', DEALER).send({ tender: 'cash', amountCents: BUY_IN }).expect(201);
      accountOf.set(s.atsId, r.body.account.accountId);
    }
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  describe('Rapid 11.11, 11.16, 6.7.2(b): a correction of one round then the void of a later round of the same account compose', () => {
    it('the balance, what is owed to the player and the register equal what each adjustment moves, computed apart', async () => {
      // The remote ATS: round A Player 10,000 (Banker entered: lost), round B Banker 15,000 (Banker: won 29,250 less commission).
      const A = 'CV-A';
      const B = 'CV-B';
      await play(A, [[remote, [{ bet: 'player', amountCents: 10_000 }]]], OUTCOMES.bankerWins);
      await play(B, [[remote, [{ bet: 'banker', amountCents: 15_000 }]]], OUTCOMES.bankerWins);
      const afterB = BUY_IN - 10_000 - 15_000 + 29_250;
      expect((await account(remote)).balanceCents).toBe(afterB);
      // The player leaves with a ticket the printer fails to print: the whole balance is owed to them (6.7.2(b)).
      await http().post(`/rapid/accounts/${accountOf.get(remote)}/cash-out`).set('Authorization', atsBearer(remote)).send({ method: 'ticket', printerFault: true }).expect(200);
      // Round A's actual outcome was the Player's: 20,000 more is owed to the player (11.11 with 6.7).
      await correct(A, OUTCOMES.playerWins);
      // Round B's wagers cannot be confirmed: void (11.16), its 14,250 net win comes back, off the ticket not yet paid first.
      await voidAfterOutcome(B, remote);
      const ticket = afterB;
      const owedRecalculation = 20_000;
      const recovered = 29_250 - 15_000;
      // Independently: owed = the unpaid ticket + the correction in the player's favour - the void's recovery.
      const owedInAll = ticket + owedRecalculation - recovered;
      const r = await eventually('the register after the correction and the void', async () => {
        const x = await report();
        return x.register.filter((row) => row.kind === 'owed-to-player' || row.kind === 'recovery-shortfall').length >= 2 ? x : false;
      });
      const owed = r.owedToPlayers.filter((o) => o.accountId === accountOf.get(remote));
      expect(owed.reduce((n, o) => n + o.owedCents, 0)).toBe(owedInAll);
      expect(r.totals.owedToPlayersCents).toBe(owedInAll);
      expect(r.register.some((row) => row.kind === 'recovery-shortfall')).toBe(false);
      // The account's own figure: the balance it keeps for what is owed and the ticket it still owes, together, the same.
      const view = (await http().get(`/rapid/accounts/${accountOf.get(remote)}`).set('Authorization', DEALER).expect(200)).body as { balanceCents: number; cashOut: { amountCents: number } };
      expect(view.balanceCents + view.cashOut.amountCents).toBe(owedInAll);
      // Paid manually, nothing is owed any more.
      await http().post(`/rapid/accounts/${accountOf.get(remote)}/manual-payment`).set('Authorization', SUPERVISOR).send({ reason: 'paid at the cage' }).expect(200);
      const paid = await eventually('paid', async () => {
        const x = await report();
        return x.owedToPlayers.every((o) => o.accountId !== accountOf.get(remote)) ? x : false;
      });
      expect(paid.totals.owedToPlayersCents).toBe(0);
    });

    it('paid out in chips, round B lost: the correction in the favour of the player and the void returning B\'s stake are owed together, once', async () => {
      const A = 'CV-C';
      const B = 'CV-D';
      await play(A, [[a1, [{ bet: 'player', amountCents: 10_000 }]]], OUTCOMES.bankerWins);
      await play(B, [[a1, [{ bet: 'banker', amountCents: 15_000 }]]], OUTCOMES.playerWins);
      await http().post(`/rapid/accounts/${accountOf.get(a1)}/cash-out`).set('Authorization', DEALER).send({ method: 'chips' }).expect(200);
      await correct(A, OUTCOMES.playerWins);
      await voidAfterOutcome(B, a1);
      // Independently: A's Player wager wins 20,000 credited; B's void returns its 15,000 stake.
      const owedInAll = 20_000 + 15_000;
      const r = await eventually('the register after the correction and the void', async () => {
        const x = await report();
        return x.register.filter((row) => row.kind === 'owed-to-player' && row.details.accountId === accountOf.get(a1)).length >= 2 ? x : false;
      });
      expect(r.owedToPlayers.filter((o) => o.accountId === accountOf.get(a1))).toEqual([expect.objectContaining({ owedCents: owedInAll, cause: 'recalculation' })]);
      expect((await account(a1)).balanceCents).toBe(owedInAll);
      const rounds = r.rounds.filter((x) => x.roundId === A || x.roundId === B);
      expect(rounds.map((x) => [x.roundId, x.stakedCents, x.creditedCents]).sort()).toEqual([[A, 10_000, 20_000], [B, 0, 0]].sort());
      await http().post(`/rapid/accounts/${accountOf.get(a1)}/cash-out`).set('Authorization', DEALER).send({ method: 'chips' }).expect(200);
      // A new player at the ATS for the later tests.
      const next = await http().post(`/rapid/tables/${TABLE}/ats/${a1}/buy-in`).set('Authorization', DEALER).send({ tender: 'cash', amountCents: BUY_IN }).expect(201);
      accountOf.set(a1, next.body.account.accountId);
    });
  });

  it("Rapid 4.3: an ATS token sees only its own account in the table's rounds and stations, never another ATS's", async () => {
    await play('V-1', [[a1, [{ bet: 'banker', amountCents: 2_000 }]], [a2, [{ bet: 'player', amountCents: 2_000 }]]], OUTCOMES.bankerWins);
    const mine = accountOf.get(a1)!;
    const others = [...accountOf.entries()].filter(([atsId]) => atsId !== a1).map(([, id]) => id);
    const seen = JSON.stringify((await http().get(`/rapid/tables/${TABLE}`).set('Authorization', atsBearer(a1)).expect(200)).body);
    expect(seen).toContain(mine);
    for (const id of others) expect(seen).not.toContain(id);
    const dealer = JSON.stringify((await http().get(`/rapid/tables/${TABLE}`).set('Authorization', DEALER).expect(200)).body);
    expect(dealer).toContain(accountOf.get(a2)!);
  });

  it('Rapid 11.12: a retried claim resolution (same Idempotency-Key) answers what the first answer did, the recalculation too', async () => {
    await play('CL-1', [[a3, [{ bet: 'player', amountCents: 2_000 }]]], OUTCOMES.bankerWins);
    const claim = await http().post(`/rapid/tables/${TABLE}/claims`).set('Authorization', atsBearer(a3)).send({ atsId: a3, roundId: 'CL-1', kind: 'malfunction', description: 'I touched Banker, it showed Player' }).expect(201);
    const claimId = (claim.body.events[0] as { claimId: string }).claimId;
    const upheld = { resolution: 'upheld', action: 'ATS log: 20.00 on Banker', malfunction: { confirmedFromRecords: true, confirmedWagers: [{ bet: 'banker', amountCents: 2_000 }], occurredAt: new Date().toISOString() } };
    const send = () => http().post(`/rapid/tables/${TABLE}/claims/${claimId}/resolution`).set('Authorization', DEALER).set('Idempotency-Key', 'claim-resolution-1').send(upheld).expect(200);
    const first = await send();
    const again = await send();
    const types = (b: { events: { type: string }[] }) => b.events.map((e) => e.type).sort();
    expect(types(first.body)).toContain('AtsSettlementRecalculated');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    // The Player 20.00 lost; the records' Banker 20.00 won 39.00 (stake and winnings less commission), once.
    expect((await account(a3)).balanceCents).toBe(BUY_IN - 2_000 + 3_900);
  });

  it('Rapid 11.11: a retried correction (same Idempotency-Key) answers what the first answer did, each recalculation too', async () => {
    await play('CR-1', [[a2, [{ bet: 'player', amountCents: 2_000 }]]], OUTCOMES.bankerWins);
    await http().post(`/rapid/tables/${TABLE}/rounds/CR-1/freeze`).set('Authorization', DEALER).send({ reason: 'the cards were misread' }).expect(200);
    const send = () => http().post(`/rapid/tables/${TABLE}/rounds/CR-1/corrected-outcome`).set('Authorization', DEALER).set('Idempotency-Key', 'correction-1').send(OUTCOMES.playerWins).expect(200);
    const first = await send();
    const again = await send();
    const types = (b: { events: { type: string }[] }) => b.events.map((e) => e.type).sort();
    expect(types(first.body)).toContain('AtsSettlementRecalculated');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
  });

  it('Rapid 8.1, 6.7.2(b): every register row that belongs to a round carries its number: printer faults and manual payments too', async () => {
    // A new player at the remote ATS plays a round, then is paid out by a ticket the printer fails to print.
    const r = await http().post(`/rapid/tables/${TABLE}/ats/${remote}/note-acceptor`).set('Authorization', atsBearer(remote)).send({ amountCents: 10_000 }).expect(201);
    accountOf.set(remote, r.body.account.accountId);
    const n = await play('PF-1', [[remote, [{ bet: 'banker', amountCents: 2_000 }]]], OUTCOMES.bankerWins);
    await http().post(`/rapid/accounts/${accountOf.get(remote)}/cash-out`).set('Authorization', atsBearer(remote)).send({ method: 'ticket', printerFault: true }).expect(200);
    await http().post(`/rapid/accounts/${accountOf.get(remote)}/manual-payment`).set('Authorization', SUPERVISOR).send({ reason: 'paid at the cage' }).expect(200);
    const x = await eventually('the printer fault and manual payment rows', async () => {
      const rep = await report();
      return rep.register.filter((row) => row.details.accountId === accountOf.get(remote) && (row.kind === 'printer-fault' || row.kind === 'manual-payment')).length === 2 ? rep : false;
    });
    const rows = x.register.filter((row) => row.details.accountId === accountOf.get(remote) && (row.kind === 'printer-fault' || row.kind === 'manual-payment'));
    for (const row of rows) expect({ kind: row.kind, roundId: row.roundId, roundNumber: row.roundNumber }).toEqual({ kind: row.kind, roundId: 'PF-1', roundNumber: n });
    for (const row of x.register.filter((y) => y.kind === 'printer-fault' || y.kind === 'manual-payment')) expect(row.roundNumber).toEqual(expect.any(Number));
  });
});
