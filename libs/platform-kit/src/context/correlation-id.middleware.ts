import { randomUUID } from 'node:crypto';
import { headerOf, HttpRequest, HttpResponse, NextFunction } from './http-types';
import { attachRequestContext, requestContextOf } from './request-context';

export const CORRELATION_ID_HEADER = 'x-correlation-id';
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

// Accept a caller's id only if it looks like an id, so a header cannot inject text into logs and audit rows.
export const ACCEPTABLE_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const ACCEPTABLE = ACCEPTABLE_ID;

const CORRELATION_ID = Symbol.for('platform-kit.correlation-id');
type WithCorrelationId = { [CORRELATION_ID]?: string };

/**
 * The request's correlation id: the caller's X-Correlation-Id when it looks like an id, else one made once for
 * the request. The request logger and the request context both ask here, whichever middleware runs first.
 */
export const correlationIdFor = (req: HttpRequest): string => {
  const held = req as WithCorrelationId;
  if (held[CORRELATION_ID] === undefined) {
    const offered = headerOf(req, CORRELATION_ID_HEADER);
    held[CORRELATION_ID] = requestContextOf(req)?.correlationId ?? (offered && ACCEPTABLE.test(offered) ? offered : randomUUID());
  }
  return held[CORRELATION_ID];
};

/**
 * Takes the caller's x-correlation-id or makes one, echoes it, notes the Idempotency-Key, and starts the
 * request context (so even refused requests are audited with both).
 */
export const correlationIdMiddleware = (req: HttpRequest, res: HttpResponse, next: NextFunction): void => {
  const correlationId = correlationIdFor(req);
  const idempotencyKey = headerOf(req, IDEMPOTENCY_KEY_HEADER);
  const keyUsable = idempotencyKey !== undefined && ACCEPTABLE.test(idempotencyKey);
  attachRequestContext(req, {
    correlationId,
    ...(keyUsable ? { idempotencyKey } : {}),
    ...(idempotencyKey !== undefined && !keyUsable ? { idempotencyKeyMalformed: true } : {}),
  });
  res.setHeader(CORRELATION_ID_HEADER, correlationId);
  next();
};
