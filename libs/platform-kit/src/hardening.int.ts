import { gzipSync } from 'node:zlib';
import { Body, Controller, Get, HttpCode, INestApplication, Logger, Param, Post, Query } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, MaxLength, Min, ValidateNested } from 'class-validator';
import request from 'supertest';
import { createTestDatabase, TestDatabase } from '@app/testing';
import {
  Authorize,
  CommandMeta,
  CommandMetadata,
  configureServiceApp,
  isCasinoBound,
  issueToken,
  PlatformKitModule,
  PostgresAuditSink,
  Role,
} from '@app/platform-kit';

/**
 * Found when the running platform was attacked as an outsider would: each finding, applied by the
 * platform kit to every service's HTTP edge, so the services being built get it too.
 */
class Parameters {
  @IsInt() @Min(1) contributionBasisPoints!: number;
}
class CreateJackpot {
  @IsString() @MaxLength(100) name!: string;
  @ValidateNested() @Type(() => Parameters) parameters!: Parameters;
  @IsOptional() @ValidateNested() @Type(() => Parameters) extra?: Parameters;
}
class Adjust {
  @IsInt() amountCents!: number;
  @IsString() @MaxLength(500) reason!: string;
}
class HistoryQuery {
  @IsOptional() @Type(() => Number) @IsInt() @Min(0) afterVersion?: number;
}

const applied: unknown[] = [];

@Controller('jackpots')
class JackpotsController {
  @Post()
  @Authorize('area-manager')
  create(@Body() body: CreateJackpot) {
    applied.push(body);
    return { name: body.name, basis: body.parameters.contributionBasisPoints };
  }

  @Post(':jackpotId/adjustments')
  @HttpCode(200)
  @Authorize('area-manager')
  adjust(@Param('jackpotId') jackpotId: string, @Body() body: Adjust, @CommandMeta() meta: CommandMetadata) {
    applied.push(body);
    return { jackpotId, commandId: meta.commandId };
  }

  @Get(':jackpotId/history')
  @Authorize({ anyOf: ['area-manager', 'regulator'] })
  history(@Param('jackpotId') jackpotId: string, @Query() q: HistoryQuery) {
    return { jackpotId, after: q.afterVersion ?? 0 };
  }

  @Get('tables/:tableId')
  @Authorize({ anyOf: ['dealer', 'regulator'] })
  table(@Param('tableId') tableId: string) {
    return { tableId, jurisdiction: tableId.startsWith('MEL') ? 'VIC' : 'NSW', seats: [{ box: 1, patronId: 'P-1' }] };
  }

  @Get('tables')
  @Authorize({ anyOf: ['dealer', 'regulator'] })
  tables() {
    return [
      { tableId: 'MEL-1', jurisdiction: 'VIC' },
      { tableId: 'SYD-1', jurisdiction: 'NSW' },
    ];
  }

  @Post('db-lost')
  @HttpCode(200)
  @Authorize('area-manager')
  databaseLost(@Body() body: { how?: string }): never {
    // What pg throws when the backend is terminated mid-command (pg_terminate_backend, a failover, a restart).
    if (body.how === 'terminated') throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01', severity: 'FATAL' });
    throw new Error('Connection terminated unexpectedly');
  }

  @Post('db-rejects')
  @HttpCode(200)
  @Authorize('area-manager')
  databaseRejects(): never {
    // What pg throws for a value PostgreSQL cannot hold (e.g. a version beyond int4, NUL in jsonb).
    throw Object.assign(new Error('value "3000000000" is out of range for type integer'), { code: '22003', severity: 'ERROR' });
  }
}

const SECRET = 'hardening-secret';
const tokenFor = (roles: Role[], sub = 'ann', jurisdictions?: string[]) =>
  `Bearer ${issueToken({ sub, name: sub, roles, jurisdictions, ...(roles.some(isCasinoBound) ? { casinos: ['crown-melbourne'] } : {}) }, SECRET, 300)}`;

