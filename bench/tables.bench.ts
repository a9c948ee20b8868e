/**
 * `npm run bench -- tables [--tables 50] [--capacity-coups 10] [--seconds 20] [--boxes 14] [--seed 7] [--instances 1] [--warmup 5] [--rate N]`
 * Starts the tables service as it is deployed, each instance in its own process (bench/tables-server.ts: real
 * PostgreSQL at DATABASE_URL or 127.0.0.1:5432 in a throwaway database with the audit trail in it, the outbox
 * relay to the real Kafka broker on KAFKA_BROKERS / 127.0.0.1:19092), and drives it over HTTP with the table
 * simulator in its own process (bench/tables-driver.ts), as dealer consoles and shoes do; with several
 * instances each table's commands go to one of them, as a load balancer hashing on the table id would send them.
 *
 * In one run, three phases, each on tables of its own (opening tables and seating players come first and are
 * not timed):
 * - coupsPerSec, the capacity through HTTP, the deciders and the store: every table plays `--capacity-coups`
 *   coups flat out (each console sends its next command the moment the last one answers; with `--tables`
 *   consoles the service is never idle, so what it completes per second is the most it sustains).
 * - storeOnlyCoupsPerSec, the baseline: the events that phase stored, appended again straight to an event store
 *   of their own (PostgresEventStore, one append per original command, as many streams in flight as there
 *   were tables, a pool the size of the service's), no HTTP, deciders, audit or idempotency; coupsPerStoreOnly is
 *   the ratio. On stderr, `flatOutCost` against `storeOnly`: the service's CPU µs and database round trips per play
 *   command (bench/server-probe.ts) against the baseline's CPU µs (this process's thread) and its one round trip;
 *   with BENCH_PROFILE_DIR, one more flat-out phase under the profiler, its CPU per command by layer.
 * - p99CommandMsAtHalfLoad: the dealers' command latency p99 with the floor paced at half the capacity (each
 *   table starts a coup every tables/rate seconds, its first shoe at a seeded offset) for about `--seconds`,
 *   leaving out its first `--warmup` seconds; `--rate N` paces at N instead (and skips nothing else).
 * Aims: coupsPerStoreOnly ≥ 0.5; p99CommandMsAtHalfLoad ≤ 100.
 */
import { randomUUID } from 'node:crypto';
import { ChildProcess, fork } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Pool } from 'pg';
import { PostgresEventStore, type StreamAppend } from '@app/event-store';
import { createTestDatabase } from '@app/testing';
import { TEST_AUTH_SECRET } from '../apps/tables/src/test-support/tables-test-app';
import { percentile, SimulationOptions, SimulationResult } from '../tools/simulator/table-simulator';
import { ratio } from './capacity';
import { byLayer, SERVICE_LAYERS, type CpuProfile } from './cpu-profile';
import type { ProbeReport } from './server-probe';

const round1 = (n: number) => Math.round(n * 10) / 10;

/** Forks a bench child under @swc-node/register. */
const forkChild = (script: string): ChildProcess => fork(join(__dirname, script), [], { execArgv: ['--max-semi-space-size=128', '-r', '@swc-node/register'] });

/** The child's next message that `accept`s (by default its next message at all). */
const nextMessage = <T>(child: ChildProcess, what: string, accept: (m: unknown) => boolean = () => true): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const onMessage = (m: unknown) => {
      if (!accept(m)) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(m as T);
    };
    const onExit = (code: number | null) => reject(new Error(`${what} exited with ${code}`));
    child.on('message', onMessage);
    child.once('exit', onExit);
  });

