/**
 * `npm start`: every service in one process. Without DATABASE_URL an embedded real PostgreSQL starts (data in
 * .data/postgres, kept across restarts); without KAFKA_BROKERS the services exchange events through the event
 * store's durable subscription instead of Kafka.
 */
import { Module } from '@nestjs/common';
import { createDataSource, startEmbeddedPostgres, RunningPostgres } from '@app/database';
import { createServiceApp } from '@app/platform-kit';
import { readPlatformConfig } from './platform-config';
import { PlatformModule } from './platform.module';

async function main(): Promise<void> {
  const config = readPlatformConfig();
  let embedded: RunningPostgres | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres({ dataDir: config.embeddedDataDir, port: config.embeddedPort });
    databaseUrl = embedded.url;
  }
  const dataSource = await createDataSource({ url: databaseUrl, poolSize: Number(process.env.PG_POOL_SIZE ?? 30) });
  @Module({ imports: [PlatformModule.forRoot({ dataSource, databaseUrl, kafkaBrokers: config.kafkaBrokers })] })
  class RootModule {}
  const app = await createServiceApp(RootModule, {
    title: 'Baccarat back office admin API',
    version: '1.0.0',
  });
  if (embedded) app.enableShutdownHooks();
  await app.listen(config.httpPort, config.host);
  const base = `http://${config.host}:${config.httpPort}`;
  // Plain text on purpose: this banner is for the person who typed `npm start`; everything else is JSON lines.
  console.log(
    [
      `Baccarat back office is up on ${base}`,
      `  database: ${embedded ? `embedded PostgreSQL (${config.embeddedDataDir}, port ${config.embeddedPort})` : 'DATABASE_URL'}`,
      `  events:   ${config.kafkaBrokers ? `Kafka at ${config.kafkaBrokers.join(',')}` : 'in-database subscription (KAFKA_BROKERS unset)'}`,
      `  API docs:         ${base}/docs`,
      `  health:           ${base}/health/ready`,
      `  metrics:          ${base}/metrics`,
      `  dashboard:        ${base}/dashboard`,
      `  jackpot display:  ${base}/jackpots/<jackpotId>/display`,
      `  a token:          npm run token -- --role casino-manager --sub you`,
    ].join('\n'),
  );
  const stopEmbedded = async () => {
    await app.close();
    await embedded?.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void stopEmbedded());
  process.once('SIGTERM', () => void stopEmbedded());
}

main().catch((err: Error) => {
  console.error(`The platform failed to start: ${err.message}`);
  console.error(err.stack);
  process.exit(1);
});
