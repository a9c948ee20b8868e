import { PostgresEventStore } from '@app/event-store';
import { Kafka } from 'kafkajs';
import type { Pool } from 'pg';
import { Registry } from 'prom-client';
import { EventConsumer, EventConsumerOptions } from '../consumer/event-consumer';
import { Projection } from '../consumer/projection';
import { OutboxRelay, OutboxRelayOptions } from '../relay/outbox-relay';
import { EventSource } from '../source/event-source';
import { testSource, uniqueSuffix } from './fixtures';

const quietLogger = { log: () => undefined, warn: () => undefined, error: () => undefined };

/** One publishing service (own schema, own topic) and helpers to run its relay and consumers in a test. */
export interface World {
  readonly store: PostgresEventStore;
  readonly source: EventSource;
  readonly registry: Registry;
  relay(extra?: Partial<OutboxRelayOptions>): OutboxRelay;
  consumer(projection: Projection, extra?: Partial<EventConsumerOptions>): EventConsumer;
  stopAll(): Promise<void>;
}

export async function createWorld(pool: Pool, kafka: Kafka | undefined, prefix = 'svc'): Promise<World> {
  const service = `${prefix}${uniqueSuffix()}`;
  const store = new PostgresEventStore(pool, service);
  await store.migrate();
  const source = await testSource(store, service, kafka);
  const registry = new Registry();
  const running: { stop(): Promise<void> }[] = [];
  return {
    store,
    source,
    registry,
    relay(extra = {}) {
      if (!kafka) throw new Error('The relay needs Kafka: create the world with a Kafka client.');
      const relay = new OutboxRelay({ source, pool, kafka, registry, logger: quietLogger, ...extra });
      running.push(relay);
      return relay;
    },
    consumer(projection, extra = {}) {
      const consumer = new EventConsumer({ projection, pool, sources: [source], kafka, registry, logger: quietLogger, ...extra });
      running.push(consumer);
      return consumer;
    },
    async stopAll() {
      await Promise.all(running.map((r) => r.stop()));
    },
  };
}
