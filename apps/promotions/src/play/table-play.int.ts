import { promotionStreamId, tokenTableStreamId, voucherStreamId } from '@app/contracts';
import type { IntegrationEvent } from '@app/contracts';
import { migrationHistory, PostgresEventStore } from '@app/event-store';
import { createTestDatabase, integrationEventOf, TestDatabase } from '@app/testing';
import { randomUUID } from 'node:crypto';
import { GetCoupAtTableQuery, GetCoupAtTableQueryHandler, promotionCommandHandler, voucherCommandHandler } from '../promotion/promotion.commands';
import { createPromotion } from '../test-support/promotion-fixtures';
import { reactorProjection } from '@app/messaging';
import { tablePlayConsumer } from './table-play.consumer';
import { promotionsTakingEntries } from './table-play.reactor';
import { migratePromotions } from '../promotions.module';
import { PROMOTIONS_MIGRATIONS } from '../promotions.migrations';

const hoursFromNow = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
/** These promotions began before the test runs: the terms were published beforehand (Star 16.12). */
const PUBLISHED_BEFORE = { evidence: 'terms published on the casino website', termsIssuedAt: hoursFromNow(-30) };
const context = () => ({ commandId: randomUUID(), actor: { id: 'gm-1', role: 'casino-manager' }, correlationId: randomUUID(), now: new Date().toISOString() });

const envelope = (type: string, data: Record<string, unknown>, eventId?: string): IntegrationEvent => integrationEventOf(type, data, { streamId: 'table-T1', ...(eventId ? { eventId } : {}) });

