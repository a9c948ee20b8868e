/**
 * One instance of the tables service for the tables benchmark, in its own process as it runs when deployed
 * (audit trail in PostgreSQL, outbox relay to Kafka; with several instances one relay leads, the others
 * stand by). Told the database and brokers over IPC; answers with the port it listens on, then the benchmark's
 * probes (bench/server-probe.ts: CPU, round trips, a profile) and `stop`.
 */
import type { AddressInfo } from 'node:net';
import { createTablesApp } from '../apps/tables/src/test-support/tables-test-app';
import { answerProbes } from './server-probe';

process.env.LOG_LEVEL = 'fatal';
process.once('message', (o: { databaseUrl: string; brokers: string[]; topic: string }) => {
  createTablesApp(o.databaseUrl, { messaging: { brokers: o.brokers }, topic: o.topic, poolSize: 20, postgresAudit: true })
    .then(async (app) => {
      await app.listen(0, '127.0.0.1');
      // Paced at half a slow machine's capacity a table's console can sit idle longer than Node's 5 s keep-alive:
      // the server then closes the connection as the console reuses it (ECONNRESET). Kept open as long as a load
      // balancer in front would keep it.
      const server = app.getHttpServer() as import('node:http').Server;
      server.keepAliveTimeout = 120_000;
      server.headersTimeout = 121_000;
      process.send!({ port: (app.getHttpServer().address() as AddressInfo).port });
      answerProbes();
      process.on('message', (m) => {
        if (m === 'stop') void app.close().then(() => process.exit(0));
      });
    })
    .catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
});
