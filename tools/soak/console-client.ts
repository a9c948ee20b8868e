/**
 * The soak's consoles (dealer, supervisor, jackpot console, managers' screens) over the real HTTP APIs. A
 * command that fails on the way (connection refused or reset, a timeout, a 5xx) is sent again with the same
 * Idempotency-Key, as a real console would, until the service answers; a 4xx is a refusal and is not retried.
 * Every acknowledged command is kept for the invariants: which stream, which versions, which events. A service
 * runs as several replicas: the client balances over them as a casino's load balancer does, sending work only to
 * the replicas whose /health/ready answers 200 (checked every 250 ms, and at once after a failed exchange).
 */
import { Agent, request } from 'node:http';
import { CASINO_IDS } from '@app/baccarat';
import { isCasinoBound, issueToken, Role } from '@app/platform-kit';

export interface AckedCommand {
  readonly service: string;
  readonly path: string;
  readonly key: string;
  /** The aggregate id the answer names (tableId / jackpotId). */
  readonly streamId: string;
  /** Stream version after the command, and the events it recorded (the original ones when it was a duplicate). */
  readonly version: number;
  readonly eventTypes: readonly string[];
  readonly events: readonly Record<string, unknown>[];
  readonly attempts: number;
  readonly ackedAt: number;
}

export class CommandRefused extends Error {
  constructor(
    readonly status: number,
    readonly path: string,
    readonly body: string,
  ) {
    super(`${path} was refused with ${status}: ${body.slice(0, 400)}`);
  }
}

