import { casinoOfRulebook } from '@app/baccarat';
import { provideCasinoResolver } from '@app/platform-kit';
import { RapidFeedController } from './feed/rapid-feed.controller';
import { AtsAccountController } from './http/ats-account.controller';
import { RapidTableController } from './http/rapid-table.controller';
import { RAPID_USE_CASES } from './rapid.tokens';
import { RegulatorRegisterController } from './regulator-register/regulator-register.controller';
import { RapidUseCases } from './rapid-use-cases';

/**
 * Staff and ATSs act only at their own casino: a Rapid table, its stations and rounds belong to the casino of its
 * rulebook (Crown Melbourne Rapid), an ATS account to its table's; a table being opened, to its body's rulebook
 * (the controller's default is Crown Melbourne Rapid).
 */
export const RAPID_CASINO_SCOPE = provideCasinoResolver(
  (useCases: RapidUseCases) => ({
    service: 'rapid',
    controllers: [RapidTableController, AtsAccountController, RapidFeedController, RegulatorRegisterController],
    ids: {
      tableId: async (id) => casinoOfRulebook((await useCases.loadTable(id)).state.terms?.rulebookId),
      accountId: async (id) => casinoOfRulebook((await useCases.loadAccount(id)).state.rulebookId),
    },
    body: (b) => casinoOfRulebook(b.rulebookId ?? 'crown-melbourne-rapid'),
  }),
  [RAPID_USE_CASES],
);
