import { handlesTypes, type Reactor } from '@app/messaging';
import type { PostgresEventStore } from '@app/event-store';
import { casinoOfRulebook } from '@app/baccarat';
import { voucherOfTokenWager, voucherStreamId } from '@app/contracts';
import { promotionCommandHandler, tokenTableCommandHandler, voucherCommandHandler } from '../promotion/promotion.commands';
import { NOTHING_KNOWN, reactToTablePlay, type PromotionInPlay, type RecordedTokenWager, type TablePlayCommand, type TablePlayState } from './table-play.reactor';

type Data = Record<string, unknown>;

/**
 * The promotions service's consumer of the tables service's play, on the one reactor runner: what the reaction needs
 * it reads from the promotions store's own facts through the event store (token wagers recorded at the desk and
 * matched, promotions created, entries earned), in the checkpoint transaction, through the partial indexes of
 * promotions.migrations.ts. A token wager matched earlier in the batch is seen by a later settlement of its coup.
 */
export const tablePlayConsumer = (store: PostgresEventStore, name?: string): Reactor<TablePlayCommand, TablePlayState> => {
  const promotions = promotionCommandHandler(store);
  const vouchers = voucherCommandHandler(store);
  const tokenTables = tokenTableCommandHandler(store);
  return {
    name: name ?? `${store.schema}.table-play`,
    origin: 'tables',
    store,
    handles: handlesTypes('WagersSettled', 'WagersAccepted', 'CoupVoided', 'TableOpened', ...COUP_OPENED_BY, ...COUP_ENDED_BY, 'TableClosed'),
    react: reactToTablePlay,
    lookup: (event, tx) => lookupTablePlay(store.within(tx), event.type, event.data as Data),
    lookupReadsOwnStreams: true,
    // The tables it learns of, with their rulebook (TableOpened's; a table seen only playing, its events'): whose casino
    // a table a promotion, voucher, exchange or token wager names is (Star 2024 16.7.4, 1.1 'Casino Promotional Token').
    remember: async (event, tx) => {
      const tableId = (event.data as Data).tableId;
      if (typeof tableId !== 'string' || tableId === '') return;
      await rememberCoup(store.schema, tx, event.type, tableId, (event.data as Data).coupId);
      if (event.type === 'TableOpened' && typeof (event.data as Data).rulebookId === 'string') {
        await tx.query(`INSERT INTO ${store.schema}.known_tables (table_id, rulebook_id) VALUES ($1, $2) ON CONFLICT (table_id) DO UPDATE SET rulebook_id = EXCLUDED.rulebook_id`, [tableId, (event.data as Data).rulebookId]);
      } else if (casinoOfRulebook(event.rulebookVersion)) {
        await tx.query(`INSERT INTO ${store.schema}.known_tables (table_id, rulebook_id) VALUES ($1, $2) ON CONFLICT (table_id) DO NOTHING`, [tableId, event.rulebookVersion]);
      }
    },
    handlerFor: (streamId) => (streamId.startsWith('voucher-') ? vouchers : streamId.startsWith('token-table-') ? tokenTables : promotions),
  };
};

/** The tables' events that say a coup is open (it can still take a wager), and those that say it has ended. */
const COUP_OPENED_BY = ['CoupStarted', 'WagersAccepted'] as const;
const COUP_ENDED_BY = ['WagersSettled', 'CoupCompleted', 'CoupVoided'] as const;

/**
 * What the service heard of each coup (migration 0005's coups_heard), for a supervisor's release of a token wager
 * (Star 1.1: not while the table can still take it): opened, ended, or every coup of a closed table ended.
 */
const rememberCoup = async (schema: string, tx: { query: (sql: string, params?: unknown[]) => Promise<unknown> }, type: string, tableId: string, coupId: unknown): Promise<void> => {
  if (type === 'TableClosed') {
    await tx.query(`UPDATE ${schema}.coups_heard SET ended = true WHERE table_id = $1 AND NOT ended`, [tableId]);
    return;
  }
  if (typeof coupId !== 'string' || coupId === '') return;
  const ended = (COUP_ENDED_BY as readonly string[]).includes(type);
  if (!ended && !(COUP_OPENED_BY as readonly string[]).includes(type)) return;
  await tx.query(
    `INSERT INTO ${schema}.coups_heard (table_id, coup_id, ended) VALUES ($1, $2, $3) ON CONFLICT (table_id, coup_id) DO UPDATE SET ended = ${schema}.coups_heard.ended OR EXCLUDED.ended`,
    [tableId, coupId, ended],
  );
};

const lookupTablePlay = async (store: PostgresEventStore, type: string, d: Data): Promise<TablePlayState> => {
  const coup = { tableId: String(d.tableId), coupId: String(d.coupId) };
  const linked = async () => {
    const matched = await store.findEvents(['PromotionalTokenWagerMatched'], coup);
    return Object.fromEntries(matched.filter((e) => e.data.tablesWagerId).map((e) => [String(e.data.tablesWagerId), { voucherId: String(e.data.voucherId), wagerId: String(e.data.wagerId) }]));
  };
  /** Token wagers recorded at the desk for the coup that nothing at the table answered yet (matched, flagged unmarked or released). */
  const unmatchedOf = async (): Promise<RecordedTokenWager[]> => {
    const recorded = await store.findEvents(['PromotionalTokenWagered', 'PromotionalTokenWagerMatched', 'PromotionalTokenWagerUnmarked', 'PromotionalTokenWagerReleased'], coup);
    const answered = new Set(recorded.filter((e) => e.type !== 'PromotionalTokenWagered').map((e) => e.data.wagerId));
    return recorded
      .filter((e) => e.type === 'PromotionalTokenWagered' && !answered.has(e.data.wagerId))
      .map((e) => ({ voucherId: String(e.data.voucherId), wagerId: String(e.data.wagerId), box: Number(e.data.box), bet: String(e.data.bet), amountCents: Number(e.data.amountCents) }));
  };
  switch (type) {
    case 'WagersAccepted': {
      // Vouchers the coup's token ids name that were never issued: their wagers have nothing behind them (Star 1.1).
      const named = [...new Set(((d.wagers ?? []) as { wagerId: string }[]).map((w) => voucherOfTokenWager(w.wagerId)).filter((v): v is string => v !== null))].sort();
      const unknownVouchers: string[] = [];
      for (const voucherId of named) if ((await store.readStream(voucherStreamId(voucherId))).length === 0) unknownVouchers.push(voucherId);
      return { ...NOTHING_KNOWN, unmatched: await unmatchedOf(), unknownVouchers };
    }
    case 'WagersSettled': {
      const created = await store.findEvents(['PromotionCreated']);
      const promotionsInPlay: PromotionInPlay[] = created.map((e) => ({
        promotionId: String(e.data.promotionId),
        rulebookId: String(e.data.rulebookId),
        schedule: e.data.schedule as PromotionInPlay['schedule'],
        entryRule: (e.data.entryRule ?? null) as PromotionInPlay['entryRule'],
      }));
      return { ...NOTHING_KNOWN, linked: await linked(), promotions: promotionsInPlay, unmatched: await unmatchedOf() };
    }
    case 'CoupVoided': {
      const earned = await store.findEvents(['PromotionEntriesEarned'], coup);
      return { ...NOTHING_KNOWN, linked: await linked(), playedOn: [...new Set(earned.map((e) => e.streamId))].sort(), unmatched: await unmatchedOf() };
    }
    default:
      return NOTHING_KNOWN;
  }
};
