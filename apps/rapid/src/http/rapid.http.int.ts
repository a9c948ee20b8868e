/**
 * The Rapid Baccarat service through HTTP against the real PostgreSQL: 50 ATS wagering concurrently in one
 * period, settlement reconciling every balance to the cent, the freeze and recalculation of a wrong outcome
 * (Rapid 11.11), ATS malfunctions before and after the period (11.14, 11.16), cash-out (6.7) and the roles.
 */
import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { createTestDatabase, eventually, TestDatabase } from '@app/testing';
import { LIMITS, OFFERED_BETS, OUTCOMES } from '../test-support/rapid-fixtures';
import { atsBearer, bearer, startRapidApp } from '../test-support/rapid-app';

const TABLE = 'RB1';
const STATIONS = Array.from({ length: 50 }, (_, i) => ({ atsId: `${TABLE}-ATS${String(i + 1).padStart(2, '0')}`, remote: i >= 48, printer: i === 49 }));
const DEALER = bearer(['dealer'], 'dealer-7');
const MANAGER = bearer(['area-manager'], 'am-1');
const BUY_IN = 50_000;

interface Attempt {
  readonly wagers: { bet: string; side?: 'player' | 'banker'; amountCents: number }[];
  /** What the ATS should end up showing (after 5.3.1-5.3.2), or the refusal expected. */
  readonly expect: { status: 200; banker: number; player: number; other: number } | { status: 422 | 403; code: string };
}

/** Deterministic mix of what 50 players do in one period. */
const attemptFor = (i: number): Attempt => {
  switch (i % 10) {
    case 0:
      return { wagers: [{ bet: 'banker', amountCents: 10_000 }], expect: { status: 200, banker: 10_000, player: 0, other: 0 } };
    case 1: // 5.3.2(a): between multiples → next lowest permitted
      return { wagers: [{ bet: 'banker', amountCents: 2_550 }, { bet: 'pairs', side: 'banker', amountCents: 500 }], expect: { status: 200, banker: 2_500, player: 0, other: 500 } };
    case 2: // 5.3.1: under the minimum → no chips
      return { wagers: [{ bet: 'player', amountCents: 3_000 }, { bet: 'tie', amountCents: 300 }], expect: { status: 200, banker: 0, player: 3_000, other: 0 } };
    case 3: // 4.11.1: a pair with no base wager
      return { wagers: [{ bet: 'perfect-pairs', side: 'player', amountCents: 1_000 }], expect: { status: 422, code: 'BASE_WAGER_REQUIRED' } };
    case 4: // 4.1: more than the balance
      return { wagers: [{ bet: 'banker', amountCents: 60_000 }], expect: { status: 422, code: 'INSUFFICIENT_BALANCE' } };
    case 5: // 5.3.2(b): above the maximum of the Tie → shown as the maximum, which the balance just covers
      return { wagers: [{ bet: 'tie', amountCents: 60_000 }], expect: { status: 200, banker: 0, player: 0, other: 50_000 } };
    case 6:
      return { wagers: [{ bet: 'banker', amountCents: 1_500 }, { bet: 'super-6', amountCents: 500 }, { bet: 'dragon-bonus-banker', amountCents: 1_000 }], expect: { status: 200, banker: 1_500, player: 0, other: 1_500 } };
    case 7:
      return { wagers: [{ bet: 'player', amountCents: 49_500 }], expect: { status: 200, banker: 0, player: 49_500, other: 0 } };
    case 8:
      return { wagers: [{ bet: 'banker', amountCents: 50_000 }], expect: { status: 200, banker: 50_000, player: 0, other: 0 } };
    default:
      return { wagers: [{ bet: 'banker', amountCents: 4_500 }, { bet: 'player', amountCents: 1_000 }], expect: { status: 200, banker: 4_500, player: 1_000, other: 0 } };
  }
};
/** Banker wins 7 to 6 (OUTCOMES.bankerWins): Banker pays 1 to 1 less 5% (Rapid 10.1, 4.8.2(a)); every other bet loses. */
const creditIfBankerWins = (a: { banker: number }) => 2 * a.banker - Math.floor((a.banker * 5) / 100);
/** Player wins 9 to 7 (OUTCOMES.playerWins): Player pays 1 to 1; every other bet loses. */
const creditIfPlayerWins = (a: { player: number }) => 2 * a.player;

