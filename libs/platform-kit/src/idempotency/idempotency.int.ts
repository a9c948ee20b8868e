/**
 * The platform's rule for commands (README): a command sent again with the same Idempotency-Key is recorded once
 * and answered as the first time. The answer (status and JSON body) is kept with the actor's key, so a retry is
 * answered from it without running the command again, whatever has changed since; only answers that say to
 * retry (5xx, a concurrent modification) and refusals of who is asking (401/403) leave the key free to run again.
 */
import { Body, Controller, ForbiddenException, HttpCode, INestApplication, Param, Post } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { IsInt, Min } from 'class-validator';
import request from 'supertest';
import { ruleViolation } from '@app/contracts';
import { createTestDatabase, TestDatabase } from '@app/testing';
import { Authorize, configureServiceApp, issueToken, PlatformKitModule, PostgresAuditSink, PostgresIdempotencyKeys, Role } from '@app/platform-kit';

class Deposit {
  @IsInt() @Min(1) amountCents!: number;
}

/** A tiny account service: each run is counted, so a test can tell an answer replayed from a command run again. */
const runs = new Map<string, number>();
const ran = (name: string) => runs.set(name, (runs.get(name) ?? 0) + 1).get(name)!;
let balanceCents = 0;
let open = false;
let failuresLeft = 0;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

@Controller('accounts')
class AccountsController {
  @Post(':accountId/deposits')
  @Authorize('dealer')
  async deposit(@Param('accountId') accountId: string, @Body() body: Deposit) {
    ran('deposit');
    await sleep(150); // long enough for a concurrent retry to arrive while it runs
    balanceCents += body.amountCents;
    return { accountId, balanceCents };
  }

  @Post(':accountId/wagers')
  @HttpCode(200)
  @Authorize('dealer')
  wager(@Param('accountId') accountId: string, @Body() body: Deposit) {
    ran('wager');
    if (!open) throw ruleViolation('INSUFFICIENT_BALANCE', 'Buy in first, then wager.', 'Test 1.1', 'amountCents');
    balanceCents -= body.amountCents;
    return { accountId, balanceCents };
  }

  @Post(':accountId/flaky')
  @HttpCode(200)
  @Authorize('dealer')
  flaky() {
    const n = ran('flaky');
    if (failuresLeft > 0) {
      failuresLeft--;
      throw new Error('the database went away');
    }
    return { n };
  }

  @Post(':accountId/conflicted')
  @HttpCode(200)
  @Authorize('dealer')
  conflicted() {
    const n = ran('conflicted');
    if (n === 1) throw Object.assign(new Error('Stream account-1 is at version 4, not the expected 3'), { name: 'ConcurrencyError' });
    return { n };
  }

  @Post(':accountId/guarded')
  @HttpCode(200)
  @Authorize('dealer')
  guarded() {
    const n = ran('guarded');
    if (n === 1) throw new ForbiddenException({ statusCode: 403, error: 'Forbidden', code: 'NOT_YOURS', message: 'Not your account.' });
    return { n };
  }
}

const SECRET = 'idempotency-secret';
const tokenFor = (sub: string, roles: Role[] = ['dealer']) => `Bearer ${issueToken({ sub, name: sub, roles, casinos: ['crown-melbourne'] }, SECRET, 300)}`;

