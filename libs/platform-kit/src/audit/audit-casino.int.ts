import { Body, Controller, HttpCode, INestApplication, Module, Param, Post, Put } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { createTestDatabase, TestDatabase } from '@app/testing';
import { Authorize, configureServiceApp, isCasinoBound, issueToken, PlatformKitModule, PostgresAuditSink, provideCasinoResolver, Role } from '@app/platform-kit';

// ---- a tiny service, defined here only for the test: jackpots over tables it learnt of -------------------
const TABLES: Record<string, string> = { 'MEL-1': 'crown-melbourne', 'STAR-1': 'star-sydney' };
const JACKPOTS: Record<string, string> = { 'J-MEL': 'crown-melbourne', 'J-STAR': 'star-sydney' };

@Controller('jackpots')
class JackpotsController {
  @Post()
  @Authorize('area-manager')
  create(@Body() body: Record<string, unknown>) {
    return body;
  }

  @Post('promotions')
  @Authorize('area-manager')
  promote(@Body() body: Record<string, unknown>) {
    return body;
  }

  @Put(':jackpotId/tables')
  @HttpCode(200)
  @Authorize('area-manager')
  tables(@Param('jackpotId') jackpotId: string) {
    return { jackpotId };
  }

  @Post(':jackpotId/retire')
  @HttpCode(200)
  @Authorize('administrator')
  retire(@Param('jackpotId') jackpotId: string) {
    return { jackpotId };
  }
}

const JACKPOTS_SCOPE = provideCasinoResolver(() => ({
  service: 'jackpots',
  controllers: [JackpotsController],
  ids: { jackpotId: (id) => JACKPOTS[id], tableId: (id) => TABLES[id] },
  bodyIds: { tableIds: 'tableId', 'entryRule.tableIds': 'tableId' },
  body: (b) => (b.rulebookId === 'crown-melbourne-v29' ? 'crown-melbourne' : b.rulebookId === 'star-sydney-2024' ? 'star-sydney' : undefined),
}));

@Module({ controllers: [JackpotsController], providers: [JACKPOTS_SCOPE] })
class JackpotsTestModule {}
// -------------------------------------------------------------------------------------------------------

const SECRET = 'audit-casino-secret';
const tokenFor = (role: Role, casinos: string[], sub = `${role}-1`) =>
  `Bearer ${issueToken({ sub, name: sub, roles: [role], ...(isCasinoBound(role) ? { casinos } : {}) }, SECRET, 300)}`;

describe('the audit trail records the casino every command concerned (staff act only at their own casino)', () => {
  let db: TestDatabase;
  let app: INestApplication;
  const http = () => request(app.getHttpServer());
  const auditFor = async (correlationId: string) =>
    (await db.pool.query<{ casino: string | null; status: number; error_code: string | null; summary: string }>('SELECT casino, status, error_code, summary FROM platform.audit_log WHERE correlation_id = $1', [correlationId])).rows;

  beforeAll(async () => {
    process.env.LOG_LEVEL = 'fatal';
    db = await createTestDatabase('pk_audit_casino', 4);
    const moduleRef = await Test.createTestingModule({
      imports: [PlatformKitModule.forRoot({ serviceName: 'jackpots', authSecret: SECRET, auditSink: new PostgresAuditSink(db.pool) }), JackpotsTestModule],
    }).compile();
    app = configureServiceApp(moduleRef.createNestApplication({ logger: false }));
    await app.init();
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('a creation refused for a record of another casino its body names records the casino it was refused for (a jackpot over a Star table, a promotion whose entry rule names one)', async () => {
    const crown = tokenFor('area-manager', ['crown-melbourne']);
    const jackpot = await http().post('/jackpots').set('Authorization', crown).set('x-correlation-id', 'body-ids-1').send({ rulebookId: 'crown-melbourne-v29', tableIds: ['STAR-1'] });
    expect(jackpot.body).toMatchObject({ code: 'OUT_OF_CASINO', message: expect.stringMatching(/belongs to star-sydney/) });
    expect(await auditFor('body-ids-1')).toEqual([expect.objectContaining({ status: 403, error_code: 'OUT_OF_CASINO', casino: 'star-sydney' })]);

    const star = tokenFor('area-manager', ['star-sydney']);
    const promotion = await http().post('/jackpots/promotions').set('Authorization', star).set('x-correlation-id', 'body-ids-2').send({ entryRule: { tableIds: ['MEL-1'] } });
    expect(promotion.body).toMatchObject({ code: 'OUT_OF_CASINO' });
    expect(await auditFor('body-ids-2')).toEqual([expect.objectContaining({ status: 403, casino: 'crown-melbourne' })]);
  });

  it('a command naming its casino only through the records of its body records their casino', async () => {
    await http().post('/jackpots/promotions').set('Authorization', tokenFor('area-manager', ['star-sydney'])).set('x-correlation-id', 'body-ids-3').send({ entryRule: { tableIds: ['STAR-1'] } }).expect(201);
    expect(await auditFor('body-ids-3')).toEqual([expect.objectContaining({ status: 201, casino: 'star-sydney' })]);
  });

  it("a role refused on a per-record route records the record's casino, of the token's casino or another", async () => {
    await http().put('/jackpots/J-MEL/tables').set('Authorization', tokenFor('dealer', ['crown-melbourne'])).set('x-correlation-id', 'role-1').send({}).expect(403);
    expect(await auditFor('role-1')).toEqual([expect.objectContaining({ status: 403, error_code: 'ROLE_NOT_PERMITTED', casino: 'crown-melbourne' })]);
    await http().put('/jackpots/J-STAR/tables').set('Authorization', tokenFor('dealer', ['crown-melbourne'])).set('x-correlation-id', 'role-2').send({}).expect(403);
    expect(await auditFor('role-2')).toEqual([expect.objectContaining({ error_code: 'ROLE_NOT_PERMITTED', casino: 'star-sydney' })]);
  });

  it('a role refused on a creation records the casino its body names', async () => {
    await http().post('/jackpots').set('Authorization', tokenFor('dealer', ['star-sydney'])).set('x-correlation-id', 'role-3').send({ rulebookId: 'star-sydney-2024', tableIds: [] }).expect(403);
    expect(await auditFor('role-3')).toEqual([expect.objectContaining({ error_code: 'ROLE_NOT_PERMITTED', casino: 'star-sydney' })]);
  });

  it("a command of a role above any one casino (an administrator's) records the record's casino", async () => {
    await http().post('/jackpots/J-STAR/retire').set('Authorization', tokenFor('administrator', [])).set('x-correlation-id', 'admin-1').send({}).expect(200);
    expect(await auditFor('admin-1')).toEqual([expect.objectContaining({ status: 200, casino: 'star-sydney' })]);
  });
});