describe('Rapid Baccarat over HTTP (Crown Melbourne Rapid Baccarat rules)', () => {
  let db: TestDatabase;
  let app: INestApplication;
  let base: string;
  const accountOf = new Map<string, string>();
  const shown = new Map<string, { banker: number; player: number; other: number }>();
  let round1 = '';

  beforeAll(async () => {
    db = await createTestDatabase('rapid_http');
    app = await startRapidApp({ url: db.url, poolSize: 30 });
    await app.listen(0, '127.0.0.1');
    base = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  const http = () => request(base);

  it('Rapid 10.1, 2.2, 8.1: a Casino Supervisor opens the table; a Dealer may not; bad input is a 400 naming the field', async () => {
    const body = { tableId: TABLE, variant: 'traditional', offeredBets: OFFERED_BETS, limits: LIMITS, decks: 8, wageringPeriodSeconds: 300, stations: STATIONS };
    const refused = await http().post('/rapid/tables').set('Authorization', DEALER).send(body).expect(403);
    expect(refused.body.code).toBe('ROLE_NOT_PERMITTED');
    const bad = await http().post('/rapid/tables').set('Authorization', MANAGER).send({ ...body, decks: 0 }).expect(400);
    expect(JSON.stringify(bad.body)).toContain('decks');
    await http().post('/rapid/tables').set('Authorization', MANAGER).set('Idempotency-Key', 'open-rb1').send(body).expect(201);
    // 10.1: a second table offering Perfect Pairs on option 2 is refused; nothing is opened.
    const other = await http()
      .post('/rapid/tables')
      .set('Authorization', MANAGER)
      .send({ ...body, tableId: 'RB2', offeredBets: OFFERED_BETS.map((b) => (b.bet === 'perfect-pairs' ? { ...b, option: '2' } : b)) })
      .expect(422);
    expect(other.body).toMatchObject({ code: 'OPTION_NOT_UNIFORM_ACROSS_TABLES' });
    await http().get('/rapid/tables/RB2').set('Authorization', DEALER).expect(404);
  });

  it('Rapid 6.2-6.4: the dealer buys 48 players in; the remote ATS take cash in the note acceptor only (6.2.1); a retried buy-in counts once', async () => {
    const results = await Promise.all(
      STATIONS.map((s, i) =>
        s.remote
          ? http().post(`/rapid/tables/${TABLE}/ats/${s.atsId}/note-acceptor`).set('Authorization', atsBearer(s.atsId)).set('Idempotency-Key', `buy-${i}`).send({ amountCents: BUY_IN })
          : http().post(`/rapid/tables/${TABLE}/ats/${s.atsId}/buy-in`).set('Authorization', DEALER).set('Idempotency-Key', `buy-${i}`).send({ tender: i % 2 ? 'cash' : 'chips', amountCents: BUY_IN }),
      ),
    );
    for (const r of results) expect(r.status).toBe(201);
    const replay = await http().post(`/rapid/tables/${TABLE}/ats/${STATIONS[0].atsId}/buy-in`).set('Authorization', DEALER).set('Idempotency-Key', 'buy-0').send({ tender: 'chips', amountCents: BUY_IN }).expect(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(results[0].body);
    const remote = await http().post(`/rapid/tables/${TABLE}/ats/${STATIONS[49].atsId}/buy-in`).set('Authorization', DEALER).send({ tender: 'cash', amountCents: 1_000 }).expect(422);
    expect(remote.body).toMatchObject({ code: 'REMOTE_ATS_NOTE_ACCEPTOR_ONLY' });
    const foreign = await http().post(`/rapid/tables/${TABLE}/ats/${STATIONS[1].atsId}/note-acceptor`).set('Authorization', atsBearer(STATIONS[0].atsId)).send({ amountCents: 1_000 }).expect(403);
    expect(foreign.body.code).toBe('FOREIGN_ACCOUNT');
    const table = await http().get(`/rapid/tables/${TABLE}`).set('Authorization', DEALER).expect(200);
    for (const s of table.body.stations as { atsId: string; accountId: string }[]) accountOf.set(s.atsId, s.accountId);
    expect(accountOf.size).toBe(50);
    for (const s of STATIONS) {
      const account = await http().get(`/rapid/accounts/${accountOf.get(s.atsId)}`).set('Authorization', atsBearer(s.atsId)).expect(200);
      expect(account.body.balanceCents).toBe(BUY_IN);
    }
  });

  it('Rapid 6.1: an ATS, and the Dealer, read the station with the active account it displays: its id, balance and status (the frozen rounds too); another ATS is refused', async () => {
    const [own, other] = [STATIONS[0].atsId, STATIONS[1].atsId];
    for (const bearerOf of [atsBearer(own), DEALER]) {
      const station = await http().get(`/rapid/tables/${TABLE}/ats/${own}`).set('Authorization', bearerOf).expect(200);
      expect(station.body).toMatchObject({ tableId: TABLE, atsId: own, accountId: accountOf.get(own), balanceCents: BUY_IN, status: 'open', frozenForRounds: [] });
    }
    await http().get(`/rapid/tables/${TABLE}/ats/${other}`).set('Authorization', atsBearer(own)).expect(403);
  });

  it('Rapid 4.1-4.7, 5.3, 4.11.1: 50 ATS wager concurrently in one period, each accepted or refused by the rules', async () => {
    const started = await http().post(`/rapid/tables/${TABLE}/rounds`).set('Authorization', DEALER).send({ roundId: 'R1' }).expect(201);
    round1 = started.body.events[0].roundId;
    const attempts = STATIONS.map((_, i) => attemptFor(i));
    const responses = await Promise.all(
      STATIONS.map((s, i) => http().put(`/rapid/accounts/${accountOf.get(s.atsId)}/wagers`).set('Authorization', atsBearer(s.atsId)).set('Idempotency-Key', `w1-${i}`).send({ wagers: attempts[i].wagers })),
    );
    responses.forEach((r, i) => {
      const e = attempts[i].expect;
      expect({ i, status: r.status }).toEqual({ i, status: e.status });
      if (e.status === 200) {
        shown.set(STATIONS[i].atsId, e);
        expect(r.body.balanceCents).toBe(BUY_IN - e.banker - e.player - e.other);
      } else {
        expect(r.body.code).toBe(e.code);
        shown.set(STATIONS[i].atsId, { banker: 0, player: 0, other: 0 });
      }
    });
    // A replayed request counts nothing twice; an ATS cannot wager from another account; a dealer cannot wager.
    const replay = await http().put(`/rapid/accounts/${accountOf.get(STATIONS[0].atsId)}/wagers`).set('Authorization', atsBearer(STATIONS[0].atsId)).set('Idempotency-Key', 'w1-0').send({ wagers: attempts[0].wagers }).expect(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(responses[0].body);
    expect(replay.body).toMatchObject({ balanceCents: BUY_IN - 10_000 });
    const foreign = await http().put(`/rapid/accounts/${accountOf.get(STATIONS[1].atsId)}/wagers`).set('Authorization', atsBearer(STATIONS[0].atsId)).send({ wagers: [{ bet: 'player', amountCents: 1_000 }] }).expect(403);
    expect(foreign.body.code).toBe('FOREIGN_ACCOUNT');
    await http().put(`/rapid/accounts/${accountOf.get(STATIONS[1].atsId)}/wagers`).set('Authorization', DEALER).send({ wagers: [] }).expect(403);
    const invalid = await http().put(`/rapid/accounts/${accountOf.get(STATIONS[1].atsId)}/wagers`).set('Authorization', atsBearer(STATIONS[1].atsId)).send({ wagers: [{ bet: 'banker', amountCents: -5 }] }).expect(400);
    expect(JSON.stringify(invalid.body)).toContain('amountCents');
    // 4.7: within the period a wager is changed; the account moves by the difference.
    const changed = await http().put(`/rapid/accounts/${accountOf.get(STATIONS[9].atsId)}/wagers`).set('Authorization', atsBearer(STATIONS[9].atsId)).send({ wagers: [{ bet: 'banker', amountCents: 4_000 }, { bet: 'player', amountCents: 1_000 }] }).expect(200);
    expect(changed.body.balanceCents).toBe(BUY_IN - 5_000);
    shown.set(STATIONS[9].atsId, { banker: 4_000, player: 1_000, other: 0 });
  });

  it('Rapid 8.1(c), 4.7, 4.6, 4.8: the dealer draws, nothing changes after, and the outcome settles every account to the cent', async () => {
    await http().post(`/rapid/tables/${TABLE}/rounds/${round1}/draw`).set('Authorization', DEALER).expect(200);
    const late = await http().put(`/rapid/accounts/${accountOf.get(STATIONS[0].atsId)}/wagers`).set('Authorization', atsBearer(STATIONS[0].atsId)).send({ wagers: [] }).expect(409);
    expect(late.body).toMatchObject({ code: 'WAGERING_PERIOD_ENDED' });
    const settled = await http().post(`/rapid/tables/${TABLE}/rounds/${round1}/outcome`).set('Authorization', DEALER).set('Idempotency-Key', 'outcome-r1').send(OUTCOMES.bankerWins).expect(200);
    const again = await http().post(`/rapid/tables/${TABLE}/rounds/${round1}/outcome`).set('Authorization', DEALER).set('Idempotency-Key', 'outcome-r1').send(OUTCOMES.bankerWins).expect(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(settled.body);
    const summary = (settled.body.events as { type: string; stakedCents: number; creditedCents: number; houseNetCents: number }[]).find((e) => e.type === 'RapidRoundSettled')!;
    let staked = 0;
    let credited = 0;
    for (const s of STATIONS) {
      const w = shown.get(s.atsId)!;
      const stake = w.banker + w.player + w.other;
      const credit = creditIfBankerWins(w);
      staked += stake;
      credited += stake ? credit : 0;
      const account = await http().get(`/rapid/accounts/${accountOf.get(s.atsId)}`).set('Authorization', atsBearer(s.atsId)).expect(200);
      expect({ ats: s.atsId, balance: account.body.balanceCents }).toEqual({ ats: s.atsId, balance: BUY_IN - stake + (stake ? credit : 0) });
      const rec = await http().get(`/rapid/accounts/${accountOf.get(s.atsId)}/reconciliation`).set('Authorization', DEALER).expect(200);
      expect(rec.body).toMatchObject({ balanced: true, sumOfMovementsCents: account.body.balanceCents });
    }
    expect(summary).toMatchObject({ stakedCents: staked, creditedCents: credited, houseNetCents: staked - credited });
  });

  it('Rapid 11.11: a wrong outcome freezes every account, and the actual outcome recalculates them', async () => {
    await http().post(`/rapid/tables/${TABLE}/rounds/${round1}/freeze`).set('Authorization', bearer(['ats'], STATIONS[0].atsId)).send({ reason: 'x' }).expect(403);
    const frozen = await http().post(`/rapid/tables/${TABLE}/rounds/${round1}/freeze`).set('Authorization', DEALER).send({ reason: 'Banker 7 entered; the Player held 9' }).expect(200);
    expect((frozen.body.events as { type: string }[]).filter((e) => e.type === 'AtsAccountFrozen')).toHaveLength(50);
    const blocked = await http().post(`/rapid/accounts/${accountOf.get(STATIONS[0].atsId)}/cash-out`).set('Authorization', DEALER).send({ method: 'chips' }).expect(409);
    expect(blocked.body.code).toBe('ACCOUNT_FROZEN');
    const corrected = await http().post(`/rapid/tables/${TABLE}/rounds/${round1}/corrected-outcome`).set('Authorization', DEALER).send(OUTCOMES.playerWins).expect(200);
    const summary = (corrected.body.events as { type: string; stakedCents: number; creditedCents: number }[]).find((e) => e.type === 'RapidOutcomeCorrected')!;
    let credited = 0;
    for (const s of STATIONS) {
      const w = shown.get(s.atsId)!;
      const stake = w.banker + w.player + w.other;
      credited += stake ? creditIfPlayerWins(w) : 0;
      const account = await http().get(`/rapid/accounts/${accountOf.get(s.atsId)}`).set('Authorization', atsBearer(s.atsId)).expect(200);
      // An account that staked everything on the Banker cannot give back more than it holds (never below zero).
      const expected = Math.max(0, BUY_IN - stake + (stake ? creditIfPlayerWins(w) : 0));
      expect({ ats: s.atsId, balance: account.body.balanceCents, frozen: account.body.frozenForRound }).toEqual({ ats: s.atsId, balance: expected, frozen: null });
      const rec = await http().get(`/rapid/accounts/${accountOf.get(s.atsId)}/reconciliation`).set('Authorization', atsBearer(s.atsId)).expect(200);
      expect(rec.body.balanced).toBe(true);
    }
    expect(summary.creditedCents).toBe(credited);
  });

  it('Rapid 11.14(a), 11.14(b), 11.16: an ATS failing before the period voids its wagers; after it, confirmed wagers settle and unconfirmed are void', async () => {
    const [a, b, c] = STATIONS.map((s) => s.atsId);
    const before = new Map<string, number>();
    for (const id of [a, b, c]) before.set(id, (await http().get(`/rapid/accounts/${accountOf.get(id)}`).set('Authorization', atsBearer(id))).body.balanceCents);
    await http().post(`/rapid/tables/${TABLE}/rounds`).set('Authorization', DEALER).send({ roundId: 'R2' }).expect(201);
    for (const id of [a, b, c]) {
      await http().put(`/rapid/accounts/${accountOf.get(id)}/wagers`).set('Authorization', atsBearer(id)).send({ wagers: [{ bet: 'banker', amountCents: 2_000 }] }).expect(200);
    }
    await http().post(`/rapid/tables/${TABLE}/rounds/R2/malfunctions`).set('Authorization', DEALER).send({ occurredAt: new Date().toISOString(), scope: 'ats', atsId: a, description: 'touch screen failed' }).expect(201);
    const afterVoid = await http().get(`/rapid/accounts/${accountOf.get(a)}`).set('Authorization', atsBearer(a)).expect(200);
    expect(afterVoid.body.balanceCents).toBe(before.get(a));
    const retry = await http().put(`/rapid/accounts/${accountOf.get(a)}/wagers`).set('Authorization', atsBearer(a)).send({ wagers: [{ bet: 'banker', amountCents: 2_000 }] }).expect(409);
    expect(retry.body.code).toBe('ATS_MALFUNCTION');
    await http().post(`/rapid/tables/${TABLE}/rounds/R2/draw`).set('Authorization', DEALER).expect(200);
    const needsRecords = await http().post(`/rapid/tables/${TABLE}/rounds/R2/malfunctions`).set('Authorization', DEALER).send({ occurredAt: new Date().toISOString(), scope: 'ats', atsId: b, description: 'froze after the deal' }).expect(422);
    expect(needsRecords.body).toMatchObject({ code: 'CONFIRMATION_REQUIRED' });
    await http().post(`/rapid/tables/${TABLE}/rounds/R2/malfunctions`).set('Authorization', DEALER).send({ occurredAt: new Date().toISOString(), scope: 'ats', atsId: b, confirmedFromRecords: true, description: 'froze; the log shows 20.00 on Banker' }).expect(201);
    await http().post(`/rapid/tables/${TABLE}/rounds/R2/malfunctions`).set('Authorization', DEALER).send({ occurredAt: new Date().toISOString(), scope: 'ats', atsId: c, confirmedFromRecords: false, description: 'froze; no record' }).expect(201);
    await http().post(`/rapid/tables/${TABLE}/rounds/R2/outcome`).set('Authorization', DEALER).send(OUTCOMES.bankerWins).expect(200);
    const balances = new Map<string, number>();
    for (const id of [a, b, c]) balances.set(id, (await http().get(`/rapid/accounts/${accountOf.get(id)}`).set('Authorization', atsBearer(id))).body.balanceCents);
    expect(balances.get(a)).toBe(before.get(a));
    expect(balances.get(b)).toBe(before.get(b)! + 1_900);
    expect(balances.get(c)).toBe(before.get(c));
  });

  it('Rapid 6.7: chips for a table ATS; a ticket at a remote ATS with a printer; a printer fault and the manual payment (6.7.2(b))', async () => {
    const table = STATIONS[0].atsId;
    const ticketless = STATIONS[48].atsId;
    const printer = STATIONS[49].atsId;
    const refused = await http().post(`/rapid/accounts/${accountOf.get(table)}/cash-out`).set('Authorization', atsBearer(table)).send({ method: 'ticket' }).expect(422);
    expect(refused.body.code).toBe('TICKET_NOT_AVAILABLE');
    // 6.7.1: the ATS only asks; the account stays open on its ATS until the Dealer tenders the chips and closes it.
    const asked = await http().post(`/rapid/accounts/${accountOf.get(table)}/cash-out`).set('Authorization', atsBearer(table)).send({ method: 'chips' }).expect(200);
    expect(asked.body).toMatchObject({ status: 'open', events: [expect.objectContaining({ type: 'AtsChipPayoutRequested' })] });
    expect(asked.body.balanceCents).toBeGreaterThan(0);
    const chips = await http().post(`/rapid/accounts/${accountOf.get(table)}/cash-out`).set('Authorization', DEALER).send({ method: 'chips' }).expect(200);
    expect(chips.body).toMatchObject({ balanceCents: 0, status: 'closed', events: expect.arrayContaining([expect.objectContaining({ type: 'AtsAccountCashedOut', amountCents: asked.body.balanceCents })]) });
    await http().post(`/rapid/accounts/${accountOf.get(ticketless)}/cash-out`).set('Authorization', atsBearer(ticketless)).send({ method: 'ticket' }).expect(422);
    const fault = await http().post(`/rapid/accounts/${accountOf.get(printer)}/cash-out`).set('Authorization', atsBearer(printer)).send({ method: 'ticket', printerFault: true }).expect(200);
    expect(fault.body.status).toBe('awaiting-manual-payment');
    await http().post(`/rapid/accounts/${accountOf.get(printer)}/manual-payment`).set('Authorization', DEALER).send({ reason: 'printer jammed' }).expect(403);
    const paid = await http().post(`/rapid/accounts/${accountOf.get(printer)}/manual-payment`).set('Authorization', bearer(['gaming-supervisor'], 'gs-2')).send({ reason: 'printer jammed' }).expect(200);
    expect(paid.body.status).toBe('closed');
    // The ATS is free for the next player: a new buy-in opens a new account.
    const next = await http().post(`/rapid/tables/${TABLE}/ats/${table}/buy-in`).set('Authorization', DEALER).send({ tender: 'cash', amountCents: 2_000 }).expect(201);
    expect(next.body.account.accountId).not.toBe(accountOf.get(table));
  });

  it('Rapid 11.11-11.16, 11.12, 6.7.2(b): the regulator (VIC) sees the register of irregularities and every round\'s totals', async () => {
    const claim = await http().post(`/rapid/tables/${TABLE}/claims`).set('Authorization', atsBearer(STATIONS[5].atsId)).send({ atsId: STATIONS[5].atsId, roundId: 'R2', kind: 'incorrect-outcome', description: 'the WND showed Player' }).expect(201);
    const claimId = (claim.body.events[0] as { claimId: string }).claimId;
    await http().post(`/rapid/tables/${TABLE}/claims/${claimId}/resolution`).set('Authorization', DEALER).send({ resolution: 'rejected', action: 'SGC record and shoe checked: Banker 7 against 6' }).expect(200);
    await http().get('/rapid/regulator/report').set('Authorization', bearer(['regulator'], 'nsw-1', ['NSW'])).expect(403);
    await http().get('/rapid/regulator/report').set('Authorization', DEALER).expect(403);
    // The register is a consumer of the published events: it catches up with the claim just resolved.
    const report = await eventually('the regulator register caught up', async () => {
      const r = await http().get(`/rapid/regulator/report?tableId=${TABLE}`).set('Authorization', bearer(['regulator'], 'vgccc-1', ['VIC'])).expect(200);
      return (r.body.register as { kind: string }[]).some((x) => x.kind === 'claim-resolved') ? r : false;
    });
    const kinds = (report.body.register as { kind: string }[]).map((r) => r.kind);
    expect(kinds.filter((k) => k === 'malfunction-ats')).toHaveLength(3);
    for (const k of ['accounts-frozen', 'outcome-corrected', 'claim-recorded', 'claim-resolved']) expect(kinds).toContain(k);
    const everything = await http().get('/rapid/regulator/report').set('Authorization', MANAGER).expect(200);
    expect((everything.body.register as { kind: string }[]).map((r) => r.kind)).toContain('manual-payment');
    const rounds = report.body.rounds as { roundId: string; corrected: boolean; houseNetCents: number; stakedCents: number; creditedCents: number }[];
    expect(rounds.map((r) => [r.roundId, r.corrected])).toEqual([['R1', true], ['R2', false]]);
    expect(report.body.totals.houseNetCents).toBe(rounds.reduce((n, r) => n + r.stakedCents - r.creditedCents, 0));
  });

  it('Rapid 11.15(a): a game system failure before the period ends voids every wager of the coup; play goes on', async () => {
    const ids = [STATIONS[10].atsId, STATIONS[11].atsId];
    const before = await Promise.all(ids.map(async (id) => (await http().get(`/rapid/accounts/${accountOf.get(id)}`).set('Authorization', atsBearer(id))).body.balanceCents as number));
    await http().post(`/rapid/tables/${TABLE}/rounds`).set('Authorization', DEALER).send({ roundId: 'R3' }).expect(201);
    for (const id of ids) await http().put(`/rapid/accounts/${accountOf.get(id)}/wagers`).set('Authorization', atsBearer(id)).send({ wagers: [{ bet: 'player', amountCents: 1_500 }] }).expect(200);
    const failed = await http().post(`/rapid/tables/${TABLE}/rounds/R3/malfunctions`).set('Authorization', DEALER).send({ occurredAt: new Date().toISOString(), scope: 'game-system', description: 'game server restarted' }).expect(201);
    expect((failed.body.events as { type: string; reason?: string }[]).filter((e) => e.type === 'AtsWagersReturned' && e.reason === 'game-system-malfunction')).toHaveLength(2);
    const after = await Promise.all(ids.map(async (id) => (await http().get(`/rapid/accounts/${accountOf.get(id)}`).set('Authorization', atsBearer(id))).body.balanceCents as number));
    expect(after).toEqual(before);
    const outcome = await http().post(`/rapid/tables/${TABLE}/rounds/R3/outcome`).set('Authorization', DEALER).send(OUTCOMES.tie).expect(409);
    expect(outcome.body.code).toBe('ROUND_VOID');
    await http().post(`/rapid/tables/${TABLE}/rounds`).set('Authorization', DEALER).send({ roundId: 'R4' }).expect(201);
  });

  it('Rapid 4.6, 4.7, 8.1(c): the dealer draws while 50 ATS wager; each wager is in before the draw and settled, or refused after it', async () => {
    const table = await http().get(`/rapid/tables/${TABLE}`).set('Authorization', DEALER).expect(200);
    const open = (table.body.stations as { atsId: string; accountId: string | null }[]).filter((s) => s.accountId);
    const balance = async (s: { atsId: string; accountId: string | null }) => (await http().get(`/rapid/accounts/${s.accountId}`).set('Authorization', atsBearer(s.atsId))).body.balanceCents as number;
    const before = await Promise.all(open.map(balance));
    const wagers = open.map((s, i) =>
      new Promise((r) => setTimeout(r, i * 2)).then(() => http().put(`/rapid/accounts/${s.accountId}/wagers`).set('Authorization', atsBearer(s.atsId)).send({ wagers: [{ bet: 'player', amountCents: 1_000 }] })),
    );
    const draw = new Promise((r) => setTimeout(r, 40)).then(() => http().post(`/rapid/tables/${TABLE}/rounds/R4/draw`).set('Authorization', DEALER).expect(200));
    const [responses] = await Promise.all([Promise.all(wagers), draw]);
    const accepted = responses.map((r, i) => {
      if (r.status === 200) return true;
      // After the draw every wager is refused (4.7); before it, only one the balance cannot cover (4.1).
      const allowed = before[i] < 1_000 ? ['INSUFFICIENT_BALANCE', 'WAGERING_PERIOD_ENDED'] : ['WAGERING_PERIOD_ENDED'];
      expect({ i, refused: allowed.includes(r.body.code as string) }).toEqual({ i, refused: true });
      return false;
    });
    const settled = await http().post(`/rapid/tables/${TABLE}/rounds/R4/outcome`).set('Authorization', DEALER).send(OUTCOMES.playerWins).expect(200);
    const summary = (settled.body.events as { type: string; stakedCents: number; creditedCents: number }[]).find((e) => e.type === 'RapidRoundSettled')!;
    const n = accepted.filter(Boolean).length;
    expect(summary).toMatchObject({ stakedCents: 1_000 * n, creditedCents: 2_000 * n });
    const after = await Promise.all(open.map(balance));
    after.forEach((b, i) => expect({ i, b }).toEqual({ i, b: before[i] + (accepted[i] ? 1_000 : 0) }));
  });

  it('Rapid 11.11: freeze, the review confirms the outcome entered, release; a freeze for another round holds until that round is dealt with', async () => {
    const id = STATIONS[20].atsId;
    const account = accountOf.get(id)!;
    const balance = async () => (await http().get(`/rapid/accounts/${account}`).set('Authorization', atsBearer(id)).expect(200)).body as { balanceCents: number; frozenForRounds: string[] };
    const before = (await balance()).balanceCents;
    await http().post(`/rapid/tables/${TABLE}/rounds/R2/freeze`).set('Authorization', DEALER).send({ reason: 'a player says the Banker held 6' }).expect(200);
    await http().post(`/rapid/tables/${TABLE}/rounds/R4/freeze`).set('Authorization', DEALER).send({ reason: 'the WND showed Banker' }).expect(200);
    expect((await balance()).frozenForRounds).toEqual(['R2', 'R4']);
    // R4's outcome, entered again after the review, confirms it: its freeze is lifted and nothing is recalculated.
    const confirmed = await http().post(`/rapid/tables/${TABLE}/rounds/R4/corrected-outcome`).set('Authorization', DEALER).send(OUTCOMES.playerWins).expect(200);
    const types = (confirmed.body.events as { type: string }[]).map((e) => e.type);
    expect(types).toContain('RapidOutcomeConfirmed');
    expect(types).not.toContain('AtsSettlementRecalculated');
    expect(await balance()).toMatchObject({ balanceCents: before, frozenForRounds: ['R2'] });
    // Still frozen for R2: no cash-out of money a correction of R2 may have to recover.
    const blocked = await http().post(`/rapid/accounts/${account}/cash-out`).set('Authorization', DEALER).send({ method: 'chips' }).expect(409);
    expect(blocked.body).toMatchObject({ code: 'ACCOUNT_FROZEN' });
    expect(blocked.body.message).toContain('R2');
    await http().post(`/rapid/tables/${TABLE}/rounds/R2/corrected-outcome`).set('Authorization', DEALER).send(OUTCOMES.bankerWins).expect(200);
    expect(await balance()).toMatchObject({ balanceCents: before, frozenForRounds: [] });
    await eventually('the regulator register shows both confirmations', async () => {
      const r = await http().get(`/rapid/regulator/report?tableId=${TABLE}`).set('Authorization', bearer(['regulator'], 'vgccc-1', ['VIC'])).expect(200);
      return (r.body.register as { kind: string; roundId: string }[]).filter((x) => x.kind === 'outcome-confirmed').length === 2;
    });
  });

  it('Rapid 11.11 with 6.7: a recalculation in the favour of a player paid out since is owed, recorded for the regulator and paid by the Dealer in chips', async () => {
    const id = STATIONS[30].atsId;
    const account = accountOf.get(id)!;
    const regulator = bearer(['regulator'], 'vgccc-1', ['VIC']);
    await http().post(`/rapid/tables/${TABLE}/rounds`).set('Authorization', DEALER).send({ roundId: 'R5' }).expect(201);
    await http().put(`/rapid/accounts/${account}/wagers`).set('Authorization', atsBearer(id)).send({ wagers: [{ bet: 'player', amountCents: 3_000 }] }).expect(200);
    await http().post(`/rapid/tables/${TABLE}/rounds/R5/draw`).set('Authorization', DEALER).expect(200);
    await http().post(`/rapid/tables/${TABLE}/rounds/R5/outcome`).set('Authorization', DEALER).send(OUTCOMES.bankerWins).expect(200);
    const paidOut = await http().post(`/rapid/accounts/${account}/cash-out`).set('Authorization', DEALER).send({ method: 'chips' }).expect(200);
    expect(paidOut.body.status).toBe('closed');
    await http().post(`/rapid/tables/${TABLE}/rounds/R5/freeze`).set('Authorization', DEALER).send({ reason: 'the Player held a natural 9' }).expect(200);
    const corrected = await http().post(`/rapid/tables/${TABLE}/rounds/R5/corrected-outcome`).set('Authorization', DEALER).send(OUTCOMES.playerWins).expect(200);
    expect((corrected.body.events as { type: string; accountId?: string }[]).find((e) => e.type === 'AtsSettlementRecalculated' && e.accountId === account)).toMatchObject({ movementCents: 6_000, owedToPlayerCents: 6_000 });
    const owed = await eventually('the register shows the amount owed', async () => {
      const r = await http().get(`/rapid/regulator/report?tableId=${TABLE}`).set('Authorization', regulator).expect(200);
      return (r.body.owedToPlayers as { accountId: string }[]).some((o) => o.accountId === account) ? r.body : false;
    });
    expect(owed.owedToPlayers).toEqual([expect.objectContaining({ accountId: account, owedCents: 6_000 })]);
    // The next player at that ATS cannot collect it; the Dealer tenders it in chips to the player who left.
    await http().post(`/rapid/accounts/${account}/cash-out`).set('Authorization', atsBearer(id)).send({ method: 'chips' }).expect(409);
    const paid = await http().post(`/rapid/accounts/${account}/cash-out`).set('Authorization', DEALER).send({ method: 'chips' }).expect(200);
    expect(paid.body.events).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'AtsOwedAmountPaid', method: 'chips', amountCents: 6_000 })]));
    await http().post(`/rapid/accounts/${account}/manual-payment`).set('Authorization', bearer(['gaming-supervisor'], 'gs-2')).send({ reason: 'again' }).expect(409);
    const rec = await http().get(`/rapid/accounts/${account}/reconciliation`).set('Authorization', DEALER).expect(200);
    expect(rec.body).toMatchObject({ balanced: true, balanceCents: 0 });
    await eventually('the amount is no longer owed', async () => {
      const r = await http().get(`/rapid/regulator/report?tableId=${TABLE}`).set('Authorization', regulator).expect(200);
      return (r.body.register as { kind: string }[]).some((x) => x.kind === 'owed-paid') && (r.body.owedToPlayers as unknown[]).length === 0;
    });
  });

  it('Rapid 11.14(b), 11.16, 11.12: a malfunction dealt with once the outcome is entered voids or adjusts the settled account; an upheld claim does it too', async () => {
    const [a, b] = [STATIONS[31].atsId, STATIONS[32].atsId];
    const balance = async (id: string) => (await http().get(`/rapid/accounts/${accountOf.get(id)}`).set('Authorization', atsBearer(id)).expect(200)).body.balanceCents as number;
    const before = { a: await balance(a), b: await balance(b) };
    await http().post(`/rapid/tables/${TABLE}/rounds`).set('Authorization', DEALER).send({ roundId: 'R6' }).expect(201);
    for (const id of [a, b]) await http().put(`/rapid/accounts/${accountOf.get(id)}/wagers`).set('Authorization', atsBearer(id)).send({ wagers: [{ bet: 'banker', amountCents: 2_000 }] }).expect(200);
    await http().post(`/rapid/tables/${TABLE}/rounds/R6/draw`).set('Authorization', DEALER).expect(200);
    await http().post(`/rapid/tables/${TABLE}/rounds/R6/outcome`).set('Authorization', DEALER).send(OUTCOMES.bankerWins).expect(200);
    expect(await balance(a)).toBe(before.a + 1_900);
    // 11.16: ATS a failed on expiry and its records confirm nothing: its wagers are void, the winnings taken back.
    const voided = await http().post(`/rapid/tables/${TABLE}/rounds/R6/malfunctions`).set('Authorization', DEALER).send({ occurredAt: new Date().toISOString(), scope: 'ats', atsId: a, confirmedFromRecords: false, description: 'screen went dark at expiry; no log' }).expect(201);
    expect(voided.body.events).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'RapidMalfunctionRecorded', afterOutcome: true, effect: 'void' }), expect.objectContaining({ type: 'AtsSettlementRecalculated', movementCents: -1_900 })]));
    expect(await balance(a)).toBe(before.a);
    // 11.12 with 11.14(b): the player at b claims the ATS placed the wager on the wrong hand; the log shows Player 20.00.
    const claim = await http().post(`/rapid/tables/${TABLE}/claims`).set('Authorization', atsBearer(b)).send({ atsId: b, roundId: 'R6', kind: 'malfunction', description: 'I touched Player, it showed Banker' }).expect(201);
    const claimId = (claim.body.events[0] as { claimId: string }).claimId;
    const resolution = { resolution: 'upheld', action: 'ATS log: 20.00 on Player', malfunction: { confirmedFromRecords: true, confirmedWagers: [{ bet: 'player', amountCents: 2_000 }], occurredAt: new Date().toISOString() } };
    await http().post(`/rapid/tables/${TABLE}/claims/${claimId}/resolution`).set('Authorization', atsBearer(b)).send(resolution).expect(403);
    const upheld = await http().post(`/rapid/tables/${TABLE}/claims/${claimId}/resolution`).set('Authorization', DEALER).send(resolution).expect(200);
    expect(upheld.body.events.map((e: { type: string }) => e.type)).toEqual(['RapidClaimResolved', 'RapidMalfunctionRecorded', 'AtsSettlementRecalculated']);
    expect(await balance(b)).toBe(before.b - 2_000);
    const rec = await http().get(`/rapid/accounts/${accountOf.get(b)}/reconciliation`).set('Authorization', DEALER).expect(200);
    expect(rec.body.balanced).toBe(true);
    // The regulator's round totals follow: a's 2,000 void and returned counts for nothing (Rapid 11.16, as 5.3.3's
    // returned wagers), b's 2,000 lost on the Player.
    const round = await eventually('the round totals adjusted', async () => {
      const r = await http().get(`/rapid/regulator/report?tableId=${TABLE}`).set('Authorization', bearer(['regulator'], 'vgccc-1', ['VIC'])).expect(200);
      const r6 = (r.body.rounds as { roundId: string; creditedCents: number }[]).find((x) => x.roundId === 'R6');
      return r6 && r6.creditedCents === 0 ? r6 : false;
    });
    expect(round).toMatchObject({ stakedCents: 2_000, creditedCents: 0, houseNetCents: 2_000, corrected: true });
  });

  it('documents every Rapid endpoint in OpenAPI', async () => {
    const docs = await http().get('/docs-json').expect(200);
    const paths = Object.keys(docs.body.paths as Record<string, unknown>);
    for (const p of ['/rapid/tables', '/rapid/tables/{tableId}/rounds/{roundId}/outcome', '/rapid/accounts/{accountId}/wagers', '/rapid/accounts/{accountId}/cash-out', '/rapid/tables/{tableId}/feed', '/rapid/regulator/report']) {
      expect(paths).toContain(p);
    }
  });

  it("Rapid 5.3.3: wagers below the permitted aggregate are not recognised for the coup: returned, and neither staked nor credited in the regulator's round totals", async () => {
    const stations = [{ atsId: 'AG1-ATS01', remote: false, printer: false }, { atsId: 'AG1-ATS02', remote: false, printer: false }];
    await http().post('/rapid/tables').set('Authorization', MANAGER).send({ tableId: 'AG1', variant: 'traditional', offeredBets: OFFERED_BETS, limits: LIMITS, aggregateMinimumCents: 3_000, decks: 8, wageringPeriodSeconds: 300, stations }).expect(201);
    const accounts: string[] = [];
    for (const st of stations) accounts.push((await http().post(`/rapid/tables/AG1/ats/${st.atsId}/buy-in`).set('Authorization', DEALER).send({ tender: 'cash', amountCents: 10_000 }).expect(201)).body.account.accountId);
    await http().post('/rapid/tables/AG1/rounds').set('Authorization', DEALER).send({ roundId: 'A1' }).expect(201);
    await http().put(`/rapid/accounts/${accounts[0]}/wagers`).set('Authorization', atsBearer(stations[0].atsId)).send({ wagers: [{ bet: 'banker', amountCents: 2_000 }] }).expect(200);
    await http().put(`/rapid/accounts/${accounts[1]}/wagers`).set('Authorization', atsBearer(stations[1].atsId)).send({ wagers: [{ bet: 'banker', amountCents: 5_000 }] }).expect(200);
    await http().post('/rapid/tables/AG1/rounds/A1/draw').set('Authorization', DEALER).expect(200);
    await http().post('/rapid/tables/AG1/rounds/A1/outcome').set('Authorization', DEALER).send(OUTCOMES.bankerWins).expect(200);
    expect((await http().get(`/rapid/accounts/${accounts[0]}`).set('Authorization', atsBearer(stations[0].atsId))).body.balanceCents).toBe(10_000);
    const round = await eventually('the round in the regulator register', async () => {
      const r = await http().get('/rapid/regulator/report?tableId=AG1').set('Authorization', bearer(['regulator'], 'vgccc-1', ['VIC'])).expect(200);
      return (r.body.rounds as { roundId: string }[]).find((x) => x.roundId === 'A1') ?? false;
    });
    // Only the 50.00 Banker wager played: paid 1 to 1 less 5% commission (Rapid 4.8.2(a)).
    expect(round).toMatchObject({ stakedCents: 5_000, creditedCents: 9_750, houseNetCents: -4_750 });
  });
});
