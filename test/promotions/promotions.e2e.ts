/**
 * Promotions end to end over the real Kafka, every service in one process (apps/platform), nothing simulated below
 * the HTTP API: a Gaming Manager creates a Star 2024 promotion with full terms (16.7) lodged with the NICC a day
 * ahead (16.12) and issues a promotional voucher; a dealer opens a Star table, exchanges the voucher for tokens
 * (1.1) and plays coups with rated wagers and the token wager; the tables service publishes its wagers and
 * settlements on Kafka and the promotions service earns entries from them and settles the token (winnings in
 * chips, token forfeited); the operator and the scrutineer commit to their seeds (16.7.1, 16.7.10), the draw reveals
 * both (16.2: the scrutineer oversees it) and the prize is paid by EFT (16.4); every promotions fact arrives on the
 * promotions topic.
 */
import { INestApplication } from '@nestjs/common';
import { logLevel } from 'kafkajs';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import request from 'supertest';
import { createKafka, ensureTopic } from '@app/messaging';
import { isCasinoBound, Role } from '@app/platform-kit';
import { testBearer } from '@app/testing';
import { createTestDatabase, eventually, TestDatabase } from '@app/testing';
import { COMPLETE_TERMS } from '../../apps/promotions/src/test-support/promotion-fixtures';
import { startTestPlatform } from '../support/test-platform';

const as = (role: Role, jurisdictions?: string[]) => testBearer({ sub: `${role}-1`, name: role, roles: [role], jurisdictions, casinos: isCasinoBound(role) ? ['star-sydney'] : undefined });
const hoursFromNow = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
const brokers = process.env.KAFKA_BROKERS?.split(',') ?? ['127.0.0.1:19092'];

