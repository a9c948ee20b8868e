/**
 * The services of the soak, each its own operating-system processes as it is deployed
 * (`node -r @swc-node/register apps/<service>/src/main.ts`): two replicas of each by default, as a casino runs
 * them (one active, holding the relay and consumer locks, and a warm standby), with the faults an operator meets:
 * kill -9 and restart, pause (SIGSTOP) and resume. Output goes to one log file per replica in the run's directory.
 */
import { ChildProcess, spawn } from 'node:child_process';
import { existsSync, openSync, closeSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

export const ROOT = resolve(__dirname, '../..');

/** Every service that may run alone; those not (yet) in apps/ are skipped. */
export const CANDIDATE_SERVICES = ['tables', 'jackpots', 'reporting', 'tournaments', 'promotions', 'rapid'] as const;
export type ServiceName = (typeof CANDIDATE_SERVICES)[number];

export const presentServices = (): ServiceName[] => CANDIDATE_SERVICES.filter((s) => existsSync(resolve(ROOT, `apps/${s}/src/main.ts`)));

/** Every port this run has handed out: the operating system may give a closed probe's port again. */
const handedOut = new Set<number>();

/**
 * A free TCP port on 127.0.0.1 (and, with `pair`, the next one free too: Kafka's controller takes port + 1), never
 * one this run handed out before. Each probe closes at once, so the system may offer the same port twice; two
 * services given one port left one of them unstarted and its requests answered by the other (a soak at the
 * equivalent of one core failed with "Cannot POST /tournaments").
 */
export async function freePort(pair = false): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = await new Promise<number>((res, rej) => {
      const srv = createServer();
      srv.once('error', rej);
      srv.listen(0, '127.0.0.1', () => {
        const p = (srv.address() as { port: number }).port;
        srv.close(() => res(p));
      });
    });
    if (handedOut.has(port) || (pair && handedOut.has(port + 1))) continue;
    if (pair && !(await isFree(port + 1))) continue;
    handedOut.add(port);
    if (pair) handedOut.add(port + 1);
    return port;
  }
  throw new Error('No free port (or port pair) found on 127.0.0.1 after 50 tries.');
}

const isFree = (port: number) =>
  new Promise<boolean>((res) => {
    const srv = createServer();
    srv.once('error', () => res(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => res(true)));
  });

export interface ServiceEnv {
  readonly databaseUrl: string;
  readonly brokers: string;
  readonly authSecret: string;
  readonly logDir: string;
  /** Connections per process (default 10); the replicas of a service share what one process had. */
  readonly pgPoolSize?: number;
}

/** One service's process: start, kill -9, pause, resume, stop; every start appends to the same log file. */
export class ServiceProcess {
  private child: ChildProcess | undefined;
  private expectedExit = false;
  /** Exits nobody asked for (a crash): the soak restarts the service, as an orchestrator would, and reports it. */
  readonly crashes: { at: number; code: number | null; signal: string | null }[] = [];
  readonly url: string;
  starts = 0;

  constructor(
    readonly name: ServiceName,
    readonly port: number,
    private readonly env: ServiceEnv,
    /** 1, 2...: which replica of the service this process is. */
    readonly replica = 1,
  ) {
    this.url = `http://127.0.0.1:${port}`;
  }

  /** `tables#2`: the replica in logs and the summary. */
  get id(): string {
    return `${this.name}#${this.replica}`;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  get running(): boolean {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  start(): void {
    const url = new URL(this.env.databaseUrl);
    // The application name lets the soak find (and terminate) this service's own PostgreSQL backends.
    url.searchParams.set('application_name', `soak-${this.name}`);
    const log = openSync(resolve(this.env.logDir, `${this.name}-${this.replica}.log`), 'a');
    this.expectedExit = false;
    this.starts++;
    const child = spawn(process.execPath, ['-r', '@swc-node/register', `apps/${this.name}/src/main.ts`], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        DATABASE_URL: url.toString(),
        KAFKA_BROKERS: this.env.brokers,
        AUTH_SECRET: this.env.authSecret,
        LOG_LEVEL: process.env.SOAK_LOG_LEVEL ?? 'warn',
        KAFKAJS_NO_PARTITIONER_WARNING: '1',
        PG_POOL_SIZE: String(this.env.pgPoolSize ?? 10),
        // As deploy/docker-compose.yml: the soak's broker (deploy/kafka) accepts sessions from 2 s.
        KAFKA_SESSION_TIMEOUT_MS: process.env.KAFKA_SESSION_TIMEOUT_MS ?? '3000',
      },
      stdio: ['ignore', log, log],
    });
    closeSync(log);
    child.once('exit', (code, signal) => {
      if (!this.expectedExit) this.crashes.push({ at: Date.now(), code, signal });
    });
    this.child = child;
  }

  /** kill -9: no shutdown hooks, open transactions abandoned, the HTTP connections reset. */
  async kill9(): Promise<void> {
    await this.signalAndWait('SIGKILL');
  }

  pause(): void {
    this.child?.kill('SIGSTOP');
  }

  resume(): void {
    this.child?.kill('SIGCONT');
  }

  /** Synchronous last resort when the soak itself is interrupted. */
  killNow(): void {
    if (!this.running) return;
    this.expectedExit = true;
    this.child!.kill('SIGKILL');
  }

  /** Graceful stop (SIGTERM, then SIGKILL after 10 s). */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.child!.kill('SIGCONT');
    const exited = this.signalAndWait('SIGTERM');
    const timer = setTimeout(() => this.child?.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }

  private async signalAndWait(signal: NodeJS.Signals): Promise<void> {
    const child = this.child;
    if (!child || !this.running) return;
    this.expectedExit = true;
    const exited = new Promise<void>((res) => child.once('exit', () => res()));
    child.kill(signal);
    await exited;
  }
}
