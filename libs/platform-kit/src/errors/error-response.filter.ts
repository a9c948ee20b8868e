import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Inject, Logger } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { DomainError } from '@app/contracts';
import { AuditTrail } from '../audit/audit-trail';
import { TokenRejected } from '../auth/verify-token';
import { HttpRequest, HttpResponse } from '../context/http-types';
import { requestContextOf } from '../context/request-context';
import { clientErrorBody, databaseUnavailableBody, databaseValueErrorBody } from './client-error-body';
import { concurrencyErrorBody, domainErrorBody, ErrorBody, httpExceptionBody, isConcurrencyError, reasonPhrase } from './error-body';

/**
 * The answer to an error the platform knows (a domain error, an HTTP exception, a rejected token, the caller's
 * malformed body or unstorable value, the database unavailable), or undefined for anything else (answered 500).
 * One place, so the idempotency keys record exactly the answer this filter sends.
 */
export const knownErrorBody = (exception: unknown): ErrorBody | undefined => {
  if (exception instanceof DomainError) return domainErrorBody(exception);
  if (isConcurrencyError(exception)) return concurrencyErrorBody(exception);
  if (exception instanceof HttpException) return httpExceptionBody(exception.getStatus(), exception.getResponse());
  // No usable identity, wherever a token was read (the guard, a console's sign-in).
  if (exception instanceof TokenRejected) return httpExceptionBody(401, { statusCode: 401, error: 'Unauthorized', code: exception.code, message: exception.message });
  return clientErrorBody(exception) ?? databaseValueErrorBody(exception) ?? databaseUnavailableBody(exception);
};

/**
 * Turns every error into one JSON shape: domain errors by kind (rule 422, conflict 409, forbidden 403,
 * not-found 404), HTTP exceptions as they are, a rejected token 401, the caller's malformed body or unstorable value 4xx, anything
 * else 500 without internals (only those are logged with a stack). Audits the command
 * before answering, which is the only place guard refusals (401/403) can be audited.
 */
@Catch()
export class ErrorResponseFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpError');

  constructor(
    @Inject(HttpAdapterHost) private readonly adapterHost: HttpAdapterHost,
    @Inject(AuditTrail) private readonly trail: AuditTrail,
  ) {}

  async catch(exception: unknown, host: ArgumentsHost): Promise<void> {
    if (host.getType() !== 'http') throw exception;
    const req = host.switchToHttp().getRequest<HttpRequest>();
    const res = host.switchToHttp().getResponse<HttpResponse>();
    const body = this.bodyFor(exception, req);
    await this.trail.recordCommand(req, body.statusCode, body.code);
    if (!res.headersSent) this.adapterHost.httpAdapter.reply(res, body, body.statusCode);
  }

  private bodyFor(exception: unknown, req: HttpRequest): ErrorBody {
    const known = knownErrorBody(exception);
    if (known) return known;
    const correlationId = requestContextOf(req)?.correlationId ?? 'none';
    this.logger.error({
      message: `Unhandled error on ${req.method} ${req.originalUrl ?? req.url}: ${String(exception)}`,
      correlationId,
      stack: exception instanceof Error ? exception.stack : undefined,
    });
    return {
      statusCode: 500,
      error: reasonPhrase(500),
      code: 'INTERNAL_ERROR',
      message: `Something went wrong on our side. Quote correlation id ${correlationId} when reporting it.`,
    };
  }
}
