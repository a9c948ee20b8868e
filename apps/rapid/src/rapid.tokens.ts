/** Injection tokens of the Rapid Baccarat service. */
export const RAPID_USE_CASES = Symbol('RAPID_USE_CASES');
export const RAPID_OPTIONS = Symbol('RAPID_OPTIONS');
