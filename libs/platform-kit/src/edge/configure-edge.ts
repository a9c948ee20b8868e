import { INestApplication } from '@nestjs/common';
import type { Readable } from 'node:stream';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_SECRET } from '../bootstrap/platform-tokens';
import { PlatformKitOptions } from '../bootstrap/platform-kit-options';
import { HttpRequest, HttpResponse, NextFunction, noteRouteTemplate } from '../context/http-types';
import { readBody, parseFormBody, parseJsonBody } from './fastify-body';
import { rateLimiter } from './rate-limiter';
import { BODY_PARSER_OPTIONS, MAX_BODY_BYTE_COUNT, storableInput } from './request-body';
import { securityHeaders } from './security-headers';

/**
 * The HTTP edge in front of every route, in order: security headers, per-client rate limit, size-limited body
 * parsing, then the storable-input checks; errors raised here reach the platform's error filter. The same edge
 * on either Nest HTTP adapter: Express (every service's) or Fastify.
 */
export const configureEdge = (app: INestApplication, options: PlatformKitOptions): void => {
  app.use(securityHeaders);
  app.use(rateLimiter(app.get<string>(AUTH_SECRET), options.rateLimit));
  if (app.getHttpAdapter().getType() === 'fastify') return configureFastifyBody(app);
  // Mounted on the Express app before Nest's router (and before Nest would add its own parsers, which it then
  // skips), so even a request no route matches gets them.
  const express = app as unknown as NestExpressApplication;
  express.disable('x-powered-by');
  // Answers are live figures (balances, meters, registers): no client revalidates them, so hashing every body
  // for an ETag was CPU spent on each request for nothing.
  express.disable('etag');
  express.useBodyParser('json', BODY_PARSER_OPTIONS.json);
  express.useBodyParser('urlencoded', BODY_PARSER_OPTIONS.urlencoded);
  app.use(bodyParserRefusal);
  app.use(storableInput);
};

/**
 * body-parser refuses malformed JSON with a SyntaxError, which Nest turns into a bare 400 carrying the parser's
 * message before the platform's filter sees it; passed on as a plain error of the same status and type, it
 * gets the platform's answer (BODY_MALFORMED and what to do), the same as under Fastify.
 */
function bodyParserRefusal(error: unknown, _req: HttpRequest, _res: HttpResponse, next: NextFunction): void {
  if (!(error instanceof SyntaxError)) return next(error);
  const { status, statusCode, type, expose } = error as SyntaxError & { status?: number; statusCode?: number; type?: string; expose?: boolean };
  next(Object.assign(new Error(error.message), { status, statusCode, type, expose }));
}

/**
 * Fastify parses a body after the middleware (which runs on its onRequest hook), so the storable-input checks
 * run on its preValidation hook instead; its router's template is noted for the request log and metrics,
 * which Express's router sets itself. Fastify sends neither X-Powered-By nor an ETag.
 */
const configureFastifyBody = (app: INestApplication): void => {
  const fastify = app.getHttpAdapter().getInstance() as FastifyInstance;
  // Through Nest's useBodyParser, which also stops it from adding its own parsers at init.
  const nest = app as unknown as NestFastifyApplication;
  nest.useBodyParser('application/json', { bodyLimit: MAX_BODY_BYTE_COUNT }, (req, body, done) => parseJsonBody(req.raw, body, done));
  nest.useBodyParser('application/x-www-form-urlencoded', { bodyLimit: MAX_BODY_BYTE_COUNT }, (req, body, done) => parseFormBody(req.raw, body, done));
  fastify.addHook('onRequest', (request: FastifyRequest, _reply: FastifyReply, done: () => void) => {
    noteRouteTemplate(request, request.routeOptions.url);
    done();
  });
  fastify.addHook('preParsing', (request: FastifyRequest, _reply: FastifyReply, payload: Readable, done: (error: Error | null, payload?: Readable) => void) => readBody(request.raw, payload, done));
  fastify.addHook('preValidation', (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => storableInput(request as never, reply.raw, done as never));
};
