/**
 * The VIC Rapid Baccarat report (vic-rapid) end to end: Rapid cash play through the HTTP APIs of the whole platform
 * over the real Kafka and PostgreSQL, then the report generated (POST /reporting/reports) and read as JSON. Buy-ins
 * by the note acceptor and tendered to the Dealer (6.2-6.5), wagers (4.1), outcomes (4.8), cash-outs (6.7.1), a
 * claim of an incorrect outcome upheld, which freezes the accounts (11.11 with 11.12), and the correction, whose
 * recovery falls short on an account already cashed out; an ATS malfunction before the expiry of the wagering period
 * (11.14(a)); an outcome invalidated by the Casino Supervisor for a fire (13.3.1, 13.4), its refunds short on one
 * account paid out and owed to another, the amount owed paid in chips (11.11 with 6.7). Every figure of the report is
 * checked against the account movements the rapid API reads out of each account (GET /rapid/accounts/{id}/reconciliation),
 * to the cent.
 */
import { INestApplication } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { Role } from '@app/platform-kit';
import { createTestDatabase, eventually, testBearer, TestDatabase } from '@app/testing';
import { LIMITS, OFFERED_BETS, OUTCOMES } from '../../apps/rapid/src/test-support/rapid-fixtures';
import { gamingTimeOf } from '../../apps/reporting/src/calendar/gaming-calendar';
import { calendarFor, DEFAULT_CALENDARS } from '../../apps/reporting/src/calendar/reporting-config';
import { startTestPlatform } from '../support/test-platform';

type Row = Record<string, string | number | boolean | null>;
type Section = { id: string; rows: Row[] };
type Movement = { type: string; movementCents: number; balanceAfterCents: number };

const staff = (sub: string, role: Role) => testBearer({ sub, roles: [role], casinos: ['crown-melbourne'] });
const DEALER = staff('dealer-e2e', 'dealer');
const CASINO_SUPERVISOR = staff('am-e2e', 'area-manager');
const REGULATOR = testBearer({ sub: 'vgccc-e2e', roles: ['regulator'], jurisdictions: ['VIC'] });
const gamingDay = (at: Date): string => gamingTimeOf(at.toISOString(), calendarFor(DEFAULT_CALENDARS, 'VIC')).gamingDay;

/** Each account's movements by what they are, as the report's account section names its figures. */
const FIGURE: Record<string, string> = {
  AtsAccountOpened: 'buyIns',
  AtsAccountCredited: 'buyIns',
  AtsWagersShown: 'wagered',
  AtsWagersReturned: 'returned',
  AtsWagersSettled: 'credited',
  AtsSettlementRecalculated: 'recalculated',
  AtsAccountCashedOut: 'cashedOut',
  AtsOwedAmountPaid: 'owedPaid',
};

