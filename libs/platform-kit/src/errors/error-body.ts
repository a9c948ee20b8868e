import { STATUS_CODES } from 'node:http';
import { DomainError, DomainErrorKind } from '@app/contracts';

/** The JSON body of every error response. `violations` appears only on validation failures. */
export interface ErrorBody {
  readonly statusCode: number;
  readonly error: string;
  readonly code?: string;
  readonly message: string;
  readonly clause?: string;
  readonly field?: string;
  readonly [extra: string]: unknown;
}

export const STATUS_BY_KIND: Readonly<Record<DomainErrorKind, number>> = {
  rule: 422,
  conflict: 409,
  forbidden: 403,
  'not-found': 404,
};

export const reasonPhrase = (status: number): string => STATUS_CODES[status] ?? 'Error';

export const domainErrorBody = (error: DomainError): ErrorBody => {
  const statusCode = STATUS_BY_KIND[error.kind];
  return {
    statusCode,
    error: reasonPhrase(statusCode),
    code: error.code,
    message: error.message,
    ...(error.clause !== undefined ? { clause: error.clause } : {}),
    ...(error.field !== undefined ? { field: error.field } : {}),
    // The same command may pass in a moment: a client (and the Idempotency-Key store) treats it as "try again".
    ...(error.retryLater ? { retryLater: true } : {}),
  };
};

// Duck-typed so platform-kit does not depend on the event store: its optimistic-concurrency error.
export const isConcurrencyError = (error: unknown): error is Error =>
  error instanceof Error && error.name === 'ConcurrencyError';

export const concurrencyErrorBody = (error: Error): ErrorBody => ({
  statusCode: 409,
  error: reasonPhrase(409),
  code: 'CONCURRENT_MODIFICATION',
  message: `Another command changed the same stream first (${error.message}). Reload and retry the command.`,
  retryLater: true,
});

/** Normalises whatever an HttpException carries (string, Nest default object, our own body) to an ErrorBody. */
export const httpExceptionBody = (status: number, response: string | object): ErrorBody => {
  if (typeof response === 'string') return { statusCode: status, error: reasonPhrase(status), message: response };
  const body = response as Record<string, unknown>;
  const message = Array.isArray(body.message) ? body.message.join('; ') : typeof body.message === 'string' ? body.message : reasonPhrase(status);
  return { ...body, statusCode: status, error: typeof body.error === 'string' ? body.error : reasonPhrase(status), message };
};