/** What the service instances spent while the simulator played a phase (bench/server-probe.ts), summed over them. */
interface PhaseCost {
  readonly cpuUs: number;
  readonly mainThreadCpuUs: number;
  readonly queries: Record<string, number>;
  readonly totalQueries: number;
  readonly profiles: string[];
}
const stopProbes = async (servers: readonly ChildProcess[], dir?: string, name?: string): Promise<PhaseCost> => {
  const reports = await Promise.all(
    servers.map((s, i) => {
      const answer = nextMessage<{ probe: ProbeReport }>(s, 'a tables service instance', (m) => typeof (m as { probe?: unknown }).probe === 'object');
      s.send({ probe: 'stop', dir, name: `${name}-${i + 1}` });
      return answer.then((m) => m.probe);
    }),
  );
  const queries: Record<string, number> = {};
  for (const r of reports) for (const [q, n] of Object.entries(r.queries)) queries[q] = (queries[q] ?? 0) + n;
  const sum = (f: (r: ProbeReport) => number) => reports.reduce((a, r) => a + f(r), 0);
  return {
    cpuUs: sum((r) => r.cpuUs),
    mainThreadCpuUs: sum((r) => r.mainThreadCpuUs),
    queries: Object.fromEntries(Object.entries(queries).sort((a, b) => b[1] - a[1])),
    totalQueries: sum((r) => r.totalQueries),
    profiles: reports.flatMap((r) => (r.profile ? [r.profile] : [])),
  };
};

/**
 * The events a phase stored after `sinceMs`, one group per original command (its commandId; the service may commit
 * several commands in one transaction, a saving the baseline does not get), in the order they were stored.
 */
const storedCommands = async (pool: Pool, sinceMs: number, prefix: string) => {
  const { rows } = await pool.query<{ tx: string; stream_id: string; stream_type: string; type: string; schema_version: number; data: unknown; metadata: { commandId?: string }; occurred_at: Date }>(
    `SELECT transaction_id::text AS tx, stream_id, stream_type, type, schema_version, data, metadata, occurred_at FROM tables.events
      WHERE recorded_at >= to_timestamp($1 / 1000.0) AND stream_id LIKE $2 ORDER BY transaction_id, position`,
    [sinceMs, `%${prefix}-T%`],
  );
  const commands = new Map<string, StreamAppend[]>();
  for (const r of rows) {
    const key = r.metadata.commandId ?? r.tx;
    const appends = commands.get(key) ?? [];
    if (!commands.has(key)) commands.set(key, appends);
    let last = appends[appends.length - 1];
    if (last?.streamId !== r.stream_id) appends.push((last = { streamId: r.stream_id, streamType: r.stream_type, expectedVersion: 'any', events: [], commandId: appends.length === 0 ? r.metadata.commandId : undefined }));
    (last.events as unknown[]).push({ eventId: randomUUID(), type: r.type, schemaVersion: r.schema_version, data: r.data, metadata: r.metadata, occurredAt: r.occurred_at.toISOString() });
  }
  return { events: rows.length, commands: [...commands.values()] };
};

/**
 * Appends the commands' events again to a fresh store, flat out: commands on the same table (their first stream's
 * table id) one after the other in their order, `lanes` tables at once. Returns the seconds it took.
 */
const appendStoreOnly = async (url: string, commands: StreamAppend[][], lanes: number, poolSize: number): Promise<number> => {
  const pool = new Pool({ connectionString: url, max: poolSize });
  try {
    const store = new PostgresEventStore(pool, 'store_only');
    await store.migrate();
    const byTable = new Map<string, StreamAppend[][]>();
    for (const c of commands) {
      const table = /[A-Za-z0-9]+-T\d+/.exec(c[0].streamId)?.[0] ?? c[0].streamId;
      byTable.set(table, [...(byTable.get(table) ?? []), c]);
    }
    const queues = [...byTable.values()];
    const started = performance.now();
    await Promise.all(
      Array.from({ length: Math.min(lanes, queues.length) }, async () => {
        for (let q = queues.shift(); q; q = queues.shift()) for (const c of q) await store.appendMany(c);
      }),
    );
    return (performance.now() - started) / 1000;
  } finally {
    await pool.end();
  }
};