describe.each([
  ['express', 'postgres'],
  ['fastify', 'postgres'],
  ['express', 'memory'],
] as const)('Idempotency-Key over HTTP (%s, keys in %s)', (adapter, store) => {
  let db: TestDatabase | undefined;
  let app: INestApplication;
  const http = () => request(app.getHttpServer());
  const as = (sub: string, key: string) => ({ Authorization: tokenFor(sub), 'Idempotency-Key': key });

  beforeAll(async () => {
    process.env.LOG_LEVEL = 'fatal';
    if (store === 'postgres') db = await createTestDatabase('pk_idem', 4);
    const moduleRef = await Test.createTestingModule({
      imports: [PlatformKitModule.forRoot({ serviceName: 'accounts', authSecret: SECRET, ...(db ? { auditSink: new PostgresAuditSink(db.pool) } : {}) })],
      controllers: [AccountsController],
    }).compile();
    app = configureServiceApp(adapter === 'fastify' ? moduleRef.createNestApplication(new FastifyAdapter()) : moduleRef.createNestApplication());
    await app.init();
    if (adapter === 'fastify') await app.getHttpAdapter().getInstance().ready();
  });

  beforeEach(() => {
    runs.clear();
    balanceCents = 0;
    open = false;
    failuresLeft = 0;
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  describe('Idempotency-Key: a retry answers the first answer, success or refusal, without running the command again', () => {
    it('a success: the retry answers the first status and body, marked replayed, though the state has changed since', async () => {
      const first = await http().post('/accounts/A1/deposits').set(as('dealer-1', `dep-${adapter}-${store}`)).send({ amountCents: 1000 }).expect(201);
      expect(first.body).toEqual({ accountId: 'A1', balanceCents: 1000 });
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      balanceCents = 99_999;
      const retry = await http().post('/accounts/A1/deposits').set(as('dealer-1', `dep-${adapter}-${store}`)).send({ amountCents: 1000 }).expect(201);
      expect(retry.body).toEqual(first.body);
      expect(retry.text).toBe(first.text);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(runs.get('deposit')).toBe(1);
      expect(balanceCents).toBe(99_999);
    });

    it('a refusal: the retry answers the same refusal after the state changed so that the command would now be accepted', async () => {
      const key = `wager-${adapter}-${store}`;
      const refused = await http().post('/accounts/A1/wagers').set(as('dealer-1', key)).send({ amountCents: 500 }).expect(422);
      expect(refused.body).toMatchObject({ code: 'INSUFFICIENT_BALANCE', clause: 'Test 1.1' });
      open = true;
      const retry = await http().post('/accounts/A1/wagers').set(as('dealer-1', key)).send({ amountCents: 500 }).expect(422);
      expect(retry.body).toEqual(refused.body);
      // The first answer exactly, byte for byte (its fields in their order), not an equal object.
      expect(retry.text).toBe(refused.text);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(runs.get('wager')).toBe(1);
      // A new command (a new key) is decided on the state as it is now.
      await http().post('/accounts/A1/wagers').set(as('dealer-1', `${key}-new`)).send({ amountCents: 500 }).expect(200);
    });

    it('a validation refusal is answered again the same way', async () => {
      const key = `bad-${adapter}-${store}`;
      const refused = await http().post('/accounts/A1/wagers').set(as('dealer-1', key)).send({ amountCents: 0 }).expect(400);
      const retry = await http().post('/accounts/A1/wagers').set(as('dealer-1', key)).send({ amountCents: 0 }).expect(400);
      expect(retry.body).toEqual(refused.body);
      expect(retry.headers['idempotent-replayed']).toBe('true');
    });

    it('a reused key with another command is still refused 409 IDEMPOTENCY_KEY_REUSED, never answered with the first answer', async () => {
      const key = `reuse-${adapter}-${store}`;
      await http().post('/accounts/A1/deposits').set(as('dealer-1', key)).send({ amountCents: 1000 }).expect(201);
      const other = await http().post('/accounts/A1/deposits').set(as('dealer-1', key)).send({ amountCents: 2000 }).expect(409);
      expect(other.body).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', field: 'Idempotency-Key' });
      expect(runs.get('deposit')).toBe(1);
    });

    it("keys are the actor's own: another actor's command under the same key runs and gets its own answer", async () => {
      const key = `shared-${adapter}-${store}`;
      await http().post('/accounts/A1/deposits').set(as('dealer-1', key)).send({ amountCents: 1000 }).expect(201);
      const theirs = await http().post('/accounts/A1/deposits').set(as('dealer-2', key)).send({ amountCents: 1000 }).expect(201);
      expect(theirs.body).toEqual({ accountId: 'A1', balanceCents: 2000 });
      expect(theirs.headers['idempotent-replayed']).toBeUndefined();
      expect(runs.get('deposit')).toBe(2);
    });

    it('a failure on our side (5xx) is not kept: the retry runs the command', async () => {
      const key = `flaky-${adapter}-${store}`;
      failuresLeft = 1;
      await http().post('/accounts/A1/flaky').set(as('dealer-1', key)).send().expect(500);
      const retry = await http().post('/accounts/A1/flaky').set(as('dealer-1', key)).send().expect(200);
      expect(retry.body).toEqual({ n: 2 });
      const again = await http().post('/accounts/A1/flaky').set(as('dealer-1', key)).send().expect(200);
      expect(again.body).toEqual({ n: 2 });
      expect(again.headers['idempotent-replayed']).toBe('true');
    });

    it('an answer that says to retry (409 CONCURRENT_MODIFICATION) is not kept: the retry runs the command', async () => {
      const key = `conflicted-${adapter}-${store}`;
      await http().post('/accounts/A1/conflicted').set(as('dealer-1', key)).send().expect(409);
      const retry = await http().post('/accounts/A1/conflicted').set(as('dealer-1', key)).send().expect(200);
      expect(retry.body).toEqual({ n: 2 });
    });

    it('a refusal of who is asking (403) is not kept: once allowed, the retry runs the command', async () => {
      const key = `guarded-${adapter}-${store}`;
      await http().post('/accounts/A1/guarded').set(as('dealer-1', key)).send().expect(403);
      const retry = await http().post('/accounts/A1/guarded').set(as('dealer-1', key)).send().expect(200);
      expect(retry.body).toEqual({ n: 2 });
    });
  });

  describe('Idempotency-Key: two concurrent requests with one key run the command once', () => {
    it('the second waits for the first and answers what it answered', async () => {
      const key = `concurrent-${adapter}-${store}`;
      const send = () => http().post('/accounts/A2/deposits').set(as('dealer-1', key)).send({ amountCents: 700 });
      const answers = await Promise.all([send(), send(), send()]);
      expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
      for (const answer of answers) expect(answer.body).toEqual({ accountId: 'A2', balanceCents: 700 });
      expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(2);
      expect(runs.get('deposit')).toBe(1);
      expect(balanceCents).toBe(700);
    });
  });
});

describe('Idempotency-Key: keys recorded before answers were kept migrate in place', () => {
  it('the answer columns are added to an existing table; its old key runs once more (the event store answers it), then answers', async () => {
    const db = await createTestDatabase('pk_idem_upgrade', 2);
    try {
      await db.pool.query(`CREATE SCHEMA platform;
        CREATE TABLE platform.idempotency_keys (actor_id text NOT NULL, idempotency_key text NOT NULL, fingerprint text NOT NULL, route text NOT NULL,
          first_used_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (actor_id, idempotency_key));
        INSERT INTO platform.idempotency_keys (actor_id, idempotency_key, fingerprint, route) VALUES ('alice', 'old', 'f', 'POST /x');`);
      const keys = new PostgresIdempotencyKeys(db.pool);
      const use = { fingerprint: 'f', route: 'POST /x' };
      const claim = await keys.claim('alice', 'old', use, 1_000);
      expect(claim.kind).toBe('run');
      if (claim.kind !== 'run') return;
      await keys.answer('alice', 'old', claim.lease, { status: 201, body: { done: true } });
      expect(await keys.claim('alice', 'old', use, 1_000)).toEqual({ kind: 'answered', answer: { status: 201, body: { done: true } } });
      expect((await keys.claim('alice', 'old', { fingerprint: 'g', route: 'POST /y' }, 1_000)).kind).toBe('reused');
    } finally {
      await db.drop();
    }
  });
});
