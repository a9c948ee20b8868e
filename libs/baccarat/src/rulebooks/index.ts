/** Rulebooks as data: versioned, cited bets, pay tables and procedures per operator, and table validation. */
export * from './rulebook.types';
export * from './roles';
export { UNDATED_EFFECTIVE_FROM } from './undated';
export { DRAGON_TIGER_OPTION_PREFIX } from './crown-melbourne-v29';
export { STAR_CASINO_SUPERVISOR } from './star-sydney-common';
export { CROWN_MELBOURNE_V29 } from './crown-melbourne-v29';
export { CROWN_MELBOURNE_RAPID } from './crown-melbourne-rapid';
export { STAR_SYDNEY_2021 } from './star-sydney-2021';
export { STAR_SYDNEY_2024 } from './star-sydney-2024';
export { CROWN_SYDNEY_GUIDE } from './crown-sydney-guide';
export { RULEBOOKS, RULEBOOK_IDS, isRulebookId, rulebookById } from './rulebooks';
export { rulebookInForce } from './rulebook-in-force';
export type { GameKind } from './rulebook-in-force';
export { betDefinition, payTableFor, payTableEntry, netOdds, reduceRatio } from './pay-table';
export { validateTableConfiguration, assertValidTableConfiguration, validateRapidUniformity } from './table-configuration';
export type { TableConfiguration, TableConfigurationViolation, BetLimits } from './table-configuration';
