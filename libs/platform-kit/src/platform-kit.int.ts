import { Body, Controller, Get, Global, HttpCode, INestApplication, Module, Param, Post } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { Type } from 'class-transformer';
import { IsInt, Min, ValidateNested } from 'class-validator';
import { Pool } from 'pg';
import request from 'supertest';
import { ruleViolation } from '@app/contracts';
import { createTestDatabase, TestDatabase } from '@app/testing';
import {
  Actor,
  Authorize,
  CommandMeta,
  CommandMetadata,
  configureServiceApp,
  CorrelationId,
  CurrentActor,
  DatabaseHealthIndicator,
  HealthStatus,
  isCasinoBound,
  issueToken,
  PlatformKitModule,
  PostgresAuditSink,
  Role,
} from '@app/platform-kit';

// ---- a tiny service, defined here only for the test -------------------------------------------------
class Limits {
  @IsInt() @Min(1) minimum!: number;
  @IsInt() @Min(1) maximum!: number;
}
class SetLimits {
  @ValidateNested() @Type(() => Limits) limits!: Limits;
}

const applied: SetLimits[] = [];

@Controller('tables')
class TablesController {
  @Get(':tableId')
  read(@Param('tableId') tableId: string, @CurrentActor() actor: Actor) {
    return { tableId, readBy: actor.id };
  }

  @Post(':tableId/limits')
  @HttpCode(200)
  @Authorize('gaming-supervisor')
  setLimits(@Param('tableId') tableId: string, @Body() body: SetLimits, @CurrentActor() actor: Actor, @CorrelationId() correlationId: string) {
    applied.push(body);
    return { tableId, actor, correlationId, limitsIsDto: body.limits instanceof Limits };
  }

  @Post(':tableId/close')
  @Authorize('area-manager')
  close(): never {
    throw ruleViolation('TABLE_HAS_LIVE_WAGERS', 'Settle or return the wagers on the layout before closing the table.', 'TG 5.2(b)', 'tableId');
  }

  @Post(':tableId/min-bet')
  @HttpCode(200)
  @Authorize('area-manager')
  changeMinimum(@CommandMeta() meta: CommandMetadata) {
    return meta;
  }

  @Post(':tableId/shuffle')
  @Authorize('dealer')
  shuffle(): never {
    throw Object.assign(new Error('Stream table-T1 is at version 4, not the expected 3'), { name: 'ConcurrencyError' });
  }

  @Post(':tableId/forgotten')
  forgotten() {
    return { done: true };
  }
}
// -------------------------------------------------------------------------------------------------------

const SECRET = 'integration-secret';
const tokenFor = (roles: Role[], sub = 'alice') => `Bearer ${issueToken({ sub, name: sub, roles, ...(roles.some(isCasinoBound) ? { casinos: ['crown-melbourne'] } : {}) }, SECRET, 300)}`;

