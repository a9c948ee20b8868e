import { createTestDatabase, TestDatabase } from '@app/testing';
import { AuditRecord } from './audit-record';
import { PostgresAuditSink } from './postgres-audit.sink';
import { SqlQueryable } from './sql-queryable';

const record = (n: number): AuditRecord => ({
  occurredAt: new Date(Date.UTC(2026, 10, 26, 12, 0, n)),
  service: 'tables',
  actorId: `dealer-${n}`,
  actorRole: 'dealer',
  method: 'POST',
  route: '/tables/:tableId/coups',
  params: { tableId: `T${n}` },
  summary: `dealer-${n} as dealer: POST /tables/T${n}/coups -> 201`,
  status: 201,
  outcome: 'succeeded',
  correlationId: `corr-${n}`,
  commandId: `cmd-${n}`,
});

describe('PostgresAuditSink (real PostgreSQL)', () => {
  let db: TestDatabase;
  let inserts: number;
  let sink: PostgresAuditSink;
  beforeAll(async () => {
    db = await createTestDatabase('audit_sink', 4);
  });
  afterAll(() => db.drop());
  beforeEach(() => {
    inserts = 0;
    const counting: SqlQueryable = {
      query: (text: string, params?: unknown[]) => {
        if (text.includes('INSERT INTO platform.audit_log')) inserts++;
        return db.pool.query(text, params);
      },
    };
    sink = new PostgresAuditSink(counting);
  });

  it('commits every record of a burst, each intact, in fewer inserts than records (group commit)', async () => {
    await sink.ensureTable();
    await Promise.all(Array.from({ length: 60 }, (_, i) => sink.record(record(i))));
    const { rows } = await db.pool.query("SELECT * FROM platform.audit_log WHERE correlation_id LIKE 'corr-%' ORDER BY command_id");
    expect(rows).toHaveLength(60);
    expect(rows.find((r) => r.command_id === 'cmd-7')).toMatchObject({
      service: 'tables',
      actor_id: 'dealer-7',
      actor_role: 'dealer',
      actor_name: null,
      params: { tableId: 'T7' },
      status: 201,
      outcome: 'succeeded',
      error_code: null,
      occurred_at: new Date(Date.UTC(2026, 10, 26, 12, 0, 7)),
    });
    expect(inserts).toBeLessThan(60);
  });

  it('a record resolves only once its row is committed', async () => {
    await sink.record(record(100));
    const { rows } = await db.pool.query("SELECT count(*)::int AS n FROM platform.audit_log WHERE command_id = 'cmd-100'");
    expect(rows[0].n).toBe(1);
  });

  it('a record that cannot be written is rejected to its caller, and the sink goes on writing the next ones', async () => {
    await sink.ensureTable();
    // A status the integer column cannot hold fails the insert it is in.
    const unwritable = { ...record(201), status: 2 ** 40 };
    await expect(sink.record(unwritable)).rejects.toThrow(/out of range/);
    await Promise.all([sink.record(record(202)), sink.record(record(203))]);
    const { rows } = await db.pool.query("SELECT command_id FROM platform.audit_log WHERE command_id IN ('cmd-201','cmd-202','cmd-203') ORDER BY command_id");
    expect(rows.map((r) => r.command_id)).toEqual(['cmd-202', 'cmd-203']);
  });
});
