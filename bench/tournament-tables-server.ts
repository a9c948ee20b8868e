/**
 * The tables service for the tournaments benchmark, in its own process as it runs when deployed (outbox relay to
 * Kafka on the benchmark's own topic). Told the database, brokers and topic over IPC; answers with its port, then
 * with its hop timestamps when asked ('marks'; 'measure' starts the event-loop delays afresh), to the benchmark's
 * probes (bench/server-probe.ts), and stops when told ('stop').
 */
import type { AddressInfo } from 'node:net';
import { createTablesApp } from '../apps/tables/src/test-support/tables-test-app';
import { tournamentsSource } from '../apps/tournaments/src/tournaments.source';
import { answerProbes } from './server-probe';
import { EventLoopDelays, LagMarks, probeTables } from './tournament-lag-probe';

process.env.LOG_LEVEL = 'fatal';
const marks = new LagMarks();
const beforeReport = probeTables(marks);
const delays = new EventLoopDelays();
process.once('message', (o: { databaseUrl: string; brokers: string[]; topic: string; tournamentsTopic: string }) => {
  // The tournament's sessions reach the tables from the tournaments topic: only the boxes a session seats wager.
  createTablesApp(o.databaseUrl, { messaging: { brokers: o.brokers }, topic: o.topic, poolSize: 10, tournamentsSource: (pool) => tournamentsSource(pool, o.tournamentsTopic) })
    .then(async (app) => {
      await app.listen(0, '127.0.0.1');
      process.send!({ port: (app.getHttpServer().address() as AddressInfo).port });
      answerProbes();
      process.on('message', (m) => {
        if (m === 'measure') delays.reset();
        else if (m === 'marks') {
          beforeReport();
          process.send!({ marks: marks.marks, eventLoop: delays.summary() });
        } else if (m === 'stop') void app.close().then(() => process.exit(0));
      });
    })
    .catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
});
