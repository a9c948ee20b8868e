import { Counter, Gauge, register as defaultRegister, Registry } from 'prom-client';

/** The relay and consumer metrics, registered once per registry (several services can share one process). */
export interface MessagingMetrics {
  readonly relayPublished: Counter<'service'>;
  readonly relayLag: Gauge<'service'>;
  readonly consumerApplied: Counter<'consumer' | 'source'>;
  readonly consumerDeadLetters: Counter<'consumer' | 'source'>;
}

const byRegistry = new WeakMap<Registry, MessagingMetrics>();

/** Metrics in `registry` (prom-client's default register unless the service passes the one it exposes). */
export function messagingMetrics(registry: Registry = defaultRegister): MessagingMetrics {
  const existing = byRegistry.get(registry);
  if (existing) return existing;
  const registers = [registry];
  const metrics: MessagingMetrics = {
    relayPublished: new Counter({ name: 'relay_published_total', help: 'Integration events the outbox relay published and the broker acknowledged.', labelNames: ['service'], registers }),
    relayLag: new Gauge({ name: 'relay_lag_events', help: 'Events in the store not yet published by the relay (at the last check).', labelNames: ['service'], registers }),
    consumerApplied: new Counter({ name: 'consumer_applied_total', help: 'Integration events a consumer applied to its read model.', labelNames: ['consumer', 'source'], registers }),
    consumerDeadLetters: new Counter({ name: 'consumer_dead_letters_total', help: 'Events a consumer could not apply and dead-lettered.', labelNames: ['consumer', 'source'], registers }),
  };
  byRegistry.set(registry, metrics);
  return metrics;
}
