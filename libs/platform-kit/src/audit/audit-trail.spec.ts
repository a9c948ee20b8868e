import { HttpException, Logger } from '@nestjs/common';
import { HttpRequest } from '../context/http-types';
import { attachRequestContext } from '../context/request-context';
import { auditWriteFailures, metricsRegistry } from '../metrics/metrics-registry';
import { AuditRecord, AuditSink } from './audit-record';
import { AuditTrail } from './audit-trail';

const commandRequest = (method = 'POST') => {
  const req = { method, originalUrl: '/tables/T1/close?x=1', route: { path: '/tables/:tableId/close' }, params: { tableId: 'T1' }, headers: {} } as unknown as HttpRequest;
  attachRequestContext(req, {
    correlationId: 'c-1',
    actor: { id: 'ann', name: 'Ann', roles: ['casino-manager'], role: 'casino-manager', jurisdictions: [], casinos: ['crown-melbourne'] },
  });
  return req;
};

const collectingSink = () => {
  const records: AuditRecord[] = [];
  const sink: AuditSink = { record: async (r) => void records.push(r) };
  return { sink, records };
};

describe('audit trail', () => {
  it('names the casino of every command: where the command named no record a casino could be read from (a body refused before it said one), the casino the token acts at', async () => {
    const { sink, records } = collectingSink();
    const trail = new AuditTrail({ serviceName: 'tables' }, sink);
    await trail.recordCommand(commandRequest(), 400, 'VALIDATION_FAILED');
    expect(records[0]).toMatchObject({ casino: 'crown-melbourne', summary: expect.stringContaining('at crown-melbourne') });
  });

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
        summary: 'ann as casino-manager: POST /tables/T1/close at crown-melbourne -> 422 TABLE_HAS_LIVE_WAGERS',
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

  it('an acknowledged command always has its record: when the sink fails the command is answered 503, retry with the same Idempotency-Key', async () => {
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const before = (await auditWriteFailures.get()).values[0]?.value ?? 0;
    let failures = 10;
    const { sink: collecting, records } = collectingSink();
    const flaky: AuditSink = { record: async (r) => (failures-- > 0 ? Promise.reject(new Error('database down')) : collecting.record(r)) };
    const trail = new AuditTrail({ serviceName: 'tables' }, flaky, { retryDelaysMs: [1, 1] });
    const error = await trail.recordAcknowledged(commandRequest(), 201).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpException);
    expect((error as HttpException).getStatus()).toBe(503);
    expect(JSON.stringify((error as HttpException).getResponse())).toMatch(/AUDIT_UNAVAILABLE.*same Idempotency-Key/);
    expect((await auditWriteFailures.get()).values[0]?.value).toBe(before + 1);
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ message: expect.stringMatching(/database down/) }));
    expect(await metricsRegistry.metrics()).toMatch(/audit_write_failures_total/);
    failures = 1;
    const retried = commandRequest();
    await expect(trail.recordAcknowledged(retried, 201)).resolves.toBeUndefined();
    expect(records).toEqual([expect.objectContaining({ status: 201, outcome: 'succeeded' })]);
    logged.mockRestore();
  });

  it('a refusal whose record cannot be written is still answered (it acknowledged nothing), and is counted', async () => {
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const failing: AuditSink = { record: async () => Promise.reject(new Error('database down')) };
    await expect(new AuditTrail({ serviceName: 'tables' }, failing, { retryDelaysMs: [] }).recordCommand(commandRequest(), 422, 'X')).resolves.toBeUndefined();
    logged.mockRestore();
  });

  it('does not write a row for each refused anonymous request, so an outsider cannot grow the audit table', async () => {
    const { sink, records } = collectingSink();
    const anonymous = { method: 'POST', originalUrl: '/tables/T1/close', headers: {} } as unknown as HttpRequest;
    attachRequestContext(anonymous, { correlationId: 'c-2' });
    await new AuditTrail({ serviceName: 'tables' }, sink).recordCommand(anonymous, 401, 'TOKEN_MISSING');
    expect(records).toEqual([]);
  });
});
