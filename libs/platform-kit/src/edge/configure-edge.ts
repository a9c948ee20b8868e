import { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AUTH_SECRET } from '../bootstrap/platform-tokens';
import { PlatformKitOptions } from '../bootstrap/platform-kit-options';
import { rateLimiter } from './rate-limiter';
import { BODY_PARSER_OPTIONS, storableInput } from './request-body';
import { securityHeaders } from './security-headers';

/**
 * The HTTP edge in front of every route, in order: security headers, per-client rate limit, size-limited body
 * parsing, then the storable-input checks. Mounted on the Express app before Nest's router (and before Nest
 * would add its own parsers, which it then skips), so even a request no route matches gets them; errors
 * raised here reach the platform's error filter.
 */
export const configureEdge = (app: INestApplication, options: PlatformKitOptions): void => {
  const express = app as unknown as NestExpressApplication;
  express.disable?.('x-powered-by');
  // Answers are live figures (balances, meters, registers): no client revalidates them, so hashing every body
  // for an ETag was CPU spent on each request for nothing.
  express.disable?.('etag');
  app.use(securityHeaders);
  app.use(rateLimiter(app.get<string>(AUTH_SECRET), options.rateLimit));
  express.useBodyParser('json', BODY_PARSER_OPTIONS.json);
  express.useBodyParser('urlencoded', BODY_PARSER_OPTIONS.urlencoded);
  app.use(storableInput);
};