export interface HttpAnswer {
  readonly status: number;
  readonly text: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The service a health answer names (`service`), if any. */
export const servedBy = (text: string): string | undefined => {
  try {
    return (JSON.parse(text) as { service?: string }).service;
  } catch {
    return undefined;
  }
};

/**
 * A token as the platform issues them (its audience, issuer and lifetime rules), for one role. The soak's floors play
 * at every casino, so a staff token names the casinos given (default: every casino).
 */
export const tokenFor = (secret: string, role: string, jurisdictions?: string[], subject = `soak-${role}`, casinos: readonly string[] = CASINO_IDS): string =>
  issueToken({ sub: subject, name: subject, roles: [role as Role], jurisdictions, ...(isCasinoBound(role as Role) ? { casinos } : {}) }, secret, 6 * 3600);

/** One raw HTTP exchange with a deadline; rejects on a network error or a timeout. */
export function exchange(agent: Agent | undefined, url: string, method: string, path: string, headers: Record<string, string>, body?: string | Buffer, timeoutMs = 8000): Promise<HttpAnswer> {
  const target = new URL(url);
  return new Promise<HttpAnswer>((resolve, reject) => {
    const req = request({ agent, host: target.hostname, port: target.port, method, path, headers: { ...headers, ...(body !== undefined ? { 'content-length': String(Buffer.byteLength(body)) } : {}) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}

export class ConsoleClient {
  readonly acked: AckedCommand[] = [];
  /** 5xx answers and failed exchanges seen while playing (expected around faults; they are retried). */
  serverErrors = 0;
  networkErrors = 0;
  retries = 0;
  rateLimited = 0;
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 64 });
  private readonly tokens = new Map<string, string>();
  private readonly casinoOfRecord = new Map<string, string>();
  /** The load balancer's view: replicas whose last health check (or exchange) failed get no work. */
  private readonly unready = new Set<string>();
  private readonly turn = new Map<string, number>();
  private healthChecks: NodeJS.Timeout | undefined;

  constructor(
    private readonly urls: Readonly<Record<string, readonly string[]>>,
    private readonly secret: string,
    private readonly giveUpAfterMs = 180_000,
  ) {}

  /** Health checks of every replica, as a load balancer's: 200 from /health/ready within a second, or no work. */
  startHealthChecks(intervalMs = 250): void {
    if (this.healthChecks) return;
    let checking = false;
    this.healthChecks = setInterval(() => {
      if (checking) return;
      checking = true;
      void Promise.all(
        Object.entries(this.urls).flatMap(([service, urls]) =>
          urls.map(async (url) => {
            // Ready, and the service this replica should be: a process that took another's port is not sent its work.
            const res = await this.probeAt(url, '/health/ready', 'administrator', 1000);
            const ready = res?.status === 200 && servedBy(res.text) === service;
            if (ready) this.unready.delete(url);
            else this.unready.add(url);
          }),
        ),
      ).finally(() => (checking = false));
    }, intervalMs);
  }

  /** The replica the next request of a service goes to: round robin over the ready ones (over all when none is). */
  private pick(service: string): string {
    const all = this.urls[service];
    if (!all?.length) throw new Error(`No replica of ${service}.`);
    const ready = all.filter((u) => !this.unready.has(u));
    const pool = ready.length ? ready : all;
    const n = (this.turn.get(service) ?? 0) + 1;
    this.turn.set(service, n);
    return pool[n % pool.length];
  }

  /** More than one replica of the service looks ready: a failed request can go to another at once. */
  private hasAnotherReady(service: string, than: string): boolean {
    return this.urls[service].some((u) => u !== than && !this.unready.has(u));
  }

  /**
   * Staff act only at their own casino: the consoles at a record of one casino (a table, a jackpot, a Rapid table,
   * a tournament, a promotion, by id) carry tokens naming that casino alone, so each casino's staff play side by
   * side; a read across the floor (the group's managers: statistics, ledger, dashboard) names every casino.
   */
  worksAt(casino: string, ...ids: string[]): void {
    for (const id of ids) this.casinoOfRecord.set(id, casino);
  }

  private casinoFor(path: string, streamId?: string): string | undefined {
    if (streamId !== undefined && this.casinoOfRecord.has(streamId)) return this.casinoOfRecord.get(streamId);
    for (const segment of path.split('?')[0].split('/')) {
      const casino = this.casinoOfRecord.get(decodeURIComponent(segment));
      if (casino !== undefined) return casino;
    }
    return undefined;
  }

  /** `subject`: who the token names, for a role bound to itself (an ATS acts only on its own account, Rapid 6.1); `casino`: the one casino it covers (default every casino). */
  token(role: string, jurisdictions?: string[], subject?: string, casino?: string): string {
    const k = `${role}:${jurisdictions?.join(',') ?? ''}:${subject ?? ''}:${casino ?? ''}`;
    let t = this.tokens.get(k);
    if (!t) this.tokens.set(k, (t = `Bearer ${tokenFor(this.secret, role, jurisdictions, subject, casino ? [casino] : undefined)}`));
    return t;
  }

  /** A command: retried with the same key until answered; its acknowledgement is recorded. */
  async command(service: string, method: 'POST' | 'PUT', path: string, body: unknown, role: string, key: string, streamId: string, subject?: string, jurisdictions?: string[]): Promise<Record<string, unknown>> {
    const payload = JSON.stringify(body);
    const { status, text, attempts } = await this.withRetry(service, method, path, { 'content-type': 'application/json', authorization: this.token(role, jurisdictions, subject, this.casinoFor(path, streamId)), 'idempotency-key': key }, payload);
    if (status >= 400) throw new CommandRefused(status, path, text);
    const answer = JSON.parse(text) as { version?: number; events?: Record<string, unknown>[] };
    const events = answer.events ?? [];
    this.acked.push({ service, path, key, streamId, version: answer.version ?? 0, eventTypes: events.map((e) => String(e.type)), events, attempts, ackedAt: Date.now() });
    return answer as unknown as Record<string, unknown>;
  }

  /** A read, retried the same way; answers the parsed body (throws on a 4xx). */
  async read<T>(service: string, path: string, role: string, jurisdictions?: string[], subject?: string): Promise<T> {
    const { status, text } = await this.withRetry(service, 'GET', path, { authorization: this.token(role, jurisdictions, subject, this.casinoFor(path)) });
    if (status >= 400) throw new CommandRefused(status, path, text);
    return JSON.parse(text) as T;
  }

  /** A read that answers once, without retrying, from a ready replica (probes carry a token so no anonymous rate limit applies). */
  async probe(service: string, path: string, role = 'administrator', timeoutMs = 3000): Promise<HttpAnswer | undefined> {
    return this.probeAt(this.pick(service), path, role, timeoutMs);
  }

  /** The same, from one given replica (its own readiness, its own roles). */
  async probeAt(url: string, path: string, role = 'administrator', timeoutMs = 3000): Promise<HttpAnswer | undefined> {
    try {
      return await exchange(this.agent, url, 'GET', path, { authorization: this.token(role) }, undefined, timeoutMs);
    } catch {
      return undefined;
    }
  }

  private async withRetry(service: string, method: string, path: string, headers: Record<string, string>, body?: string): Promise<HttpAnswer & { attempts: number }> {
    const started = Date.now();
    for (let attempt = 1; ; attempt++) {
      const url = this.pick(service);
      let failover = false;
      try {
        const answer = await exchange(this.agent, url, method, path, headers, body);
        // 429: the service asks the console to slow down; it waits and sends the same command again.
        if (answer.status < 500 && answer.status !== 429) return { ...answer, attempts: attempt };
        if (answer.status === 429) this.rateLimited++;
        else this.serverErrors++;
        if (Date.now() - started > this.giveUpAfterMs) return { ...answer, attempts: attempt };
      } catch (err) {
        this.networkErrors++;
        // The replica is gone (killed, restarting): no more work for it until its health check passes again.
        this.unready.add(url);
        failover = this.hasAnotherReady(service, url);
        if (Date.now() - started > this.giveUpAfterMs) throw new Error(`${method} ${path} on ${service}: no answer for ${this.giveUpAfterMs} ms (${String(err)})`);
      }
      this.retries++;
      await sleep(failover ? 20 : Math.min(2000, 100 * 2 ** Math.min(attempt, 5)));
    }
  }

  close(): void {
    clearInterval(this.healthChecks);
    this.healthChecks = undefined;
    this.agent.destroy();
  }
}
