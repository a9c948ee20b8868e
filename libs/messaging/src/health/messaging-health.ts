import { errorText } from '../backoff';
import { EventConsumer } from '../consumer/event-consumer';
import { OutboxRelay } from '../relay/outbox-relay';

export type MessagingHealthStatus = 'up' | 'down' | 'degraded';

/** Structurally the platform-kit HealthIndicator: { name, check() }. */
export interface MessagingHealthIndicator {
  readonly name: string;
  check(): Promise<{ readonly status: MessagingHealthStatus; readonly details?: object }>;
}

export interface MessagingHealthThresholds {
  /** Relay or consumer lag (events) above which health is degraded (default 10000). */
  readonly maxLag?: number;
}

/**
 * Health of a service's messaging: relay publishing (Kafka reachable) and lag, each consumer's lag and its
 * dead letters. Readiness means "can take commands": a Kafka outage, lag or dead letters degrade (reported,
 * with the reason), since the outbox keeps every acknowledged event and consumers catch up; taking a dealer's
 * console out of the load balancer for it would stop play for nothing. Only a relay or consumer that is not
 * running at all, or still warming up after its start (producer connecting, consumer joining, each bounded), is
 * down: a process reports ready once warm, or as a warm standby.
 */
export function messagingHealthIndicator(relays: readonly OutboxRelay[], consumers: readonly EventConsumer[], thresholds: MessagingHealthThresholds = {}): MessagingHealthIndicator {
  const maxLag = thresholds.maxLag ?? 10000;
  return {
    name: 'messaging',
    async check() {
      let status: MessagingHealthStatus = 'up';
      const worsen = (s: MessagingHealthStatus) => {
        if (s === 'down' || (s === 'degraded' && status === 'up')) status = s;
      };
      const relayDetails = await Promise.all(
        relays.map(async (r) => {
          const s = r.status();
          const lag = await r.lag().catch((err) => errorText(err));
          if (!s.running) worsen('down');
          else if (s.consecutiveFailures > 0 || typeof lag !== 'number' || lag > maxLag) worsen('degraded');
          return { ...s, lagEvents: lag };
        }),
      );
      const consumerDetails = await Promise.all(
        consumers.map(async (c) => {
          const s = c.status();
          const [lag, deadLetters] = await Promise.all([c.lag().catch((err) => errorText(err)), c.deadLetters().catch((err) => errorText(err))]);
          // Warming up: a load balancer must not send work to a process whose consumer has not joined yet.
          if (!s.running || s.warmingUp) worsen('down');
          // A standby is not connected to Kafka by design (another instance consumes): its lag still counts.
          else if (s.consecutiveFailures > 0 || (!s.connected && !s.standby) || typeof lag !== 'number' || lag > maxLag || deadLetters !== 0) worsen('degraded');
          return { ...s, lagEvents: lag, deadLetters };
        }),
      );
      return { status, details: { relays: relayDetails, consumers: consumerDetails } };
    },
  };
}
