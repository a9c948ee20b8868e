/**
 * The tournaments service for the tournaments benchmark, in its own process as it runs when deployed: its
 * table-play consumer on the benchmark's tables topic, its relay on its own topic, the standings feed. Told the
 * database, brokers, topics and consumer name over IPC; answers with its port, then with its hop timestamps and
 * event-loop delays when asked ('marks'; 'measure' starts the event-loop delays afresh), to the benchmark's probes
 * (bench/server-probe.ts: CPU, round trips, a profile), and stops when told ('stop'). The benchmark's client (the dealers'
 * consoles and the board reading the feed) stays in the parent, so its work does not queue in this process.
 */
import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { DatabaseModule } from '@app/database';
import { configureServiceApp, PlatformKitModule } from '@app/platform-kit';
import type { AddressInfo } from 'node:net';
import { tablesSource } from '../apps/platform/src/event-sources';
import { TournamentsModule } from '../apps/tournaments/src/tournaments.module';
import { answerProbes } from './server-probe';
import { EventLoopDelays, LagMarks, probeTournaments } from './tournament-lag-probe';

process.env.LOG_LEVEL = 'fatal';
const marks = new LagMarks();
probeTournaments(marks);
const delays = new EventLoopDelays();

interface Job {
  readonly databaseUrl: string;
  readonly brokers: string[];
  readonly tablesTopic: string;
  readonly topic: string;
  readonly consumerName: string;
  readonly authSecret: string;
}

process.once('message', (o: Job) => {
  @Module({
    imports: [
      DatabaseModule.forRoot({ url: o.databaseUrl, poolSize: 30 }),
      PlatformKitModule.forRoot({ serviceName: 'platform', authSecret: o.authSecret }),
      TournamentsModule.forRoot({ brokers: o.brokers, topic: o.topic, tablesSource: (pool) => tablesSource(pool, o.tablesTopic), consumerName: o.consumerName }),
    ],
  })
  class TournamentsBenchRoot {}
  Test.createTestingModule({ imports: [TournamentsBenchRoot] })
    .compile()
    .then(async (moduleRef) => {
      const app = configureServiceApp(moduleRef.createNestApplication({ logger: false }));
      await app.init();
      await app.listen(0, '127.0.0.1');
      process.send!({ port: (app.getHttpServer().address() as AddressInfo).port });
      answerProbes();
      process.on('message', (m) => {
        if (m === 'measure') delays.reset();
        else if (m === 'marks') process.send!({ marks: marks.marks, eventLoop: delays.summary() });
        else if (m === 'stop') void app.close().then(() => process.exit(0));
      });
    })
    .catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
});
