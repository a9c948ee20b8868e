import { createHash } from 'node:crypto';
import { CallHandler, ConflictException, ExecutionContext, HttpException, Inject, Injectable, NestInterceptor, StreamableFile } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { catchError, from, mergeMap, Observable, of, switchMap } from 'rxjs';
import { HttpRequest, routeOf } from '../context/http-types';
import { requestContextOf } from '../context/request-context';
import { knownErrorBody } from '../errors/error-response.filter';
import { IdempotencyKeys, KeyClaim, KeyUse, RecordedAnswer } from './idempotency-keys';

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

/** How long a request holds its key while its command runs (a crashed process frees it after this). */
const LEASE_MS = 60_000;
/** How long a retry waits for the same command, still running, to answer before being told to retry. */
const WAIT_MS = 10_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Frees a key whose answer could not be settled (the database was unavailable: the request answered 503 and said to
 * retry with the same key): tries again with growing pauses until it succeeds or the lease runs out anyway, so the
 * retry runs as soon as the database is back instead of being told IDEMPOTENCY_KEY_IN_PROGRESS for the whole lease.
 * Resolves whether it freed the key.
 */
export const freeWhenBack = async (release: () => Promise<void>, leaseMs = LEASE_MS, pauseFor: (ms: number) => Promise<unknown> = sleep, now: () => number = Date.now): Promise<boolean> => {
  const until = now() + leaseMs;
  for (let pause = 100; now() < until; pause = Math.min(pause * 2, 2_000)) {
    try {
      await release();
      return true;
    } catch {
      await pauseFor(pause);
    }
  }
  return false;
};

/** The header that marks an answer as the first one, replayed to a retry. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

/**
 * Whether an answer is kept as the answer to every retry. Not kept: failures on our side (5xx) and answers that
 * say to retry (`retryLater`: a concurrent modification, a rule waiting on another service's acts not yet heard; a
 * timeout; too many requests), which a retry must run again; and
 * refusals of who is asking (401/403), which say nothing about the command and change nothing, so once the
 * actor is allowed the retry runs it. (Guards refuse before any interceptor runs, so those are never seen here.)
 */
export const kept = (status: number, retryLater?: unknown): boolean => status < 500 && ![401, 403, 408, 429].includes(status) && retryLater !== true;

/** A refusal replayed: thrown so the error filter answers (and audits) it as it did the first time. */
class ReplayedRefusal extends HttpException {}

/**
 * The platform's rule for commands: a command sent again with the same Idempotency-Key is recorded once and
 * answered as the first time. Before a command runs, its actor's key is bound to it; its answer (status and
 * JSON body, success or refusal) is kept with the key, and a retry is answered from it, marked
 * Idempotent-Replayed, without running the command again, whatever has changed since. A retry arriving while the
 * command runs waits for its answer. A different command under a used key — another body, another table — is
 * refused 409 naming the key. Keys are the actor's own, so nobody can pre-empt another's keys. The services'
 * own duplicate handling (the event store dedupes by command id) stays behind this as a second line.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(
    @Inject(IDEMPOTENCY_KEYS) private readonly keys: IdempotencyKeys,
    @Inject(HttpAdapterHost) private readonly adapterHost: HttpAdapterHost,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const req = context.switchToHttp().getRequest<HttpRequest & { body?: unknown }>();
    const res = context.switchToHttp().getResponse<object>();
    const requestContext = requestContextOf(req);
    const key = requestContext?.idempotencyKey;
    const actor = requestContext?.actor;
    if (!key || !actor || ['GET', 'HEAD', 'OPTIONS'].includes((req.method ?? '').toUpperCase())) return next.handle();
    const use = { fingerprint: commandFingerprint(req), route: `${req.method} ${(req.originalUrl ?? req.url ?? '').split('?')[0]}` };
    return from(this.claim(actor.id, key, use)).pipe(
      switchMap((claim) => {
        if (claim.kind === 'reused') {
          throw new ConflictException({
            statusCode: 409,
            error: 'Conflict',
            code: 'IDEMPOTENCY_KEY_REUSED',
            field: 'Idempotency-Key',
            message: `Idempotency-Key "${key}" was first used for a different command (${claim.first.route}). A retry must repeat its command exactly; send a new command with a new key.`,
          });
        }
        if (claim.kind === 'answered') return of(this.replay(res, claim.answer));
        return next.handle().pipe(
          mergeMap(async (value: unknown) => {
            await this.settle(actor.id, key, claim.lease, successAnswer(res, value));
            return value;
          }),
          catchError(async (error: unknown) => {
            const body = knownErrorBody(error);
            await this.settle(actor.id, key, claim.lease, body ? { status: body.statusCode, body } : undefined).catch(() => {
              void freeWhenBack(() => this.keys.release(actor.id, key, claim.lease));
            });
            throw error;
          }),
        );
      }),
    );
  }

  /** Claims the key, waiting while the same command runs under it in another request. */
  private async claim(actorId: string, key: string, use: KeyUse): Promise<Exclude<KeyClaim, { kind: 'running' }>> {
    const deadline = Date.now() + WAIT_MS;
    for (let pause = 20; ; pause = Math.min(pause * 2, 250)) {
      const claim = await this.keys.claim(actorId, key, use, LEASE_MS);
      if (claim.kind !== 'running') return claim;
      if (Date.now() >= deadline) {
        throw new ConflictException({
          statusCode: 409,
          error: 'Conflict',
          code: 'IDEMPOTENCY_KEY_IN_PROGRESS',
          field: 'Idempotency-Key',
          message: `The command sent with Idempotency-Key "${key}" is still being carried out. Retry it with the same key in a moment to get its answer.`,
        });
      }
      await sleep(pause);
    }
  }

  /** Keeps the answer with the key, or frees the key when the answer is not kept (the command may run again). */
  private async settle(actorId: string, key: string, lease: string, answer: RecordedAnswer | undefined): Promise<void> {
    const body = answer?.body as { retryLater?: unknown } | null | undefined;
    if (answer && kept(answer.status, body?.retryLater)) await this.keys.answer(actorId, key, lease, answer);
    else await this.keys.release(actorId, key, lease);
  }

  private replay(res: object, answer: RecordedAnswer): unknown {
    const http = this.adapterHost.httpAdapter;
    http.setHeader(res, IDEMPOTENT_REPLAYED_HEADER, 'true');
    if (answer.status >= 400) throw new ReplayedRefusal(answer.body as object, answer.status);
    http.status(res, answer.status);
    return answer.body ?? undefined;
  }
}

/**
 * The answer a handler gave: the status already set on the response (the route's, or the handler's own) and its
 * value as JSON sends it. A stream or file is no JSON answer: undefined, so the key is freed rather than replayed wrong.
 */
const successAnswer = (res: object, value: unknown): RecordedAnswer | undefined => {
  if (value instanceof StreamableFile || Buffer.isBuffer(value) || typeof (value as { pipe?: unknown } | null)?.pipe === 'function') return undefined;
  const status = (res as { statusCode?: number }).statusCode ?? 200;
  return { status, body: value === undefined ? null : (JSON.parse(JSON.stringify(value)) as unknown) };
};