describe('the VIC Rapid Baccarat report end to end: Rapid cash play over HTTP and Kafka against the accounts\' movements (Rapid 4.8; 6.2-6.7; 11.10-11.16; 13.3-13.4)', () => {
  const id = randomUUID().slice(0, 8);
  const brokers = process.env.KAFKA_BROKERS?.split(',') ?? ['127.0.0.1:19092'];
  const topics = {
    tables: `e2e.${id}.tables.events`,
    jackpots: `e2e.${id}.jackpots.events`,
    promotions: `e2e.${id}.promotions.events`,
    rapid: `e2e.${id}.rapid.events`,
    tournaments: `e2e.${id}.tournaments.events`,
  };
  const TABLE = `RR-${id}`;
  const [A1, A2, A3, A4] = [1, 2, 3, 4].map((n) => `${TABLE}-ATS${n}`);
  const STATIONS = [A1, A2, A3, A4].map((atsId) => ({ atsId, remote: false, printer: false }));
  let db: TestDatabase;
  let app: INestApplication;
  const api = () => request(app.getHttpServer());
  const ats = (atsId: string) => testBearer({ sub: atsId, roles: ['ats'], casinos: ['crown-melbourne'] });

  beforeAll(async () => {
    db = await createTestDatabase('rapid_report_e2e', 2);
    app = await startTestPlatform(db, { kafkaBrokers: brokers, topics, poolSize: 8 });
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  const ok = async (method: 'post' | 'put', path: string, auth: string, body: object = {}) => {
    const res = await api()[method](path).set('Authorization', auth).set('Idempotency-Key', randomUUID()).send(body);
    if (res.status >= 300) throw new Error(`${method.toUpperCase()} ${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body as { events: ({ type: string; accountId?: string } & Record<string, unknown>)[] };
  };
  const opened = (body: { events: { type: string; accountId?: string }[] }): string => body.events.find((e) => e.type === 'AtsAccountOpened')!.accountId!;
  const wager = (accountId: string, atsId: string, bet: string, amountCents: number) => ok('put', `/rapid/accounts/${accountId}/wagers`, ats(atsId), { wagers: [{ bet, amountCents }] });
  const round = (roundId: string) => ok('post', `/rapid/tables/${TABLE}/rounds`, DEALER, { roundId });
  const outcome = async (roundId: string, cards: { playerCards: readonly string[]; bankerCards: readonly string[] }) => {
    await ok('post', `/rapid/tables/${TABLE}/rounds/${roundId}/draw`, DEALER);
    await ok('post', `/rapid/tables/${TABLE}/rounds/${roundId}/outcome`, DEALER, cards);
  };
  const cashOut = (accountId: string) => ok('post', `/rapid/accounts/${accountId}/cash-out`, DEALER, { method: 'chips' });
  const movementsOf = async (accountId: string) => (await api().get(`/rapid/accounts/${accountId}/reconciliation`).set('Authorization', REGULATOR).expect(200)).body as { balanceCents: number; balanced: boolean; movements: Movement[] };
  const reportFor = async (period: string): Promise<Section[]> => {
    const created = await api().post('/reporting/reports').set('Authorization', REGULATOR).send({ kind: 'vic-rapid', jurisdiction: 'VIC', period }).expect(201);
    return (await api().get(`/reporting/reports/${created.body.reportId as string}`).set('Authorization', REGULATOR).expect(200)).body.content.sections as Section[];
  };

  it('Rapid 4.8, 6.2-6.7, 11.10-11.16, 13.3-13.4: every account\'s figures in the report equal its movements read from the rapid API, the rounds agree with the accounts to the cent, and the invalidation, its refunds and the claim\'s freeze are reported as played', async () => {
    const started = new Date();
    await ok('post', '/rapid/tables', CASINO_SUPERVISOR, { tableId: TABLE, variant: 'traditional', offeredBets: OFFERED_BETS, limits: LIMITS, decks: 8, wageringPeriodSeconds: 300, stations: STATIONS });

    // ---- buy-ins: notes in the note acceptor (6.4) and cash tendered to the Dealer (6.3) ------------------------
    const acc1 = opened(await ok('post', `/rapid/tables/${TABLE}/ats/${A1}/note-acceptor`, ats(A1), { amountCents: 50_000 }));
    const acc2 = opened(await ok('post', `/rapid/tables/${TABLE}/ats/${A2}/note-acceptor`, ats(A2), { amountCents: 20_000 }));
    const acc3 = opened(await ok('post', `/rapid/tables/${TABLE}/ats/${A3}/buy-in`, DEALER, { tender: 'cash', amountCents: 30_000 }));
    const acc4 = opened(await ok('post', `/rapid/tables/${TABLE}/ats/${A4}/note-acceptor`, ats(A4), { amountCents: 10_000 }));

    // ---- R1: the Banker entered as winning; acc1 paid out; acc2's claim upheld freezes the round (11.11 with 11.12) --
    await round('R1');
    await wager(acc1, A1, 'banker', 10_000);
    await wager(acc2, A2, 'player', 5_000);
    await wager(acc3, A3, 'banker', 2_000);
    await outcome('R1', OUTCOMES.bankerWins);
    await cashOut(acc1);
    const claim = await ok('post', `/rapid/tables/${TABLE}/claims`, ats(A2), { claimId: 'C1', atsId: A2, roundId: 'R1', kind: 'incorrect-outcome', description: 'The Player had a natural 9' });
    expect(claim.events.map((e) => e.type)).toContain('RapidClaimRecorded');
    const upheld = await ok('post', `/rapid/tables/${TABLE}/claims/C1/resolution`, DEALER, { resolution: 'upheld', action: 'Accounts frozen; the cards checked on the camera' });
    expect(upheld.events.map((e) => e.type)).toEqual(expect.arrayContaining(['RapidClaimResolved', 'RapidAccountsFrozen']));
    // The actual outcome: acc1, already cashed out, cannot give back its winnings (11.11).
    const corrected = await ok('post', `/rapid/tables/${TABLE}/rounds/R1/corrected-outcome`, DEALER, OUTCOMES.playerWins);
    expect(corrected.events.find((e) => e.type === 'AtsSettlementRecalculated' && e.accountId === acc1)).toMatchObject({ movementCents: 0, unrecoveredCents: 19_500 });

    // ---- R2: ATS A4 fails before the wagering period expires: its wager void and returned (11.14(a)) -------------
    await round('R2');
    await wager(acc2, A2, 'player', 5_000);
    await wager(acc4, A4, 'banker', 3_000);
    await ok('post', `/rapid/tables/${TABLE}/rounds/R2/malfunctions`, DEALER, { scope: 'ats', atsId: A4, occurredAt: new Date().toISOString(), description: 'The touch screen froze' });
    await outcome('R2', OUTCOMES.playerWins);
    await cashOut(acc4);

    // ---- R3: invalidated for a fire (13.3.1): acc3 paid out gives nothing back, acc5 paid out is owed its stake (13.4) --
    const acc5 = opened(await ok('post', `/rapid/tables/${TABLE}/ats/${A4}/note-acceptor`, ats(A4), { amountCents: 5_000 }));
    await round('R3');
    await wager(acc2, A2, 'player', 4_000);
    await wager(acc3, A3, 'banker', 2_000);
    await wager(acc5, A4, 'player', 1_000);
    await outcome('R3', OUTCOMES.bankerWins);
    await cashOut(acc3);
    await cashOut(acc5);
    const invalidated = await ok('post', `/rapid/tables/${TABLE}/rounds/R3/invalidation`, CASINO_SUPERVISOR, { ground: 'fire', reason: 'Fire alarm: the table was evacuated during the coup' });
    const refundOf = (accountId: string) => invalidated.events.find((e) => e.type === 'AtsSettlementRecalculated' && e.accountId === accountId) as unknown as { movementCents: number; unrecoveredCents: number; owedToPlayerCents?: number };
    expect(refundOf(acc3)).toMatchObject({ movementCents: 0, unrecoveredCents: 1_900 });
    expect(refundOf(acc5)).toMatchObject({ movementCents: 1_000, owedToPlayerCents: 1_000 });
    // The Dealer pays what the refund left owed to the player who left, in chips (11.11 with 6.7.1).
    expect((await cashOut(acc5)).events.map((e) => e.type)).toContain('AtsOwedAmountPaid');

    // ---- what the rapid API says each account moved --------------------------------------------------------------
    const accounts = [acc1, acc2, acc3, acc4, acc5];
    const expected = new Map<string, Record<string, number>>();
    for (const accountId of accounts) {
      const r = await movementsOf(accountId);
      expect(r.balanced).toBe(true);
      const figures: Record<string, number> = { buyIns: 0, wagered: 0, returned: 0, credited: 0, recalculated: 0, cashedOut: 0, owedPaid: 0, closing: r.balanceCents };
      for (const m of r.movements) if (FIGURE[m.type]) figures[FIGURE[m.type]] += m.movementCents;
      expected.set(accountId, figures);
    }

    // ---- the report, once the reporting service has read every event from Kafka ------------------------------------
    // The gaming day (from 06:00 Melbourne) the play fell in: two reports where it ran across the change of day.
    const days = [...new Set([gamingDay(started), gamingDay(new Date())])];
    const reports = await eventually('the reporting service read every Rapid event', async () => {
      const all = await Promise.all(days.map(reportFor));
      const rows = (sectionId: string) => all.flatMap((sections) => sections.find((s) => s.id === sectionId)?.rows ?? []);
      const refunded = rows('rapid-invalidations').filter((r) => r.record === 'Wagers refunded').length;
      const paid = rows('rapid-manual-payments').some((r) => r.accountId === acc5);
      return refunded === 3 && paid ? all : undefined;
    }, 60_000);
    const rows = (sectionId: string) => reports.flatMap((sections) => sections.find((s) => s.id === sectionId)?.rows ?? []);

    // Each account's figures, to the cent: the report's signs are the money's direction (wagered and paid out positive).
    for (const accountId of accounts) {
      const mine = rows('rapid-account-movements').filter((r) => r.accountId === accountId);
      const sum = (k: string) => mine.reduce((n, r) => n + Number(r[k] ?? 0), 0);
      const e = expected.get(accountId)!;
      expect({
        accountId,
        buyIns: sum('buyInNotesCents') + sum('buyInDealerCents'),
        wagered: sum('wageredCents'),
        returned: sum('returnedCents'),
        credited: sum('creditedCents'),
        recalculated: sum('recalculatedCents'),
        cashedOut: sum('cashOutChipsCents') + sum('cashOutTicketCents'),
        owedPaid: sum('owedPaidChipsCents') + sum('owedPaidManualCents'),
        closing: Number(mine[mine.length - 1]?.closingCents),
        agrees: mine.every((r) => r.agrees === true),
      }).toEqual({ accountId, buyIns: e.buyIns, wagered: 0 - e.wagered, returned: e.returned, credited: e.credited, recalculated: e.recalculated, cashedOut: 0 - e.cashedOut, owedPaid: 0 - e.owedPaid, closing: e.closing, agrees: true });
    }
    expect(rows('rapid-account-movements').find((r) => r.accountId === acc1)).toMatchObject({ buyInNotesCents: 50_000, buyInDealerCents: 0 });
    expect(rows('rapid-account-movements').find((r) => r.accountId === acc3)).toMatchObject({ buyInNotesCents: 0, buyInDealerCents: 30_000 });

    // The rounds against the accounts: nil difference, and the house net by the accounts is what the movements say.
    const recon = rows('rapid-reconciliation').filter((r) => r.tableId === TABLE);
    expect(recon.map((r) => [r.differenceCents, r.agrees])).toEqual(days.map(() => [0, true]));
    const all = [...expected.values()];
    const total = (k: string) => all.reduce((n, e) => n + e[k], 0);
    // Money in less money out less what stays in the accounts: the house's result.
    const houseByMovements = total('buyIns') + total('cashedOut') + total('owedPaid') - total('closing');
    expect(recon.reduce((n, r) => n + Number(r.byAccountsCents), 0)).toBe(houseByMovements);
    expect(recon.reduce((n, r) => n + Number(r.byRoundsCents), 0)).toBe(houseByMovements);
    // What could not be recovered: $195 on R1's correction and $19 on R3's invalidation, both from accounts paid out.
    expect(recon.reduce((n, r) => n + Number(r.notRecoveredCents), 0)).toBe(19_500 + 1_900);

    // ---- the correction (11.11) and the claim's freeze (11.11 with 11.12) ------------------------------------------
    const corrections = rows('rapid-corrections');
    expect(corrections.map((r) => r.round)).not.toContain('3');
    expect(corrections.find((r) => r.accountId === acc1)).toMatchObject({ record: 'Account recalculated', round: '1', differenceCents: -19_500, recoveredCents: 0, notRecoveredCents: 19_500 });
    expect(rows('rapid-claims')).toEqual([expect.objectContaining({ claimId: 'C1', resolution: 'Upheld', frozenAccounts: 3, frozenRound: '1', adjustmentCents: expect.any(Number) })]);

    // ---- the malfunction (11.14(a)): the wager returned to acc4 is its movement --------------------------------------
    expect(rows('rapid-malfunctions').find((r) => r.record === 'Wagers returned')).toMatchObject({ accountId: acc4, returnedCents: expected.get(acc4)!.returned, round: '2' });

    // ---- the invalidation (11.10, 13.3-13.4): its own rows, each refund as the rapid API moved it ---------------------
    const invalidation = rows('rapid-invalidations');
    expect(invalidation[0]).toMatchObject({ record: 'Outcome invalidated', round: '3', ground: 'Fire', actorId: 'am-e2e', actorRole: 'area-manager', clause: 'Rapid 13.3.1; Rapid 13.4' });
    const refund = (accountId: string) => invalidation.find((r) => r.accountId === accountId)!;
    for (const accountId of [acc2, acc3, acc5]) {
      const moved = refundOf(accountId);
      // The difference to the player is what the account moved plus what could not be taken back from it.
      expect([accountId, Number(refund(accountId).differenceCents)]).toEqual([accountId, moved.movementCents - moved.unrecoveredCents]);
    }
    expect(refund(acc2)).toMatchObject({ refundedCents: 4_000, differenceCents: 4_000, owedCents: null });
    expect(refund(acc3)).toMatchObject({ refundedCents: 2_000, differenceCents: -1_900, recoveredCents: 0, notRecoveredCents: 1_900 });
    expect(refund(acc5)).toMatchObject({ refundedCents: 1_000, differenceCents: 1_000, owedCents: 1_000, paidCents: 1_000, paidHow: 'in chips by the Dealer' });
    // The round shows its outcome invalidated.
    expect(rows('rapid-rounds').find((r) => r.round === '3')?.outcome).toBe('Banker wins 7 to 6, invalidated (Rapid 13.3.1; Rapid 13.4)');
  });
});
