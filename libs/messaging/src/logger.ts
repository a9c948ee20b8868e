import { Logger } from '@nestjs/common';

/** What the messaging lib logs through; Nest's Logger by default, so logs follow the service's structured (pino) logger. */
export interface MessagingLogger {
  log(message: string): void;
  warn(message: string): void;
  error(message: string): void;
  /** Per-event detail; an object's fields (e.g. `correlationId`) become fields of the line. */
  debug?(message: string | { readonly message: string; readonly [field: string]: unknown }): void;
}

export const defaultLogger = (context: string): MessagingLogger => new Logger(context);

/** Logs a repeating failure once per `everyMs`, so an outage does not flood the log. */
export class ThrottledWarning {
  private lastAt = 0;
  private suppressed = 0;
  constructor(
    private readonly logger: MessagingLogger,
    private readonly everyMs = 10000,
  ) {}

  warn(message: string): void {
    const now = Date.now();
    if (now - this.lastAt < this.everyMs) {
      this.suppressed++;
      return;
    }
    this.logger.warn(this.suppressed ? `${message} (${this.suppressed} similar suppressed)` : message);
    this.lastAt = now;
    this.suppressed = 0;
  }

  reset(): void {
    this.lastAt = 0;
    this.suppressed = 0;
  }
}
