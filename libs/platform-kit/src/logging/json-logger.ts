import { LoggerService } from '@nestjs/common';
import { isEnabled, LogLevel, parseLogLevel } from './log-level';

export interface JsonLoggerOptions {
  /** Threshold; defaults to LOG_LEVEL from the environment. */
  readonly level?: LogLevel;
  /** Added to every line, so lines from the embedded platform say which service wrote them. */
  readonly service?: string;
  /** Where lines go; defaults to stdout. Tests pass a collector. */
  readonly write?: (line: string) => void;
}

/**
 * JSON lines: `{"level","time","service","context","message",...fields}`. Accepts Nest's calling
 * conventions (`log(message, context)`, `error(message, stack, context)`) and object messages whose
 * other keys become fields: `logger.log({ message: 'coup settled', tableId }, 'Tables')`.
 */
export class JsonLogger implements LoggerService {
  private level: LogLevel;
  private readonly service?: string;
  private readonly write: (line: string) => void;

  constructor(options: JsonLoggerOptions = {}) {
    this.level = options.level ?? parseLogLevel(process.env.LOG_LEVEL);
    this.service = options.service;
    this.write = options.write ?? ((line) => process.stdout.write(line));
  }

  log(message: unknown, ...params: unknown[]): void {
    this.emit('info', message, params);
  }
  error(message: unknown, ...params: unknown[]): void {
    this.emit('error', message, params, true);
  }
  warn(message: unknown, ...params: unknown[]): void {
    this.emit('warn', message, params);
  }
  debug(message: unknown, ...params: unknown[]): void {
    this.emit('debug', message, params);
  }
  verbose(message: unknown, ...params: unknown[]): void {
    this.emit('verbose', message, params);
  }
  fatal(message: unknown, ...params: unknown[]): void {
    this.emit('fatal', message, params, true);
  }

  setLevel(level: LogLevel): void {
    this.level = level;
  }

  private emit(level: LogLevel, message: unknown, params: unknown[], mayCarryStack = false): void {
    if (!isEnabled(this.level, level)) return;
    const rest = [...params];
    // Nest appends the context as the last argument (possibly after an undefined stack).
    const last = rest[rest.length - 1];
    const context = rest.length > 0 && typeof last === 'string' ? (rest.pop() as string) : undefined;
    let stack: string | undefined;
    if (mayCarryStack && (typeof rest[0] === 'string' || rest[0] === undefined) && rest.length > 0) {
      stack = rest.shift() as string | undefined;
    }
    const extra = Object.assign({}, ...rest.filter((p): p is object => typeof p === 'object' && p !== null).map(fieldsOf));
    const line = {
      level,
      time: new Date().toISOString(),
      ...(this.service ? { service: this.service } : {}),
      ...(context ? { context } : {}),
      ...messageFields(message),
      ...extra,
      ...(stack ? { stack } : {}),
    };
    this.write(`${safeStringify(line)}\n`);
  }
}

const fieldsOf = (value: object): Record<string, unknown> =>
  value instanceof Error ? { error: value.message, stack: value.stack } : (value as Record<string, unknown>);

const messageFields = (message: unknown): Record<string, unknown> => {
  if (message instanceof Error) return { message: message.message, stack: message.stack };
  if (typeof message === 'object' && message !== null) {
    const fields = message as Record<string, unknown>;
    return { ...fields, message: typeof fields.message === 'string' ? fields.message : '' };
  }
  return { message: String(message) };
};

// A log call must never throw: circular structures and bigints are rendered rather than rejected.
const safeStringify = (value: unknown): string => {
  const seen = new WeakSet<object>();
  return JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v === 'bigint') return v.toString();
    if (typeof v === 'object' && v !== null) {
      if (seen.has(v)) return '[circular]';
      seen.add(v);
    }
    return v;
  });
};
