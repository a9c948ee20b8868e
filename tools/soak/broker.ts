/**
 * The soak's own Kafka broker (deploy/kafka, the project's KRaft broker) on a port and data directory of its
 * own. Started and stopped without blocking the soak's event loop, so the consoles keep playing (and retrying)
 * while the broker is down or starting again.
 */
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from './services';

const run = promisify(execFile);
const scripts = resolve(ROOT, 'deploy/kafka');

export class SoakBroker {
  readonly brokers: string;

  constructor(
    readonly port: number,
    private readonly dataDir: string,
  ) {
    this.brokers = `127.0.0.1:${port}`;
  }

  private env(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
    return { ...process.env, KAFKA_PORT: String(this.port), KAFKA_DATA_DIR: this.dataDir, ...extra };
  }

  /** Starts the broker (wiping its data only when `fresh`) and resolves once it accepts connections. */
  async start(fresh = false): Promise<void> {
    await run(`${scripts}/start.sh`, [], { env: this.env({ KAFKA_FRESH: fresh ? '1' : '0' }), cwd: ROOT, maxBuffer: 1 << 20 });
  }

  async stop(signal: 'TERM' | 'KILL' = 'TERM'): Promise<void> {
    await run(`${scripts}/stop.sh`, [], { env: this.env({ KAFKA_SIGNAL: `-${signal}` }), cwd: ROOT });
  }
}
