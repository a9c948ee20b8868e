/**
 * The composition root's view of what each service publishes. Each service exports its own event source beside its
 * module (`<service>.source.ts`); this file only gathers them for the platform that hosts every service.
 */
export { tablesSource } from '../../tables/src/integration/tables.source';
export { jackpotsSource } from '../../jackpots/src/jackpots.source';
export { promotionsSource } from '../../promotions/src/promotions.source';
export { tournamentsSource } from '../../tournaments/src/tournaments.source';
export { rapidSource } from '../../rapid/src/rapid.source';
