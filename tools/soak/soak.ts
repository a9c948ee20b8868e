/**
 * `npm run soak -- --tables N --minutes M --seed S [--kafka-outage-seconds 20] [--pause-seconds 10]
 *   [--hostile 200] [--coup-interval-ms 1000] [--replicas 2]`
 * A casino day in production shape (tools/soak/run-soak.ts): its own database on DATABASE_URL's server and its
 * own Kafka broker, every service its own processes (an active replica and a warm standby each; `--replicas 1`
 * for one), faults, hostile requests and the exact invariants. Progress goes to stderr; the last line of stdout
 * is the JSON summary. Exits 1 on any invariant violation, server error or authorisation bypass.
 */
import { parseArgs } from 'node:util';
import { runSoak, stopEverythingStarted } from './run-soak';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      tables: { type: 'string', default: '4' },
      minutes: { type: 'string', default: '5' },
      seed: { type: 'string', default: '1' },
      'kafka-outage-seconds': { type: 'string', default: '20' },
      'pause-seconds': { type: 'string', default: '10' },
      hostile: { type: 'string', default: '200' },
      'coup-interval-ms': { type: 'string', default: '1000' },
      replicas: { type: 'string', default: '2' },
    },
    strict: true,
  });
  const summary = await runSoak({
    tables: Number(values.tables),
    minutes: Number(values.minutes),
    seed: Number(values.seed),
    kafkaOutageSeconds: Number(values['kafka-outage-seconds']),
    pauseSeconds: Number(values['pause-seconds']),
    hostileRequests: Number(values.hostile),
    coupIntervalMs: Number(values['coup-interval-ms']),
    replicas: Number(values.replicas),
  });
  const { violations, hostileFindings, faults, ...rest } = summary;
  for (const v of violations) console.error(`VIOLATION ${v}`);
  for (const f of hostileFindings) console.error(`HOSTILE ${f}`);
  for (const f of faults) console.error(`FAULT ${JSON.stringify(f)}`);
  for (const r of rest.lagAfterRestarts) console.error(`LAG AFTER RESTART ${r.service}: ${r.lagMsPerSecond.map((l) => l ?? '-').join(' ')} ms`);
  for (const t of rest.takeovers) console.error(`TAKEOVER ${t.killed} killed: its locks held again after ${t.takeoverMs} ms by ${t.by.join(', ') || 'nobody'}`);
  const headline = {
    tables: rest.tables,
    coups: rest.coups,
    wagers: rest.wagers,
    eventsPerSec: rest.eventsPerSec,
    projectionLagP99Ms: rest.projectionLagP99Ms,
    faultsInjected: rest.faultsInjected,
    recoverySecondsMax: rest.recoverySecondsMax,
    invariantViolations: rest.invariantViolations,
    malformedRequests: rest.malformedRequests,
    serverErrors: rest.serverErrors,
    authBypasses: rest.authBypasses,
    projectionLagP99MsOutsideFaults: rest.projectionLagP99MsOutsideFaults,
    projectionLagMaxMsAfterRestart: rest.projectionLagMaxMsAfterRestart,
    takeoverMsMax: rest.takeoverMsMax,
    replicas: rest.replicas,
    malformedAccepted: rest.malformedAccepted,
    rapidRounds: rest.rapidRounds,
    tournamentCoups: rest.tournamentCoups,
    promotionEntries: rest.promotionEntries,
    commands: rest.commands,
    retriedCommands: rest.retriedCommands,
  };
  console.log(JSON.stringify(headline));
  return summary.invariantViolations || summary.serverErrors || summary.authBypasses ? 1 : 0;
}

// Interrupted or crashed: stop the services, the broker and the database it started, then leave.
const abort = (why: string) => {
  console.error(`The soak was interrupted (${why}); stopping what it started.`);
  void stopEverythingStarted().finally(() => process.exit(2));
};
process.once('SIGINT', () => abort('SIGINT'));
process.once('SIGTERM', () => abort('SIGTERM'));
process.once('uncaughtException', (err) => abort(err.stack ?? String(err)));
process.once('unhandledRejection', (err) => abort(String(err)));

main().then(
  (code) => process.exit(code),
  (err: Error) => {
    console.error(`The soak failed: ${err.stack ?? err.message}`);
    process.exit(2);
  },
);
