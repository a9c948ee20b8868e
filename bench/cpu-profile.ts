/**
 * A CPU profile of this process's main thread (where a benchmark's in-process server runs; its load client is a
 * worker thread, not profiled) around one piece of work, written as a .cpuprofile (Chrome DevTools, speedscope)
 * and summed by layer of an HTTP service's chain: where a request's CPU time goes, by self time.
 */
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

interface CallFrame {
  readonly functionName: string;
  readonly url: string;
  readonly lineNumber: number;
}
interface ProfileNode {
  readonly id: number;
  readonly callFrame: CallFrame;
  readonly children?: readonly number[];
}
export interface CpuProfile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

/** Runs `work` under the profiler (sampling every 100 µs) and returns its result with the profile. */
export const profiled = async <T>(work: () => Promise<T>): Promise<{ result: T; profile: CpuProfile }> => {
  const session = new Session();
  session.connect();
  try {
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 100 });
    await session.post('Profiler.start');
    const result = await work();
    const { profile } = (await session.post('Profiler.stop')) as unknown as { profile: CpuProfile };
    return { result, profile };
  } finally {
    session.disconnect();
  }
};

export const saveProfile = async (dir: string, name: string, profile: CpuProfile): Promise<string> => {
  const path = join(dir, `${name}.cpuprofile`);
  await writeFile(path, JSON.stringify(profile));
  return path;
};

