/** Boots the tables service in-process on a given database (HTTP tests, Kafka tests and the benchmark). */
import { INestApplication, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { DatabaseModule } from '@app/database';
import { configureServiceApp, issueToken, PlatformKitModule, type Role } from '@app/platform-kit';
import { TablesModule, type TablesModuleOptions } from '../tables.module';

export const TEST_AUTH_SECRET = 'tables-test-secret';

export const bearer = (role: Role, sub = `${role}-1`, secret = TEST_AUTH_SECRET): string => `Bearer ${issueToken({ sub, name: sub, roles: [role] }, secret, 3600)}`;

export async function createTablesApp(databaseUrl: string, options: TablesModuleOptions & { poolSize?: number } = {}): Promise<INestApplication> {
  @Module({
    imports: [
      DatabaseModule.forRoot({ url: databaseUrl, poolSize: options.poolSize ?? 10 }),
      PlatformKitModule.forRoot({ serviceName: 'tables', authSecret: TEST_AUTH_SECRET }),
      TablesModule.forRoot(options),
    ],
  })
  class TablesTestRoot {}
  const moduleRef = await Test.createTestingModule({ imports: [TablesTestRoot] }).compile();
  const app = configureServiceApp(moduleRef.createNestApplication({ logger: false }));
  await app.init();
  return app;
}