// The same platform whichever HTTP adapter the app is built on: Express (every service's) and Fastify.
describe.each(['express', 'fastify'] as const)('platform-kit over HTTP (%s)', (adapter) => {
  let db: TestDatabase;
  let app: INestApplication;
  let kafkaStatus: HealthStatus = 'up';

  const auditFor = async (correlationId: string) =>
    (await db.pool.query('SELECT * FROM platform.audit_log WHERE correlation_id = $1', [correlationId])).rows;

  beforeAll(async () => {
    process.env.LOG_LEVEL = 'fatal';
    db = await createTestDatabase('pk_test', 4);
    const moduleRef = await Test.createTestingModule({
      imports: [
        PlatformKitModule.forRoot({
          serviceName: 'tables',
          authSecret: SECRET,
          auditSink: new PostgresAuditSink(db.pool),
          healthIndicators: [new DatabaseHealthIndicator(db.pool), { name: 'kafka', check: async () => ({ status: kafkaStatus }) }],
        }),
      ],
      controllers: [TablesController],
    }).compile();
    app = configureServiceApp(adapter === 'fastify' ? moduleRef.createNestApplication(new FastifyAdapter()) : moduleRef.createNestApplication());
    await app.init();
    if (adapter === 'fastify') await app.getHttpAdapter().getInstance().ready();
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  describe('authentication and authorization', () => {
    it('answers 401 without a token and tells how to get one', async () => {
      const res = await request(app.getHttpServer()).post('/tables/T1/limits').send({ limits: { minimum: 10, maximum: 500 } });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ statusCode: 401, error: 'Unauthorized', code: 'TOKEN_MISSING', message: expect.stringMatching(/npm run token/) });
    });

    it('answers 401 for a token signed with another secret', async () => {
      const forged = `Bearer ${issueToken({ sub: 'mallory', name: 'm', roles: ['casino-manager'], casinos: ['crown-melbourne'] }, 'guess', 300)}`;
      const res = await request(app.getHttpServer()).get('/tables/T1').set('Authorization', forged);
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('TOKEN_INVALID');
    });

    it('answers 403 to a role below the requirement, naming what is required', async () => {
      const res = await request(app.getHttpServer())
        .post('/tables/T1/limits')
        .set('Authorization', tokenFor(['dealer']))
        .send({ limits: { minimum: 10, maximum: 500 } });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 'ROLE_NOT_PERMITTED', message: expect.stringMatching(/requires gaming-supervisor \(or higher on the ladder\)/) });
    });

    it('lets a higher ladder role in, acting in its highest matching role', async () => {
      const res = await request(app.getHttpServer())
        .post('/tables/T1/limits')
        .set('Authorization', tokenFor(['administrator', 'area-manager']))
        .set('x-correlation-id', 'corr-allowed-1')
        .send({ limits: { minimum: 10, maximum: 500 } });
      expect(res.status).toBe(200);
      expect(res.headers['x-correlation-id']).toBe('corr-allowed-1');
      expect(res.body).toEqual({
        tableId: 'T1',
        correlationId: 'corr-allowed-1',
        limitsIsDto: true,
        actor: { id: 'alice', name: 'alice', roles: ['administrator', 'area-manager'], role: 'area-manager', jurisdictions: [], casinos: ['crown-melbourne'] },
      });
    });

    it('does not let an administrator or a regulator make game decisions', async () => {
      for (const role of ['administrator', 'regulator'] as const) {
        const res = await request(app.getHttpServer())
          .post('/tables/T1/limits')
          .set('Authorization', tokenFor([role]))
          .send({ limits: { minimum: 10, maximum: 500 } });
        expect(res.status).toBe(403);
      }
    });

    it('lets any authenticated actor read', async () => {
      const res = await request(app.getHttpServer()).get('/tables/T1').set('Authorization', tokenFor(['regulator'], 'reg-1'));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ tableId: 'T1', readBy: 'reg-1' });
    });

    it('refuses a command whose method forgot @Authorize', async () => {
      const res = await request(app.getHttpServer()).post('/tables/T1/forgotten').set('Authorization', tokenFor(['casino-manager']));
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('NO_AUTHORIZATION_RULE');
    });
  });

  describe('correlation ids', () => {
    it('makes one up when the caller sends none', async () => {
      const res = await request(app.getHttpServer()).get('/health/live');
      expect(res.headers['x-correlation-id']).toMatch(/^[0-9a-f-]{36}$/);
    });
  });

  describe('command metadata', () => {
    it("turns the caller's Idempotency-Key, scoped to its actor, into the command id, so a retried command counts once", async () => {
      const res = await request(app.getHttpServer())
        .post('/tables/T1/min-bet')
        .set('Authorization', tokenFor(['casino-manager'], 'carol'))
        .set('Idempotency-Key', 'console-7-cmd-42')
        .set('x-correlation-id', 'corr-idem');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ commandId: 'carol:console-7-cmd-42', actor: { id: 'carol', role: 'casino-manager' }, correlationId: 'corr-idem', now: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
      expect(await auditFor('corr-idem')).toEqual([expect.objectContaining({ command_id: 'carol:console-7-cmd-42' })]);
    });

    it('refuses a malformed Idempotency-Key with 400', async () => {
      const res = await request(app.getHttpServer())
        .post('/tables/T1/min-bet')
        .set('Authorization', tokenFor(['casino-manager']))
        .set('Idempotency-Key', 'has spaces and ; semicolons');
      expect(res.status).toBe(400);
      expect(res.body.violations).toEqual([expect.objectContaining({ field: 'Idempotency-Key' })]);
    });
  });

  describe('validation', () => {
    it('answers 400 naming the nested field and the rule, before the handler runs', async () => {
      const before = applied.length;
      const res = await request(app.getHttpServer())
        .post('/tables/T1/limits')
        .set('Authorization', tokenFor(['casino-manager']))
        .send({ limits: { minimum: 10, maximum: 0 } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: 'The request is invalid: limits.maximum must not be less than 1.',
        violations: [{ field: 'limits.maximum', rule: 'min', message: 'limits.maximum must not be less than 1' }],
        code: 'min',
        field: 'limits.maximum',
      });
      expect(applied.length).toBe(before);
    });

    it('refuses unknown fields', async () => {
      const res = await request(app.getHttpServer())
        .post('/tables/T1/limits')
        .set('Authorization', tokenFor(['casino-manager']))
        .send({ limits: { minimum: 10, maximum: 500 }, discount: 5 });
      expect(res.status).toBe(400);
      expect(res.body.violations).toEqual([expect.objectContaining({ field: 'discount', rule: 'UNKNOWN_FIELD' })]);
      expect(res.body).toMatchObject({ code: 'UNKNOWN_FIELD', field: 'discount', message: expect.stringContaining('remove it') });
    });
  });

  describe('domain errors', () => {
    it('answers 422 for a broken rule, with its code, clause and field', async () => {
      const res = await request(app.getHttpServer()).post('/tables/T1/close').set('Authorization', tokenFor(['casino-manager']));
      expect(res.status).toBe(422);
      expect(res.body).toEqual({
        statusCode: 422,
        error: 'Unprocessable Entity',
        code: 'TABLE_HAS_LIVE_WAGERS',
        message: 'Settle or return the wagers on the layout before closing the table.',
        clause: 'TG 5.2(b)',
        field: 'tableId',
      });
    });

    it("answers 409 for the event store's concurrency error", async () => {
      const res = await request(app.getHttpServer()).post('/tables/T1/shuffle').set('Authorization', tokenFor(['dealer']));
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 'CONCURRENT_MODIFICATION', message: expect.stringMatching(/retry/) });
    });
  });

  describe('audit trail', () => {
    it('records an allowed command with actor, acting role, route and outcome', async () => {
      const rows = await auditFor('corr-allowed-1');
      expect(rows).toEqual([
        expect.objectContaining({
          service: 'tables',
          actor_id: 'alice',
          actor_role: 'area-manager',
          method: 'POST',
          route: '/tables/:tableId/limits',
          params: { tableId: 'T1' },
          status: 200,
          outcome: 'succeeded',
          error_code: null,
        }),
      ]);
    });

    it('records refused commands of identified actors (403); anonymous refusals (401) are counted, not written', async () => {
      await request(app.getHttpServer()).post('/tables/T2/limits').set('x-correlation-id', 'corr-401').send({});
      await request(app.getHttpServer()).post('/tables/T2/limits').set('x-correlation-id', 'corr-403').set('Authorization', tokenFor(['dealer'], 'dan')).send({});
      expect(await auditFor('corr-401')).toEqual([]);
      expect(await auditFor('corr-403')).toEqual([
        expect.objectContaining({ actor_id: 'dan', actor_role: 'dealer', status: 403, outcome: 'refused', error_code: 'ROLE_NOT_PERMITTED' }),
      ]);
    });

    it('records rejected commands with their domain error code, exactly once', async () => {
      await request(app.getHttpServer()).post('/tables/T3/close').set('x-correlation-id', 'corr-422').set('Authorization', tokenFor(['area-manager']));
      expect(await auditFor('corr-422')).toEqual([expect.objectContaining({ status: 422, outcome: 'rejected', error_code: 'TABLE_HAS_LIVE_WAGERS' })]);
    });

    it('records commands refused by validation', async () => {
      await request(app.getHttpServer())
        .post('/tables/T4/limits')
        .set('x-correlation-id', 'corr-400')
        .set('Authorization', tokenFor(['casino-manager']))
        .send({ limits: { minimum: 0, maximum: 5 } });
      expect(await auditFor('corr-400')).toEqual([expect.objectContaining({ actor_role: 'casino-manager', status: 400, outcome: 'rejected' })]);
    });

    it('does not audit reads', async () => {
      await request(app.getHttpServer()).get('/tables/T1').set('x-correlation-id', 'corr-read').set('Authorization', tokenFor(['dealer']));
      expect(await auditFor('corr-read')).toEqual([]);
    });
  });

  describe('health', () => {
    it('is live without a token, and says which service answered', async () => {
      const res = await request(app.getHttpServer()).get('/health/live');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'up', service: 'tables' });
    });

    it('is ready when the database answers and every indicator is up, naming the service', async () => {
      const res = await request(app.getHttpServer()).get('/health/ready');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ service: 'tables', status: 'up', checks: { database: { status: 'up' }, kafka: { status: 'up' } } });
    });

    it('stays ready (200) while an indicator is degraded', async () => {
      kafkaStatus = 'degraded';
      const res = await request(app.getHttpServer()).get('/health/ready');
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('degraded');
    });

    it('answers 503 naming the indicator that is down', async () => {
      kafkaStatus = 'down';
      const res = await request(app.getHttpServer()).get('/health/ready');
      kafkaStatus = 'up';
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ status: 'down', message: 'Not ready: kafka down.', checks: { kafka: { status: 'down' }, database: { status: 'up' } } });
    });
  });

  describe('audit sink built from other providers', () => {
    it('creates platform.audit_log at startup from an injected pool', async () => {
      const other = await createTestDatabase('pk_test_factory', 2);
      @Global()
      @Module({ providers: [{ provide: 'PG_POOL', useValue: other.pool }], exports: ['PG_POOL'] })
      class DatabaseStandIn {}
      const moduleRef = await Test.createTestingModule({
        imports: [
          DatabaseStandIn,
          PlatformKitModule.forRoot({
            serviceName: 'jackpots',
            authSecret: SECRET,
            auditSink: { inject: ['PG_POOL'], useFactory: (pool: Pool) => new PostgresAuditSink(pool) },
          }),
        ],
      }).compile();
      const factoryApp = configureServiceApp(moduleRef.createNestApplication());
      try {
        await factoryApp.init();
        const { rows } = await other.pool.query("SELECT to_regclass('platform.audit_log') AS t");
        expect(rows[0].t).toBe('platform.audit_log');
      } finally {
        await factoryApp.close();
        await other.drop();
      }
    });
  });

  describe('metrics and docs', () => {
    it('exposes the HTTP request histogram by method, route template and status', async () => {
      await request(app.getHttpServer()).get('/tables/T9').set('Authorization', tokenFor(['dealer']));
      const res = await request(app.getHttpServer()).get('/metrics');
      expect(res.status).toBe(200);
      expect(res.text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/tables\/:tableId",status="200"\} \d+/);
      expect(res.text).toMatch(/process_cpu_user_seconds_total/);
    });

    it('labels requests that matched no route as "unmatched", not by raw path', async () => {
      await request(app.getHttpServer()).post('/no-such-route/42');
      const res = await request(app.getHttpServer()).get('/metrics');
      expect(res.text).toMatch(/http_request_duration_seconds_count\{method="POST",route="unmatched",status="404"\}/);
      expect(res.text).not.toMatch(/no-such-route/);
    });

    it('serves an OpenAPI document with bearer auth and the service routes', async () => {
      const res = await request(app.getHttpServer()).get('/docs-json');
      expect(res.status).toBe(200);
      expect(res.body.info).toMatchObject({ title: 'tables admin API' });
      expect(res.body.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
      expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining(['/tables/{tableId}/limits', '/health/ready']));
      expect(res.body.paths['/tables/{tableId}/limits'].post.responses['403'].description).toMatch(/gaming-supervisor/);
    });
  });
});
