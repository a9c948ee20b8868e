import { QueryBus } from '@nestjs/cqrs';
import type { Pool } from 'pg';
import { casinoOfRulebook } from '@app/baccarat';
import { PG_POOL } from '@app/database';
import type { PostgresEventStore } from '@app/event-store';
import { provideCasinoResolver } from '@app/platform-kit';
import { TableController } from './table/table.controller';
import { knownTournamentCasino } from './tournament-sessions/known-tournaments';
import { TABLES_STORE } from './tables.tokens';
import { GetTable } from './tables.use-cases';

/**
 * Staff act only at their own casino: a table belongs to the casino of its rulebook (Crown Melbourne v29 at
 * crown-melbourne, the Crown Sydney guide at crown-sydney, Star 2021/2024 at star-sydney); a table being opened, to
 * the casino of the rulebook its body names. Everything under a table (seats, shoe, coups, wagers) is the table's.
 * A table opened in tournament mode serves its own casino's tournament (Crown Melbourne 14.2.5; Star 15.5.2): the
 * body's `tournamentId` belongs to the casino of the rulebook its terms name, as this service learnt it from the
 * tournaments service's events (its known tournaments); another casino's is refused 403 OUT_OF_CASINO, one never
 * heard of is opened as before.
 */
export const TABLES_CASINO_SCOPE = provideCasinoResolver(
  (queryBus: QueryBus, store: PostgresEventStore, pool: Pool) => ({
    service: 'tables',
    controllers: [TableController],
    ids: {
      tableId: async (id) => casinoOfRulebook((await queryBus.execute(new GetTable(id))).state.rulebookId),
      tournamentId: (id) => knownTournamentCasino(pool, store.schema, id),
    },
    bodyIds: { tournamentId: 'tournamentId' },
    body: (b) => casinoOfRulebook(b.rulebookId),
  }),
  [QueryBus, TABLES_STORE, PG_POOL],
);
