import { LoggerService } from '@nestjs/common';
import { AuditRecord, AuditSink } from './audit-record';

/** Writes audit records as log lines: for development and for services without a database. */
export class LoggerAuditSink implements AuditSink {
  constructor(private readonly logger: Pick<LoggerService, 'log'>) {}

  async record(entry: AuditRecord): Promise<void> {
    this.logger.log({ message: entry.summary, audit: { ...entry, occurredAt: entry.occurredAt.toISOString() } }, 'Audit');
  }
}
