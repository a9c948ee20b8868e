/**
 * The one error type domain code throws. Pure (no framework import) so deciders and libs/baccarat can use it;
 * the HTTP shell maps `kind` to a status code (platform-kit's domain-error filter).
 *
 * - `rule`     : the command breaks a rule of the game or procedure (422). `clause` names the rulebook clause.
 * - `conflict` : the command does not fit the current state, e.g. a wager after "no more bets" (409).
 * - `forbidden`: the actor's role may not do this under the rulebook (403).
 * - `not-found`: the addressed table, shoe, jackpot... does not exist (404).
 */
export type DomainErrorKind = 'rule' | 'conflict' | 'forbidden' | 'not-found';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    /** Stable machine-readable code, e.g. `WAGER_ABOVE_TABLE_MAXIMUM`. */
    readonly code: string,
    /** What went wrong and what to do about it. */
    message: string,
    /** The rulebook clause the refusal rests on, e.g. "Crown Melbourne 9.3.1(a)". */
    readonly clause?: string,
    /** The request field the error is about, when there is one. */
    readonly field?: string,
    /**
     * The refusal waits on what another service has done and this one has not heard yet: the same command may pass in a
     * moment. The HTTP shell may wait and try again, and the answer is not kept for an Idempotency-Key's retry.
     */
    readonly retryLater = false,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const ruleViolation = (code: string, message: string, clause?: string, field?: string) =>
  new DomainError('rule', code, message, clause, field);
export const conflict = (code: string, message: string, clause?: string, field?: string) => new DomainError('conflict', code, message, clause, field);
export const forbidden = (code: string, message: string, clause?: string) => new DomainError('forbidden', code, message, clause);
export const notFound = (code: string, message: string) => new DomainError('not-found', code, message);
/** A conflict with what this service has heard of another so far (`retryLater`): in a moment the command may pass. */
export const notYetHeard = (code: string, message: string, clause?: string, field?: string) => new DomainError('conflict', code, message, clause, field, true);
/** Whether a refusal waits on another service's acts not yet heard (`notYetHeard`). */
export const isNotYetHeard = (err: unknown): err is DomainError => err instanceof DomainError && err.retryLater;
