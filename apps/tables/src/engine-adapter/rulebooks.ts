/**
 * The rulebooks the table decider consults, in one place (they were reached by path until `@app/baccarat`
 * re-exported them; the decider keeps importing from here so a rename touches one file).
 */
export {
  rulebookById,
  rulebookInForce,
  roleAtLeast,
  isRoleId,
  validateTableConfiguration,
  validateRapidUniformity,
  procedureClause,
  assertRulebookInForce,
  rulebookSucceeding,
  oneOneTwoSideWagerAt,
  tableOfPlayClause,
} from '@app/baccarat';
export type { Rulebook, RoleId, Authority, TableConfiguration, VariantId, BetId as RulebookBetId, ProcedureKey } from '@app/baccarat';
