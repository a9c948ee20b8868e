import { QueryBus } from '@nestjs/cqrs';
import { casinoOfRulebook } from '@app/baccarat';
import { provideCasinoResolver } from '@app/platform-kit';
import { TableController } from './table/table.controller';
import { GetTable } from './tables.use-cases';

/**
 * Staff act only at their own casino: a table belongs to the casino of its rulebook (Crown Melbourne v29 at
 * crown-melbourne, the Crown Sydney guide at crown-sydney, Star 2021/2024 at star-sydney); a table being opened, to
 * the casino of the rulebook its body names. Everything under a table (seats, shoe, coups, wagers) is the table's.
 */
export const TABLES_CASINO_SCOPE = provideCasinoResolver(
  (queryBus: QueryBus) => ({
    service: 'tables',
    controllers: [TableController],
    ids: { tableId: async (id) => casinoOfRulebook((await queryBus.execute(new GetTable(id))).state.rulebookId) },
    body: (b) => casinoOfRulebook(b.rulebookId),
  }),
  [QueryBus],
);
