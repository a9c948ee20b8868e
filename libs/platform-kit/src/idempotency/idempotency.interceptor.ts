import { createHash } from 'node:crypto';
import { CallHandler, ConflictException, ExecutionContext, Inject, Injectable, NestInterceptor } from '@nestjs/common';
import { from, Observable, switchMap } from 'rxjs';
import { HttpRequest, routeOf } from '../context/http-types';
import { requestContextOf } from '../context/request-context';
import { IdempotencyKeys } from './idempotency-keys';

export const IDEMPOTENCY_KEYS = Symbol.for('platform-kit.idempotency-keys');

// Keys sorted, so the same command always has the same fingerprint however its client ordered the JSON.
const canonical = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
  );
};

/** The command a request carries: method, route, path parameters (the stream) and body. */
export const commandFingerprint = (req: HttpRequest & { body?: unknown }): string =>
  createHash('sha256')
    .update(JSON.stringify(canonical({ method: req.method, route: routeOf(req), params: req.params ?? {}, body: req.body ?? null })))
    .digest('hex');

/**
 * Before a command runs: its actor's Idempotency-Key is bound to the command it was first used for. The same
 * command again is a retry (the event store answers it with the first outcome); a different one — another
 * body, another table — is refused 409 naming the key, never dropped as a "duplicate".
 * Keys are the actor's own: the command id is scoped to the actor, so nobody can pre-empt another's keys.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(@Inject(IDEMPOTENCY_KEYS) private readonly keys: IdempotencyKeys) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const req = context.switchToHttp().getRequest<HttpRequest & { body?: unknown }>();
    const requestContext = requestContextOf(req);
    const key = requestContext?.idempotencyKey;
    const actor = requestContext?.actor;
    if (!key || !actor || ['GET', 'HEAD', 'OPTIONS'].includes((req.method ?? '').toUpperCase())) return next.handle();
    const use = { fingerprint: commandFingerprint(req), route: `${req.method} ${(req.originalUrl ?? req.url ?? '').split('?')[0]}` };
    return from(this.keys.claim(actor.id, key, use)).pipe(
      switchMap((first) => {
        if (first.fingerprint !== use.fingerprint) {
          throw new ConflictException({
            statusCode: 409,
            error: 'Conflict',
            code: 'IDEMPOTENCY_KEY_REUSED',
            field: 'Idempotency-Key',
            message: `Idempotency-Key "${key}" was first used for a different command (${first.route}). A retry must repeat its command exactly; send a new command with a new key.`,
          });
        }
        return next.handle();
      }),
    );
  }
}
