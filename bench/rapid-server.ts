/**
 * One instance of the Rapid service for the rapid benchmark, in its own process as it runs when deployed (audit
 * trail in PostgreSQL). Told the database over IPC; answers with the port it listens on; answers `cpu` with the
 * process's CPU time so far (every thread's: the event loop's, GC's, libuv's), and `stop` by closing.
 */
import type { AddressInfo } from 'node:net';
import { startRapidApp } from '../apps/rapid/src/test-support/rapid-app';

process.env.LOG_LEVEL = 'fatal';
process.once('message', (o: { databaseUrl: string; poolSize: number }) => {
  startRapidApp({ url: o.databaseUrl, poolSize: o.poolSize, postgresAudit: true })
    .then(async (app) => {
      await app.listen(0, '127.0.0.1');
      process.on('message', (m) => {
        if (m === 'cpu') process.send!({ cpu: process.cpuUsage() });
        else if (m === 'stop') void app.close().then(() => process.exit(0));
      });
      process.send!({ port: (app.getHttpServer().address() as AddressInfo).port });
    })
    .catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
});
