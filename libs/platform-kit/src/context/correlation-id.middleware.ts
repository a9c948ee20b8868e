import { randomUUID } from 'node:crypto';
import { headerOf, HttpRequest, HttpResponse, NextFunction } from './http-types';
import { attachRequestContext } from './request-context';

export const CORRELATION_ID_HEADER = 'x-correlation-id';

// Accept a caller's id only if it looks like an id, so a header cannot inject text into logs and audit rows.
const ACCEPTABLE = /^[A-Za-z0-9._:-]{1,128}$/;

/** Takes the caller's x-correlation-id or makes one, echoes it, and starts the request context. */
export const correlationIdMiddleware = (req: HttpRequest, res: HttpResponse, next: NextFunction): void => {
  const offered = headerOf(req, CORRELATION_ID_HEADER);
  const correlationId = offered && ACCEPTABLE.test(offered) ? offered : randomUUID();
  attachRequestContext(req, { correlationId });
  res.setHeader(CORRELATION_ID_HEADER, correlationId);
  next();
};
