import { QueryBus } from '@nestjs/cqrs';
import { casinoNamedBy, casinoOfRulebook } from '@app/baccarat';
import { provideCasinoResolver } from '@app/platform-kit';
import { GetPromotionQuery, GetVoucherQuery } from './promotion/promotion.commands';
import { PromotionController } from './promotion/promotion.controller';
import { VoucherController } from './voucher/voucher.controller';

/**
 * Staff act only at their own casino: a promotion and its vouchers belong to the casino of the rulebook the
 * promotion runs under (Star 2021/2024 16); a promotion being created, to the casino of the operator its body names.
 */
export const PROMOTIONS_CASINO_SCOPE = provideCasinoResolver(
  (queryBus: QueryBus) => ({
    service: 'promotions',
    controllers: [PromotionController, VoucherController],
    ids: {
      promotionId: async (id) => casinoOfRulebook((await queryBus.execute(new GetPromotionQuery(id))).state.rulebookId),
      voucherId: async (id) => casinoOfRulebook((await queryBus.execute(new GetVoucherQuery(id))).state.rulebookId),
    },
    // The controller's default operator is the Star's.
    body: (b) => casinoNamedBy(typeof b.operator === 'string' ? b.operator : 'star-sydney'),
  }),
  [QueryBus],
);
