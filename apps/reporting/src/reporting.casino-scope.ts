import { casinoOfRulebook } from '@app/baccarat';
import { provideCasinoResolver } from '@app/platform-kit';
import { PromotionNoticesController } from './promotions/promotion-notices.controller';
import { ReadModelsController } from './read-model/read-models.controller';
import { RefusedCommandsController } from './refused-commands/refused-commands.controller';
import { ReportingQueries } from './read-model/reporting.queries';
import { REPORTING_QUERIES } from './reporting.tokens';
import { WhatIfController } from './what-if/what-if.controller';

/**
 * Managers read only their own casino's tables: a table of the reporting read models belongs to the casino of the
 * rulebook its TableOpened named (the table directory). Lists (tables, ledger, register, statistics, the
 * dashboard) keep only the token's casinos, by the rulebook or table of each row; a what-if names its tables in
 * its body.
 */
export const REPORTING_CASINO_SCOPE = provideCasinoResolver(
  (queries: ReportingQueries) => {
    const casinoOfTable = async (id: string) => casinoOfRulebook((await queries.tables()).find((t) => t.tableId === id)?.rulebookId);
    return {
      service: 'reporting',
      controllers: [ReadModelsController, WhatIfController, RefusedCommandsController, PromotionNoticesController],
      ids: { tableId: casinoOfTable },
      body: async (b) => {
        const tableIds = Array.isArray(b.tableIds) ? b.tableIds.filter((id): id is string => typeof id === 'string') : [];
        const casinos = await Promise.all(tableIds.map(casinoOfTable));
        return casinos.filter((c): c is NonNullable<typeof c> => c !== undefined);
      },
    };
  },
  [REPORTING_QUERIES],
);
