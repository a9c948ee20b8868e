/**
 * What the soak watches while it runs, through the services' HTTP APIs: readiness, how far the read models have
 * caught up with the acknowledged coups, and the projection lag of every second of play.
 */
import { servedBy, type ConsoleClient } from './console-client';
import type { Floor } from './floor';
import type { ServiceProcess } from './services';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Coups the tables service acknowledged, in order of acknowledgement: [time, table]. */
export const acknowledgedCoups = (client: ConsoleClient): { at: number; tableId: string }[] =>
  client.acked.filter((a) => a.service === 'tables' && a.eventTypes.includes('CoupCompleted')).map((a) => ({ at: a.ackedAt, tableId: a.streamId }));

export async function reportedCoups(client: ConsoleClient): Promise<number | undefined> {
  const res = await client.probe('reporting', '/reporting/statistics', 'area-manager');
  if (res?.status !== 200) return undefined;
  const body = JSON.parse(res.text) as { tables: { coups: number | string }[] };
  return body.tables.reduce((n, r) => n + Number(r.coups), 0);
}

export async function jackpotContributions(client: ConsoleClient, floor: Floor): Promise<number | undefined> {
  const res = await client.probe('jackpots', `/jackpots/${floor.jackpotId}/reconciliation`, 'jackpot-console', 10_000);
  if (res?.status !== 200) return undefined;
  return (JSON.parse(res.text) as { contributionCount: number }).contributionCount;
}

/** One replica's own readiness (not the load balancer's pick): a 200 from the service it is (`service` in the answer), not another on its port. */
export async function isReady(client: ConsoleClient, s: ServiceProcess): Promise<boolean> {
  const res = await client.probeAt(s.url, '/health/ready');
  return res?.status === 200 && servedBy(res.text) === s.name;
}

/** What a replica holds, from its readiness report: the relay lock, and the consumers it runs (joined) or stands by for. */
export interface Roles {
  readonly ready: boolean;
  readonly relayLeader: boolean;
  readonly active: readonly string[];
  readonly standby: readonly string[];
}

interface MessagingDetails {
  relays?: { leader?: boolean }[];
  consumers?: { consumer: string; standby?: boolean; joined?: boolean }[];
}

export async function rolesOf(client: ConsoleClient, s: ServiceProcess, timeoutMs = 1000): Promise<Roles | undefined> {
  const res = await client.probeAt(s.url, '/health/ready', 'administrator', timeoutMs);
  if (!res) return undefined;
  let details: MessagingDetails = {};
  try {
    const body = JSON.parse(res.text) as { checks?: Record<string, { details?: MessagingDetails }> };
    details = body.checks?.[`${s.name}-messaging`]?.details ?? {};
  } catch {
    return undefined;
  }
  const consumers = details.consumers ?? [];
  return {
    ready: res.status === 200,
    relayLeader: (details.relays ?? []).some((r) => r.leader === true),
    active: consumers.filter((c) => !c.standby && c.joined).map((c) => c.consumer),
    standby: consumers.filter((c) => c.standby).map((c) => c.consumer),
  };
}

const roleCount = (r: Roles | undefined) => (r ? (r.relayLeader ? 1 : 0) + r.active.length : -1);

/** The replica a fault should hit: the one holding the most of the service's locks (the first when none does). */
export async function activeReplica(client: ConsoleClient, replicas: readonly ServiceProcess[]): Promise<{ replica: ServiceProcess; roles: Roles | undefined }> {
  const roles = await Promise.all(replicas.map((r) => (r.running ? rolesOf(client, r, 3000) : undefined)));
  let best = 0;
  for (let i = 1; i < replicas.length; i++) if (roleCount(roles[i]) > roleCount(roles[best])) best = i;
  return { replica: replicas[best], roles: roles[best] };
}

/**
 * After the active replica was killed: milliseconds from `killedAt` until every lock it held (its relay, its
 * consumers) is held again by a replica that runs (the relay lock taken; each consumer's lock taken and its Kafka
 * group joined), polling each every 50 ms (resolution: that and a readiness answer's time).
 */