describe('promotions end to end over Kafka: terms → entries earned at a Star table → draw → paid prize; a token exchanged, wagered and settled', () => {
  const id = randomUUID().slice(0, 8);
  const tableId = `STAR-${id}`;
  const promotionId = `promo-${id}`;
  const voucherId = `V-${id}`;
  const topics = { tables: `e2e.${id}.tables.events`, jackpots: `e2e.${id}.jackpots.events`, promotions: `e2e.${id}.promotions.events` };
  const kafka = createKafka({ brokers, clientId: `promotions-e2e-${id}`, logLevel: logLevel.NOTHING });
  const published: { type: string; data: Record<string, unknown> }[] = [];
  let db: TestDatabase;
  let app: INestApplication;
  let stopConsumer = async () => undefined as unknown;
  const api = () => request(app.getHttpServer());
  const post = async (path: string, role: Role, body: object, jurisdictions?: string[]) => {
    const res = await api().post(path).set('Authorization', as(role, jurisdictions)).set('Idempotency-Key', randomUUID()).send(body);
    if (res.status >= 300) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const get = async (path: string) => (await api().get(path).set('Authorization', as('gaming-supervisor'))).body;

  beforeAll(async () => {
    db = await createTestDatabase('promo_e2e', 2);
    app = await startTestPlatform(db, { kafkaBrokers: brokers, topics });
    await ensureTopic(kafka, topics.promotions);
    const consumer = kafka.consumer({ groupId: `promotions-e2e-${id}` });
    await consumer.connect();
    await consumer.subscribe({ topic: topics.promotions, fromBeginning: true });
    await consumer.run({ eachMessage: async ({ message }) => void published.push(JSON.parse(message.value!.toString())) });
    stopConsumer = () => consumer.disconnect();
  });

  afterAll(async () => {
    await stopConsumer();
    await app?.close();
    await db?.drop();
  });

  it('reconciles entries with the settled wagers, pays the prize by EFT and settles the token with its winnings in chips', async () => {
    const entriesCloseAt = hoursFromNow(45 / 3600);
    await post('/promotions', 'casino-manager', {
      promotionId,
      name: 'Star Winter Cash',
      schedule: { startsAt: hoursFromNow(-1), entriesCloseAt, drawAt: entriesCloseAt },
      terms: COMPLETE_TERMS,
      prizes: [{ prizeId: 'first', kind: 'cash', description: '$20,000 cash', valueCents: 2_000_000 }],
      entryRule: { tableIds: [tableId], minimumWagerCents: 5_000, turnoverPerEntryCents: 10_000 },
      // It commenced an hour ago (the test runs on the clock): recorded after commencement, with the evidence.
      recordedAfterCommencement: { evidence: 'NICC lodgement receipt', termsIssuedAt: hoursFromNow(-24 * 7) },
    });
    await post(`/promotions/${promotionId}/terms/lodgements`, 'casino-manager', { lodgedAt: hoursFromNow(-26) });
    // 16.7.1, 16.7.10: the operator's and the scrutineer's commitments to seeds each keeps until the draw (apps/promotions/DRAW.md).
    const operatorSeed = randomBytes(32).toString('hex');
    const scrutineerSeed = randomBytes(32).toString('hex');
    const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
    await post(`/promotions/${promotionId}/draw/commitment`, 'area-manager', { commitment: sha256(operatorSeed) });
    // The inspector records the scrutineer's contribution: never whoever made the operator's (16.7.10).
    await post(`/promotions/${promotionId}/draw/scrutineer-commitment`, 'regulator', { scrutineer: 'K. Scrutineer', commitment: sha256(scrutineerSeed) }, ['NSW']);
    await post(`/promotions/${promotionId}/vouchers`, 'casino-manager', { voucherId, valueCents: 5_000, conditions: { tableIds: [tableId], bets: ['banker', 'player'], expiresAt: hoursFromNow(24) } });

    await post('/tables', 'gaming-supervisor', {
      tableId,
      rulebookId: 'star-sydney-2024',
      variant: 'traditional',
      offeredBets: [{ bet: 'player', option: 'standard' }, { bet: 'banker', option: 'traditional' }, { bet: 'tie', option: 'standard' }],
      decks: 8,
      limits: { perBet: [{ bet: 'player', minimumCents: 2500, maximumCents: 1000000 }, { bet: 'banker', minimumCents: 2500, maximumCents: 1000000 }, { bet: 'tie', minimumCents: 500, maximumCents: 100000 }] },
      minimumChipCents: 500,
      dealingMethod: 'method-a',
      jackpotIds: [],
      boxes: 7,
    });
    for (let box = 1; box <= 2; box++) await post(`/tables/${tableId}/seats`, 'dealer', { box, sessionId: `${tableId}-s${box}`, patronId: `P${box}` });
    const shoeId = `${tableId}-shoe1`;
    await post(`/tables/${tableId}/shoes`, 'dealer', { shoeId, cards: 'new', commitmentHash: 'b'.repeat(64) });
    await post(`/tables/${tableId}/shoe/cut`, 'dealer', { cutBy: 'P1', cutterKind: 'player', cutCardFromBack: 20 });
    await post(`/tables/${tableId}/shoe/burn`, 'dealer', { method: 'standard', count: 1 });

    // 1.1: the dealer exchanges the voucher for tokens; the token wager gets the id it is placed under at the table.
    await post(`/promotional-vouchers/${voucherId}/exchange`, 'dealer', { tableId, box: 1, patronId: 'P1' });
    const c1 = `${shoeId}-c1`;
    const token = await post(`/promotional-vouchers/${voucherId}/wagers`, 'dealer', { tableId, coupId: c1, box: 1, bet: 'banker', amountCents: 5_000 });
    const tokenWagerId = token.events[0].wagerId as string;

    // Coup 1: Banker wins 8-6 (P 2H 4S, B 3D 5C). Coup 2: Player wins 9-7.
    const coups = [
      { coupId: c1, cards: ['2H', '3D', '4S', '5C'], wagers: [{ wagerId: `${c1}-w1`, box: 1, bet: 'banker', amountCents: 10_000 }, { wagerId: tokenWagerId, box: 1, bet: 'banker', amountCents: 5_000 }, { wagerId: `${c1}-w2`, box: 2, bet: 'player', amountCents: 20_000 }] },
      { coupId: `${shoeId}-c2`, cards: ['KH', '7D', '9S', 'QC'], wagers: [{ wagerId: `${shoeId}-c2-w1`, box: 2, bet: 'player', amountCents: 10_000 }, { wagerId: `${shoeId}-c2-w2`, box: 1, bet: 'banker', amountCents: 3_000 }] },
    ];
    const settled: { wagerId: string; patronId: string | null; amountCents: number; winCents: number; returnedCents: number; commissionImmediateCents: number; medium?: string }[] = [];
    for (const coup of coups) {
      await post(`/tables/${tableId}/coups`, 'dealer', { coupId: coup.coupId });
      await post(`/tables/${tableId}/coups/${coup.coupId}/wagers`, 'dealer', { wagers: coup.wagers });
      const dealt = await post(`/tables/${tableId}/coups/${coup.coupId}/cards/batch`, 'dealer', { cards: coup.cards.map((card) => ({ card })) });
      for (const e of dealt.events as { type: string; settlements?: typeof settled }[]) if (e.type === 'WagersSettled') settled.push(...e.settlements!);
    }
    expect(settled).toHaveLength(5);

    // Entries earned from the tables service's settlements (16.7.3, 16.7.4): $100 turnover per entry, rated wagers of
    // at least $50 only; the token wager earns nothing. P1: $100 → 1 entry ($30 under the promotion's minimum); P2: $300 → 3.
    const qualifying = settled.filter((s) => s.patronId && !s.wagerId.startsWith('token:') && s.amountCents >= 5_000);
    const expected = new Map<string, number>();
    for (const s of qualifying) expected.set(s.patronId!, (expected.get(s.patronId!) ?? 0) + s.amountCents);
    const expectedEntries = [...expected.values()].reduce((n, t) => n + Math.floor(t / 10_000), 0);
    expect(expectedEntries).toBe(4);
    await eventually('entries earned from play', async () => (await get(`/promotions/${promotionId}`)).entryCount === expectedEntries || undefined);

    // The token: winnings paid in chips (net of the Banker commission, Star 11.1.3, 5.8), the stake (a token) not
    // returned in chips but forfeited.
    const tokenSettlement = settled.find((s) => s.wagerId === tokenWagerId)!;
    // Star 1.1, 5.2: the tables service itself knows the wager was a token: its winnings are chips, its stake is not.
    expect(tokenSettlement).toMatchObject({ medium: 'promotional-token', returnedCents: 0 });
    const voucher = await eventually('token wager settled', async () => {
      const v = (await api().get(`/promotional-vouchers/${voucherId}`).set('Authorization', as('dealer'))).body;
      return v.wagers?.[0]?.settled ? v : undefined;
    });
    expect(voucher.wagers[0]).toMatchObject({ wagerId: tokenWagerId, matched: true, settled: true });
    expect(voucher.tokensInHandCents).toBe(0);

    // 16.7.6, 16.7.7: the draw once entries close, both seeds revealed; 16.2: the scrutineer oversees the $20,000 draw.
    const wait = Date.parse(entriesCloseAt) - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait + 200));
    const drawn = await post(`/promotions/${promotionId}/draw`, 'area-manager', { seed: operatorSeed, scrutineerSeed });
    const winner = drawn.winners[0].patronId as string;
    expect(['P1', 'P2']).toContain(winner);
    await post(`/promotions/${promotionId}/winners/first/notifications`, 'gaming-supervisor', { method: 'telephone', notifiedAt: new Date().toISOString() });
    await post(`/promotions/${promotionId}/prizes/first/payments`, 'area-manager', { payments: [{ method: 'crossed-cheque', amountCents: 1_500_000 }, { method: 'eft', amountCents: 500_000 }] });

    // Every fact reached Kafka through the outbox relay, self-contained for the NSW reports.
    const types = await eventually('promotions events on Kafka', async () => {
      const seen = new Set(published.map((e) => e.type));
      return seen.has('PromotionPrizePaid') && seen.has('PromotionalTokenWagerSettled') ? seen : undefined;
    });
    for (const t of ['PromotionCreated', 'PromotionTermsLodged', 'PromotionEntriesEarned', 'PromotionDrawOperatorCommitted', 'PromotionDrawScrutineerCommitted', 'PromotionDrawConducted', 'PromotionWinnerNotified', 'PromotionalVoucherIssued', 'PromotionalVoucherExchanged', 'PromotionalTokenWagered', 'PromotionalTokenWagerMatched']) {
      expect(types).toContain(t);
    }
    const earned = published.filter((e) => e.type === 'PromotionEntriesEarned').reduce((n, e) => n + (e.data.entries as unknown[]).length, 0);
    expect(earned).toBe(expectedEntries);
    const tokenEvent = published.find((e) => e.type === 'PromotionalTokenWagerSettled')!.data;
    expect(tokenEvent).toMatchObject({ outcome: 'win', grossWinCents: tokenSettlement.winCents, commissionCents: tokenSettlement.commissionImmediateCents, winningsInChipsCents: tokenSettlement.winCents - tokenSettlement.commissionImmediateCents, stakeReturnedInChipsCents: 0, token: 'forfeited', clause: "Star 2024 1.1 'Casino Promotional Token'" });
    expect(tokenSettlement.winCents).toBeGreaterThan(0);
    const paid = published.find((e) => e.type === 'PromotionPrizePaid')!.data;
    expect(paid).toMatchObject({ patronId: winner, amountCents: 2_000_000, clause: 'Star 2024 16.4' });

    // Reconciled in the NSW reports (reporting consumes the promotions topic): the lodging was on time (16.12), the
    // prize paid, and the token's chips and stake reconcile with what the tables service settled.
    const report = await eventually('promotion notices in the reports', async () => {
      const r = (await api().get('/reporting/promotions/notices').set('Authorization', as('regulator', ['NSW']))).body;
      return r.notices?.some((n: { kind: string; promotionId: string }) => n.kind === 'prize-paid' && n.promotionId === promotionId) && r.tokenReconciliation.wagers === 1 ? r : undefined;
    });
    expect(report.notices.find((n: { kind: string }) => n.kind === 'terms-lodged')).toMatchObject({ onTime: true, clause: 'Star 2024 16.12' });
    // Star 1.1: the token's stake is never chips returned; the table statistics count its winnings as chips paid and
    // its stake neither as turnover nor as house win, and agree with the promotions service's chips.
    const reconciled = await eventually('token wagers in the table statistics', async () => {
      const r = (await api().get('/reporting/promotions/notices').set('Authorization', as('regulator', ['NSW']))).body;
      return r.tokenReconciliation?.tableStatistics?.tokenWagers === 1 ? r.tokenReconciliation : undefined;
    });
    expect(reconciled).toEqual({
      wagers: 1,
      winningsInChipsCents: tokenSettlement.winCents - tokenSettlement.commissionImmediateCents,
      tokenStakesCents: 5_000,
      tablesRecordedReturnedCents: 0,
      tokensForfeited: 1,
      winningsReversedCents: 0,
      grossWinningsInChipsCents: tokenSettlement.winCents,
      recordedStakesCents: 5_000,
      // Paid is the chips paid (Star 2024 11.1.3: the 5% of a Banker win is in its odds); won, before it, is reconciled.
      tableStatistics: { tokenWagers: 1, tokenStakesCents: 5_000, tokenPaidCents: tokenSettlement.winCents - tokenSettlement.commissionImmediateCents, tokenWonCents: tokenSettlement.winCents },
      agreesWithTableStatistics: true,
      // Both sides summed over the whole NSW gaming day of the play (the table statistics are kept per gaming day).
      gamingDays: [expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/)],
      // Every token wager the tables took was one the promotions desk registered (Star 2024 1.1).
      unregisteredWagers: [],
      // ... and took each for the stake the desk registered (Star 2024 1.1, 5.2).
      excessWagers: [],
    });
    const stats = (await api().get(`/reporting/statistics?tableId=${tableId}`).set('Authorization', as('area-manager'))).body;
    const chips = settled.filter((s) => s.wagerId !== tokenWagerId);
    const sum = (k: 'turnoverCents' | 'houseWinCents' | 'paidCents') => stats.tables.reduce((n: number, r: Record<string, string>) => n + Number(r[k]), 0);
    expect(sum('turnoverCents')).toBe(chips.reduce((n, s) => n + s.amountCents, 0));
    // At the Star a Banker win is paid at 19 to 20 (Star 2024 11.1.3): what the settlement holds back is in what was paid.
    expect(sum('paidCents')).toBe(settled.reduce((n, s) => n + s.winCents - s.commissionImmediateCents, 0));
    const lostChips = chips.filter((s) => s.winCents === 0 && s.returnedCents === 0).reduce((n, s) => n + s.amountCents, 0);
    expect(sum('houseWinCents')).toBe(lostChips - settled.reduce((n, s) => n + s.winCents - s.commissionImmediateCents, 0));
    expect(report.late).toEqual([]);
    expect((await api().get('/reporting/promotions/notices').set('Authorization', as('regulator', ['VIC']))).status).toBe(403);

    // The monthly NSW regulator report carries the notices, with their clauses.
    const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney', year: 'numeric', month: '2-digit' }).format(new Date(Date.now() - 6 * 3_600_000));
    const generated = await post('/reporting/reports', 'regulator', { kind: 'nsw-monthly-promotions', jurisdiction: 'NSW', period: month }, ['NSW']);
    const stored = (await api().get(`/reporting/reports/${generated.reportId as string}`).set('Authorization', as('regulator', ['NSW']))).body;
    const section = stored.content.sections.find((s: { id: string }) => s.id === 'promotion-notices');
    const kinds = section.rows.filter((r: { promotionId: string }) => r.promotionId === promotionId).map((r: { kind: string }) => r.kind);
    expect(kinds).toEqual(expect.arrayContaining(['terms', 'terms-lodged', 'draw', 'winner-notified', 'prize-paid', 'token-wager-settled']));
  });

  it("Star 2024 1.1: a token wager the table took for ten times what the desk recorded is flagged to the regulator and the reconciliation disagrees; one the table never took gives its tokens back", async () => {
    const promo2 = `promo2-${id}`;
    const table2 = `STAR2-${id}`;
    await post('/promotions', 'casino-manager', {
      promotionId: promo2,
      name: 'Star Spring Tokens',
      schedule: { startsAt: hoursFromNow(-1), entriesCloseAt: hoursFromNow(2), drawAt: hoursFromNow(3) },
      terms: COMPLETE_TERMS,
      prizes: [{ prizeId: 'first', kind: 'cash', description: '$1,000 cash', valueCents: 100_000 }],
      recordedAfterCommencement: { evidence: 'NICC lodgement receipt', termsIssuedAt: hoursFromNow(-24 * 7) },
    });
    await post(`/promotions/${promo2}/terms/lodgements`, 'casino-manager', { lodgedAt: hoursFromNow(-26) });
    await post(`/promotions/${promo2}/vouchers`, 'casino-manager', { voucherId: `V2-${id}`, valueCents: 5_000, conditions: { tableIds: [table2], bets: ['player'], expiresAt: hoursFromNow(24) } });
    await post(`/promotions/${promo2}/vouchers`, 'casino-manager', { voucherId: `V3-${id}`, valueCents: 2_000, conditions: { tableIds: [table2], bets: ['player'], expiresAt: hoursFromNow(24) } });
    await post('/tables', 'gaming-supervisor', {
      tableId: table2,
      rulebookId: 'star-sydney-2024',
      variant: 'traditional',
      offeredBets: [{ bet: 'player', option: 'standard' }, { bet: 'banker', option: 'traditional' }],
      decks: 8,
      limits: { perBet: [{ bet: 'player', minimumCents: 2000, maximumCents: 1000000 }, { bet: 'banker', minimumCents: 2000, maximumCents: 1000000 }] },
      minimumChipCents: 500,
      dealingMethod: 'method-a',
      jackpotIds: [],
      boxes: 7,
    });
    for (let box = 1; box <= 2; box++) await post(`/tables/${table2}/seats`, 'dealer', { box, sessionId: `${table2}-s${box}`, patronId: `Q${box}` });
    await post(`/tables/${table2}/shoes`, 'dealer', { shoeId: `${table2}-shoe1`, cards: 'new', commitmentHash: 'c'.repeat(64) });
    await post(`/tables/${table2}/shoe/cut`, 'dealer', { cutBy: 'Q1', cutterKind: 'player', cutCardFromBack: 20 });
    await post(`/tables/${table2}/shoe/burn`, 'dealer', { method: 'standard', count: 1 });
    await post(`/promotional-vouchers/V2-${id}/exchange`, 'dealer', { tableId: table2, box: 1, patronId: 'Q1' });
    await post(`/promotional-vouchers/V3-${id}/exchange`, 'dealer', { tableId: table2, box: 2, patronId: 'Q2' });
    // The desk records both token wagers on coup c1: $50 and $20 on Player.
    const big = (await post(`/promotional-vouchers/V2-${id}/wagers`, 'dealer', { tableId: table2, coupId: 'c1', box: 1, bet: 'player', amountCents: 5_000 })).events[0].wagerId as string;
    const never = (await post(`/promotional-vouchers/V3-${id}/wagers`, 'dealer', { tableId: table2, coupId: 'c1', box: 2, bet: 'player', amountCents: 2_000 })).events[0].wagerId as string;
    // At the table the dealer takes the first for ten times the voucher's value and never places the second. Player wins 9-7.
    await post(`/tables/${table2}/coups`, 'dealer', { coupId: 'c1' });
    await post(`/tables/${table2}/coups/c1/wagers`, 'dealer', { wagers: [{ wagerId: big, box: 1, bet: 'player', amountCents: 50_000 }] });
    await post(`/tables/${table2}/coups/c1/cards/batch`, 'dealer', { cards: ['KH', '7D', '9S', 'QC'].map((card) => ({ card })) });

    const report = await eventually('the disagreements in the regulator notices', async () => {
      const r = (await api().get('/reporting/promotions/notices').set('Authorization', as('regulator', ['NSW']))).body;
      const mine = (r.attention ?? []).filter((n: { promotionId: string }) => n.promotionId === promo2);
      return mine.length === 2 ? r : undefined;
    });
    const mine = report.attention.filter((n: { promotionId: string }) => n.promotionId === promo2);
    expect(mine).toEqual([
      expect.objectContaining({ kind: 'token-wager-mismatch', amountCents: 50_000, data: expect.objectContaining({ wagerId: big, matches: false, mismatch: ['amountCents: recorded 5000, tables 50000'] }) }),
      expect.objectContaining({ kind: 'token-wager-released', amountCents: 2_000, data: expect.objectContaining({ wagerId: never, coupId: 'c1' }) }),
    ]);
    // The table paid $500 on a $50 token: its stakes no longer agree with what the desk recorded.
    const reconciled = await eventually('both token wagers in the reconciliation', async () => {
      const r = (await api().get('/reporting/promotions/notices').set('Authorization', as('regulator', ['NSW']))).body;
      return r.tokenReconciliation?.tableStatistics?.tokenWagers === 2 && r.tokenReconciliation.wagers === 2 ? r.tokenReconciliation : undefined;
    });
    expect(reconciled).toMatchObject({ recordedStakesCents: 10_000, tableStatistics: { tokenStakesCents: 55_000 }, agreesWithTableStatistics: false });
    // Star 2024 1.1, 5.2: the $450 the table took above the registered $50 is itemised, so every cent of the tables' token stakes is explained.
    expect(reconciled.excessWagers).toEqual([expect.objectContaining({ tableId: table2, coupId: 'c1', box: 1, bet: 'player', amountCents: 50_000, registeredAmountCents: 5_000, excessCents: 45_000, wagerId: big })]);
    const itemised = (xs: { amountCents?: number; excessCents?: number }[], k: 'amountCents' | 'excessCents') => xs.reduce((n, x) => n + (x[k] ?? 0), 0);
    expect(reconciled.recordedStakesCents + itemised(reconciled.excessWagers, 'excessCents') + itemised(reconciled.unregisteredWagers, 'amountCents')).toBe(reconciled.tableStatistics.tokenStakesCents);
    // The token never staked is back in the player's hand.
    const v3 = (await api().get(`/promotional-vouchers/V3-${id}`).set('Authorization', as('dealer'))).body;
    expect(v3.tokensInHandCents).toBe(2_000);
  });

  it("Star 2024 1.1: a token wager is not released while its coup is taking wagers (409), so the table takes and settles it once", async () => {
    const promo3 = `promo-rel-${id}`;
    const table3 = `STAR-REL-${id}`;
    const voucher3 = `V-REL-${id}`;
    await post('/promotions', 'casino-manager', {
      promotionId: promo3,
      name: 'Star Token Night',
      operator: 'star-sydney',
      schedule: { startsAt: hoursFromNow(-1), entriesCloseAt: hoursFromNow(2), drawAt: hoursFromNow(3) },
      terms: COMPLETE_TERMS,
      prizes: [{ prizeId: 'first', kind: 'cash', description: '$1,000 cash', valueCents: 100_000 }],
      recordedAfterCommencement: { evidence: 'NICC lodgement receipt', termsIssuedAt: hoursFromNow(-24 * 7) },
    });
    await post(`/promotions/${promo3}/terms/lodgements`, 'casino-manager', { lodgedAt: hoursFromNow(-26) });
    await post(`/promotions/${promo3}/vouchers`, 'casino-manager', { voucherId: voucher3, valueCents: 10_000, conditions: { tableIds: [table3], bets: ['player'], expiresAt: hoursFromNow(24) } });
    await post('/tables', 'gaming-supervisor', {
      tableId: table3,
      rulebookId: 'star-sydney-2024',
      variant: 'traditional',
      offeredBets: [{ bet: 'player', option: 'standard' }, { bet: 'banker', option: 'traditional' }],
      decks: 8,
      limits: { perBet: [{ bet: 'player', minimumCents: 2000, maximumCents: 1000000 }, { bet: 'banker', minimumCents: 2000, maximumCents: 1000000 }] },
      minimumChipCents: 500,
      dealingMethod: 'method-a',
      jackpotIds: [],
      boxes: 7,
    });
    await post(`/tables/${table3}/seats`, 'dealer', { box: 1, sessionId: `${table3}-s1`, patronId: 'R1' });
    await post(`/tables/${table3}/shoes`, 'dealer', { shoeId: `${table3}-shoe1`, cards: 'new', commitmentHash: 'd'.repeat(64) });
    await post(`/tables/${table3}/shoe/cut`, 'dealer', { cutBy: 'R1', cutterKind: 'player', cutCardFromBack: 20 });
    await post(`/tables/${table3}/shoe/burn`, 'dealer', { method: 'standard', count: 1 });
    await post(`/promotional-vouchers/${voucher3}/exchange`, 'dealer', { tableId: table3, box: 1, patronId: 'R1' });
    const wagerId = (await post(`/promotional-vouchers/${voucher3}/wagers`, 'dealer', { tableId: table3, coupId: 'c6', box: 1, bet: 'player', amountCents: 5_000 })).events[0].wagerId as string;
    const release = () => api().post(`/promotional-vouchers/${voucher3}/wagers/${wagerId}/release`).set('Authorization', as('area-manager')).set('Idempotency-Key', randomUUID()).send({ reason: 'player asked for the tokens back' });
    // The coup is open at the table: once the promotions service has heard it, the release is refused and nothing changes.
    await post(`/tables/${table3}/coups`, 'dealer', { coupId: 'c6' });
    await eventually('the promotions service heard c6 start', async () => ((await db.pool.query('SELECT 1 FROM promotions.coups_heard WHERE table_id = $1 AND coup_id = $2', [table3, 'c6'])).rowCount === 1 ? true : undefined));
    const refused = await release();
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'TOKEN_WAGER_COUP_IN_PLAY', clause: "Star 2024 1.1 'Casino Promotional Token'" });
    expect(refused.body.message).toMatch(/ended or was voided/);
    expect((await get(`/promotional-vouchers/${voucher3}`)).tokensInHandCents).toBe(5_000);
    // The table takes it and Player wins 9-7: settled once, the token forfeited, nothing released, nothing to attend to.
    await post(`/tables/${table3}/coups/c6/wagers`, 'dealer', { wagers: [{ wagerId, box: 1, bet: 'player', amountCents: 5_000 }] });
    await post(`/tables/${table3}/coups/c6/cards/batch`, 'dealer', { cards: ['KH', '7D', '9S', 'QC'].map((card) => ({ card })) });
    const voucher = await eventually('the token wager settled', async () => {
      const v = await get(`/promotional-vouchers/${voucher3}`);
      return v.wagers?.[0]?.settled ? v : undefined;
    });
    expect(voucher).toMatchObject({ tokensInHandCents: 5_000, attention: [], wagers: [expect.objectContaining({ wagerId, settled: true, winningsCents: 5_000 })] });
    expect(voucher.wagers[0].released).toBeFalsy();
    // The coup ended: a release now is refused as settled, not as in play.
    expect((await release()).body).toMatchObject({ code: 'TOKEN_WAGER_NOT_RELEASABLE' });
  });

  it('Star 2024 1.1, 5.2: a token wager the table took that the promotions desk never registered is itemised (table, coup, box, amount, time) in the reconciliation and the NSW monthly promotions report', async () => {
    const table3 = `STAR3-${id}`;
    await post('/tables', 'gaming-supervisor', {
      tableId: table3,
      rulebookId: 'star-sydney-2024',
      variant: 'traditional',
      offeredBets: [{ bet: 'player', option: 'standard' }, { bet: 'banker', option: 'traditional' }],
      decks: 8,
      limits: { perBet: [{ bet: 'player', minimumCents: 2000, maximumCents: 1000000 }, { bet: 'banker', minimumCents: 2000, maximumCents: 1000000 }] },
      minimumChipCents: 500,
      dealingMethod: 'method-a',
      jackpotIds: [],
      boxes: 7,
    });
    await post(`/tables/${table3}/seats`, 'dealer', { box: 3, sessionId: `${table3}-s3`, patronId: 'R3' });
    await post(`/tables/${table3}/shoes`, 'dealer', { shoeId: `${table3}-shoe1`, cards: 'new', commitmentHash: 'c'.repeat(64) });
    await post(`/tables/${table3}/shoe/cut`, 'dealer', { cutBy: 'R3', cutterKind: 'player', cutCardFromBack: 20 });
    await post(`/tables/${table3}/shoe/burn`, 'dealer', { method: 'standard', count: 1 });
    // No voucher, no desk record: the dealer takes $75 of promotional tokens on Player at box 3.
    await post(`/tables/${table3}/coups`, 'dealer', { coupId: 'c1' });
    await post(`/tables/${table3}/coups/c1/wagers`, 'dealer', { wagers: [{ wagerId: `tw-${id}`, box: 3, bet: 'player', amountCents: 7_500, medium: 'promotional-token' }] });
    await post(`/tables/${table3}/coups/c1/cards/batch`, 'dealer', { cards: ['KH', '7D', '9S', 'QC'].map((card) => ({ card })) });

    const item = await eventually('the unregistered token wager itemised', async () => {
      const r = (await api().get('/reporting/promotions/notices').set('Authorization', as('regulator', ['NSW']))).body;
      return (r.tokenReconciliation?.unregisteredWagers ?? []).find((w: { tableId: string }) => w.tableId === table3);
    });
    expect(item).toMatchObject({ tableId: table3, coupId: 'c1', box: 3, bet: 'player', amountCents: 7_500, tablesWagerId: `tw-${id}`, voucherId: null, at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });
    const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney', year: 'numeric', month: '2-digit' }).format(new Date(Date.now() - 6 * 3_600_000));
    const generated = await post('/reporting/reports', 'regulator', { kind: 'nsw-monthly-promotions', jurisdiction: 'NSW', period: month }, ['NSW']);
    const stored = (await api().get(`/reporting/reports/${generated.reportId as string}`).set('Authorization', as('regulator', ['NSW']))).body;
    const rows = stored.content.sections.find((x: { id: string }) => x.id === 'promotion-notices').rows.filter((r: { promotionId: string }) => r.promotionId === `table:${table3}`);
    expect(rows).toEqual([expect.objectContaining({ kind: 'token-wager-unregistered', amountCents: 7_500 })]);
    expect(JSON.parse(rows[0].details)).toMatchObject({ tableId: table3, coupId: 'c1', box: 3, amountCents: 7_500 });
  });
});