/** The consumer of the tables service's events, against the real PostgreSQL: exactly once, voids taken back. */
describe('table play consumer (Star 16.7.3-16.7.4, 1.1)', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  const consumer = () => tablePlayConsumer(store);
  const projection = { apply: (event: IntegrationEvent, client: import('pg').PoolClient) => reactorProjection(consumer()).apply(event, client) };
  const apply = async (event: IntegrationEvent) => {
    const client = await db.pool.connect();
    try {
      await client.query('BEGIN');
      await projection.apply(event, client);
      await client.query('COMMIT');
    } finally {
      client.release();
    }
  };

  beforeAll(async () => {
    db = await createTestDatabase('promo_play');
    store = new PostgresEventStore(db.pool, 'promotions');
    await migratePromotions(db.pool, 'promotions');
    // Star 2024: started an hour ago, terms lodged with the NICC a day before (16.12); entries open an hour more.
    const schedule = { startsAt: hoursFromNow(-1), entriesCloseAt: hoursFromNow(1), drawAt: hoursFromNow(2) };
    await promotionCommandHandler(store).handle(promotionStreamId('winter'), createPromotion({ recordedAfterCommencement: PUBLISHED_BEFORE, schedule, now: new Date().toISOString() }), context());
    await promotionCommandHandler(store).handle(promotionStreamId('winter'), { type: 'LodgeTerms', lodgedAt: hoursFromNow(-26), now: new Date().toISOString() }, context());
    const handler = voucherCommandHandler(store);
    await handler.handle(voucherStreamId('V9'), { type: 'IssueVoucher', voucherId: 'V9', promotionId: 'winter', rulebookId: 'star-sydney-2024', valueCents: 5_000, conditions: { tableIds: ['T1'], bets: [], expiresAt: hoursFromNow(5), patronId: null }, tokenAfterCoup: 'forfeited', now: new Date().toISOString() }, context());
    await handler.handle(voucherStreamId('V9'), { type: 'ExchangeVoucher', tableId: 'T1', box: 1, patronId: 'P1', now: new Date().toISOString() }, context());
    await handler.handle(voucherStreamId('V9'), { type: 'WagerToken', tableId: 'T1', coupId: 'c1', box: 1, bet: 'banker', amountCents: 5_000, now: new Date().toISOString() }, context());
  });
  afterAll(async () => db?.drop());

  it('a redelivered WagersSettled earns entries and settles the token once; a later void of the settled coup takes both back', async () => {
    const settlement = (wagerId: string, patronId: string, amountCents: number, outcome: string, winCents: number) => ({ wagerId, box: 1, patronId, bet: 'banker', option: 'traditional', amountCents, outcome, winCents, returnedCents: outcome === 'win' ? amountCents : 0, commissionImmediateCents: 0, commissionDeferredCents: 0, odds: '19:20', clause: 'Star 2024 11.1.3' });
    const settlements = [settlement('w1', 'P1', 30_000, 'win', 28_500), settlement('token:V9:1', 'P1', 5_000, 'win', 4_750)];
    const settled = envelope('WagersSettled', { tableId: 'T1', shoeId: 's1', coupId: 'c1', settlements, settledAt: new Date().toISOString() });
    await apply(settled);
    await apply(settled);
    const promotion = await promotionCommandHandler(store).load(promotionStreamId('winter'));
    expect(promotion.state.entries.map((e) => e.entryId)).toEqual(['e1', 'e2', 'e3']);
    const voucher = await voucherCommandHandler(store).load(voucherStreamId('V9'));
    expect(voucher.state.wagers['token:V9:1']).toMatchObject({ settled: true, winningsCents: 4_750, tokenKept: false });
    const events = await store.readStream(voucherStreamId('V9'));
    expect(events.filter((e) => e.type === 'PromotionalTokenWagerSettled')).toHaveLength(1);

    await apply(envelope('CoupVoided', { tableId: 'T1', shoeId: 's1', coupId: 'c1', reason: 'fraud', clause: 'Star 2024 14.4.2', returnedWagerIds: [], reversedSettlements: settlements, voidedAt: new Date().toISOString() }));
    expect((await promotionCommandHandler(store).load(promotionStreamId('winter'))).state.entries).toEqual([]);
    const after = await voucherCommandHandler(store).load(voucherStreamId('V9'));
    expect(after.state).toMatchObject({ tokensInHandCents: 5_000 });
  });

  it('a token wager the dealer placed under the tables\' own id is found by table, coup, box, bet and amount, settled, and earns no entries', async () => {
    const handler = voucherCommandHandler(store);
    await handler.handle(voucherStreamId('V10'), { type: 'IssueVoucher', voucherId: 'V10', promotionId: 'winter', rulebookId: 'star-sydney-2024', valueCents: 20_000, conditions: { tableIds: [], bets: [], expiresAt: hoursFromNow(5), patronId: null }, tokenAfterCoup: 'forfeited', now: new Date().toISOString() }, context());
    await handler.handle(voucherStreamId('V10'), { type: 'ExchangeVoucher', tableId: 'T1', box: 2, patronId: 'P2', now: new Date().toISOString() }, context());
    await handler.handle(voucherStreamId('V10'), { type: 'WagerToken', tableId: 'T1', coupId: 'c2', box: 2, bet: 'player', amountCents: 20_000, now: new Date().toISOString() }, context());
    const wager = (wagerId: string, amountCents: number) => ({ wagerId, box: 2, patronId: 'P2', bet: 'player', option: 'standard', amountCents });
    await apply(envelope('WagersAccepted', { tableId: 'T1', coupId: 'c2', wagers: [wager('chips-1', 10_000), wager('tw-77', 20_000)] }));
    const matched = (await store.readStream(voucherStreamId('V10'))).find((e) => e.type === 'PromotionalTokenWagerMatched')!;
    expect(matched.data).toMatchObject({ wagerId: 'token:V10:1', tablesWagerId: 'tw-77', matches: true });
    const settle = (wagerId: string, amountCents: number) => ({ ...wager(wagerId, amountCents), outcome: 'win', winCents: amountCents, returnedCents: amountCents, commissionImmediateCents: 0, commissionDeferredCents: 0, odds: '1 to 1', clause: 'Star 2024 11.1.2' });
    await apply(envelope('WagersSettled', { tableId: 'T1', shoeId: 's1', coupId: 'c2', settlements: [settle('chips-1', 10_000), settle('tw-77', 20_000)], settledAt: new Date().toISOString() }));
    const voucher = await voucherCommandHandler(store).load(voucherStreamId('V10'));
    expect(voucher.state.wagers['token:V10:1']).toMatchObject({ settled: true, winningsCents: 20_000 });
    const promotion = await promotionCommandHandler(store).load(promotionStreamId('winter'));
    expect(promotion.state.play.P2).toEqual({ turnoverCents: 10_000, entries: 1 });
  });

  it('Star 5.2, 1.1: a chip wager of the same box, bet and amount as an unmatched token wager is not taken for it; the token wager marked by the tables is', async () => {
    const handler = voucherCommandHandler(store);
    const now = () => new Date().toISOString();
    await handler.handle(voucherStreamId('V11'), { type: 'IssueVoucher', voucherId: 'V11', promotionId: 'winter', rulebookId: 'star-sydney-2024', valueCents: 5_000, conditions: { tableIds: [], bets: [], expiresAt: hoursFromNow(5), patronId: null }, tokenAfterCoup: 'forfeited', now: now() }, context());
    await handler.handle(voucherStreamId('V11'), { type: 'ExchangeVoucher', tableId: 'T1', box: 3, patronId: 'P3', now: now() }, context());
    await handler.handle(voucherStreamId('V11'), { type: 'WagerToken', tableId: 'T1', coupId: 'c3', box: 3, bet: 'banker', amountCents: 5_000, now: now() }, context());
    const wager = (wagerId: string, medium: 'chips' | 'promotional-token') => ({ wagerId, box: 3, patronId: 'P3', bet: 'banker', option: 'traditional', amountCents: 5_000, medium });
    await apply(envelope('WagersAccepted', { tableId: 'T1', coupId: 'c3', wagers: [wager('chips-3', 'chips'), wager('tok-3', 'promotional-token')] }));
    const matched = (await store.readStream(voucherStreamId('V11'))).filter((e) => e.type === 'PromotionalTokenWagerMatched');
    expect(matched.map((e) => e.data)).toEqual([expect.objectContaining({ wagerId: 'token:V11:1', tablesWagerId: 'tok-3', matches: true })]);
  });

  it('Star 5.2, 1.1: a token wager whose coup took only a chip wager of its box, bet and amount raises PromotionalTokenWagerUnmarked with table, coup, voucher and the chip wager, once', async () => {
    const handler = voucherCommandHandler(store);
    const now = () => new Date().toISOString();
    await handler.handle(voucherStreamId('V12'), { type: 'IssueVoucher', voucherId: 'V12', promotionId: 'winter', rulebookId: 'star-sydney-2024', valueCents: 7_500, conditions: { tableIds: [], bets: [], expiresAt: hoursFromNow(5), patronId: null }, tokenAfterCoup: 'forfeited', now: now() }, context());
    await handler.handle(voucherStreamId('V12'), { type: 'ExchangeVoucher', tableId: 'T4', box: 5, patronId: 'P5', now: now() }, context());
    await handler.handle(voucherStreamId('V12'), { type: 'WagerToken', tableId: 'T4', coupId: 'c9', box: 5, bet: 'player', amountCents: 7_500, now: now() }, context());
    const wager = (wagerId: string, box: number) => ({ wagerId, box, patronId: 'P5', bet: 'player', option: 'standard', amountCents: 7_500, medium: 'chips' });
    const accepted = envelope('WagersAccepted', { tableId: 'T4', coupId: 'c9', wagers: [wager('chips-other-box', 6), wager('chips-9', 5)] });
    await apply(accepted);
    await apply(accepted);
    const events = await store.readStream(voucherStreamId('V12'));
    expect(events.filter((e) => e.type === 'PromotionalTokenWagerMatched')).toEqual([]);
    expect(events.filter((e) => e.type === 'PromotionalTokenWagerUnmarked').map((e) => e.data)).toEqual([
      expect.objectContaining({ voucherId: 'V12', promotionId: 'winter', wagerId: 'token:V12:1', tablesWagerId: 'chips-9', tableId: 'T4', coupId: 'c9', box: 5, amountCents: 7_500, tablesMedium: 'chips' }),
    ]);
    expect((await handler.load(voucherStreamId('V12'))).state.wagers['token:V12:1']).toMatchObject({ matched: null, unmarkedAtTable: true });
  });

  it('16.7.3, 16.7.6: a settled coup concerns only the promotions taking entries at its table then; a voided one only those that counted it', async () => {
    const now = new Date().toISOString();
    // Closed an hour ago; open now but at another table; open at every table; no entry rule.
    const at = (startsAt: number, closes: number) => ({ startsAt: hoursFromNow(startsAt), entriesCloseAt: hoursFromNow(closes), drawAt: hoursFromNow(closes + 1) });
    const rule = (tableIds: string[]) => ({ tableIds, bets: [], minimumWagerCents: 0, turnoverPerEntryCents: 10_000 });
    await promotionCommandHandler(store).handle(promotionStreamId('closed'), createPromotion({ recordedAfterCommencement: PUBLISHED_BEFORE, promotionId: 'closed', schedule: at(-3, -1), now }), context());
    await promotionCommandHandler(store).handle(promotionStreamId('elsewhere'), createPromotion({ recordedAfterCommencement: PUBLISHED_BEFORE, promotionId: 'elsewhere', schedule: at(-1, 1), entryRule: rule(['T9']), now }), context());
    await promotionCommandHandler(store).handle(promotionStreamId('everywhere'), createPromotion({ recordedAfterCommencement: PUBLISHED_BEFORE, promotionId: 'everywhere', schedule: at(-1, 1), entryRule: rule([]), now }), context());
    await promotionCommandHandler(store).handle(promotionStreamId('granted'), createPromotion({ recordedAfterCommencement: PUBLISHED_BEFORE, promotionId: 'granted', schedule: at(-1, 1), entryRule: null, now }), context());
    const client = await db.pool.connect();
    try {
      const lookup = (type: string, data: Record<string, unknown>) => consumer().lookup!(envelope(type, data), client);
      const taking = async (tableId: string, at: string) => promotionsTakingEntries((await lookup('WagersSettled', { tableId, coupId: 'c-any', settlements: [] })).promotions, 'star-sydney-2024', tableId, at);
      expect(await taking('T1', now)).toEqual([promotionStreamId('everywhere'), promotionStreamId('winter')]);
      expect(await taking('T9', now)).toEqual([promotionStreamId('elsewhere'), promotionStreamId('everywhere')]);
      // Two hours ago only the closed one was taking entries.
      expect(await taking('T1', hoursFromNow(-2))).toEqual([promotionStreamId('closed')]);
      expect((await lookup('CoupVoided', { tableId: 'T1', coupId: 'c2' })).playedOn).toEqual([promotionStreamId('winter')]);
      expect((await lookup('CoupVoided', { tableId: 'T1', coupId: 'c-none' })).playedOn).toEqual([]);
    } finally {
      client.release();
    }
  });

  it('Star 2024 1.1, 5.2: token wagers the tables took that the desk never registered (no desk record; a voucher never issued) are recorded once on the table\'s stream', async () => {
    const wager = (wagerId: string, box: number, amountCents: number, medium: string) => ({ wagerId, box, patronId: null, bet: 'banker', option: 'traditional', amountCents, medium });
    const accepted = integrationEventOf(
      'WagersAccepted',
      { tableId: 'T5', coupId: 'c50', wagers: [wager('tw-500', 3, 20_000, 'promotional-token'), wager('token:NEVER:1', 4, 5_000, 'promotional-token'), wager('chips-500', 5, 20_000, 'chips')] },
      { streamId: 'table-T5', rulebookVersion: 'star-sydney-2024' },
    );
    await apply(accepted);
    await apply(accepted);
    const recorded = (await store.readStream(tokenTableStreamId('T5'))).filter((e) => e.type === 'PromotionalTokenWagerUnregistered');
    expect(recorded.map((e) => e.data)).toEqual([
      expect.objectContaining({ voucherId: null, tableId: 'T5', coupId: 'c50', tablesWagerId: 'tw-500', box: 3, amountCents: 20_000, acceptedAt: accepted.occurredAt }),
      expect.objectContaining({ voucherId: 'NEVER', tablesWagerId: 'token:NEVER:1', box: 4, amountCents: 5_000 }),
    ]);
  });

  it('the promotions tables and indexes are versioned migrations, applied once', async () => {
    await migratePromotions(db.pool, 'promotions');
    const history = (await migrationHistory(db.pool, 'promotions')).filter((m) => m.component === 'promotions').map((m) => m.id);
    expect(history).toEqual(PROMOTIONS_MIGRATIONS.migrations.map((m) => m.id));
  });
  it("Star 2024 1.1: what the tables published of a coup decides whether a token wager can be released: never heard, taking wagers (started or taking wagers), ended (settled, completed, voided, or its table closed)", async () => {
    const heard = (coupId: string, tableId = 'T7') => new GetCoupAtTableQueryHandler(db.pool, store).execute(new GetCoupAtTableQuery(tableId, coupId));
    expect(await heard('c6')).toBe('never-heard');
    await apply(envelope('CoupStarted', { tableId: 'T7', shoeId: 's7', coupId: 'c6', coupNumber: 6, dummy: false }));
    expect(await heard('c6')).toBe('taking-wagers');
    await apply(envelope('WagersAccepted', { tableId: 'T7', coupId: 'c7', wagers: [] }));
    expect(await heard('c7')).toBe('taking-wagers');
    await apply(envelope('WagersSettled', { tableId: 'T7', shoeId: 's7', coupId: 'c6', settlements: [], settledAt: new Date().toISOString() }));
    expect(await heard('c6')).toBe('ended');
    // A late WagersAccepted of an ended coup does not reopen it; a closed table ends every coup it left open.
    await apply(envelope('WagersAccepted', { tableId: 'T7', coupId: 'c6', wagers: [] }));
    expect(await heard('c6')).toBe('ended');
    await apply(envelope('TableClosed', { tableId: 'T7', noticeGivenAt: null, closedAt: new Date().toISOString(), reason: 'end of session', clause: 'Star 2024 3.3' }));
    expect(await heard('c7')).toBe('ended');
  });
});
