import { DynamicModule, Logger, MiddlewareConsumer, Module, NestModule, Provider, RequestMethod } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR, APP_PIPE } from '@nestjs/core';
import { AuditInterceptor } from '../audit/audit.interceptor';
import { AuditTrail } from '../audit/audit-trail';
import { LoggerAuditSink } from '../audit/logger-audit.sink';
import { resolveAuthSecret } from '../auth/auth-secret';
import { AccessGuard } from '../authorization/access.guard';
import { correlationIdMiddleware } from '../context/correlation-id.middleware';
import { ALL_ROUTES } from '../context/http-types';
import { ErrorResponseFilter } from '../errors/error-response.filter';
import { HealthController } from '../health/health.controller';
import { HealthRegistry } from '../health/health-registry';
import { JsonLogger } from '../logging/json-logger';
import { httpMetricsMiddleware } from '../metrics/http-metrics.middleware';
import { MetricsController } from '../metrics/metrics.controller';
import { createValidationPipe } from '../validation/platform-validation-pipe';
import { isAuditSinkFactory, PlatformKitOptions } from './platform-kit-options';
import { AUDIT_SINK, AUTH_SECRET, PLATFORM_OPTIONS } from './platform-tokens';

/**
 * Everything a service's HTTP edge needs, applied globally: correlation ids, authentication and
 * authorization, validation, error mapping, auditing, health and metrics endpoints. Import it once, in
 * the root module of the process (the embedded platform imports it once for all services).
 */
@Module({})
export class PlatformKitModule implements NestModule {
  static forRoot(options: PlatformKitOptions): DynamicModule {
    return {
      module: PlatformKitModule,
      global: true,
      controllers: [HealthController, MetricsController],
      providers: [
        { provide: PLATFORM_OPTIONS, useValue: options },
        // Resolved at startup, so a production process without AUTH_SECRET fails to boot rather than at the first request.
        { provide: AUTH_SECRET, useFactory: () => options.authSecret ?? resolveAuthSecret() },
        auditSinkProvider(options),
        {
          provide: HealthRegistry,
          useFactory: () => {
            const registry = new HealthRegistry();
            for (const indicator of options.healthIndicators ?? []) registry.register(indicator);
            return registry;
          },
        },
        { provide: JsonLogger, useFactory: () => new JsonLogger({ service: options.serviceName }) },
        AuditTrail,
        { provide: APP_GUARD, useClass: AccessGuard },
        { provide: APP_PIPE, useFactory: createValidationPipe },
        { provide: APP_FILTER, useClass: ErrorResponseFilter },
        { provide: APP_INTERCEPTOR, useClass: AuditInterceptor },
      ],
      exports: [PLATFORM_OPTIONS, AUTH_SECRET, AUDIT_SINK, HealthRegistry, JsonLogger, AuditTrail],
    };
  }

  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(correlationIdMiddleware, httpMetricsMiddleware).forRoutes({ path: ALL_ROUTES, method: RequestMethod.ALL });
  }
}

const auditSinkProvider = ({ auditSink }: PlatformKitOptions): Provider => {
  if (!auditSink) return { provide: AUDIT_SINK, useValue: new LoggerAuditSink(new Logger('Audit')) };
  if (isAuditSinkFactory(auditSink)) {
    // A factory's product gets no lifecycle hooks, so create the audit table here rather than on first write.
    return {
      provide: AUDIT_SINK,
      inject: [...auditSink.inject],
      useFactory: async (...deps: never[]) => {
        const sink = await auditSink.useFactory(...deps);
        await (sink as { onModuleInit?: () => Promise<void> }).onModuleInit?.();
        return sink;
      },
    };
  }
  return { provide: AUDIT_SINK, useValue: auditSink };
};
