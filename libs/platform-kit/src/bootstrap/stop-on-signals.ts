import type { Server } from 'node:http';
import { INestApplication, Logger } from '@nestjs/common';

/**
 * Once the HTTP server stops accepting, requests in flight get this long to finish; then their connections are
 * closed (a live feed, such as the jackpot meter's, never ends by itself and would hold the stop for ever).
 */
const DRAIN_MS = 5_000;

/** After the last step, how long anything left running (a stray timer) may keep the process before it is ended. */
const EXIT_GRACE_MS = 2_000;

/**
 * Ends the process with this code once what is pending is done: its last log lines are still being written
 * (pino writes asynchronously, and an immediate process.exit could let them land out of order or not at all).
 */
const exitWhenDrained = (code: number): void => {
  process.exitCode = code;
  setTimeout(() => process.exit(code), EXIT_GRACE_MS).unref();
};

interface Step {
  readonly what: string;
  readonly stop: () => Promise<void>;
}

/**
 * The one shutdown path of a process (every main.ts). On SIGINT (Ctrl-C) or SIGTERM (a container's stop), what
 * was started is stopped once, the last started first: the application (Nest closes its HTTP server, then
 * runs the modules' shutdown hooks: the consumers, relays and schedulers, and last the global DatabaseModule's
 * pool), then what was started before it (the platform's embedded PostgreSQL). Each step is logged, and the
 * process exits 0 if every step went well, 1 otherwise. A second signal while stopping changes nothing.
 *
 * Nest's own `enableShutdownHooks` is not used: beside a main's handler it made a second, concurrent close
 * (the pool ended twice, "Called end on pool more than once", and PostgreSQL stopped under running consumers),
 * and it ends by re-raising the signal, which a container reports as a crash.
 */
export class ShutdownOnSignals {
  private readonly steps: Step[] = [];
  private stopping: Promise<void> | undefined;
  private readonly logger = new Logger('Shutdown');

  constructor(private readonly exit: (code: number) => void = exitWhenDrained) {}

  /** Stops on these signals: unless told, SIGINT (Ctrl-C), SIGTERM (a container's stop) and SIGHUP (the terminal closed). */
  listen(signals: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP']): this {
    for (const signal of signals) process.on(signal, () => void this.stop(signal));
    return this;
  }

  /** Something to stop; it is stopped after whatever is added later (last started, first stopped). */
  add(what: string, stop: () => Promise<void>): this {
    this.steps.push({ what, stop });
    return this;
  }

  /** The Nest application: its HTTP server first (in-flight requests drain), then its modules, the pool last. */
  addApp(app: INestApplication): this {
    return this.add('the application', async () => {
      const server = app.getHttpServer() as Server | undefined;
      server?.once('close', () => this.logger.log('Closed the HTTP server (no request accepted or in flight); stopping the consumers, relays and schedulers'));
      const drain = setTimeout(() => {
        this.logger.log(`Ending the connections still open after ${DRAIN_MS / 1000} s (live feeds such as the jackpot meter's)`);
        server?.closeAllConnections?.();
      }, DRAIN_MS);
      drain.unref();
      try {
        await app.close();
      } finally {
        clearTimeout(drain);
      }
    });
  }

  /** Stops everything added, once; what a signal calls. */
  stop(signal: string): Promise<void> {
    if (this.stopping) {
      this.logger.warn(`${signal} again: still stopping cleanly (\`kill -9 ${process.pid}\` would force it, and the next start would recover)`);
      return this.stopping;
    }
    this.stopping = this.run(signal);
    return this.stopping;
  }

  private async run(signal: string): Promise<void> {
    const steps = [...this.steps].reverse();
    this.logger.log(`Stopping on ${signal}: ${steps.length > 0 ? steps.map((s) => s.what).join(', then ') : 'nothing started yet'}`);
    let failed = false;
    for (const step of steps) {
      try {
        await step.stop();
      } catch (err) {
        failed = true;
        this.logger.error(`Could not stop ${step.what}: ${err instanceof Error ? err.message : String(err)}`, err instanceof Error ? err.stack : undefined);
      }
    }
    if (failed) {
      this.logger.error('Stopped, with the errors above (exit code 1)');
      this.exit(1);
    } else {
      this.logger.log('Stopped cleanly (exit code 0)');
      this.exit(0);
    }
  }
}

/** For a main.ts, first thing: the process's one shutdown path, listening to SIGINT, SIGTERM and SIGHUP. */
export const stopOnSignals = (): ShutdownOnSignals => new ShutdownOnSignals().listen();
