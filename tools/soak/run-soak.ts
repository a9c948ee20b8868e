/**
 * A casino day in production shape: its own PostgreSQL database and Kafka broker, every service its own
 * processes (two replicas each by default: the active one holding the relay and consumer locks, and a warm
 * standby, behind a load balancer that sends work only to ready replicas), a floor of tables in both jurisdictions played through the HTTP APIs, every fault once at a seeded
 * moment with each service's recovery measured, a batch of hostile requests, then the exact invariants and a
 * rebuild of the read models compared with the live ones. Stops and removes everything it started.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Pool } from 'pg';
import { createRng, randomBelow } from '@app/baccarat';
import { adminDatabaseUrl, createTestDatabase, TestDatabase } from '@app/testing';
import { jackpotsSource, tablesSource } from '../../apps/platform/src/event-sources';
import { jackpotsReadModelProjection } from '../../apps/reporting/src/jackpots/jackpots.projection';
import { rebuildReadModels } from '../../apps/reporting/src/read-model/rebuild-read-models';
import { tablesReadModelsProjection } from '../../apps/reporting/src/read-model/tables-read-models.projection';
import { SoakBroker } from './broker';
import { ConsoleClient } from './console-client';
import { duplicateAndReorder, FaultRecord, killAndRestart, pauseFor, planFaults, terminateBackends } from './faults';
import { Floor } from './floor';
import { sendHostileBatch } from './hostile';
import { checkInvariants, compareSnapshots, readModelSnapshot } from './invariants';
import { acknowledgedCoups, activeReplica, isReady, LagProbe, waitRecovered, waitTakeover } from './probes';
import { PromotionFloor } from './promotion-floor';
import { RapidFloor } from './rapid-floor';
import { TournamentFloor } from './tournament-floor';
import { freePort, presentServices, ROOT, ServiceProcess } from './services';

export interface SoakOptions {
  readonly tables: number;
  readonly minutes: number;
  readonly seed: number;
  /** How long the broker stays down (default 20 s). */
  readonly kafkaOutageSeconds?: number;
  /** How long the paused process stays stopped (default 10 s). */
  readonly pauseSeconds?: number;
  /** Hostile requests in the batch (default 200). */
  readonly hostileRequests?: number;
  /** Each table's pace: one coup per this many ms at most (default 1000). */
  readonly coupIntervalMs?: number;
  /** How long a service may take to recover before it counts as a violation (default 120 s). */
  readonly recoveryTimeoutSeconds?: number;
  /** Processes per service (default 2: an active one and a standby, as a casino runs them; 1 is the old shape). */
  readonly replicas?: number;
  readonly log?: (line: string) => void;
}

export interface SoakSummary {
  tables: number;
  coups: number;
  wagers: number;
  eventsPerSec: number;
  projectionLagP99Ms: number;
  faultsInjected: number;
  recoverySecondsMax: number;
  invariantViolations: number;
  malformedRequests: number;
  malformedAccepted: number;
  serverErrors: number;
  authBypasses: number;
  /** Beyond the headline: lag outside the fault windows, recovery per fault, the violations and findings, where the logs are. */
  projectionLagP99MsOutsideFaults: number;
  /**
   * The worst second of projection lag (reporting's statistics, the jackpot's contributions) in the 30 s from each
   * kill -9 of a service's active replica, counted from the kill itself: the seconds the killed process is dead,
   * before the standby takes over or the restarted process is up, are part of it (with one replica per service
   * they are most of it). Seconds inside another fault's window are left out.
   */
  projectionLagMaxMsAfterRestart: number;
  /** Per kill -9 and restart: the projection lag of each of the 15 seconds from the kill (null: no coup to measure). */
  lagAfterRestarts: { service: string; lagMsPerSecond: (number | null)[] }[];
  /** Per kill -9 of an active replica: ms from the kill until every lock it held (relay, consumers) was held again, and by whom. */
  takeovers: { service: string; killed: string; takeoverMs: number; by: string[] }[];
  takeoverMsMax: number;
  replicas: number;
  /** Rounds the Rapid table played (its ATS accounts reconciled at the end). */
  rapidRounds: number;
  /** Coups of the tournament's heat (each scored once, chips conserved). */
  tournamentCoups: number;
  /** Entries the promotion's eligible play earned (each counted, then drawn). */
  promotionEntries: number;
  commands: number;
  retriedCommands: number;
  services: string[];
  faults: { kind: string; service?: string; detail?: string; recoverySeconds?: Record<string, number> }[];
  violations: string[];
  hostileFindings: string[];
  logDir: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const AUTH_SECRET = `soak-${randomBytes(16).toString('hex')}`;

const p99 = (xs: readonly number[]) => {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(0.99 * s.length) - 1)];
};

