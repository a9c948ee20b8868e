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
 * dead letters. Dead letters or lag degrade; a relay or consumer failing for a while is down, since events
 * are then not flowing (writes still succeed).
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
          if (!s.running || s.consecutiveFailures >= 5) worsen('down');
          else if (s.consecutiveFailures > 0 || typeof lag !== 'number' || lag > maxLag) worsen('degraded');
          return { ...s, lagEvents: lag };
        }),
      );
      const consumerDetails = await Promise.all(
        consumers.map(async (c) => {
          const s = c.status();
          const [lag, deadLetters] = await Promise.all([c.lag().catch((err) => errorText(err)), c.deadLetters().catch((err) => errorText(err))]);
          if (!s.running || s.consecutiveFailures >= 5) worsen('down');
          else if (!s.connected || typeof lag !== 'number' || lag > maxLag || deadLetters !== 0) worsen('degraded');
          return { ...s, lagEvents: lag, deadLetters };
        }),
      );
      return { status, details: { relays: relayDetails, consumers: consumerDetails } };
    },
  };
}
