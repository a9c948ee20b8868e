/** Injection tokens of the jackpot service. */
export const JACKPOTS_STORE = Symbol('JACKPOTS_STORE');
export const JACKPOTS_OPTIONS = Symbol('JACKPOTS_OPTIONS');
