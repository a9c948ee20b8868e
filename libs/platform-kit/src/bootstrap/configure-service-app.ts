import { INestApplication, Logger, NestApplicationOptions, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Logger as PinoNestLogger } from 'nestjs-pino';
import { AccessGuard } from '../authorization/access.guard';
import { configureEdge } from '../edge/configure-edge';
import { setupOpenApi } from '../openapi/setup-open-api';
import { PlatformKitOptions } from './platform-kit-options';
import { PLATFORM_OPTIONS } from './platform-tokens';

export interface ServiceAppOptions {
  /** OpenAPI title; defaults to "<serviceName> admin API". */
  readonly title?: string;
  /** OpenAPI version; defaults to 0.1.0. */
  readonly version?: string;
  /** OpenAPI UI path; default `docs` (JSON at `docs-json`). */
  readonly docsPath?: string;
}

/**
 * The app-level half of the platform (the module provides guards, pipes, filters, interceptors, health
 * and metrics): structured logging, the HTTP edge (security headers, rate limit, body limits), OpenAPI docs.
 * Every main.ts and every HTTP test calls it, so they run the same stack. Stopping on a signal is each
 * main.ts's (`stopOnSignals`): one path, which also stops what the main started before the app.
 */
export const configureServiceApp = <T extends INestApplication>(app: T, options: ServiceAppOptions = {}): T => {
  let platform: PlatformKitOptions;
  try {
    platform = app.get<PlatformKitOptions>(PLATFORM_OPTIONS);
  } catch {
    throw new Error('configureServiceApp needs PlatformKitModule.forRoot({ serviceName }) imported in the root module.');
  }
  app.useLogger(app.get(PinoNestLogger));
  configureEdge(app, platform);
  warnIfDecoratorMetadataMissing();
  setupOpenApi(app, {
    title: options.title ?? `${platform.serviceName} admin API`,
    version: options.version ?? '0.1.0',
    path: options.docsPath,
  });
  return app;
};

/** Creates and configures a service app; the caller only has to `listen`. */
export const createServiceApp = async (
  rootModule: Type<unknown>,
  options: ServiceAppOptions & { readonly nest?: NestApplicationOptions } = {},
): Promise<INestApplication> => {
  // Buffer Nest's own startup lines until the structured logger takes over, so no plain-text line escapes.
  const app = await NestFactory.create(rootModule, { bufferLogs: true, ...options.nest });
  return configureServiceApp(app, options);
};

// esbuild (tsx) emits no decorator metadata, so ValidationPipe cannot see DTO types and lets bodies through
// unvalidated. Say so loudly at startup instead of discovering it from a bad row.
const warnIfDecoratorMetadataMissing = (): void => {
  if (Reflect.getMetadata('design:paramtypes', AccessGuard) === undefined) {
    new Logger('PlatformKit').error(
      'Compiled without decorator metadata: request bodies will NOT be validated. Start with a compiler that emits it ' +
        '(`node -r @swc-node/register main.ts`, tsc or the Nest CLI), not tsx.',
    );
  }
};
