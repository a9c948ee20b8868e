/**
 * Where a settled coup's standings lag goes, hop by hop, for bench/tournaments (and a completed coup's meter lag for
 * bench/jackpots, the hop marker being its CoupCompleted, the feed the meter feed's): timestamps (the machine's wall
 * clock with sub-millisecond resolution, comparable across the benchmark's processes) taken by wrapping the
 * messaging classes' methods in the benchmark's processes only; production code is not instrumented.
 *
 * appended (tables store append returned) → firstRead (the first relay read begun after it returned: the relay's
 * poll interval and its query's time) → relayRead (the read that returned it: from firstRead, the wait for the
 * server-wide read horizon, i.e. for older transactions anywhere on the server to end) → sendStart / acked (the
 * Kafka produce request) → applyStart / applied (the tournaments consumer's transaction began / committed) →
 * feedSent (written to the standings feed) → seen (the benchmark client read it off the SSE stream).
 */
import { PostgresEventStore, type StoredEvent } from '@app/event-store';
import { BatchApplier, OutboxRelay, type Incoming } from '@app/messaging';
import type { Producer } from 'kafkajs';
import { monitorEventLoopDelay, performance, type IntervalHistogram } from 'node:perf_hooks';
import { MeterFeed } from '../apps/jackpots/src/meter-feed/meter-feed';
import { StandingsFeed } from '../apps/tournaments/src/standings/standings-feed';

export const HOPS = ['settled', 'appended', 'firstRead', 'relayRead', 'sendStart', 'acked', 'applyStart', 'applied', 'feedSent', 'seen'] as const;
export type Hop = (typeof HOPS)[number];
/** Hop → coup id → wall-clock ms. */
export type Marks = Partial<Record<Hop, Record<string, number>>>;

export const wallNow = (): number => performance.timeOrigin + performance.now();

export class LagMarks {
  readonly marks: Marks = {};
  /** The first time a coup passes a hop counts (a retried batch passes it again). */
  mark(hop: Hop, coupId: string, at = wallNow()): void {
    const m = (this.marks[hop] ??= {});
    if (m[coupId] === undefined) m[coupId] = at;
  }
  merge(other: Marks): void {
    for (const [hop, byCoup] of Object.entries(other)) for (const [coup, at] of Object.entries(byCoup)) this.mark(hop as Hop, coup, at);
  }
}

/** The coup an event is the hop marker of (a tournament's lag follows WagersSettled, a jackpot's CoupCompleted). */
export type CoupOf = (type: string, data: unknown) => string | undefined;
const coupOfType =
  (marker: string): CoupOf =>
  (type, data) =>
    type === marker ? ((data as { coupId?: string } | null)?.coupId ?? undefined) : undefined;
const settledCoupOf = coupOfType('WagersSettled');
export const completedCoupOf = coupOfType('CoupCompleted');

type AnyFn = (...args: never[]) => unknown;
const wrap = <T extends object>(proto: T, name: string, around: (original: AnyFn) => AnyFn): void => {
  const p = proto as Record<string, AnyFn>;
  p[name] = around(p[name]);
};

/**
 * In the tables service's process: the store's append, the relay's read and its produce requests. Returns what
 * to call before reporting the marks: it adds each coup's firstRead.
 */
export function probeTables(marks: LagMarks, coupOf: CoupOf = settledCoupOf): () => void {
  const reads: [start: number, end: number][] = [];
  const appended = (events: readonly { type: string; data: unknown }[]) => {
    const at = wallNow();
    for (const e of events) {
      const c = coupOf(e.type, e.data);
      if (c) marks.mark('appended', c, at);
    }
  };
  wrap(PostgresEventStore.prototype, 'append', (original) =>
    async function (this: unknown, ...args: never[]) {
      const result = await original.apply(this, args);
      appended(args[3] as unknown as { type: string; data: unknown }[]);
      return result;
    },
  );
  wrap(PostgresEventStore.prototype, 'appendMany', (original) =>
    async function (this: unknown, ...args: never[]) {
      const result = await original.apply(this, args);
      appended((args[0] as unknown as { events: { type: string; data: unknown }[] }[]).flatMap((a) => a.events));
      return result;
    },
  );
  wrap(OutboxRelay.prototype, 'read', (original) =>
    async function (this: unknown, ...args: never[]) {
      const start = wallNow();
      const events = (await original.apply(this, args)) as StoredEvent[];
      const at = wallNow();
      reads.push([start, at]);
      for (const e of events) {
        const c = coupOf(e.type, e.data);
        if (c) marks.mark('relayRead', c, at);
      }
      return events;
    },
  );
  const wrapped = new WeakSet<Producer>();
  wrap(OutboxRelay.prototype, 'connectedProducer', (original) =>
    async function (this: unknown, ...args: never[]) {
      const producer = (await original.apply(this, args)) as Producer;
      if (wrapped.has(producer)) return producer;
      wrapped.add(producer);
      const send = producer.send.bind(producer);
      producer.send = async (record) => {
        const coups = record.messages
          .map((m) => JSON.parse(String(m.value)) as { type: string; data: unknown })
          .map((e) => coupOf(e.type, e.data))
          .filter((c): c is string => c !== undefined);
        const start = wallNow();
        for (const c of coups) marks.mark('sendStart', c, start);
        const result = await send(record);
        const acked = wallNow();
        for (const c of coups) marks.mark('acked', c, acked);
        return result;
      };
      return producer;
    },
  );
  return () => {
    for (const [coup, appendedAt] of Object.entries(marks.marks.appended ?? {})) {
      const first = reads.find(([start]) => start >= appendedAt);
      const readAt = marks.marks.relayRead?.[coup];
      if (first && readAt !== undefined) marks.mark('firstRead', coup, Math.min(first[1], readAt));
    }
  };
}

