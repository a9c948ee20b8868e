import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Params } from 'nestjs-pino';
import { stdTimeFunctions, type DestinationStream, type LevelWithSilent } from 'pino';
import { correlationIdFor } from '../context/correlation-id.middleware';
import { routeOf, type HttpRequest } from '../context/http-types';
import { LogLevel, parseLogLevel } from './log-level';

export interface LoggerParamsOptions {
  /** Bound to every line, so lines of the embedded platform say which service wrote them. */
  readonly service: string;
  /** Threshold; defaults to LOG_LEVEL from the environment. */
  readonly level?: LogLevel;
  /** Where lines go; defaults to stdout. Tests pass a collector. */
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
    level: pinoLevel(options.level ?? parseLogLevel(process.env.LOG_LEVEL)),
    base: { service: options.service },
    messageKey: 'message',
    timestamp: stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
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
  return { pinoHttp: options.destination ? [pinoHttp, options.destination] : pinoHttp };
};
