/**
 * What a benchmark's service process spends on one phase of work, asked over IPC by the benchmark (its load
 * runs in other processes): `{ probe: 'start', profile? }` starts counting, `{ probe: 'stop', dir?, name? }`
 * answers `{ probe: ProbeReport }`. Counted: the process's CPU time (every thread: the event loop, GC, libuv) and
 * the main thread's alone; the PostgreSQL round trips every pool and client of the process made, by statement;
 * and, when `profile` was asked, a CPU profile of the main thread written to `dir` (bench/cpu-profile.ts sums it
 * by layer). Counting a query costs a counter; the profiler costs far more, so a phase whose rate is a figure is
 * run without it.
 */
import { Session } from 'node:inspector/promises';
import { Client } from 'pg';
import { readFile } from 'node:fs/promises';
import { byLayer, saveProfile, SERVICE_LAYERS, type CpuProfile } from './cpu-profile';

export interface ProbeReport {
  readonly cpuUs: number;
  readonly mainThreadCpuUs: number;
  readonly wallMs: number;
  /** Round trips by statement (its first words, literals blanked), most frequent first. */
  readonly queries: Record<string, number>;
  readonly totalQueries: number;
  readonly profile?: string;
}

let counts: Map<string, number> | undefined;

/** The statement a query runs, short and without its literals: `SELECT tables.append_events(…`. */
const statementOf = (text: string): string =>
  text
    .replace(/'(?:[^']|'')*('|$)/g, "'?'")
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 72);

// Every pool's connections are pg Client instances: counting here counts every round trip of the process.
const query = Client.prototype.query;
Client.prototype.query = function (this: Client, ...args: unknown[]) {
  if (counts) {
    const first = args[0] as string | { text?: string } | undefined;
    const text = typeof first === 'string' ? first : (first?.text ?? '(config)');
    // Cut short here (a statement may carry its payload as a literal), its literals blanked when reported.
    const key = text.slice(0, 160);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof query;

let started: { cpu: NodeJS.CpuUsage; thread: NodeJS.CpuUsage; at: number; session?: Session } | undefined;

/** Starts counting in this process (a benchmark whose service runs in its own process uses `answerProbes`). */
export const startProbe = async (profile = false): Promise<void> => {
  let session: Session | undefined;
  if (profile) {
    session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 100 });
    await session.post('Profiler.start');
  }
  counts = new Map();
  started = { cpu: process.cpuUsage(), thread: process.threadCpuUsage(), at: performance.now(), session };
};

/** What this process spent since `startProbe`; its profile, when taken, saved in `dir` as `name`.cpuprofile. */
export const stopProbe = async (dir = '.', name = `bench-${process.pid}`): Promise<ProbeReport> => {
  const s = started;
  if (!s) throw new Error('stopProbe before startProbe');
  started = undefined;
  const cpu = process.cpuUsage(s.cpu);
  const thread = process.threadCpuUsage(s.thread);
  const wallMs = performance.now() - s.at;
  const byStatement = new Map<string, number>();
  for (const [text, n] of counts ?? []) byStatement.set(statementOf(text), (byStatement.get(statementOf(text)) ?? 0) + n);
  counts = undefined;
  const queries = [...byStatement.entries()].sort((a, b) => b[1] - a[1]);
  let profile: string | undefined;
  if (s.session) {
    const { profile: p } = (await s.session.post('Profiler.stop')) as unknown as { profile: CpuProfile };
    s.session.disconnect();
    profile = await saveProfile(dir, name, p);
  }
  return {
    cpuUs: cpu.user + cpu.system,
    mainThreadCpuUs: thread.user + thread.system,
    wallMs: Math.round(wallMs),
    queries: Object.fromEntries(queries),
    totalQueries: queries.reduce((a, [, n]) => a + n, 0),
    profile,
  };
};

/** Installs the IPC handlers in a service process; other messages are left to the caller's own handler. */
export const answerProbes = (): void => {
  process.on('message', (m: { probe?: string; profile?: boolean; dir?: string; name?: string }) => {
    if (m?.probe === 'start') void startProbe(m.profile).then(() => process.send!({ probe: 'started' }));
    else if (m?.probe === 'stop' && started) void stopProbe(m.dir, m.name).then((report) => process.send!({ probe: report }));
  });
};

/**
 * A probe's report on stderr: CPU and round trips per unit of work (a coup, a command), and, when profiled, the
 * main thread's CPU per unit by layer (bench/cpu-profile.ts's SERVICE_LAYERS; the shares are of a profiled run).
 */
export const printCost = async (who: string, report: ProbeReport, units: number, unit: string): Promise<void> => {
  const say = (line: string) => process.stderr.write(`${line}\n`);
  const per = (n: number) => Math.round((n / units) * 10) / 10;
  say(`  ${who}: ${per(report.cpuUs)} µs CPU per ${unit} (main thread ${per(report.mainThreadCpuUs)}), ${per(report.totalQueries)} database round trips per ${unit}:`);
  for (const [q, n] of Object.entries(report.queries).slice(0, 12)) say(`    ${String(per(n)).padStart(6)}  ${q}`);
  if (!report.profile) return;
  const layers = byLayer(JSON.parse(await readFile(report.profile, 'utf8')) as CpuProfile, per(report.mainThreadCpuUs), 3, SERVICE_LAYERS);
  say(`  ${who}: the main thread's µs CPU per ${unit} by layer (${report.profile}):`);
  for (const [layer, us] of Object.entries(layers.usPerRequest)) say(`    ${String(us).padStart(7)} µs ${String(layers.percent[layer]).padStart(5)}%  ${layer}: ${layers.top[layer].join('; ')}`);
};
