import { Inject, Injectable, Logger } from '@nestjs/common';
import { PLATFORM_OPTIONS, AUDIT_SINK } from '../bootstrap/platform-tokens';
import { PlatformKitOptions } from '../bootstrap/platform-kit-options';
import { HttpRequest, routeOf } from '../context/http-types';
import { requestContextOf } from '../context/request-context';
import { auditWriteFailures } from '../metrics/metrics-registry';
import { AuditRecord, AuditSink, outcomeOf } from './audit-record';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Writes one audit record per command (non-GET request), whether it succeeded or was refused. Called by
 * the audit interceptor on success and by the error filter on failure, before the response is sent, so a
 * caller who saw an answer can rely on the record being there.
 */
@Injectable()
export class AuditTrail {
  private readonly logger = new Logger('Audit');

  constructor(
    @Inject(PLATFORM_OPTIONS) private readonly options: PlatformKitOptions,
    @Inject(AUDIT_SINK) private readonly sink: AuditSink,
  ) {}

  async recordCommand(req: HttpRequest, status: number, errorCode?: string): Promise<void> {
    const method = (req.method ?? 'UNKNOWN').toUpperCase();
    if (READS.has(method)) return;
    const context = requestContextOf(req);
    if (context?.audited) return;
    if (context) context.audited = true;

    const actor = context?.actor;
    const path = (req.originalUrl ?? req.url ?? '').split('?')[0];
    const who = actor ? `${actor.id} as ${actor.role}` : 'anonymous';
    const entry: AuditRecord = {
      occurredAt: new Date(),
      service: this.options.serviceName,
      actorId: actor?.id,
      actorName: actor?.name,
      actorRole: actor?.role,
      method,
      route: routeOf(req),
      params: { ...(req.params ?? {}) },
      summary: `${who}: ${method} ${path} -> ${status}${errorCode ? ` ${errorCode}` : ''}`,
      status,
      outcome: outcomeOf(status),
      errorCode,
      correlationId: context?.correlationId ?? 'none',
      commandId: context?.idempotencyKey ?? context?.generatedCommandId,
    };
    try {
      await this.sink.record(entry);
    } catch (error) {
      // The command's outcome stands (it may already be committed); a lost record must be loud, not fatal.
      auditWriteFailures.inc();
      this.logger.error({ message: `Audit record could not be written: ${String(error)}`, audit: entry });
    }
  }
}
