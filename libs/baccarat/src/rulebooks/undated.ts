/**
 * `effectiveFrom` for a document that carries no date (Rapid Baccarat rules, Crown Sydney player guide): the
 * earliest ISO date, so the document is in force for any play until a dated version of its series supersedes
 * it. `Rulebook.effectiveFromSource.stated` is false for these.
 */
export const UNDATED_EFFECTIVE_FROM = '0001-01-01';