// First match wins; tested against "<url> <function>". Native and built-in frames (no url: JSON, RegExp, an HMAC's
// digest) count towards the nearest caller that has one, so a token's HMAC is auth, a body's JSON.parse parsing.
const LAYERS: readonly (readonly [string, RegExp])[] = [
  ['rate limiting', /platform-kit\/src\/edge\/rate-limiter/],
  ['auth (token)', /jsonwebtoken|\/jws\/|\/jwa\/|platform-kit\/src\/auth\//],
  ['guard', /platform-kit\/src\/authorization\/(access\.guard|role-requirement|casino-scope|roles)|@nestjs\/core\/guards/],
  ['validation', /class-validator|class-transformer|\/validator\/|platform-kit\/src\/validation\/|@nestjs\/common\/pipes|@nestjs\/core\/pipes/],
  ['interceptors (audit, idempotency, scope)', /platform-kit\/src\/(audit|idempotency)\/|regulator-scope|\/rxjs\/|@nestjs\/core\/interceptors/],
  ['logging', /pino|platform-kit\/src\/logging\//],
  ['metrics', /prom-client|platform-kit\/src\/metrics\//],
  ['edge (headers, context, body parsing, input checks)', /platform-kit\/src\/(edge|context)\/|body-parser|raw-body|\/iconv-lite\//],
  ['framework (Nest, Express, Fastify, routing)', /@nestjs\/|\/express\/|\/router\/|fastify|find-my-way|middie|path-to-regexp|light-my-request|\/send\/|\/finalhandler\//],
  ['database (pg, event store)', /\/pg\/|pg-protocol|pg-pool|libs\/database\/|libs\/event-store\//],
  ['service and domain', /\/apps\/|\/libs\//],
  ['node http and streams', /node:_http|node:net|node:internal\/(stream|streams|http|net|timers)|node:stream|node:events|node:internal\/process/],
  ['crypto (ids, hashes)', /node:crypto|node:internal\/crypto/],
  // Promise hooks run on every promise while an AsyncLocalStorage is in use (the request logger's context).
  ['async context (AsyncLocalStorage)', /node:async_hooks|node:internal\/async_hooks|node:internal\/async_local_storage/],
];
/**
 * A command service's layers, finer where its own work is (the tables and tournaments benchmarks): the audit record
 * and the idempotency keys apart from the rest of the interceptors, the event store apart from the database driver,
 * the deciders and engine apart from the service around them, the Kafka relay and consumers on their own.
 */
export const SERVICE_LAYERS: readonly (readonly [string, RegExp])[] = [
  ['rate limiting', /platform-kit\/src\/edge\/rate-limiter/],
  ['auth (token)', /jsonwebtoken|\/jws\/|\/jwa\/|platform-kit\/src\/auth\//],
  ['guard', /platform-kit\/src\/authorization\/(access\.guard|role-requirement|casino-scope|roles)|@nestjs\/core\/guards|casino-scope/],
  ['validation', /class-validator|class-transformer|\/validator\/|platform-kit\/src\/validation\/|@nestjs\/common\/pipes|@nestjs\/core\/pipes/],
  ['idempotency keys', /platform-kit\/src\/idempotency\//],
  ['audit record', /platform-kit\/src\/audit\//],
  ['interceptors (rxjs, scope)', /regulator-scope|\/rxjs\/|@nestjs\/core\/interceptors/],
  ['logging', /pino|platform-kit\/src\/logging\/|libs\/messaging\/src\/(logger|log-context)/],
  ['metrics', /prom-client|platform-kit\/src\/metrics\//],
  ['edge (headers, context, body parsing, input checks)', /platform-kit\/src\/(edge|context)\/|body-parser|raw-body|\/iconv-lite\//],
  ['framework (Nest, CQRS, Express, routing)', /@nestjs\/|\/express\/|\/router\/|path-to-regexp|\/send\/|\/finalhandler\//],
  ['Kafka (kafkajs, relay, consumer)', /kafkajs|libs\/messaging\//],
  ['event store (append, read, command handler)', /libs\/event-store\//],
  ['database driver (pg)', /\/pg\/|pg-protocol|pg-pool|pg-types|postgres-array|libs\/database\//],
  ['deciders and engine', /apps\/jackpots\/src\/[^/]*\/[^/]*decider|apps\/tables\/src\/table\/(?!table\.controller)|apps\/tournaments\/src\/tournament\/[^/]*(decider|standings|scor|rules|events)|libs\/baccarat\//],
  ['service (controllers, projections, other)', /\/apps\/|\/libs\//],
  ['node http and streams', /node:_http|node:net|node:internal\/(stream|streams|http|net|timers)|node:stream|node:events|node:internal\/process/],
  ['crypto (ids, hashes)', /node:crypto|node:internal\/crypto/],
  ['async context (AsyncLocalStorage)', /node:async_hooks|node:internal\/async_hooks|node:internal\/async_local_storage/],
];
const HERE = `${pathToFileURL(process.cwd()).href}/`;
const SKIPPED = new Set(['(idle)', '(root)', '(program)']);

const layerOf = (frame: CallFrame, layers: readonly (readonly [string, RegExp])[]): string => {
  if (frame.functionName === '(garbage collector)') return 'garbage collection';
  const key = `${frame.url} ${frame.functionName}`;
  return layers.find(([, re]) => re.test(key))?.[0] ?? 'other';
};

export interface LayerSummary {
  /** Each layer's share of the sampled time, in percent (self time, native frames counted to their caller). */
  readonly percent: Record<string, number>;
  /** The same shares as CPU µs per request of `cpuUsPerRequest` (an unprofiled run's figure). */
  readonly usPerRequest: Record<string, number>;
  /** Each layer's top functions by self time, µs per request on the same scale. */
  readonly top: Record<string, readonly string[]>;
}

/**
 * The profile's self time by layer. Samples are wall-clock spaced, so on a busy machine (and with the profiler's
 * own cost) their sum is not the CPU a request costs: the shares are spread over `cpuUsPerRequest`, the CPU per
 * request measured without the profiler.
 */
export const byLayer = (profile: CpuProfile, cpuUsPerRequest: number, topN = 3, layerList: readonly (readonly [string, RegExp])[] = LAYERS): LayerSummary => {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<number, number>();
  for (let i = 0; i < profile.samples.length; i++) self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + (profile.timeDeltas[i + 1] ?? 0));
  // A frame without a url takes its nearest caller's layer (and is named after itself, under it).
  const owner = (id: number): CallFrame => {
    let n = byId.get(id)!;
    while (n.callFrame.url === '' && !n.callFrame.functionName.startsWith('(') && parent.has(n.id)) n = byId.get(parent.get(n.id)!)!;
    return n.callFrame;
  };
  const layers = new Map<string, number>();
  const functions = new Map<string, Map<string, number>>();
  for (const [id, us] of self) {
    const frame = byId.get(id)!.callFrame;
    if (SKIPPED.has(frame.functionName)) continue;
    const layer = layerOf(owner(id), layerList);
    layers.set(layer, (layers.get(layer) ?? 0) + us);
    const name = `${frame.functionName || '(anonymous)'} ${frame.url ? `${frame.url.replace(/^.*\/node_modules\//, '').replace(HERE, '')}:${frame.lineNumber + 1}` : '(native)'}`;
    const fns = functions.get(layer) ?? new Map<string, number>();
    fns.set(name, (fns.get(name) ?? 0) + us);
    functions.set(layer, fns);
  }
  const total = [...layers.values()].reduce((a, b) => a + b, 0) || 1;
  const perRequest = (us: number) => Math.round((us / total) * cpuUsPerRequest * 10) / 10;
  const sorted = [...layers.entries()].sort((a, b) => b[1] - a[1]);
  return {
    percent: Object.fromEntries(sorted.map(([layer, us]) => [layer, Math.round((us / total) * 1000) / 10])),
    usPerRequest: Object.fromEntries(sorted.map(([layer, us]) => [layer, perRequest(us)])),
    top: Object.fromEntries(
      sorted.map(([layer]) => [
        layer,
        [...functions.get(layer)!.entries()]
          .sort((a, b) => b[1] - a[1])
          .slice(0, topN)
          .map(([name, us]) => `${name} ${perRequest(us)} µs`),
      ]),
    ),
  };
};