export async function run(args: string[]): Promise<object> {
  const { values } = parseArgs({
    args,
    options: {
      tables: { type: 'string', default: '50' },
      'capacity-coups': { type: 'string', default: '10' },
      seconds: { type: 'string', default: '20' },
      rate: { type: 'string', default: '0' },
      boxes: { type: 'string', default: '14' },
      seed: { type: 'string', default: '7' },
      instances: { type: 'string', default: '1' },
      warmup: { type: 'string', default: '5' },
    },
    strict: true,
  });
  const tables = Number(values.tables);
  const brokers = (process.env.KAFKA_BROKERS ?? '127.0.0.1:19092').split(',');
  const db = await createTestDatabase('tables_bench', 4);
  // The benchmark's own topic: a later `npm start` with Kafka must not replay bench coups into its reports.
  const topic = `bench.tables.${randomUUID().slice(0, 8)}.events`;
  const servers: ChildProcess[] = [];
  try {
    const urls: string[] = [];
    // Started one after the other: the first migrates the schema and becomes the relay's leader.
    for (let i = 0; i < Number(values.instances); i++) {
      const server = forkChild('tables-server.ts');
      servers.push(server);
      server.send({ databaseUrl: db.url, brokers, topic });
      const { port } = await nextMessage<{ port: number }>(server, 'a tables service instance');
      urls.push(`http://127.0.0.1:${port}`);
    }
    /**
     * One phase: the simulator in a process of its own, on tables of its own; returns when play ended (wall clock)
     * and what the service spent on the play (not on opening the tables), profiled when `profile` is given.
     */
    const play = async (o: Partial<SimulationOptions> & { tablePrefix: string; maxCoupsPerTable: number }, profile?: { dir: string; name: string }) => {
      const driver = forkChild('tables-driver.ts');
      const startProbe = (s: ChildProcess) => {
        const started = nextMessage(s, 'a tables service instance', (m) => (m as { probe?: unknown }).probe === 'started');
        s.send({ probe: 'start', profile: profile !== undefined });
        return started;
      };
      const playing = nextMessage(driver, 'the table simulator', (m) => (m as { playing?: boolean }).playing === true).then(() => Promise.all(servers.map(startProbe)));
      const done = nextMessage<SimulationResult>(driver, 'the table simulator', (m) => (m as { playing?: boolean }).playing === undefined);
      driver.send({ urls, tables, shoes: 1, seed: Number(values.seed), boxes: Number(values.boxes), authSecret: TEST_AUTH_SECRET, ...o } satisfies SimulationOptions);
      const result = await done;
      const endedAtMs = Date.now();
      await playing;
      return { result, endedAtMs, cost: await stopProbes(servers, profile?.dir, profile?.name) };
    };

    // Capacity: every table flat out.
    const cap = await play({ tablePrefix: 'CAP', maxCoupsPerTable: Number(values['capacity-coups']) });
    const coupsPerSec = round1(cap.result.coups / (cap.result.elapsedMs / 1000));
    const capPlayStartMs = cap.endedAtMs - cap.result.elapsedMs;
    // Play's commands: the simulator's count less opening the tables and seating the players.
    const playCommands = cap.result.latenciesMs.length + cap.result.warmupLatenciesMs.length;
    const perCommand = (n: number) => round1(n / playCommands);

    // Baseline: the same events straight into an event store.
    const stored = await storedCommands(db.pool, capPlayStartMs, 'CAP');
    const storeCpu = process.threadCpuUsage();
    const storeSeconds = await appendStoreOnly(db.url, stored.commands, tables, 20);
    const storeCpuUsed = process.threadCpuUsage(storeCpu);
    const storeOnlyCoupsPerSec = round1(cap.result.coups / storeSeconds);

    // Latency at half the capacity, paced, long enough for `--seconds` of play.
    const rate = Number(values.rate) > 0 ? Number(values.rate) : coupsPerSec / 2;
    const coupsPerTable = Math.max(3, Math.ceil((rate * Number(values.seconds)) / tables));
    const half = (await play({ tablePrefix: 'HALF', maxCoupsPerTable: coupsPerTable, coupsPerSecond: rate, warmupMs: Number(values.warmup) * 1000 })).result;
    const p = (q: number) => round1(percentile(half.latenciesMs, q));
    const flatOutCost = {
      playCommands,
      serverCpuUsPerCommand: perCommand(cap.cost.cpuUs),
      serverMainThreadCpuUsPerCommand: perCommand(cap.cost.mainThreadCpuUs),
      dbRoundTripsPerCommand: perCommand(cap.cost.totalQueries),
      roundTripsPerCommandByStatement: Object.fromEntries(Object.entries(cap.cost.queries).map(([q, n]) => [q, Math.round((n / playCommands) * 100) / 100])),
    };
    const profile = process.env.BENCH_PROFILE_DIR ? await profileFlatOut(play, process.env.BENCH_PROFILE_DIR, Number(values['capacity-coups']), flatOutCost.serverMainThreadCpuUsPerCommand) : undefined;
    const withWarmup = round1(percentile([...half.warmupLatenciesMs, ...half.latenciesMs], 99));
    console.error(
      JSON.stringify({
        instances: urls.length,
        tables,
        capacity: { coups: cap.result.coups, commands: cap.result.commands, playSeconds: round1(cap.result.elapsedMs / 1000), setupSeconds: round1(cap.result.setupMs / 1000), p99CommandMsFlatOut: round1(percentile(cap.result.latenciesMs, 99)) },
        storeOnly: { events: stored.events, commands: stored.commands.length, seconds: round1(storeSeconds), cpuUsPerCommand: round1((storeCpuUsed.user + storeCpuUsed.system) / stored.commands.length), roundTripsPerCommand: 1 },
        flatOutCost,
        halfLoad: { offeredCoupsPerSec: round1(rate), coups: half.coups, achievedCoupsPerSec: round1(half.coups / (half.elapsedMs / 1000)), playSeconds: round1(half.elapsedMs / 1000), warmupSeconds: Number(values.warmup), p50CommandMs: p(50), p90CommandMs: p(90), p99CommandMsWithWarmup: withWarmup },
      }),
    );
    if (profile) printProfile(profile);
    return {
      coupsPerSec,
      wagersPerSec: round1(cap.result.wagers / (cap.result.elapsedMs / 1000)),
      storeOnlyCoupsPerSec,
      coupsPerStoreOnly: ratio(coupsPerSec, storeOnlyCoupsPerSec),
      p99CommandMsAtHalfLoad: p(99),
    };
  } finally {
    await Promise.all(servers.map((s) => new Promise((resolve) => (s.exitCode !== null ? resolve(null) : (s.once('exit', resolve), s.send('stop'))))));
    await db.drop();
  }
}

