import { PinoLogger } from 'nestjs-pino';

/** Fields every log line written inside a piece of background work carries, e.g. `{ correlationId }`. */
export type LogFields = Readonly<Record<string, string>>;

let runner: PinoLogger | undefined;

/**
 * Runs `fn` so that every line logged inside it (through Nest's Logger or the service's pino logger) carries
 * `fields`: what the HTTP request logger does per request, for background work (a consumed event, a scheduled
 * report run). Without the structured logger in the process (a library used bare) it just runs `fn`.
 */
export const inLogContext = <T>(fields: LogFields, fn: () => T): T => {
  if (!PinoLogger.root) return fn();
  // PinoLogger reuses the process's one root logger, so this makes no second logger.
  runner ??= new PinoLogger({});
  return runner.runInContext(fn, { bindings: fields });
};
