import { DatabaseHealthIndicator } from './database-health.indicator';

/** A database that answers, holding only the relations named (as pg answers: `{ rows }`; TypeORM: the rows). */
const database = (present: readonly string[], shape: 'pg' | 'typeorm' = 'pg') => ({
  query: async (text: string, params?: unknown[]) => {
    const rows = text.includes('to_regclass') ? [{ found: present.includes(String(params?.[0])) ? String(params?.[0]) : null }] : [{ '?column?': 1 }];
    return shape === 'pg' ? { rows } : rows;
  },
});

describe('readiness of the database: it answers, and holds the schemas the service runs on', () => {
  it('is up when the database answers and every relation the service needs is there', async () => {
    const indicator = new DatabaseHealthIndicator(database(['platform.idempotency_keys', 'messaging.checkpoints']), 'database', ['platform.idempotency_keys', 'messaging.checkpoints']);
    expect((await indicator.check()).status).toBe('up');
  });

  it('is down, naming what is missing and what to do, when the database answers without them (dropped and created again under a running process)', async () => {
    for (const shape of ['pg', 'typeorm'] as const) {
      const indicator = new DatabaseHealthIndicator(database(['platform.idempotency_keys'], shape), 'database', ['platform.idempotency_keys', 'messaging.checkpoints']);
      const result = await indicator.check();
      expect(result.status).toBe('down');
      expect(result.details).toMatchObject({ missing: ['messaging.checkpoints'], action: expect.stringMatching(/restart/i) });
    }
  });
});
