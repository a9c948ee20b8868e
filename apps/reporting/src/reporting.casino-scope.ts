import { casinoOfRulebook } from '@app/baccarat';
import { provideCasinoResolver } from '@app/platform-kit';
import { ReadModelsController } from './read-model/read-models.controller';
import { ReportingQueries } from './read-model/reporting.queries';
import { REPORTING_QUERIES } from './reporting.tokens';

/**
 * Managers read only their own casino's tables: a table of the reporting read models belongs to the casino of the
 * rulebook its TableOpened named (the table directory). Lists (tables, ledger, register, statistics, the
 * dashboard) keep only the token's casinos, by the rulebook or table of each row.
 */
export const REPORTING_CASINO_SCOPE = provideCasinoResolver(
  (queries: ReportingQueries) => ({
    service: 'reporting',
    controllers: [ReadModelsController],
    ids: { tableId: async (id) => casinoOfRulebook((await queries.tables()).find((t) => t.tableId === id)?.rulebookId) },
  }),
  [REPORTING_QUERIES],
);
