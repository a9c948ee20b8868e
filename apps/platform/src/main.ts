/**
 * `npm start`: every service in one process. Without DATABASE_URL an embedded real PostgreSQL starts (data in
 * .data/postgres, kept across restarts); without KAFKA_BROKERS the services exchange events through the event
 * store's durable subscription instead of Kafka. Ctrl-C or SIGTERM stops it all, once and in order, exit code 0.
 */
import { Logger, Module } from '@nestjs/common';
import { createDataSource, EmbeddedPostgresInUse, startEmbeddedPostgres, RunningPostgres } from '@app/database';
import { assertDatabaseReachable, configOrExit, createServiceApp, exitOnStartFailure, HealthRegistry, processLogger, redactUrl, stopOnSignals } from '@app/platform-kit';
import { readPlatformConfig } from './platform-config';
import { PlatformModule } from './platform.module';
import { migratePlatform } from './schema-migrations';

/** How long the banner waits for the services to be ready (consumers joined) before it is printed anyway. */
const READY_WAIT_MS = 120_000;

async function main(): Promise<void> {
  // The one shutdown path, from the first moment: a Ctrl-C while the database starts stops it too.
  const shutdown = stopOnSignals();
  const config = configOrExit(() => readPlatformConfig());
  // Lines before the application (and its logger) exist: the same fields and format.
  const log = processLogger({ service: 'platform', context: 'Platform' });
  let embedded: RunningPostgres | undefined;
  let databaseUrl = config.databaseUrl;
  if (databaseUrl) {
    await assertDatabaseReachable('platform', databaseUrl);
  } else {
    embedded = await startEmbeddedPostgres({ dataDir: config.embeddedDataDir, port: config.embeddedPort, progress: (line) => log.info(line), callerStops: true });
    const running = embedded;
    shutdown.add('the embedded PostgreSQL', async () => {
      await running.stop();
      // Through the application's logger, as the other lines of the stop (one writer on stdout).
      new Logger('Platform').log(`Stopped the embedded PostgreSQL (${running.dataDir}, port ${running.port}); its data is kept`);
    });
    // e.g. the server a killed run left behind on the data directory, stopped before this start.
    if (embedded.recovered) log.warn(embedded.recovered);
    databaseUrl = embedded.url;
  }
  const dataSource = await createDataSource({ url: databaseUrl, poolSize: config.pgPoolSize });
  // Every schema up to date before any service starts (each service also applies its own at boot).
  log.info('Bringing every service schema up to date...');
  await migratePlatform(dataSource);
  @Module({ imports: [PlatformModule.forRoot({ dataSource, databaseUrl, kafkaBrokers: config.kafkaBrokers })] })
  class RootModule {}
  const app = await createServiceApp(RootModule, {
    title: 'Baccarat back office admin API',
    version: '1.0.0',
  });
  // Closed first: the HTTP server, the consumers and relays, the pool (the DataSource above); then the database.
  shutdown.addApp(app);
  // `/health` is where a newcomer looks first: send them to the readiness check (liveness is /health/live).
  app.getHttpAdapter().get('/health', (_req: unknown, res: { redirect: (status: number, url: string) => void }) => res.redirect(307, '/health/ready'));
  await app.listen(config.httpPort, config.host);
  // The banner last: after the consumers have joined and said so, so it is not buried under their lines.
  const ready = await untilReady(app.get(HealthRegistry));
  const base = `http://${config.host}:${config.httpPort}`;
  // Plain text on purpose: this banner is for the person who typed `npm start`.
  console.log(
    [
      `Baccarat back office is up on ${base}${ready ? '' : ` (not ready yet: see ${base}/health/ready)`}`,
      `  database: ${embedded ? `embedded PostgreSQL ${embedded.url} (data in ${embedded.dataDir})` : `DATABASE_URL ${redactUrl(databaseUrl)}`}`,
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
      `  a token:          npm run token -- --role casino-manager --sub you --casino crown-melbourne`,
      `  stop:             Ctrl-C (or SIGTERM): the HTTP server, the services, then the database${embedded ? ' (its data is kept)' : ''}`,
    ].join('\n'),
  );
}

/** Until every readiness check is up or degraded (or READY_WAIT_MS passed): false if it never was. */
async function untilReady(health: HealthRegistry): Promise<boolean> {
  const deadline = Date.now() + READY_WAIT_MS;
  while (Date.now() < deadline) {
    if ((await health.readiness()).status !== 'down') return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
}

main().catch((err: unknown) => {
  // Another `npm start` runs on this data directory: say what to do (exit 75, EX_TEMPFAIL), without a stack trace.
  if (err instanceof EmbeddedPostgresInUse) {
    console.error(`The back office cannot start: ${err.message}`);
    process.exit(75);
  }
  exitOnStartFailure('platform')(err);
});
