import { ErrorBody, reasonPhrase } from './error-body';

// body-parser's error types (http-errors with `expose`), named for the caller.
const BODY_ERROR_CODES: Readonly<Record<string, string>> = {
  'entity.too.large': 'BODY_TOO_LARGE',
  'entity.parse.failed': 'BODY_MALFORMED',
  'entity.verify.failed': 'BODY_MALFORMED',
  'charset.unsupported': 'BODY_CHARSET_UNSUPPORTED',
  'encoding.unsupported': 'BODY_ENCODING_UNSUPPORTED',
  'parameters.too.many': 'BODY_TOO_MANY_FIELDS',
  'request.aborted': 'BODY_INCOMPLETE',
  'request.size.invalid': 'BODY_INCOMPLETE',
};

const BODY_ERROR_HINTS: Readonly<Record<string, string>> = {
  BODY_TOO_LARGE: 'The request body is larger than any operation takes (100 kB, after decompression).',
  BODY_MALFORMED: 'The request body is not well-formed JSON.',
  BODY_CHARSET_UNSUPPORTED: 'Send the body as UTF-8 (Content-Type: application/json; charset=utf-8).',
  BODY_ENCODING_UNSUPPORTED: 'Send the body uncompressed, or gzip/deflate compressed.',
  BODY_TOO_MANY_FIELDS: 'The form has more fields than any operation takes.',
  BODY_INCOMPLETE: 'The request body ended before its declared length.',
};

interface HttpErrorLike {
  readonly status?: unknown;
  readonly statusCode?: unknown;
  readonly expose?: unknown;
  readonly type?: unknown;
}

/**
 * A client error raised before any route ran: body-parser's (too large, malformed, unknown charset or
 * encoding, bad gzip, too many fields) and Express's (a path it cannot decode). They are the caller's
 * mistake, so 4xx with what to do, never 500 with a stack trace.
 */
export const clientErrorBody = (exception: unknown): ErrorBody | undefined => {
  if (!(exception instanceof Error)) return undefined;
  const e = exception as Error & HttpErrorLike;
  const status = typeof e.status === 'number' ? e.status : typeof e.statusCode === 'number' ? e.statusCode : undefined;
  if (status === undefined || status < 400 || status > 499) return undefined;
  const code = (typeof e.type === 'string' && BODY_ERROR_CODES[e.type]) || (status === 413 ? 'BODY_TOO_LARGE' : 'BAD_REQUEST');
  const hint = BODY_ERROR_HINTS[code];
  return { statusCode: status, error: reasonPhrase(status), code, message: hint ?? (e.expose === true ? e.message : reasonPhrase(status)) };
};

interface DatabaseErrorLike {
  readonly code?: unknown;
  readonly severity?: unknown;
  readonly driverError?: unknown;
}

/**
 * PostgreSQL refusing a value the request carried: data exceptions (class 22: out of range, untranslatable
 * character, invalid text) and a document too deep to process (54001). The value is the caller's, so 400;
 * anything else from the database stays a 500.
 */
export const databaseValueErrorBody = (exception: unknown): ErrorBody | undefined => {
  if (!(exception instanceof Error)) return undefined;
  const own = exception as Error & DatabaseErrorLike;
  const pg = (own.driverError instanceof Error ? own.driverError : own) as Error & DatabaseErrorLike;
  if (typeof pg.code !== 'string' || typeof pg.severity !== 'string' || !/^(22|54001)/.test(pg.code)) return undefined;
  return {
    statusCode: 400,
    error: reasonPhrase(400),
    code: 'VALUE_NOT_STORABLE',
    message: `A value in the request cannot be stored (${pg.message}). Correct it and send the request again.`,
  };
};

// Connection lost or refused: class 08, admin/crash shutdown (57P01-57P03), and pg's own socket errors.
const CONNECTION_LOST_CODES = /^(08|57P0[123])/;
const CONNECTION_LOST_MESSAGES = /Connection terminated|connection timeout|ECONNREFUSED|ECONNRESET|Client has encountered a connection error/i;

/**
 * The database connection was lost mid-request (pg_terminate_backend, a failover, a restart): not the caller's
 * fault and not a bug, so 503 with what to do. The command may or may not have committed; retrying with the
 * same Idempotency-Key applies it at most once.
 */
export const databaseUnavailableBody = (exception: unknown): ErrorBody | undefined => {
  if (!(exception instanceof Error)) return undefined;
  const own = exception as Error & DatabaseErrorLike;
  const pg = (own.driverError instanceof Error ? own.driverError : own) as Error & DatabaseErrorLike;
  const lost = (typeof pg.code === 'string' && CONNECTION_LOST_CODES.test(pg.code)) || CONNECTION_LOST_MESSAGES.test(pg.message);
  if (!lost) return undefined;
  return {
    statusCode: 503,
    error: reasonPhrase(503),
    code: 'DATABASE_UNAVAILABLE',
    message: 'The database connection was lost while handling the request. Retry it with the same Idempotency-Key: a command is applied at most once.',
  };
};
