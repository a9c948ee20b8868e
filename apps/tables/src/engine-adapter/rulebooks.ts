/**
 * Adapter: the rulebooks live in libs/baccarat/src/rulebooks (with their own index.ts) but are not yet
 * re-exported from `@app/baccarat`'s index.ts, so the tables service reaches them here, in one place.
 * When `@app/baccarat` exports them, change this one import and nothing else changes.
 */
export {
  rulebookById,
  rulebookInForce,
  roleAtLeast,
  isRoleId,
  validateTableConfiguration,
} from '../../../../libs/baccarat/src/rulebooks';
export type { Rulebook, RoleId, Authority, TableConfiguration, VariantId, BetId as RulebookBetId } from '../../../../libs/baccarat/src/rulebooks';
