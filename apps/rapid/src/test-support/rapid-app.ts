import { INestApplication, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { DatabaseModule, PG_POOL } from '@app/database';
import { configureServiceApp, isCasinoBound, PlatformKitModule, postgresAuditSinkFrom, Role } from '@app/platform-kit';
import { testBearer } from '@app/testing';
import type { CasinoId } from '@app/baccarat';
import type { EventSource } from '@app/messaging';
import type { Pool } from 'pg';
import { RapidModule } from '../rapid.module';

export const TEST_SECRET = 'rapid-test-secret';
/** The casinos a staff token of these tests covers by default: Crown Melbourne's (Rapid). */
export const TEST_CASINOS: readonly CasinoId[] = ['crown-melbourne'];
export const bearer = (roles: Role[], sub: string = roles[0], jurisdictions?: string[], casinos: readonly CasinoId[] = TEST_CASINOS) =>
  testBearer({ roles, sub, jurisdictions, casinos: roles.some(isCasinoBound) ? casinos : undefined, secret: TEST_SECRET });
export const atsBearer = (atsId: string) => bearer(['ats'], atsId);

export interface RapidAppOptions {
  readonly url: string;
  /** Kafka brokers; none → embedded. */
  readonly brokers?: readonly string[];
  readonly topic?: string;
  readonly poolSize?: number;
  /** The tournaments service's published events (Rapid 12). */
  readonly tournamentsSource?: (pool: Pool) => EventSource;
  /** Write the audit trail to PostgreSQL as the deployed service does (the benchmark); else to the log. */
  readonly postgresAudit?: boolean;
}

/** The Rapid service as apps/platform or main.ts hosts it: database, platform kit, RapidModule. */
export async function startRapidApp(o: RapidAppOptions): Promise<INestApplication> {
  @Module({
    imports: [
      DatabaseModule.forRoot({ url: o.url, poolSize: o.poolSize ?? 20 }),
      PlatformKitModule.forRoot({ serviceName: 'rapid', authSecret: TEST_SECRET, ...(o.postgresAudit ? { auditSink: postgresAuditSinkFrom(PG_POOL) } : {}) }),
      RapidModule.forRoot({ brokers: o.brokers ?? [], topic: o.topic, tournamentsSource: o.tournamentsSource }),
    ],
  })
  class TestRapidApp {}
  const moduleRef = await Test.createTestingModule({ imports: [TestRapidApp] }).compile();
  const app = configureServiceApp(moduleRef.createNestApplication({ logger: false }));
  await app.init();
  return app;
}