// The same edge whichever HTTP adapter the app is built on: Express (every service's) and Fastify.
describe.each(['express', 'fastify'] as const)('the HTTP edge under attack (%s)', (adapter) => {
  let db: TestDatabase;
  let app: INestApplication;
  const http = () => request(app.getHttpServer());
  const auditRows = async () => Number((await db.pool.query('SELECT count(*) AS n FROM platform.audit_log')).rows[0].n);

  beforeAll(async () => {
    process.env.LOG_LEVEL = 'fatal';
    db = await createTestDatabase('pk_hardening', 4);
    const moduleRef = await Test.createTestingModule({
      imports: [
        PlatformKitModule.forRoot({
          serviceName: 'jackpots',
          authSecret: SECRET,
          auditSink: new PostgresAuditSink(db.pool),
          rateLimit: { perSecond: 5, burst: 10, anonymousPerSecond: 2, anonymousBurst: 4 },
        }),
      ],
      controllers: [JackpotsController],
    }).compile();
    app = configureServiceApp(adapter === 'fastify' ? moduleRef.createNestApplication(new FastifyAdapter()) : moduleRef.createNestApplication());
    await app.init();
    if (adapter === 'fastify') await app.getHttpAdapter().getInstance().ready();
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  // Each test gets its own client (the rate limiter keys on the token, or the address when there is none).
  let n = 0;
  const client = () => tokenFor(['area-manager'], `client-${++n}`);

  describe('body parsing errors are 4xx, never 500, and leave no stack trace in the log', () => {
    let logged: jest.SpyInstance;
    beforeEach(() => (logged = jest.spyOn(Logger.prototype, 'error')));
    afterEach(() => {
      expect(logged).not.toHaveBeenCalled();
      logged.mockRestore();
    });

    it('a body over the limit is 413', async () => {
      const res = await http().post('/jackpots').set('Authorization', client()).set('Content-Type', 'application/json').send(`{"name":"${'x'.repeat(300_000)}"}`);
      expect(res.status).toBe(413);
      expect(res.body).toMatchObject({ statusCode: 413, code: 'BODY_TOO_LARGE' });
    });

    it('malformed JSON is 400', async () => {
      const res = await http().post('/jackpots').set('Content-Type', 'application/json').send('{"name": ');
      expect(res.body).toEqual({ statusCode: 400, error: 'Bad Request', code: 'BODY_MALFORMED', message: 'The request body is not well-formed JSON.' });
    });

    it('an unknown charset is 415', async () => {
      const res = await http().post('/jackpots').set('Content-Type', 'application/json; charset=klingon').send('{}');
      expect(res.status).toBe(415);
    });

    it('a body that claims gzip but is not is 400', async () => {
      const res = await http().post('/jackpots').set('Content-Type', 'application/json').set('Content-Encoding', 'gzip').send('definitely not gzip');
      expect(res.status).toBe(400);
    });

    it('an unsupported content encoding is 415', async () => {
      const res = await http().post('/jackpots').set('Content-Type', 'application/json').set('Content-Encoding', 'br-unknown').send('{}');
      expect(res.status).toBe(415);
    });

    it('a gzip bomb inflating past the limit is refused 4xx', async () => {
      const res = await http()
        .post('/jackpots')
        .set('Authorization', client())
        .set('Content-Type', 'application/json')
        .set('Content-Encoding', 'gzip')
        .send(gzipSync(Buffer.from(`{"name":"${'a'.repeat(2_000_000)}"}`)));
      expect([400, 413]).toContain(res.status);
    });
  });

  describe('hostile values that passed validation and then failed in the database are 400 naming the field', () => {
    const post = (body: unknown) => http().post('/jackpots/J1/adjustments').set('Authorization', client()).set('Content-Type', 'application/json').send(body as object);

    it.each([
      ['a NUL character', 'refund\u0000'],
      ['a lone high surrogate', 'refund \ud800'],
      ['a lone low surrogate', '\udc00 refund'],
    ])('%s in free text', async (_, reason) => {
      const before = applied.length;
      const res = await post(JSON.stringify({ amountCents: 100, reason }));
      expect(res.status).toBe(400);
      expect(res.body.violations).toEqual([expect.objectContaining({ field: 'reason', rule: 'textCharacters' })]);
      expect(applied.length).toBe(before);
    });

    it('%00 in a path parameter', async () => {
      const res = await http().post('/jackpots/J1%00/adjustments').set('Authorization', client()).send({ amountCents: 1, reason: 'x' });
      expect(res.status).toBe(400);
    });

    it('%00 in a query parameter', async () => {
      const res = await http().get('/jackpots/J1/history?afterVersion=1%00').set('Authorization', client());
      expect(res.status).toBe(400);
    });

    it('a malformed percent-encoding in the path', async () => {
      const res = await http().get('/jackpots/J1%E0%A4%A/history').set('Authorization', client());
      expect(res.status).toBe(400);
    });

    it('JSON nested 10,000 deep', async () => {
      const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
      const res = await post(`{"amountCents":1,"reason":"x","nested":${deep}}`);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('BODY_TOO_DEEP');
    });

    it('a missing nested object (POST /jackpots without parameters) names the field', async () => {
      const before = applied.length;
      const res = await http().post('/jackpots').set('Authorization', client()).send({ name: 'Pit 3' });
      expect(res.status).toBe(400);
      expect(res.body.violations).toEqual([expect.objectContaining({ field: 'parameters', rule: 'isDefined' })]);
      expect(applied.length).toBe(before);
    });

    it('an optional nested object may be left out', async () => {
      const res = await http().post('/jackpots').set('Authorization', client()).send({ name: 'Pit 3', parameters: { contributionBasisPoints: 50 } });
      expect(res.status).toBe(201);
    });

    it('afterVersion=1e308 (and any number beyond what can be counted exactly)', async () => {
      const res = await http().get('/jackpots/J1/history?afterVersion=1e308').set('Authorization', client());
      expect(res.status).toBe(400);
      expect(res.body.violations).toEqual([expect.objectContaining({ field: 'afterVersion', rule: 'safeNumber' })]);
      const body = await post(JSON.stringify({ amountCents: 1e308, reason: 'x' }));
      expect(body.status).toBe(400);
      expect(body.body.violations).toEqual([expect.objectContaining({ field: 'amountCents', rule: 'safeNumber' })]);
    });

    it('a lost database connection is 503 "retry with the same Idempotency-Key", not 500', async () => {
      for (const how of ['terminated', 'socket']) {
        const res = await http().post('/jackpots/db-lost').set('Authorization', client()).send({ how });
        expect(res.status).toBe(503);
        expect(res.body).toMatchObject({ code: 'DATABASE_UNAVAILABLE', message: expect.stringContaining('same Idempotency-Key') });
      }
    });

    it('an amount beyond what a casino holds (over $10bn) is refused naming the field', async () => {
      const res = await post(JSON.stringify({ amountCents: 10_000_000_000_000, reason: 'x' }));
      expect(res.status).toBe(400);
      expect(res.body.violations).toEqual([expect.objectContaining({ field: 'amountCents', rule: 'moneyRange' })]);
    });

    it('a value the database cannot hold is 400, not 500', async () => {
      const res = await http().post('/jackpots/db-rejects').set('Authorization', client());
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALUE_NOT_STORABLE' });
    });
  });

  describe('an Idempotency-Key is scoped to its actor and bound to its command', () => {
    it('the same key with the same command is a retry; with a different command it is refused 409 naming the key', async () => {
      const token = client();
      const send = (jackpotId: string, amountCents: number) =>
        http().post(`/jackpots/${jackpotId}/adjustments`).set('Authorization', token).set('Idempotency-Key', 'console-1-cmd-1').send({ amountCents, reason: 'top-up' });
      const first = await send('J1', 100);
      expect(first.status).toBe(200);
      expect((await send('J1', 100)).body.commandId).toBe(first.body.commandId);
      const otherBody = await send('J1', 999);
      expect(otherBody.status).toBe(409);
      expect(otherBody.body).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', message: expect.stringContaining('console-1-cmd-1') });
      const otherStream = await send('J2', 100);
      expect(otherStream.status).toBe(409);
    });

    it("another actor's use of the same key is a different command: it cannot suppress the first actor's", async () => {
      const mine = await http().post('/jackpots/J1/adjustments').set('Authorization', client()).set('Idempotency-Key', 'predictable-1').send({ amountCents: 1, reason: 'a' });
      const theirs = await http().post('/jackpots/J9/adjustments').set('Authorization', client()).set('Idempotency-Key', 'predictable-1').send({ amountCents: 2, reason: 'b' });
      expect(mine.status).toBe(200);
      expect(theirs.status).toBe(200);
      expect(theirs.body.commandId).not.toBe(mine.body.commandId);
    });
  });

  describe('rate limiting per client, and refused anonymous requests write no audit row', () => {
    it('a client over its rate is answered 429 with Retry-After; other clients are not affected', async () => {
      const token = client();
      const answers: { status: number; retryAfter: string | undefined }[] = [];
      for (let i = 0; i < 20; i++) {
        const res = await http().get('/jackpots/J1/history').set('Authorization', token);
        answers.push({ status: res.status, retryAfter: res.headers['retry-after'] as string | undefined });
      }
      // The refused answer itself says when to come back (a further request could find the window refilled on a slow machine).
      const limited = answers.find((a) => a.status === 429);
      expect(limited).toBeDefined();
      expect(limited!.retryAfter).toMatch(/^\d+$/);
      expect((await http().get('/jackpots/J1/history').set('Authorization', client())).status).toBe(200);
    });

    it('a flood of anonymous commands is limited and adds nothing to the audit table', async () => {
      const before = await auditRows();
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) statuses.push((await http().post('/jackpots/J1/adjustments').send({ amountCents: 1, reason: 'x' })).status);
      expect(statuses).toContain(429);
      expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
      expect(await auditRows()).toBe(before);
    });
  });

  describe('security headers', () => {
    it('every answer carries nosniff, frame and referrer policies, and no X-Powered-By', async () => {
      for (const res of [await http().get('/health/live'), await http().get('/jackpots/J1/history').set('Authorization', client()), await http().get('/nowhere')]) {
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['x-frame-options']).toBe('DENY');
        expect(res.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
        expect(res.headers['referrer-policy']).toBe('no-referrer');
        expect(res.headers['x-powered-by']).toBeUndefined();
      }
    });
  });

  describe("a regulator reads only their own jurisdiction's records", () => {
    it('a record of another jurisdiction is refused 403, of their own it is read', async () => {
      const nsw = tokenFor(['regulator'], 'ilgA', ['NSW']);
      const victorian = await http().get('/jackpots/tables/MEL-1').set('Authorization', nsw);
      expect(victorian.status).toBe(403);
      expect(victorian.body).toMatchObject({ code: 'OUT_OF_JURISDICTION' });
      expect(JSON.stringify(victorian.body)).not.toContain('P-1');
      expect((await http().get('/jackpots/tables/SYD-1').set('Authorization', nsw)).status).toBe(200);
    });

    it('a regulator with no jurisdiction reads no jurisdiction', async () => {
      const none = tokenFor(['regulator'], 'reg-0');
      expect((await http().get('/jackpots/tables/SYD-1').set('Authorization', none)).status).toBe(403);
    });

    it('lists keep only their jurisdiction', async () => {
      const vic = tokenFor(['regulator'], 'vgccc', ['VIC']);
      expect((await http().get('/jackpots/tables').set('Authorization', vic)).body).toEqual([{ tableId: 'MEL-1', jurisdiction: 'VIC' }]);
    });

    it('staff are not restricted', async () => {
      expect((await http().get('/jackpots/tables/MEL-1').set('Authorization', tokenFor(['dealer'], 'dee'))).status).toBe(200);
    });
  });
});
