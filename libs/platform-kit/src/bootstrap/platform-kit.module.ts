import { DynamicModule, Logger, MiddlewareConsumer, Module, NestModule, Provider, RequestMethod } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR, APP_PIPE } from '@nestjs/core';
import { LoggerModule } from 'nestjs-pino';
import { AuditInterceptor } from '../audit/audit.interceptor';
import { AuditTrail } from '../audit/audit-trail';
import { LoggerAuditSink } from '../audit/logger-audit.sink';
import { resolveAuthSecret } from '../auth/auth-secret';
import { AccessGuard } from '../authorization/access.guard';
import { RegulatorScopeInterceptor } from '../authorization/regulator-scope.interceptor';
import { CasinoScopeGuard, CasinoScopeInterceptor, CasinoScopeRegistry } from '../authorization/casino-scope';
import { AuditSink } from '../audit/audit-record';
import { PostgresAuditSink } from '../audit/postgres-audit.sink';
import { InMemoryIdempotencyKeys, PostgresIdempotencyKeys } from '../idempotency/idempotency-keys';
import { IDEMPOTENCY_KEYS, IdempotencyInterceptor } from '../idempotency/idempotency.interceptor';
import { correlationIdMiddleware } from '../context/correlation-id.middleware';
import { ALL_ROUTES } from '../context/http-types';
import { ErrorResponseFilter } from '../errors/error-response.filter';
import { HealthController } from '../health/health.controller';
import { HealthRegistry } from '../health/health-registry';
import { loggerParams } from '../logging/logger-params';
import { httpMetricsMiddleware } from '../metrics/http-metrics.middleware';
import { MetricsController } from '../metrics/metrics.controller';
import { createValidationPipe } from '../validation/platform-validation-pipe';
import { UnexpectedBodyInterceptor } from '../validation/unexpected-body.interceptor';
import { isAuditSinkFactory, PlatformKitOptions } from './platform-kit-options';
import { AUDIT_SINK, AUTH_SECRET, PLATFORM_OPTIONS } from './platform-tokens';

/**
 * Everything a service's HTTP edge needs, applied globally: correlation ids, structured request logs, authentication and
 * authorization, validation, error mapping, auditing, idempotency keys bound to their command, regulators kept
 * to their jurisdictions and staff to their casinos, health and metrics endpoints. Import it once, in
 * the root module of the process (the embedded platform imports it once for all services).
 */
@Module({})
export class PlatformKitModule implements NestModule {
  static forRoot(options: PlatformKitOptions): DynamicModule {
    return {
      module: PlatformKitModule,
      global: true,
      // One structured logger (pino) for requests and background work; configureServiceApp makes it Nest's logger.
      imports: [LoggerModule.forRoot(loggerParams({ service: options.serviceName, level: options.logLevel, destination: options.logDestination }))],
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
        AuditTrail,
        { provide: APP_GUARD, useClass: AccessGuard },
        // After authentication: staff act only at the casinos their token names (each service registers its resolver).
        CasinoScopeRegistry,
        { provide: APP_GUARD, useClass: CasinoScopeGuard },
        { provide: APP_PIPE, useFactory: createValidationPipe },
        { provide: APP_FILTER, useClass: ErrorResponseFilter },
        { provide: APP_INTERCEPTOR, useClass: AuditInterceptor },
        idempotencyKeysProvider,
        { provide: APP_INTERCEPTOR, useClass: IdempotencyInterceptor },
        { provide: APP_INTERCEPTOR, useClass: RegulatorScopeInterceptor },
        { provide: APP_INTERCEPTOR, useClass: CasinoScopeInterceptor },
        // Last, where the validation pipe would refuse an unknown field: a command without a body takes none.
        { provide: APP_INTERCEPTOR, useClass: UnexpectedBodyInterceptor },
      ],
      exports: [PLATFORM_OPTIONS, AUTH_SECRET, AUDIT_SINK, HealthRegistry, AuditTrail, CasinoScopeRegistry, LoggerModule],
    };
  }

  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(correlationIdMiddleware, httpMetricsMiddleware).forRoutes({ path: ALL_ROUTES, method: RequestMethod.ALL });
  }
}

// Idempotency keys live where the audit trail does: in PostgreSQL when the service has it, else in memory.
const idempotencyKeysProvider: Provider = {
  provide: IDEMPOTENCY_KEYS,
  inject: [AUDIT_SINK],
  useFactory: async (sink: AuditSink) => {
    if (!(sink instanceof PostgresAuditSink)) return new InMemoryIdempotencyKeys();
    const keys = new PostgresIdempotencyKeys(sink.db);
    await keys.ensureTable();
    return keys;
  },
};

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
