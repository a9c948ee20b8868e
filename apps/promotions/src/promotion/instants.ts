/** The one definition lives in libs/contracts (instants.ts); this service's deciders import it from here. */
export { instantMs, isInstant, addHours, hoursBetween, localDate, atOrBefore } from '@app/contracts';
