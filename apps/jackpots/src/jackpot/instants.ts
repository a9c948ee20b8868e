/**
 * Instants for the deciders (the purity lint keeps `Date` out of *.decider.ts). Date.parse is pure: the
 * times arrive with the command; ISO 8601 strings with different offsets only compare correctly as instants.
 */
export const instantMs = (iso: string): number => Date.parse(iso);

/** Whether `a` is at or before `b`; false when either is not a valid ISO 8601 time. */
export const atOrBefore = (a: string, b: string): boolean => {
  const x = instantMs(a);
  const y = instantMs(b);
  return Number.isFinite(x) && Number.isFinite(y) && x <= y;
};