export async function waitTakeover(client: ConsoleClient, replicas: readonly ServiceProcess[], held: Roles | undefined, killedAt: number, timeoutMs: number): Promise<{ ms: number; by: string[] }> {
  const needRelay = held?.relayLeader ?? false;
  const needConsumers = held?.active ?? [];
  const deadline = killedAt + timeoutMs;
  while (Date.now() < deadline) {
    // A generous timeout: a loaded replica answering slowly must not read as "not taken over yet".
    const now = await Promise.all(replicas.map((r) => (r.running ? rolesOf(client, r, 3000) : undefined)));
    const relayBy = replicas.filter((_, i) => now[i]?.relayLeader);
    const consumersBy = needConsumers.map((c) => replicas.filter((_, i) => now[i]?.active.includes(c)));
    if ((!needRelay || relayBy.length) && consumersBy.every((by) => by.length)) {
      return { ms: Date.now() - killedAt, by: [...new Set([...relayBy, ...consumersBy.flat()].map((r) => r.id))] };
    }
    await sleep(50);
  }
  return { ms: Number.POSITIVE_INFINITY, by: [] };
}

/**
 * Waits until every replica answers ready and the read models hold every coup acknowledged before `since`;
 * answers the seconds from `since` each replica took (readiness, then catch-up for the consumers).
 */
export async function waitRecovered(client: ConsoleClient, floor: Floor, services: readonly ServiceProcess[], since: number, timeoutMs: number): Promise<Record<string, number>> {
  const acked = acknowledgedCoups(client).filter((c) => c.at <= Date.now());
  const coupsTarget = acked.length;
  const jackpotTables = new Set(floor.jackpotTables);
  const jackpotTarget = acked.filter((c) => jackpotTables.has(c.tableId)).length;
  const recovered: Record<string, number> = {};
  const deadline = Date.now() + timeoutMs;
  while (Object.keys(recovered).length < services.length && Date.now() < deadline) {
    for (const s of services) {
      if (recovered[s.id] !== undefined || !(await isReady(client, s))) continue;
      if (s.name === 'reporting' && ((await reportedCoups(client)) ?? -1) < coupsTarget) continue;
      if (s.name === 'jackpots' && jackpotTarget > 0 && ((await jackpotContributions(client, floor)) ?? -1) < jackpotTarget) continue;
      recovered[s.id] = (Date.now() - since) / 1000;
    }
    await sleep(250);
  }
  for (const s of services) recovered[s.id] ??= Number.POSITIVE_INFINITY;
  return recovered;
}

/**
 * Polls reporting's statistics every 50 ms: when did it show how many coups. The poll interval is the lag's
 * resolution (a sample's time is when its answer arrived, so lag is never understated); at the 250 ms it had
 * before, the instrument alone added up to a quarter second to every figure it reported against a 250 ms target.
 */
export class LagProbe {
  readonly samples: { at: number; coups: number }[] = [];
  private running = false;
  private loop: Promise<void> | undefined;

  constructor(
    private readonly client: ConsoleClient,
    private readonly intervalMs = 50,
  ) {}

  start(): void {
    this.running = true;
    this.loop = (async () => {
      while (this.running) {
        const coups = await reportedCoups(this.client);
        if (coups !== undefined) this.samples.push({ at: Date.now(), coups });
        await sleep(this.intervalMs);
      }
    })();
  }

  async stop(): Promise<void> {
    this.running = false;
    await this.loop;
  }

  /**
   * Reporting's projection lag for every second of play: for the last coup acknowledged by the end of that
   * second, how long until the statistics counted it (resolution: the poll interval). A coup never seen
   * (the run ended first) is left out.
   */
  lagPerSecond(acked: readonly { at: number }[], from: number, to: number): { second: number; lagMs: number }[] {
    const out: { second: number; lagMs: number }[] = [];
    let i = 0;
    let s = 0;
    for (let t = from + 1000; t <= to; t += 1000) {
      while (i < acked.length && acked[i].at <= t) i++;
      if (i === 0) continue;
      const ackAt = acked[i - 1].at;
      while (s < this.samples.length && (this.samples[s].at < ackAt || this.samples[s].coups < i)) s++;
      if (s >= this.samples.length) break;
      out.push({ second: Math.round((t - from) / 1000), lagMs: this.samples[s].at - ackAt });
    }
    return out;
  }
}
