/** Injection tokens of the promotions service. */
export const PROMOTIONS_STORE = Symbol('PROMOTIONS_STORE');
