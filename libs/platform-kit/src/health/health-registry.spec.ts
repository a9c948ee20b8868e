import { HealthRegistry } from './health-registry';
import { HealthStatus } from './health-indicator';

const indicator = (name: string, status: HealthStatus) => ({ name, check: async () => ({ status }) });

describe('readiness', () => {
  it('is up when every indicator is up, degraded when any is degraded', async () => {
    const registry = new HealthRegistry();
    registry.register(indicator('database', 'up'));
    expect((await registry.readiness()).status).toBe('up');
    registry.register(indicator('consumer-lag', 'degraded'));
    expect((await registry.readiness()).status).toBe('degraded');
  });

  it('is down when an indicator throws, and says why', async () => {
    const registry = new HealthRegistry();
    registry.register(indicator('database', 'up'));
    registry.register({ name: 'kafka', check: async () => Promise.reject(new Error('broker unreachable')) });
    const report = await registry.readiness();
    expect(report.status).toBe('down');
    expect(report.checks.kafka).toEqual({ status: 'down', details: { error: 'broker unreachable' } });
  });

  it('refuses two indicators with the same name', () => {
    const registry = new HealthRegistry();
    registry.register(indicator('database', 'up'));
    expect(() => registry.register(indicator('database', 'up'))).toThrow(/unique name/);
  });
});
