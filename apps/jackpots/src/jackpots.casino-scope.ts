import { QueryBus } from '@nestjs/cqrs';
import { casinoOfRulebook, luckyTieRulebookAt } from '@app/baccarat';
import { provideCasinoResolver } from '@app/platform-kit';
import { JackpotController } from './jackpot/jackpot.controller';
import { GetJackpot } from './jackpots.use-cases';

/**
 * Staff and jackpot consoles act only at their own casino: a jackpot belongs to the casino of the rulebook it was
 * created under (JackpotCreated); a jackpot being created, to the casino of the rulebook providing one now (Crown
 * Melbourne 13.3).
 */
export const JACKPOTS_CASINO_SCOPE = provideCasinoResolver(
  (queryBus: QueryBus) => ({
    service: 'jackpots',
    controllers: [JackpotController],
    ids: { jackpotId: async (id) => casinoOfRulebook((await queryBus.execute(new GetJackpot(id))).state.rulebookId) },
    body: () => {
      try {
        return luckyTieRulebookAt(new Date().toISOString()).casino;
      } catch {
        return undefined; // none in force: the decider refuses the creation, naming the versions
      }
    },
  }),
  [QueryBus],
);
