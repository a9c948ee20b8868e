import { INestApplication, Module, type DynamicModule, type Type } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { createDataSource } from '@app/database';
import { configureServiceApp } from '@app/platform-kit';
import type { TestDatabase } from '@app/testing';
import { PlatformModule, type PlatformModuleOptions } from '../../apps/platform/src/platform.module';

export interface TestPlatformOptions {
  /** The platform's database pool (default 20). */
  readonly poolSize?: number;
  /** Kafka brokers; none: the services exchange events through the event store, as `npm start` without KAFKA_BROKERS. */
  readonly kafkaBrokers?: readonly string[];
  /** The test's own topics, so it never reads or writes another run's. */
  readonly topics?: PlatformModuleOptions['topics'];
  /** Modules to import beside the platform (e.g. DiscoveryModule to walk its routes). */
  readonly imports?: readonly (Type<unknown> | DynamicModule)[];
}

/**
 * The whole platform in the test's process, as `npm start` runs it, on the test's database: every service, the
 * platform kit's HTTP edge, the scheduler off (tests generate reports when they want them). Initialised, not
 * listening: call `listen` for a browser or a second client.
 */
export async function startTestPlatform(db: TestDatabase, o: TestPlatformOptions = {}): Promise<INestApplication> {
  const dataSource = await createDataSource({ url: db.url, poolSize: o.poolSize ?? 20 });
  @Module({ imports: [...(o.imports ?? []), PlatformModule.forRoot({ dataSource, databaseUrl: db.url, kafkaBrokers: o.kafkaBrokers, topics: o.topics, reportScheduler: false })] })
  class TestPlatformRoot {}
  const moduleRef = await Test.createTestingModule({ imports: [TestPlatformRoot] }).compile();
  const app = configureServiceApp(moduleRef.createNestApplication({ logger: false }));
  await app.init();
  return app;
}