/** What a running soak started, so an interrupted one (Ctrl-C, a crash) still stops it all. */
const started: { services: ServiceProcess[]; kafka?: SoakBroker; db?: TestDatabase } = { services: [] };

export async function stopEverythingStarted(): Promise<void> {
  for (const s of started.services) s.killNow();
  await started.kafka?.stop('KILL').catch(() => undefined);
  await started.db?.drop().catch(() => undefined);
}

export async function runSoak(o: SoakOptions): Promise<SoakSummary> {
  const log = o.log ?? ((line: string) => console.error(`[soak] ${line}`));
  const runId = `${o.seed}-${randomBytes(3).toString('hex')}`;
  const logDir = resolve(ROOT, '.cache/soak', runId);
  mkdirSync(logDir, { recursive: true });
  const rng = createRng(`${o.seed}:faults`);
  const random = () => randomBelow(rng, 1_000_000) / 1_000_000;
  const names = presentServices();
  const violations: string[] = [];
  const faults: FaultRecord[] = [];
  let db: TestDatabase | undefined;
  let admin: Pool | undefined;
  let own: Pool | undefined;
  let kafka: SoakBroker | undefined;
  const services: ServiceProcess[] = (started.services = []);
  let client: ConsoleClient | undefined;
  let watchdog: NodeJS.Timeout | undefined;
  try {
    db = started.db = await createTestDatabase('soak', 6);
    // Connected now and kept: on a busy server, a connection opened only at the fault can be refused (too many clients).
    admin = new Pool({ connectionString: adminDatabaseUrl(), max: 1, idleTimeoutMillis: 0 });
    admin.on('error', () => undefined);
    await admin.query('SELECT 1');
    const database = new URL(db.url).pathname.slice(1);
    // The soak's own connections for the checks after play, opened now and kept: on a shared database server the
    // services' pools can fill it by then (too many clients), and the run would end without its invariants.
    own = new Pool({ connectionString: db.url, max: 3, idleTimeoutMillis: 0 });
    own.on('error', () => undefined);
    await Promise.all([1, 2, 3].map(() => own!.query('SELECT pg_sleep(0.05)')));
    kafka = started.kafka = new SoakBroker(await freePort(true), resolve(logDir, 'kafka'));
    log(`database ${database}, Kafka on ${kafka.brokers}, logs in ${logDir}`);
    await kafka.start(true);
    const replicas = Math.max(1, o.replicas ?? 2);
    // Two replicas hold twice the lock connections (a standby waits for each lock on one of its own), so their pools
    // are smaller: the database server's connection limit (100 by default, shared with whatever else runs) is the same.
    const env = { databaseUrl: db.url, brokers: kafka.brokers, authSecret: AUTH_SECRET, logDir, pgPoolSize: replicas > 1 ? 4 : 10 };
    for (const name of names) for (let r = 1; r <= replicas; r++) services.push(new ServiceProcess(name, await freePort(), env, r));
    const replicasOf = (n?: string) => services.filter((s) => s.name === n);
    const urls = Object.fromEntries(names.map((n) => [n, replicasOf(n).map((s) => s.url)]));
    client = new ConsoleClient(urls, AUTH_SECRET);
    const c = client;
    const waitReady = async (s: ServiceProcess) => {
      const started = Date.now();
      while (!(await isReady(c, s))) {
        if (!s.running && s.crashes.length) throw new Error(`${s.id} did not start; see ${logDir}/${s.name}-${s.replica}.log`);
        if (Date.now() - started > 180_000) throw new Error(`${s.id} was not ready within 180 s; see ${logDir}/${s.name}-${s.replica}.log`);
        await sleep(250);
      }
      log(`${s.id} ready on ${s.url} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    };
    // The first start migrates each schema; tables first, as the others consume its topic. The first replica of
    // each takes the locks; the standbys then start together.
    const firsts = services.filter((s) => s.replica === 1);
    for (const s of firsts) {
      s.start();
      await waitReady(s);
    }
    const standbys = services.filter((s) => s.replica > 1);
    for (const s of standbys) s.start();
    await Promise.all(standbys.map(waitReady));
    c.startHealthChecks(1000);
    // An orchestrator restarts a process that died by itself; the soak does too, and reports every such death.
    const restarting = new Set<string>();
    watchdog = setInterval(() => {
      for (const s of services) {
        if (!s.running && !restarting.has(s.id) && s.crashes.length) {
          log(`${s.id} died by itself (${JSON.stringify(s.crashes[s.crashes.length - 1])}); restarting it`);
          s.start();
        }
      }
    }, 1000);

    const floor = new Floor(c, { tables: o.tables, seed: o.seed, coupIntervalMs: o.coupIntervalMs ?? 1000, runId: String(o.seed) });
    await floor.open();
    // A table the hostile batch aims at (opened, never played), so play is not disturbed by what gets through.
    const hostileTable = `SOAK-${o.seed}-HOSTILE`;
    await c.command('tables', 'POST', '/tables', { tableId: hostileTable, rulebookId: 'crown-melbourne-v29', variant: 'traditional', offeredBets: [{ bet: 'player', option: 'standard' }, { bet: 'banker', option: 'traditional' }], decks: 8, limits: { perBet: [{ bet: 'player', minimumCents: 2500, maximumCents: 100000 }, { bet: 'banker', minimumCents: 2500, maximumCents: 100000 }] }, minimumChipCents: 500, dealingMethod: 'dealer-retains-shoe', jackpotIds: [], boxes: 7 }, 'gaming-supervisor', `${hostileTable}:open`, hostileTable);
    // Rapid Baccarat beside the tables: ATS wagering from their chip accounts every round.
    const rapid = names.includes('rapid') ? new RapidFloor(c, { seed: o.seed, runId: String(o.seed), roundIntervalMs: 2 * (o.coupIntervalMs ?? 1000) }) : undefined;
    await rapid?.open();
    // A small tournament: one table in tournament mode, six players, a heat played through the soak.
    const cup = names.includes('tournaments') ? new TournamentFloor(c, { seed: o.seed, runId: String(o.seed), coupIntervalMs: 3 * (o.coupIntervalMs ?? 1000) }) : undefined;
    await cup?.open();
    // A promotion whose entries are earned by rated play at the Star table while the floor plays, then drawn.
    const starTable = floor.tables.find((t) => t.jurisdiction === 'NSW');
    const promo = names.includes('promotions') && starTable ? new PromotionFloor(c, { runId: String(o.seed), tableId: starTable.tableId }) : undefined;
    await promo?.open(o.minutes * 60_000);
    log(`floor open: ${floor.tables.length} tables${floor.jackpotTables.length ? `, jackpot ${floor.jackpotId} on ${floor.jackpotTables.length}` : ''}${rapid ? `, Rapid table with ${rapid.stations.length} ATS` : ''}${cup ? `, tournament ${cup.tournamentId}` : ''}${promo ? `, promotion ${promo.promotionId} at ${starTable!.tableId}` : ''}`);

    const probe = new LagProbe(c);
    probe.start();
    const playStart = Date.now();
    const playing = floor.play().catch((err: Error) => {
      violations.push(`play stopped: ${err.message}`);
      floor.stop();
    });
    const playingRapid = rapid?.play().catch((err: Error) => {
      violations.push(`Rapid play stopped: ${err.message}`);
      rapid.stop();
    });
    const playingCup = cup?.play().catch((err: Error) => {
      violations.push(`tournament play stopped: ${err.message}`);
      cup.stop();
    });
    const playMs = o.minutes * 60_000;
    const plan = planFaults(names, playMs / 1000, random);
    let hostile: Awaited<ReturnType<typeof sendHostileBatch>> | undefined;
    const recoveryTimeout = (o.recoveryTimeoutSeconds ?? 120) * 1000;
    const takeovers: SoakSummary['takeovers'] = [];
    for (const f of plan) {
      const wait = playStart + f.atSecond * 1000 - Date.now();
      if (wait > 0) await sleep(wait);
      if (f.kind === 'hostile-batch') {
        log(`hostile batch at ${Math.round((Date.now() - playStart) / 1000)} s`);
        hostile = await sendHostileBatch(Object.fromEntries(names.map((n) => [n, urls[n][0]])), AUTH_SECRET, { tableId: hostileTable, vicTableId: floor.tables[0].tableId, jackpotId: floor.jackpotTables.length ? floor.jackpotId : null }, o.seed, o.hostileRequests ?? 200).catch((err: Error) => {
          violations.push(`the hostile batch failed: ${err.message}`);
          return undefined;
        });
        log(`hostile batch: ${JSON.stringify({ ...hostile, findings: hostile?.findings.length })}`);
        continue;
      }
      // Faults on a process hit the service's active replica, the one holding its locks.
      const target = f.service ? await activeReplica(c, replicasOf(f.service)) : undefined;
      const startedAt = Date.now();
      let detail: string | undefined;
      log(`fault: ${f.kind}${target ? ` ${target.replica.id}` : ''} at ${Math.round((startedAt - playStart) / 1000)} s`);
      let takeover: Promise<void> | undefined;
      switch (f.kind) {
        case 'kill-9': {
          const victim = target!.replica;
          restarting.add(victim.id);
          await killAndRestart(victim);
          restarting.delete(victim.id);
          // The standby takes over while the killed process boots again (as the new standby); measured beside
          // the recovery below, so neither waits for the other.
          takeover = waitTakeover(c, replicasOf(f.service), target!.roles, startedAt, recoveryTimeout).then((t) => {
            takeovers.push({ service: f.service!, killed: victim.id, takeoverMs: t.ms, by: t.by });
            record.detail = `${victim.id} killed; its locks held again after ${t.ms} ms by ${t.by.join(', ') || 'nobody'}`;
          });
          break;
        }
        case 'kafka-outage':
          await kafka.stop('TERM');
          await sleep((o.kafkaOutageSeconds ?? 20) * 1000);
          await kafka.start();
          break;
        case 'pg-terminate-backends':
          detail = `${await terminateBackends(admin, database, names)} backends terminated`;
          break;
        case 'pause':
          await pauseFor(target!.replica, (o.pauseSeconds ?? 10) * 1000);
          detail = `${target!.replica.id} paused`;
          break;
        case 'duplicate-and-reorder':
          detail = await duplicateAndReorder(kafka.brokers, 'baccarat.tables.events');
          break;
      }
      const endedAt = f.kind === 'kill-9' ? startedAt : Date.now();
      const record: FaultRecord = { kind: f.kind, service: f.service, startedAt, endedAt, detail };
      faults.push(record);
      // Give a just-killed process a moment to die of the fault before asking whether it recovered.
      await sleep(1000);
      record.recoverySeconds = await waitRecovered(c, floor, services, endedAt, recoveryTimeout);
      await takeover;
      log(`recovered: ${JSON.stringify(record.recoverySeconds)}${record.detail ? ` (${record.detail})` : ''}`);
      for (const [svc, s] of Object.entries(record.recoverySeconds)) if (!Number.isFinite(s)) violations.push(`${svc} did not recover within ${recoveryTimeout / 1000} s after ${f.kind}${f.service ? ` of ${f.service}` : ''}`);
    }
    const remaining = playStart + playMs - Date.now();
    if (remaining > 0) await sleep(remaining);
    floor.stop();
    rapid?.stop();
    cup?.stop();
    await playing;
    await playingRapid;
    await playingCup;
    const playEnd = Date.now();
    log(`play stopped after ${((playEnd - playStart) / 1000).toFixed(0)} s; waiting for the read models`);
    const caughtUp = await waitRecovered(c, floor, services, playEnd, recoveryTimeout);
    for (const [svc, s] of Object.entries(caughtUp)) if (!Number.isFinite(s)) violations.push(`${svc} never caught up after play`);
    if (promo) violations.push(...(await promo.drawAndCheck().catch((err: Error) => [`the promotion's draw failed: ${err.message}`])));
    await probe.stop();
    clearInterval(watchdog);
    watchdog = undefined;
    for (const s of services) for (const crash of s.crashes) violations.push(`${s.id} died by itself at ${new Date(crash.at).toISOString()} (exit ${crash.code ?? crash.signal}); see ${logDir}/${s.name}-${s.replica}.log`);

    // The invariants, then the read models rebuilt from scratch against the live ones.
    // Every service's event store that exists (tournaments, promotions and rapid too, once they are built).
    const { rows: stores } = await own!.query<{ schema: string }>(`SELECT table_schema AS schema FROM information_schema.tables WHERE table_name = 'events' AND table_schema = ANY($1::text[])`, [names]);
    const schemas = stores.map((r) => r.schema).sort();
    const inv = await checkInvariants(own!, c, floor, schemas);
    violations.push(...inv.violations);
    if (rapid) violations.push(...(await rapid.invariants()));
    if (cup) violations.push(...(await cup.invariants(own!)));
    if (names.includes('reporting')) {
      const live = await readModelSnapshot(c, floor);
      const reporting = replicasOf('reporting');
      await Promise.all(reporting.map((r) => r.stop()));
      await rebuildReadModels(own!, tablesReadModelsProjection(), [tablesSource(own!)]);
      await rebuildReadModels(own!, jackpotsReadModelProjection(), [jackpotsSource(own!)]);
      for (const r of reporting) r.start();
      await waitRecovered(c, floor, reporting, Date.now(), recoveryTimeout);
      violations.push(...compareSnapshots(live, await readModelSnapshot(c, floor)));
    }

    // Figures.
    const acked = acknowledgedCoups(c);
    const reportingLag = probe.lagPerSecond(acked, playStart, playEnd);
    const jackpotLag = await jackpotLagPerSecond(own!, playStart);
    const lagBySecond = new Map<number, number>();
    for (const x of [...reportingLag, ...jackpotLag]) lagBySecond.set(x.second, Math.max(lagBySecond.get(x.second) ?? 0, x.lagMs));
    const inFault = (second: number) => {
      const t = playStart + second * 1000;
      return faults.some((f) => t >= f.startedAt - 1000 && t <= f.endedAt + 1000 * Math.max(0, ...Object.values(f.recoverySeconds ?? {}).filter(Number.isFinite)));
    };
    // The first 30 s from a kill -9 (when a restarted jackpot display is watched most), unless another fault is on.
    // From the kill, not from the restarted process's start: the dead process's seconds count against the service.
    const afterRestart = (second: number) => {
      const t = playStart + second * 1000;
      const otherFault = faults.some((f) => f.kind !== 'kill-9' && t >= f.startedAt - 1000 && t <= f.endedAt + 1000 * Math.max(0, ...Object.values(f.recoverySeconds ?? {}).filter(Number.isFinite)));
      return !otherFault && faults.some((f) => f.kind === 'kill-9' && t > f.startedAt && t <= f.startedAt + 30_000);
    };
    const lags = [...lagBySecond.entries()];
    const lagAfterRestarts = faults
      .filter((f) => f.kind === 'kill-9')
      .map((f) => {
        const first = Math.ceil((f.startedAt - playStart) / 1000);
        return { service: f.service!, lagMsPerSecond: Array.from({ length: 15 }, (_, i) => lagBySecond.get(first + i) ?? null) };
      });
    writeFileSync(resolve(logDir, 'lag-per-second.json'), JSON.stringify({ reporting: reportingLag, jackpots: jackpotLag, faults }, null, 1));
    const events = await own!.query<{ n: string }>(`SELECT (SELECT count(*) FROM tables.events WHERE recorded_at >= to_timestamp($1 / 1000.0))${names.includes('jackpots') ? ' + (SELECT count(*) FROM jackpots.events WHERE recorded_at >= to_timestamp($1 / 1000.0))' : ''} AS n`, [playStart]);
    const tablesAcked = c.acked.filter((a) => a.service === 'tables');
    const wagers = tablesAcked.reduce((n, a) => n + a.events.filter((e) => e.type === 'WagersSettled').reduce((m, e) => m + (e.settlements as unknown[]).length, 0), 0);
    const recoveries = faults.flatMap((f) => Object.values(f.recoverySeconds ?? {}));
    const h = hostile ?? { malformedRequests: 0, malformedAccepted: 0, serverErrors: 0, authBypasses: 0, findings: ['the hostile batch did not run'] };
    return {
      tables: floor.tables.length,
      coups: acked.length,
      wagers,
      eventsPerSec: Math.round((Number(events.rows[0].n) / ((playEnd - playStart) / 1000)) * 10) / 10,
      projectionLagP99Ms: p99(lags.map(([, l]) => l)),
      faultsInjected: faults.length,
      recoverySecondsMax: Math.round(Math.max(0, ...recoveries.map((r) => (Number.isFinite(r) ? r : recoveryTimeout / 1000))) * 10) / 10,
      invariantViolations: violations.length,
      malformedRequests: h.malformedRequests,
      malformedAccepted: h.malformedAccepted,
      serverErrors: h.serverErrors,
      authBypasses: h.authBypasses,
      projectionLagP99MsOutsideFaults: p99(lags.filter(([s]) => !inFault(s)).map(([, l]) => l)),
      projectionLagMaxMsAfterRestart: Math.max(0, ...lags.filter(([s]) => afterRestart(s)).map(([, l]) => l)),
      lagAfterRestarts,
      takeovers,
      takeoverMsMax: Math.max(0, ...takeovers.map((t) => t.takeoverMs)),
      replicas,
      rapidRounds: rapid?.rounds ?? 0,
      tournamentCoups: cup?.completedCoups.length ?? 0,
      promotionEntries: promo?.expectedEntries().total ?? 0,
      commands: c.acked.length,
      retriedCommands: c.acked.filter((a) => a.attempts > 1).length,
      services: names,
      faults: faults.map((f) => ({ kind: f.kind, service: f.service, detail: f.detail, recoverySeconds: f.recoverySeconds })),
      violations,
      hostileFindings: h.findings,
      logDir,
    };
  } finally {
    if (watchdog) clearInterval(watchdog);
    client?.close();
    await Promise.all(services.map((s) => s.stop().catch(() => undefined)));
    await kafka?.stop('KILL').catch(() => undefined);
    rmSync(resolve(logDir, 'kafka'), { recursive: true, force: true });
    started.services = [];
    started.kafka = undefined;
    started.db = undefined;
    await own?.end().catch(() => undefined);
    await db?.drop();
    await admin?.end().catch(() => undefined);
  }
}

/** The jackpot projection's lag per second: from each coup's CoupCompleted to its contribution, both as stored. */
async function jackpotLagPerSecond(pool: Pool, playStart: number): Promise<{ second: number; lagMs: number }[]> {
  const { rows } = await pool
    .query<{ second: number; lag_ms: number }>(
      `SELECT floor(extract(epoch FROM t.recorded_at - to_timestamp($1 / 1000.0)))::int AS second,
              max(extract(epoch FROM j.recorded_at - t.recorded_at) * 1000)::int AS lag_ms
         FROM jackpots.events j JOIN tables.events t ON t.event_id::text = j.data->>'sourceEventId'
        WHERE j.type = 'ContributionRecorded' AND t.recorded_at >= to_timestamp($1 / 1000.0)
        GROUP BY 1 ORDER BY 1`,
      [playStart],
    )
    .catch(() => ({ rows: [] as { second: number; lag_ms: number }[] }));
  return rows.map((r) => ({ second: r.second, lagMs: r.lag_ms }));
}
