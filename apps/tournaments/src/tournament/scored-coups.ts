/**
 * What each scored coup of a session moved, kept so a coup the tables service voids after settlement can be undone
 * (Crown Melbourne 15.3-15.5; Star 14.4-14.5). Held in buckets: the state is immutable, and adding a coup to one flat
 * record copied every coup already scored on every event (three times a coup), a cost that grew with the session and
 * jumped past about a thousand keys. A bucket holds a sixty-fourth of them. Pure.
 */
import type { ScoredCoupLine } from './tournament.events';

export type ScoredCoups = Readonly<Record<string, Readonly<Record<string, readonly ScoredCoupLine[]>>>>;

const BUCKETS = 64;

/** The key of a scored coup: its table and coup. */
export const scoredCoupKey = (tableId: string, coupId: string): string => `${tableId}/${coupId}`;

const bucketOf = (key: string): string => {
  let h = 0;
  for (let i = 0; i < key.length; i++) h = (h * 31 + key.charCodeAt(i)) | 0;
  return String((h >>> 0) % BUCKETS);
};

/** The lines of a scored coup, or undefined where the session scored no such coup. */
export const scoredCoupLines = (scored: ScoredCoups | undefined, key: string): readonly ScoredCoupLine[] | undefined => scored?.[bucketOf(key)]?.[key];

/** The record with the coup's lines set (a copy of one bucket only). */
export const withScoredCoup = (scored: ScoredCoups | undefined, key: string, lines: readonly ScoredCoupLine[]): ScoredCoups => {
  const bucket = bucketOf(key);
  return { ...(scored ?? {}), [bucket]: { ...(scored?.[bucket] ?? {}), [key]: lines } };
};

/** How many coups the session scored. */
export const scoredCoupCount = (scored: ScoredCoups | undefined): number => Object.values(scored ?? {}).reduce((n, b) => n + Object.keys(b).length, 0);

/** Coups scored at one table (keys are `tableId/coupId`): what the board counts and the schedule's early end weighs. */
export const scoredCoupCountAt = (scored: ScoredCoups | undefined, tableId: string): number =>
  Object.values(scored ?? {}).reduce((n, bucket) => n + Object.keys(bucket).filter((k) => k.startsWith(`${tableId}/`)).length, 0);
