import { Logger } from '@nestjs/common';
import { HttpRequest } from '../context/http-types';
import { attachRequestContext } from '../context/request-context';
import { auditWriteFailures, metricsRegistry } from '../metrics/metrics-registry';
import { AuditRecord, AuditSink } from './audit-record';
import { AuditTrail } from './audit-trail';

const commandRequest = (method = 'POST') => {
  const req = { method, originalUrl: '/tables/T1/close?x=1', route: { path: '/tables/:tableId/close' }, params: { tableId: 'T1' }, headers: {} } as unknown as HttpRequest;
  attachRequestContext(req, {
    correlationId: 'c-1',
    actor: { id: 'ann', name: 'Ann', roles: ['casino-manager'], role: 'casino-manager', jurisdictions: [] },
  });
  return req;
};

const collectingSink = () => {
  const records: AuditRecord[] = [];
  const sink: AuditSink = { record: async (r) => void records.push(r) };
  return { sink, records };
};

describe('audit trail', () => {
  it('writes one body-less record per command, even if asked twice', async () => {
    const { sink, records } = collectingSink();
    const trail = new AuditTrail({ serviceName: 'tables' }, sink);
    const req = commandRequest();
    await trail.recordCommand(req, 422, 'TABLE_HAS_LIVE_WAGERS');
    await trail.recordCommand(req, 500);
    expect(records).toEqual([
      expect.objectContaining({
        service: 'tables',
        actorId: 'ann',
        actorRole: 'casino-manager',
        route: '/tables/:tableId/close',
        params: { tableId: 'T1' },
        summary: 'ann as casino-manager: POST /tables/T1/close -> 422 TABLE_HAS_LIVE_WAGERS',
        outcome: 'rejected',
        correlationId: 'c-1',
      }),
    ]);
  });

  it('skips reads', async () => {
    const { sink, records } = collectingSink();
    await new AuditTrail({ serviceName: 'tables' }, sink).recordCommand(commandRequest('GET'), 200);
    expect(records).toEqual([]);
  });

  it('keeps the command outcome when the sink fails, but counts and logs the lost record', async () => {
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const before = (await auditWriteFailures.get()).values[0]?.value ?? 0;
    const failing: AuditSink = { record: async () => Promise.reject(new Error('database down')) };
    await expect(new AuditTrail({ serviceName: 'tables' }, failing).recordCommand(commandRequest(), 201)).resolves.toBeUndefined();
    expect((await auditWriteFailures.get()).values[0]?.value).toBe(before + 1);
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ message: expect.stringMatching(/database down/) }));
    expect(await metricsRegistry.metrics()).toMatch(/audit_write_failures_total/);
    logged.mockRestore();
  });
});
