/**
 * The faults of the soak, as an operator meets them: a service killed (kill -9) and restarted, the Kafka broker
 * stopped and restarted, a service's PostgreSQL backends terminated, a process paused (SIGSTOP) and resumed, and
 * an integration event delivered twice and two delivered out of order.
 */
import { Kafka, logLevel } from 'kafkajs';
import type { Pool } from 'pg';
import type { ServiceProcess } from './services';

export type FaultKind = 'kill-9' | 'kafka-outage' | 'pg-terminate-backends' | 'pause' | 'duplicate-and-reorder';
/** A step of the run: a fault, or the hostile batch (sent while nothing else is wrong). */
export type StepKind = FaultKind | 'hostile-batch';

export interface FaultPlan {
  readonly kind: StepKind;
  /** The service it hits (none for the broker and the redelivery). */
  readonly service?: string;
  /** Seconds after play starts. */
  readonly atSecond: number;
}

export interface FaultRecord {
  readonly kind: FaultKind;
  readonly service?: string;
  readonly startedAt: number;
  readonly endedAt: number;
  detail?: string;
  /** Per service: seconds from the end of the fault until ready and caught up. */
  recoverySeconds?: Record<string, number>;
}

/** Every fault once and the hostile batch, at seeded moments spread over the play time, in a seeded order. */
export function planFaults(services: readonly string[], playSeconds: number, rng: () => number): FaultPlan[] {
  const kinds: Omit<FaultPlan, 'atSecond'>[] = [
    ...services.map((service) => ({ kind: 'kill-9' as const, service })),
    { kind: 'kafka-outage' },
    { kind: 'pg-terminate-backends' },
    { kind: 'pause', service: services[Math.floor(rng() * services.length)] },
    { kind: 'duplicate-and-reorder' },
    { kind: 'hostile-batch' },
  ];
  for (let i = kinds.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [kinds[i], kinds[j]] = [kinds[j], kinds[i]];
  }
  const slot = playSeconds / (kinds.length + 1);
  return kinds.map((k, i) => ({ ...k, atSecond: Math.round(slot * (i + 0.5 + rng() * 0.5)) }));
}

/** Terminates every PostgreSQL backend of the services (their connections carry application_name soak-<service>). */
export async function terminateBackends(admin: Pool, database: string, services: readonly string[]): Promise<number> {
  const { rows } = await admin.query<{ terminated: boolean }>(
    `SELECT pg_terminate_backend(pid) AS terminated FROM pg_stat_activity WHERE datname = $1 AND application_name = ANY($2::text[])`,
    [database, services.map((s) => `soak-${s}`)],
  );
  return rows.filter((r) => r.terminated).length;
}

export async function killAndRestart(service: ServiceProcess): Promise<void> {
  await service.kill9();
  service.start();
}

export async function pauseFor(service: ServiceProcess, ms: number): Promise<void> {
  service.pause();
  await new Promise((r) => setTimeout(r, ms));
  service.resume();
}

/**
 * Re-produces integration events the consumers already applied: one of them twice more (a duplicate), and two
 * consecutive ones of one partition in reverse order (a reordered redelivery). Consumers must count none of
 * them again.
 */
export async function duplicateAndReorder(brokers: string, topic: string): Promise<string> {
  const kafka = new Kafka({ clientId: 'soak-redelivery', brokers: brokers.split(','), logLevel: logLevel.NOTHING });
  const admin = kafka.admin();
  await admin.connect();
  const offsets = await admin.fetchTopicOffsets(topic);
  await admin.disconnect();
  const partition = offsets.map((o) => ({ partition: o.partition, size: Number(o.high) - Number(o.low), high: Number(o.high) })).sort((a, b) => b.size - a.size)[0];
  if (!partition || partition.size < 3) return 'skipped: fewer than 3 events on the topic';
  const from = Math.max(partition.high - partition.size, partition.high - 12);
  const consumer = kafka.consumer({ groupId: `soak-redelivery-${Date.now()}` });
  const taken: { key: Buffer | null; value: Buffer | null; headers: Record<string, unknown> | undefined; offset: string }[] = [];
  let giveUp: NodeJS.Timeout | undefined;
  await consumer.connect();
  try {
    await consumer.subscribe({ topic, fromBeginning: true });
    const done = new Promise<void>((resolve) => {
      void consumer.run({
        eachMessage: async ({ partition: p, message }) => {
          if (p !== partition.partition || Number(message.offset) < from) return;
          taken.push({ key: message.key, value: message.value, headers: message.headers, offset: message.offset });
          if (taken.length >= 3) resolve();
        },
      });
      consumer.seek({ topic, partition: partition.partition, offset: String(from) });
      giveUp = setTimeout(resolve, 20_000);
    });
    await done;
  } finally {
    clearTimeout(giveUp);
    await consumer.disconnect();
  }
  if (taken.length < 3) return `skipped: read only ${taken.length} events back`;
  const settled = taken.find((m) => m.value?.toString('utf8').includes('WagersSettled')) ?? taken[0];
  const [a, b] = taken.filter((m) => m !== settled).slice(-2);
  const producer = kafka.producer();
  await producer.connect();
  try {
    const asMessage = (m: (typeof taken)[number]) => ({ key: m.key, value: m.value, headers: m.headers as Record<string, Buffer | string>, partition: partition.partition });
    await producer.send({ topic, messages: [asMessage(settled)] });
    await producer.send({ topic, messages: [asMessage(b), asMessage(a)] });
  } finally {
    await producer.disconnect();
  }
  return `partition ${partition.partition}: offset ${settled.offset} again, then ${b.offset} before ${a.offset}`;
}
