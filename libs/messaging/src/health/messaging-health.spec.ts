import type { EventConsumer } from '../consumer/event-consumer';
import type { OutboxRelay } from '../relay/outbox-relay';
import { messagingHealthIndicator } from './messaging-health';

const relay = (status: { running: boolean; consecutiveFailures: number }, lag: () => Promise<number> = async () => 0) =>
  ({ status: () => ({ service: 'tables', topic: 't', leader: true, kafkaConnected: false, lastError: 'broker down', ...status }), lag }) as unknown as OutboxRelay;
const consumer = (status: { running: boolean; connected: boolean; consecutiveFailures: number; standby?: boolean; warmingUp?: boolean }) =>
  ({ status: () => ({ consumer: 'c', ...status }), lag: async () => 0, deadLetters: async () => 0 }) as unknown as EventConsumer;

describe('messaging health (readiness means "can take commands")', () => {
  it('a relay failing for the whole of a Kafka outage is degraded and says why, not down: the outbox keeps every acknowledged event', async () => {
    const health = messagingHealthIndicator([relay({ running: true, consecutiveFailures: 40 }, async () => Promise.reject(new Error('broker down')))], []);
    const result = await health.check();
    expect(result.status).toBe('degraded');
    expect(JSON.stringify(result.details)).toContain('broker down');
  });

  it('a consumer that cannot reach Kafka is degraded (its read model is stale), not down', async () => {
    const health = messagingHealthIndicator([], [consumer({ running: true, connected: false, consecutiveFailures: 12 })]);
    expect((await health.check()).status).toBe('degraded');
  });

  it('a standby consumer (another instance holds its lock and consumes) is up although it is not connected to Kafka', async () => {
    expect((await messagingHealthIndicator([], [consumer({ running: true, connected: false, consecutiveFailures: 0, standby: true })]).check()).status).toBe('up');
  });

  it('a relay or consumer that is not running at all is down', async () => {
    expect((await messagingHealthIndicator([relay({ running: false, consecutiveFailures: 0 })], []).check()).status).toBe('down');
    expect((await messagingHealthIndicator([], [consumer({ running: false, connected: false, consecutiveFailures: 0 })]).check()).status).toBe('down');
  });

  it('a consumer still warming up after its start (not joined, not a standby) is down, so a load balancer sends no work to a cold process (lag right after a restart); once warm, a Kafka outage only degrades it', async () => {
    expect((await messagingHealthIndicator([], [consumer({ running: true, connected: true, consecutiveFailures: 0, warmingUp: true })]).check()).status).toBe('down');
    expect((await messagingHealthIndicator([], [consumer({ running: true, connected: false, consecutiveFailures: 3, warmingUp: false })]).check()).status).toBe('degraded');
  });
});
