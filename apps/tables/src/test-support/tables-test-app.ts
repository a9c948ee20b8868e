/** Boots the tables service in-process on a given database (HTTP tests, Kafka tests and the benchmark). */
import { randomUUID } from 'node:crypto';
import { INestApplication, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { DatabaseModule, PG_POOL } from '@app/database';
import type { CasinoId } from '@app/baccarat';
import { configureServiceApp, isCasinoBound, PlatformKitModule, postgresAuditSinkFrom, type Role } from '@app/platform-kit';
import { createTestDatabase, EVERY_CASINO, testBearer, type TestDatabase } from '@app/testing';
import { TablesModule, type TablesModuleOptions } from '../tables.module';

export const TEST_AUTH_SECRET = 'tables-test-secret';

/**
 * The tables tests open tables under every rulebook, so their staff token covers every casino by default; a test of
 * one casino's staff names it.
 */
export const bearer = (role: Role, sub = `${role}-1`, secret = TEST_AUTH_SECRET, casinos: readonly CasinoId[] = EVERY_CASINO): string =>
  testBearer({ roles: [role], sub, secret, casinos: isCasinoBound(role) ? casinos : undefined });

/** `postgresAudit`: write the audit trail to PostgreSQL as the deployed service does (the benchmark). */
export async function createTablesApp(databaseUrl: string, options: TablesModuleOptions & { poolSize?: number; postgresAudit?: boolean } = {}): Promise<INestApplication> {
  @Module({
    imports: [
      DatabaseModule.forRoot({ url: databaseUrl, poolSize: options.poolSize ?? 10 }),
      PlatformKitModule.forRoot({ serviceName: 'tables', authSecret: TEST_AUTH_SECRET, ...(options.postgresAudit ? { auditSink: postgresAuditSinkFrom(PG_POOL) } : {}) }),
      // A topic of its own unless told: a test or a benchmark never publishes into the platform's baccarat.tables.events.
      TablesModule.forRoot({ ...options, topic: options.topic ?? `test.tables.${randomUUID()}.events` }),
    ],
  })
  class TablesTestRoot {}
  const moduleRef = await Test.createTestingModule({ imports: [TablesTestRoot] }).compile();
  const app = configureServiceApp(moduleRef.createNestApplication({ logger: false }));
  await app.init();
  return app;
}

/**
 * The setup every tables HTTP suite repeated: registers a throwaway database and an in-process tables app without
 * messaging for the suite (beforeAll / afterAll), and answers its HTTP client, role headers and app.
 */
export function tablesHttpSuite(prefix: string, o: { databasePoolSize?: number; poolSize?: number } = {}) {
  let db: TestDatabase | undefined;
  let app: INestApplication | undefined;
  beforeAll(async () => {
    process.env.LOG_LEVEL = 'fatal';
    db = await createTestDatabase(prefix, o.databasePoolSize ?? 2);
    app = await createTablesApp(db.url, { messaging: false, poolSize: o.poolSize ?? 4 });
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });
  const appOf = (): INestApplication => {
    if (!app) throw new Error('The tables app starts in beforeAll: use it inside a test.');
    return app;
  };
  return { app: appOf, http: () => request(appOf().getHttpServer()), as: (role: Role) => ({ Authorization: bearer(role) }) };
}

/** A new shoe ready for the first coup over HTTP: started with its commitment, cut 20 from the back, one card burnt. */
export async function readyShoeOverHttp(app: INestApplication, tableId: string, commitmentHash: string): Promise<void> {
  const http = () => request(app.getHttpServer());
  await http().post(`/tables/${tableId}/shoes`).set('Authorization', bearer('dealer')).send({ cards: 'new', commitmentHash, shoeId: `${tableId}-shoe` }).expect(201);
  await http().post(`/tables/${tableId}/shoe/cut`).set('Authorization', bearer('dealer')).send({ cutBy: 'box-1', cutterKind: 'player', cutCardFromBack: 20 }).expect(200);
  await http().post(`/tables/${tableId}/shoe/burn`).set('Authorization', bearer('dealer')).send({ method: 'standard', count: 1 }).expect(200);
}
