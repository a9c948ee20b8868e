import { QueryBus } from '@nestjs/cqrs';
import type { Pool } from 'pg';
import { casinoOfRulebook, luckyTieRulebookAt } from '@app/baccarat';
import { PG_POOL } from '@app/database';
import type { PostgresEventStore } from '@app/event-store';
import { provideCasinoResolver } from '@app/platform-kit';
import { JackpotController } from './jackpot/jackpot.controller';
import { knownTableCasino } from './links/known-tables';
import { JACKPOTS_STORE } from './jackpots.tokens';
import { GetJackpot } from './jackpots.use-cases';

/**
 * Staff and jackpot consoles act only at their own casino: a jackpot belongs to the casino of the rulebook it was
 * created under (JackpotCreated); a jackpot being created, to the casino of the rulebook providing one now (Crown
 * Melbourne 13.3). A table a route or body names (a jackpot's tables, a hit's, a suspension's, a backfill's) belongs
 * to the casino of the rulebook its TableOpened named, as this service learnt it from the tables service's events
 * (its known tables): one of another casino is refused 403 OUT_OF_CASINO (Crown Melbourne 13.3.1(b), 13.4.1); one
 * never seen is accepted and flagged as before.
 */
export const JACKPOTS_CASINO_SCOPE = provideCasinoResolver(
  (queryBus: QueryBus, store: PostgresEventStore, pool: Pool) => ({
    service: 'jackpots',
    controllers: [JackpotController],
    ids: {
      jackpotId: async (id) => casinoOfRulebook((await queryBus.execute(new GetJackpot(id))).state.rulebookId),
      tableId: (id) => knownTableCasino(pool, store.schema, id),
    },
    bodyIds: { tableId: 'tableId', tableIds: 'tableId' },
    body: () => {
      try {
        return luckyTieRulebookAt(new Date().toISOString()).casino;
      } catch {
        return undefined; // none in force: the decider refuses the creation, naming the versions
      }
    },
  }),
  [QueryBus, JACKPOTS_STORE, PG_POOL],
);
