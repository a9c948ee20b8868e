/**
 * `npm start`: every service in one process. Without DATABASE_URL an embedded real PostgreSQL starts (data in
 * .data/postgres, kept across restarts); without KAFKA_BROKERS the services exchange events through the event
 * store's durable subscription instead of Kafka.
 */
import { Module } from '@nestjs/common';
import { createDataSource, startEmbeddedPostgres, RunningPostgres } from '@app/database';
import { assertDatabaseReachable, configOrExit, createServiceApp, exitOnStartFailure } from '@app/platform-kit';
import { readPlatformConfig } from './platform-config';
import { PlatformModule } from './platform.module';
import { migratePlatform } from './schema-migrations';

async function main(): Promise<void> {
  const config = configOrExit(() => readPlatformConfig());
  let embedded: RunningPostgres | undefined;
  let databaseUrl = config.databaseUrl;
  if (databaseUrl) {
    await assertDatabaseReachable('platform', databaseUrl);
  } else {
    embedded = await startEmbeddedPostgres({ dataDir: config.embeddedDataDir, port: config.embeddedPort });
    // e.g. the server a killed run left behind on the data directory, stopped before this start.
    if (embedded.recovered) console.log(embedded.recovered);
    databaseUrl = embedded.url;
  }
  const dataSource = await createDataSource({ url: databaseUrl, poolSize: config.pgPoolSize });
  // Every schema up to date before any service starts (each service also applies its own at boot).
  await migratePlatform(dataSource);
  @Module({ imports: [PlatformModule.forRoot({ dataSource, databaseUrl, kafkaBrokers: config.kafkaBrokers })] })
  class RootModule {}
  const app = await createServiceApp(RootModule, {
    title: 'Baccarat back office admin API',
    version: '1.0.0',
  });
  if (embedded) app.enableShutdownHooks();
  // `/health` is where a newcomer looks first: send them to the readiness check (liveness is /health/live).
  app.getHttpAdapter().get('/health', (_req: unknown, res: { redirect: (status: number, url: string) => void }) => res.redirect(307, '/health/ready'));
  await app.listen(config.httpPort, config.host);
  const base = `http://${config.host}:${config.httpPort}`;
  // Plain text on purpose: this banner is for the person who typed `npm start`; everything else is JSON lines.
  console.log(
    [
      `Baccarat back office is up on ${base}`,
      `  database: ${embedded ? `embedded PostgreSQL (${config.embeddedDataDir}, port ${config.embeddedPort})` : 'DATABASE_URL'}`,
      `  events:   ${config.kafkaBrokers ? `Kafka at ${config.kafkaBrokers.join(',')}` : 'in-database subscription (KAFKA_BROKERS unset)'}`,
      `  API docs:         ${base}/docs`,
      `  OpenAPI JSON:     ${base}/docs-json`,
      `  vocabulary:       ${base}/rulebooks (rulebooks, variants, bets, dealing methods, roles, jurisdictions)`,
      `  health:           ${base}/health/ready (liveness: ${base}/health/live)`,
      `  metrics:          ${base}/metrics`,
      `  dashboard:        ${base}/dashboard`,
      `  jackpot display:  ${base}/jackpots/<jackpotId>/display`,
      `  jackpot console:  ${base}/jackpot-console`,
      `  promotion draw:   ${base}/promotions/<promotionId>/draw/page`,
      `  rapid ATS / SGC:  ${base}/rapid/ats  ${base}/rapid/sgc`,
      `  tournament board: ${base}/tournaments/<tournamentId>/standings/page`,
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

main().catch(exitOnStartFailure('platform'));
