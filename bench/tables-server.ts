/**
 * One instance of the tables service for the tables benchmark, in its own process as it runs when deployed
 * (audit trail in PostgreSQL, outbox relay to Kafka; with several instances one relay leads, the others
 * stand by). Told the database and brokers over IPC; answers with the port it listens on.
 */
import type { AddressInfo } from 'node:net';
import { createTablesApp } from '../apps/tables/src/test-support/tables-test-app';

process.env.LOG_LEVEL = 'fatal';
process.once('message', (o: { databaseUrl: string; brokers: string[]; topic: string }) => {
  createTablesApp(o.databaseUrl, { messaging: { brokers: o.brokers }, topic: o.topic, poolSize: 20, postgresAudit: true })
    .then(async (app) => {
      await app.listen(0, '127.0.0.1');
      process.send!({ port: (app.getHttpServer().address() as AddressInfo).port });
      process.once('message', () => void app.close().then(() => process.exit(0)));
    })
    .catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
});
