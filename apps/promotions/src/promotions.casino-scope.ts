import { QueryBus } from '@nestjs/cqrs';
import type { Pool } from 'pg';
import { PG_POOL } from '@app/database';
import type { PostgresEventStore } from '@app/event-store';
import { casinoNamedBy, casinoOfRulebook } from '@app/baccarat';
import { provideCasinoResolver } from '@app/platform-kit';
import { GetPromotionQuery, GetVoucherQuery } from './promotion/promotion.commands';
import { PromotionController } from './promotion/promotion.controller';
import { PROMOTIONS_STORE } from './promotions.tokens';
import { VoucherController } from './voucher/voucher.controller';

/**
 * Staff act only at their own casino: a promotion and its vouchers belong to the casino of the rulebook the
 * promotion runs under (Star 2021/2024 16); a promotion being created, to the casino of the operator its body names.
 * A table a body names (a promotion's entry rule, a voucher's conditions, an exchange, a token wager) belongs to the
 * casino of the rulebook the service learnt it plays under from the tables service's events (its known tables): one
 * of another casino is refused 403 OUT_OF_CASINO (Star 2024 16.7.4, 1.1 'Casino Promotional Token'); one never seen
 * is left to the decider as before.
 */
export const PROMOTIONS_CASINO_SCOPE = provideCasinoResolver(
  (queryBus: QueryBus, pool: Pool, store: PostgresEventStore) => ({
    service: 'promotions',
    controllers: [PromotionController, VoucherController],
    ids: {
      promotionId: async (id) => casinoOfRulebook((await queryBus.execute(new GetPromotionQuery(id))).state.rulebookId),
      voucherId: async (id) => casinoOfRulebook((await queryBus.execute(new GetVoucherQuery(id))).state.rulebookId),
      tableId: async (id) => casinoOfRulebook(await knownTableRulebook(pool, store.schema, id)),
    },
    bodyIds: { tableId: 'tableId', 'entryRule.tableIds': 'tableId', 'conditions.tableIds': 'tableId' },
    // The controller's default operator is the Star's.
    body: (b) => casinoNamedBy(typeof b.operator === 'string' ? b.operator : 'star-sydney'),
  }),
  [QueryBus, PG_POOL, PROMOTIONS_STORE],
);

/** The rulebook of a table the service learnt of (migration 0004's known_tables); undefined for one never seen. */
const knownTableRulebook = async (pool: Pool, schema: string, tableId: string): Promise<string | undefined> => {
  try {
    return (await pool.query<{ rulebook_id: string }>(`SELECT rulebook_id FROM ${schema}.known_tables WHERE table_id = $1`, [tableId])).rows[0]?.rulebook_id;
  } catch (err) {
    if ((err as { code?: string }).code === '42P01') return undefined;
    throw err;
  }
};