type Play = (
  o: Partial<SimulationOptions> & { tablePrefix: string; maxCoupsPerTable: number },
  profile?: { dir: string; name: string },
) => Promise<{ result: SimulationResult; cost: PhaseCost }>;

/**
 * With BENCH_PROFILE_DIR: one more flat-out phase, on tables of its own, under the profiler (not counted in the
 * rates, which it would slow): each instance's main thread's profile, summed by layer (bench/cpu-profile.ts) and
 * spread over the CPU µs per command of the unprofiled flat-out phase.
 */
async function profileFlatOut(play: Play, dir: string, coups: number, cpuUsPerCommand: number) {
  const { result, cost } = await play({ tablePrefix: 'PROF', maxCoupsPerTable: coups }, { dir, name: 'tables-flat-out' });
  const { readFile } = await import('node:fs/promises');
  const profiles = await Promise.all(cost.profiles.map(async (p) => JSON.parse(await readFile(p, 'utf8')) as CpuProfile));
  // Several instances: their profiles' samples side by side.
  const merged = profiles.length === 1 ? profiles[0] : mergeProfiles(profiles);
  return { profiles: cost.profiles, commands: result.latenciesMs.length, cpuUsPerCommand, ...byLayer(merged, cpuUsPerCommand, 3, SERVICE_LAYERS) };
}

const mergeProfiles = (profiles: readonly CpuProfile[]): CpuProfile => {
  let offset = 0;
  const nodes: CpuProfile['nodes'][number][] = [];
  const samples: number[] = [];
  const timeDeltas: number[] = [];
  for (const p of profiles) {
    const shift = (id: number) => id + offset;
    nodes.push(...p.nodes.map((n) => ({ ...n, id: shift(n.id), children: n.children?.map(shift) })));
    samples.push(...p.samples.map(shift));
    timeDeltas.push(...p.timeDeltas);
    offset += Math.max(...p.nodes.map((n) => n.id)) + 1;
  }
  return { nodes, samples, timeDeltas };
};

const printProfile = (p: Awaited<ReturnType<typeof profileFlatOut>>): void => {
  const say = (line: string) => process.stderr.write(`${line}\n`);
  say(`flat out: the service's main thread's ${p.cpuUsPerCommand} µs CPU per command by layer, by the profile's shares (${p.profiles.join(', ')}):`);
  for (const [layer, us] of Object.entries(p.usPerRequest)) say(`  ${String(us).padStart(6)} µs ${String(p.percent[layer]).padStart(5)}%  ${layer}: ${p.top[layer].join('; ')}`);
};
