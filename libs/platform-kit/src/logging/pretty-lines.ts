import type { DestinationStream } from 'pino';

/**
 * Log lines for a person at a terminal: `10:15:02.123 INFO  tables [Shutdown] message  key=value`, from the JSON
 * lines every service writes (which stay what a log collector reads: LOG_FORMAT=json, or stdout not a terminal).
 * A tiny printer of our own rather than pino-pretty: it knows our fields (service, context, correlationId, the
 * request line's duration) and needs no worker thread, so a line printed just before exit is not lost.
 */
export type LogFormat = 'json' | 'pretty';

/** LOG_FORMAT (`json` or `pretty`); unset: pretty on a terminal, JSON otherwise. */
export const logFormat = (env: NodeJS.ProcessEnv = process.env, isTerminal: boolean = process.stdout.isTTY === true): LogFormat => {
  const wanted = env.LOG_FORMAT?.trim().toLowerCase();
  if (wanted === 'json' || wanted === 'pretty') return wanted;
  if (wanted) throw new Error(`LOG_FORMAT "${env.LOG_FORMAT}" is unknown; use json or pretty (unset: pretty on a terminal, JSON otherwise).`);
  return isTerminal ? 'pretty' : 'json';
};

const LEVELS: Readonly<Record<string, { label: string; colour: number }>> = {
  fatal: { label: 'FATAL', colour: 35 },
  error: { label: 'ERROR', colour: 31 },
  warn: { label: 'WARN ', colour: 33 },
  info: { label: 'INFO ', colour: 32 },
  debug: { label: 'DEBUG', colour: 36 },
  trace: { label: 'TRACE', colour: 90 },
};

/** Nest's own wiring at startup (a line per route and module): shown only when asked for (LOG_LEVEL=debug). */
const WIRING = new Set(['RoutesResolver', 'RouterExplorer', 'InstanceLoader', 'NestFactory', 'NestApplication']);

/** Fields the line already shows, or that only repeat it (the request line's method, path and status). */
const SHOWN = new Set(['level', 'time', 'service', 'context', 'message', 'msg', 'correlationId', 'req', 'res', 'durationMs', 'err', 'pid', 'hostname']);

const clock = (time: unknown): string => {
  const date = typeof time === 'string' || typeof time === 'number' ? new Date(time) : new Date();
  return Number.isNaN(date.getTime()) ? String(time) : date.toTimeString().slice(0, 8) + '.' + String(date.getMilliseconds()).padStart(3, '0');
};

const valueText = (value: unknown): string => (typeof value === 'string' && !/\s/.test(value) ? value : JSON.stringify(value));

/** One JSON line as a readable one (or null: a wiring line not asked for). Anything that is not JSON passes as is. */
export const prettyLine = (line: string, o: { colour?: boolean; showWiring?: boolean } = {}): string | null => {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line.endsWith('\n') ? line : `${line}\n`;
  }
  const context = typeof entry.context === 'string' ? entry.context : undefined;
  if (context && WIRING.has(context) && !o.showWiring && (entry.level === 'info' || entry.level === 'debug' || entry.level === 'trace')) return null;
  const level = LEVELS[String(entry.level)] ?? { label: String(entry.level ?? '').toUpperCase().padEnd(5), colour: 0 };
  const paint = (code: number, text: string) => (o.colour && code ? `\u001b[${code}m${text}\u001b[0m` : text);
  const parts = [paint(90, clock(entry.time)), paint(level.colour, level.label)];
  if (entry.service) parts.push(String(entry.service));
  if (context) parts.push(paint(90, `[${context}]`));
  parts.push(String(entry.message ?? entry.msg ?? ''));
  if (typeof entry.durationMs === 'number') parts.push(paint(90, `(${entry.durationMs} ms)`));
  const extra = Object.entries(entry).filter(([key]) => !SHOWN.has(key));
  if (typeof entry.correlationId === 'string') extra.push(['correlationId', entry.correlationId]);
  if (extra.length > 0) parts.push(paint(90, extra.map(([key, value]) => `${key}=${valueText(value)}`).join(' ')));
  const err = entry.err as { stack?: string; message?: string } | undefined;
  const stack = err?.stack ?? (err?.message ? String(err.message) : undefined);
  return `${parts.join(' ')}\n${stack ? `${stack.replace(/^/gm, '    ')}\n` : ''}`;
};

/** A pino destination writing readable lines to a terminal (synchronously, as pino's own stdout does). */
export const prettyDestination = (out: NodeJS.WriteStream = process.stdout, showWiring = false): DestinationStream => ({
  write: (line: string) => {
    const text = prettyLine(line, { colour: out.isTTY === true, showWiring });
    if (text !== null) out.write(text);
  },
});
