import { randomUUID } from 'node:crypto';
import { inLogContext } from '@app/messaging';
import { addDays, currentGamingDay } from '../calendar/gaming-calendar';
import { calendarFor, JurisdictionCalendars } from '../calendar/reporting-config';
import { ReadModelGate } from './read-model-gate';
import { ReportService } from './report.service';

/**
 * Generates the scheduled reports for closed periods: each gaming day that has ended (daily kinds) and each
 * month whose last gaming day has ended (monthly kinds), looking back `lookbackDays`. Unchanged content is
 * not stored twice, so running it often is harmless. A scheduled report is never regenerated, so nothing is
 * generated until the gate says the read models have caught up past the periods' end and no rebuild is running
 * (read-model-gate.ts); the periods stay due and the next tick tries again.
 */
export class ReportScheduler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly reports: ReportService,
    private readonly calendars: JurisdictionCalendars,
    private readonly gate: ReadModelGate,
    private readonly o: { intervalMs: number; lookbackDays: number; onError?: (err: unknown) => void },
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.o.intervalMs);
    void this.tick();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  tick(now = new Date().toISOString()): Promise<void> {
    // Each run has its own correlation id, so its log lines can be told from the previous run's.
    this.running ??= inLogContext({ correlationId: `report-run-${randomUUID()}` }, () => this.generateDue(now))
      .then(() => undefined)
      .catch((err: unknown) => this.o.onError?.(err))
      .finally(() => (this.running = undefined));
    return this.running;
  }

  /** Generates what is due at `now`; returns the report ids created or confirmed (none while the read models are behind). */
  async generateDue(now: string): Promise<string[]> {
    return (await this.gate.whenCaughtUp(() => this.generateEnded(now))) ?? [];
  }

  private async generateEnded(now: string): Promise<string[]> {
    const ids: string[] = [];
    for (const def of this.reports.definitions()) {
      const today = currentGamingDay(now, calendarFor(this.calendars, def.jurisdiction));
      if (def.periodType === 'gaming-day') {
        for (let i = this.o.lookbackDays; i >= 1; i--) {
          const day = addDays(today, -i);
          if (await this.reports.hasReport(def.kind, def.jurisdiction, day)) continue;
          ids.push((await this.reports.generate(def.kind, def.jurisdiction, day, { generatedAt: now, trigger: 'scheduled' })).reportId);
        }
      } else {
        const month = addDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7);
        if (await this.reports.hasReport(def.kind, def.jurisdiction, month)) continue;
        ids.push((await this.reports.generate(def.kind, def.jurisdiction, month, { generatedAt: now, trigger: 'scheduled' })).reportId);
      }
    }
    return ids;
  }
}
