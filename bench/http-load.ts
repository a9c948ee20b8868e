/**
 * An HTTP load client in a worker thread, for benchmarks of a server in the same process or of servers in others.
 * Real clients (the ATS, the SGC) are other machines: with the client on its own thread a server's event loop
 * spends its time serving requests, not making them, and the benchmark measures the service rather than the client.
 *
 * `run(tasks, concurrency)` sends the tasks with at most `concurrency` in flight; a task is one request or a chain
 * run in order (draw then outcome). Every request's status, parsed body and round-trip time come back in order.
 */
import http from 'node:http';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

export interface LoadRequest {
  readonly method: string;
  readonly path: string;
  readonly auth?: string;
  readonly body?: unknown;
  /** Which of the client's servers gets it (an index into its bases; default the first), as a load balancer would pick. */
  readonly server?: number;
}
export interface LoadResult {
  readonly status: number;
  readonly body: Record<string, unknown>;
  readonly ms: number;
}
type Task = LoadRequest | readonly LoadRequest[];
interface Batch {
  readonly id: number;
  readonly tasks: readonly Task[];
  readonly concurrency: number;
}

export class LoadClient {
  private readonly worker: Worker;
  private next = 0;
  private readonly waiting = new Map<number, { resolve: (r: LoadResult[][]) => void; reject: (e: unknown) => void }>();

  /** `base`: the server's URL, or several servers' (each request names its own with `server`). */
  constructor(base: string | readonly string[]) {
    // The worker runs this same file: TypeScript, through the register hook (-r) the parent was started with,
    // which is why it is required from an evaluated script rather than given to Worker as a path.
    this.worker = new Worker(`require(${JSON.stringify(__filename)})`, { eval: true, workerData: { bases: typeof base === 'string' ? [base] : base }, execArgv: requireHooks() });
    this.worker.on('message', ({ id, results, error }: { id: number; results?: LoadResult[][]; error?: string }) => {
      const w = this.waiting.get(id)!;
      this.waiting.delete(id);
      if (error !== undefined) w.reject(new Error(error));
      else w.resolve(results!);
    });
    this.worker.on('error', (err) => {
      for (const w of this.waiting.values()) w.reject(err);
      this.waiting.clear();
    });
  }

  /** One result per task: a single request's result, or a chain's last. */
  async run(tasks: readonly LoadRequest[], concurrency: number): Promise<LoadResult[]> {
    return (await this.runChains(tasks, concurrency)).map((chain) => chain[chain.length - 1]);
  }

  /** Each task's results in order (a chain's every request). */
  runChains(tasks: readonly Task[], concurrency: number): Promise<LoadResult[][]> {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ id, tasks, concurrency } satisfies Batch);
    });
  }

  close(): Promise<number> {
    return this.worker.terminate();
  }
}

export interface Figures {
  readonly perSec: number;
  /** This thread's CPU time per request: the server's own when it runs in this process's main thread. */
  readonly cpuUsPerRequest: number;
}

/** Runs (up to 500 of) the requests once to warm up connections and JIT, then all of them measured; any answer of 300 or more fails it. */
export const measure = async (client: LoadClient, requests: readonly LoadRequest[], concurrency: number): Promise<Figures> => {
  await client.run(requests.slice(0, Math.min(500, requests.length)), concurrency);
  const cpu = process.threadCpuUsage();
  const started = performance.now();
  const results = await client.run(requests, concurrency);
  const ms = performance.now() - started;
  const used = process.threadCpuUsage(cpu);
  const failed = results.find((r) => r.status >= 300);
  if (failed) throw new Error(`${requests[0].method} ${requests[0].path}: ${failed.status} ${JSON.stringify(failed.body)}`);
  return { perSec: Math.round(requests.length / (ms / 1000)), cpuUsPerRequest: Math.round((used.user + used.system) / requests.length) };
};

/** The parent's `-r <module>` options (a worker refuses process-wide ones such as heap sizes). */
const requireHooks = (): string[] => {
  const argv = process.execArgv;
  return argv.flatMap((a, i) => (a === '-r' || a === '--require' ? [a, argv[i + 1]] : a.startsWith('--require=') ? [a] : []));
};

const serve = (bases: readonly string[]): void => {
  const urls = bases.map((base) => new URL(base));
  // An idle socket is dropped before the server's 5 s keep-alive timeout would close it: reusing one the server is
  // closing at that moment fails the request with ECONNRESET (the likeliest cause of one failed run, not reproduced).
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256, timeout: 4_000 });
  const call = (r: LoadRequest): Promise<LoadResult> =>
    new Promise((resolve, reject) => {
      const data = r.body === undefined ? undefined : JSON.stringify(r.body);
      const headers: http.OutgoingHttpHeaders = {
        ...(r.auth ? { Authorization: r.auth } : {}),
        ...(data ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(data) } : {}),
      };
      const started = performance.now();
      const url = urls[r.server ?? 0];
      const req = http.request({ host: url.hostname, port: url.port, path: r.path, method: r.method, agent, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const ms = performance.now() - started;
          let body: Record<string, unknown> = {};
          try {
            body = JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown>;
          } catch {
            // an empty or non-JSON body
          }
          resolve({ status: res.statusCode ?? 0, body, ms });
        });
      });
      req.on('error', reject);
      req.end(data);
    });
  const chain = async (task: Task): Promise<LoadResult[]> => {
    const out: LoadResult[] = [];
    for (const r of Array.isArray(task) ? (task as readonly LoadRequest[]) : [task as LoadRequest]) out.push(await call(r));
    return out;
  };
  parentPort!.on('message', ({ id, tasks, concurrency }: Batch) => {
    const results: LoadResult[][] = new Array(tasks.length);
    let next = 0;
    Promise.all(
      Array.from({ length: Math.min(concurrency, tasks.length) }, async () => {
        while (next < tasks.length) {
          const i = next++;
          results[i] = await chain(tasks[i]);
        }
      }),
    ).then(
      () => parentPort!.postMessage({ id, results }),
      (err: unknown) => parentPort!.postMessage({ id, error: String(err) }),
    );
  });
};

if (!isMainThread && (workerData as { bases?: string[] } | null)?.bases) serve((workerData as { bases: string[] }).bases);