/** In a consumer's process: its transactions (the batch applied, begun and committed). */
function probeConsumer(marks: LagMarks, coupOf: CoupOf, consumer: string): void {
  wrap(BatchApplier.prototype, 'apply', (original) =>
    async function (this: unknown, ...args: never[]) {
      // Only the consumer whose work the hop measures: another that receives the same events (a checkpoint only)
      // would otherwise mark them first and fold the measured consumer's queue into the next hop.
      if (!(this as BatchApplier).consumer.endsWith(consumer)) return original.apply(this, args);
      const coups = (args[1] as unknown as Incoming[])
        .map((i) => ('item' in i && i.item ? coupOf(i.item.type, i.item.data) : undefined))
        .filter((c): c is string => c !== undefined);
      const start = wallNow();
      for (const c of coups) marks.mark('applyStart', c, start);
      const result = await original.apply(this, args);
      const applied = wallNow();
      for (const c of coups) marks.mark('applied', c, applied);
      return result;
    },
  );
}

/** In the tournaments service's process: the consumer's transaction and the standings feed's writes. */
export function probeTournaments(marks: LagMarks): void {
  probeConsumer(marks, settledCoupOf, '.table-play');
  wrap(StandingsFeed.prototype, 'subscribe', (original) =>
    function (this: unknown, ...args: never[]) {
      const listener = args[1] as unknown as (s: { scoredCoups: readonly string[] }) => void;
      const observed = (s: { scoredCoups: readonly string[] }) => {
        const at = wallNow();
        for (const c of s.scoredCoups) marks.mark('feedSent', c, at);
        listener(s);
      };
      return original.apply(this, [args[0], observed] as never[]);
    },
  );
}

/** In the jackpot service's process: the consumer's transaction (per CoupCompleted) and the meter feed's sends. */
export function probeJackpots(marks: LagMarks): void {
  probeConsumer(marks, completedCoupOf, '.coup-contributions');
  wrap(MeterFeed.prototype, 'dispatch', (original) =>
    function (this: unknown, ...args: never[]) {
      const e = args[0] as unknown as StoredEvent;
      const coup = e.type === 'ContributionRecorded' ? (e.data as { coupId?: string }).coupId : undefined;
      if (coup) marks.mark('feedSent', coup);
      return original.apply(this, args);
    },
  );
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

/** One line per hop (and the whole way): p50, p90, p99 and max over the coups that passed both ends. */
export function hopReport(marks: Marks, coups: readonly string[]): string[] {
  const lines: string[] = [];
  const span = (from: Hop, to: Hop) => {
    const a = marks[from] ?? {};
    const b = marks[to] ?? {};
    const d = coups.filter((c) => a[c] !== undefined && b[c] !== undefined).map((c) => b[c] - a[c]).sort((x, y) => x - y);
    if (d.length === 0) return;
    const f = (v: number) => v.toFixed(1).padStart(7);
    lines.push(`  ${`${from} → ${to}`.padEnd(26)} n ${String(d.length).padStart(4)}  p50 ${f(percentile(d, 50))}  p90 ${f(percentile(d, 90))}  p99 ${f(percentile(d, 99))}  max ${f(d[d.length - 1])} ms`);
  };
  const present = HOPS.filter((h) => marks[h] && Object.keys(marks[h]!).length > 0);
  for (let i = 1; i < present.length; i++) span(present[i - 1], present[i]);
  span('settled', 'seen');
  span('appended', 'seen');
  return lines;
}

/** How long this process's callbacks waited for the event loop (CPU queueing), since the last `reset`. */
export class EventLoopDelays {
  private readonly histogram: IntervalHistogram = monitorEventLoopDelay({ resolution: 10 });
  constructor() {
    this.histogram.enable();
  }
  /** From now on: start-up (loading and compiling modules) is not what the benchmark measures. */
  reset(): void {
    this.histogram.reset();
  }
  summary(): string {
    const ms = (ns: number) => (ns / 1e6).toFixed(0);
    const h = this.histogram;
    return `event-loop delay p50 ${ms(h.percentile(50))} p99 ${ms(h.percentile(99))} max ${ms(h.max)} ms`;
  }
}
