import { Actor } from './actor';
import { rawRequestOf } from './http-types';

/**
 * What the platform learns about a request on its way through (correlation id, actor, audit state), kept
 * under a symbol on the request object so it never collides with Express or body fields.
 */
export interface RequestContext {
  correlationId: string;
  /** The caller's Idempotency-Key, when it sent a well-formed one: retries of a command carry the same key. */
  idempotencyKey?: string;
  /** Set when the caller sent an Idempotency-Key that is not a usable id (refused by `@CommandMeta()`). */
  idempotencyKeyMalformed?: boolean;
  /** The command id used when the caller sent no Idempotency-Key (made once per request). */
  generatedCommandId?: string;
  actor?: Actor;
  /** The casino of the record the request acts on, as the casino scope resolved it (for the audit trail). */
  casino?: string;
  /** Set once the audit record is written, so the interceptor and the error filter never both write. */
  audited?: boolean;
}

const CONTEXT = Symbol.for('platform-kit.request-context');

type WithContext = { [CONTEXT]?: RequestContext };

// Kept on the Node request, which the middleware that starts it and (under either adapter) the guards,
// interceptors and handlers all reach.
export const attachRequestContext = (req: object, context: RequestContext): RequestContext => {
  (rawRequestOf(req) as WithContext)[CONTEXT] = context;
  return context;
};

/** The request's context, or undefined when the correlation middleware did not run (e.g. a foreign app). */
export const requestContextOf = (req: object): RequestContext | undefined => (rawRequestOf(req) as WithContext)[CONTEXT];

/**
 * The command id of a request: the caller's Idempotency-Key scoped to its actor (one console's keys can never
 * match another's commands), or the id generated when it sent none.
 */
export const commandIdOf = (context: RequestContext): string | undefined =>
  context.idempotencyKey !== undefined && context.actor ? `${context.actor.id}:${context.idempotencyKey}` : (context.generatedCommandId ?? context.idempotencyKey);
