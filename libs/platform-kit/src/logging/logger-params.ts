import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Params } from 'nestjs-pino';
import { pino, stdTimeFunctions, type DestinationStream, type LevelWithSilent, type Logger as PinoLogger } from 'pino';
import { correlationIdFor } from '../context/correlation-id.middleware';
import { routeOf, type HttpRequest } from '../context/http-types';
import { isEnabled, LogLevel, parseLogLevel } from './log-level';
import { logFormat, prettyDestination } from './pretty-lines';

export interface LoggerParamsOptions {
  /** Bound to every line, so lines of the embedded platform say which service wrote them. */
  readonly service: string;
  /** Threshold; defaults to LOG_LEVEL from the environment. */
  readonly level?: LogLevel;
  /** Where lines go; defaults to stdout, JSON, or readable lines on a terminal (LOG_FORMAT). Tests pass a collector. */
  readonly destination?: DestinationStream;
}

const pathOf = (req: IncomingMessage | undefined): string | undefined => ((req as HttpRequest | undefined)?.originalUrl ?? req?.url)?.split('?')[0];

// Nest says `verbose` where pino says `trace`.
const pinoLevel = (level: LogLevel): LevelWithSilent => (level === 'verbose' ? 'trace' : level);

/**
 * nestjs-pino's settings for every service: JSON lines `{"level","time","service","correlationId","message",...}`,
 * one line per HTTP request with its method, path, route, status and duration, and the request's correlation id
 * (X-Correlation-Id, or the one made for it) on every line logged while serving it. Background work gets
 * the same field from the event it serves (`inLogContext` in @app/messaging).
 *
 * No secrets: a request is logged as method and path only (no headers, so no bearer token, no cookies, no
 * query string), a response as its status.
 */
export const loggerParams = (options: LoggerParamsOptions): Params => {
  const pinoHttp: NonNullable<Params['pinoHttp']> = {
    ...lineShape(options),
    // Belt and braces for anything that logs a request or headers itself.
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'authorization', 'token', 'password'], censor: '[redacted]' },
    genReqId: (req: IncomingMessage) => correlationIdFor(req as HttpRequest),
    customAttributeKeys: { reqId: 'correlationId', responseTime: 'durationMs' },
    // Only the correlation id rides on the lines logged inside a request, not the whole request object.
    quietReqLogger: true,
    serializers: {
      // Serialized when the request arrives, before a route matched: the path without its query string.
      req: (req: { method?: string; raw?: IncomingMessage }) => ({ method: req.method, path: pathOf(req.raw) }),
      res: (res: ServerResponse) => ({ statusCode: res.statusCode }),
    },
    customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : 'info'),
    customSuccessMessage: (req, res) => `${req.method} ${routeOf(req as HttpRequest)} ${res.statusCode}`,
    customErrorMessage: (req, res) => `${req.method} ${routeOf(req as HttpRequest)} ${res.statusCode}`,
  };
  const destination = options.destination ?? defaultDestination(options.level);
  return { pinoHttp: destination ? [pinoHttp, destination] : pinoHttp };
};

/** What every line carries, the same for requests, background work and a main's own lines. */
const lineShape = (options: LoggerParamsOptions) => ({
  level: pinoLevel(options.level ?? parseLogLevel(process.env.LOG_LEVEL)),
  base: { service: options.service },
  messageKey: 'message',
  timestamp: stdTimeFunctions.isoTime,
  formatters: { level: (label: string) => ({ level: label }) },
});

/** stdout: JSON lines (pino's own), or readable ones when a person is watching (see pretty-lines.ts). */
const defaultDestination = (level: LogLevel | undefined): DestinationStream | undefined =>
  logFormat() === 'pretty' ? prettyDestination(process.stdout, isEnabled(level ?? parseLogLevel(process.env.LOG_LEVEL), 'debug')) : undefined;

/**
 * A main's logger for what happens before (and after) the Nest application: the embedded database starting,
 * the stop. Same fields, same format, same destination as the application's lines.
 */
export const processLogger = (options: LoggerParamsOptions & { readonly context?: string }): PinoLogger => {
  const destination = options.destination ?? defaultDestination(options.level) ?? pino.destination({ dest: 1, sync: true });
  const logger = pino(lineShape(options), destination);
  return options.context ? logger.child({ context: options.context }) : logger;
};
