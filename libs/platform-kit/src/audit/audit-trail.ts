import { Inject, Injectable, Logger, Optional, ServiceUnavailableException } from '@nestjs/common';
import { PLATFORM_OPTIONS, AUDIT_SINK } from '../bootstrap/platform-tokens';
import { PlatformKitOptions } from '../bootstrap/platform-kit-options';
import { HttpRequest, routeOf } from '../context/http-types';
import { commandIdOf, requestContextOf } from '../context/request-context';
import { anonymousRefusals, auditWriteFailures } from '../metrics/metrics-registry';
import { AuditRecord, AuditSink, outcomeOf } from './audit-record';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** How hard the trail tries before refusing to acknowledge a command (tests shorten it). */
export interface AuditTrailTuning {
  readonly retryDelaysMs?: readonly number[];
}
export const AUDIT_TRAIL_TUNING = Symbol.for('platform-kit.audit-trail-tuning');
const DEFAULT_RETRY_DELAYS_MS = [50, 200, 800];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Writes one audit record per command (non-GET request), whether it succeeded or was refused. Called by
 * the audit interceptor on success and by the error filter on failure, before the response is sent, so a
 * caller who saw an answer can rely on the record being there: a command whose record cannot be written is
 * not acknowledged (503, retry with the same Idempotency-Key, which applies nothing twice). Refused anonymous
 * requests are counted, not written, so an outsider cannot grow the audit table as fast as they can send.
 */
@Injectable()
export class AuditTrail {
  private readonly logger = new Logger('Audit');

  constructor(
    @Inject(PLATFORM_OPTIONS) private readonly options: PlatformKitOptions,
    @Inject(AUDIT_SINK) private readonly sink: AuditSink,
    @Optional() @Inject(AUDIT_TRAIL_TUNING) private readonly tuning: AuditTrailTuning = {},
  ) {}

  /** A command the handler completed: answered 2xx only once its record is written. */
  async recordAcknowledged(req: HttpRequest, status: number): Promise<void> {
    const entry = this.entryFor(req, status);
    if (!entry) return;
    const delays = this.tuning?.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    for (let attempt = 0; ; attempt++) {
      try {
        await this.sink.record(entry);
        this.markAudited(req);
        return;
      } catch (error) {
        if (attempt < delays.length) {
          await sleep(delays[attempt]);
          continue;
        }
        this.lost(entry, error);
        throw new ServiceUnavailableException({
          statusCode: 503,
          error: 'Service Unavailable',
          code: 'AUDIT_UNAVAILABLE',
          message:
            'The command was carried out but its audit record could not be written, so it is not acknowledged. Retry it with the same Idempotency-Key: it will not be applied twice (a command sent without one would be).',
        });
      }
    }
  }

  /** A refused or failed command: recorded if possible; the refusal is answered either way (it acknowledged nothing). */
  async recordCommand(req: HttpRequest, status: number, errorCode?: string): Promise<void> {
    const entry = this.entryFor(req, status, errorCode);
    if (!entry) return;
    try {
      await this.sink.record(entry);
      this.markAudited(req);
    } catch (error) {
      this.lost(entry, error);
    }
  }

  private markAudited(req: HttpRequest): void {
    const context = requestContextOf(req);
    if (context) context.audited = true;
  }

  private lost(entry: AuditRecord, error: unknown): void {
    auditWriteFailures.inc();
    this.logger.error({ message: `Audit record could not be written: ${String(error)}`, audit: entry });
  }

  private entryFor(req: HttpRequest, status: number, errorCode?: string): AuditRecord | undefined {
    const method = (req.method ?? 'UNKNOWN').toUpperCase();
    if (READS.has(method)) return undefined;
    const context = requestContextOf(req);
    if (context?.audited) return undefined;
    const actor = context?.actor;
    if (!actor && status >= 400) {
      anonymousRefusals.inc();
      return undefined;
    }
    const path = (req.originalUrl ?? req.url ?? '').split('?')[0];
    const who = actor ? `${actor.id} as ${actor.role}` : 'anonymous';
    // The casino the command concerned; where it named none that could be read (a body refused before it said one),
    // the casino(s) the staff token acts at, so every row says where it was done or refused.
    const casino = context?.casino ?? (actor && actor.casinos.length > 0 ? actor.casinos.join(',') : undefined);
    const entry: AuditRecord = {
      occurredAt: new Date(),
      service: this.options.serviceName,
      actorId: actor?.id,
      actorName: actor?.name,
      actorRole: actor?.role,
      method,
      route: routeOf(req),
      params: { ...(req.params ?? {}) },
      summary: `${who}: ${method} ${path}${casino ? ` at ${casino}` : ''} -> ${status}${errorCode ? ` ${errorCode}` : ''}`,
      status,
      outcome: outcomeOf(status),
      errorCode,
      correlationId: context?.correlationId ?? 'none',
      commandId: context ? commandIdOf(context) : undefined,
      ...(casino ? { casino } : {}),
    };
    return entry;
  }
}
