/** The one definition lives in libs/contracts (instants.ts); this service's deciders import it from here. */
export { instantMs, plusSeconds, atOrAfter } from '@app/contracts';
