import { ExecutionContext, ForbiddenException } from '@nestjs/common';
import { notFound } from '@app/contracts';
import { lastValueFrom, of } from 'rxjs';
import { Actor } from '../context/actor';
import { attachRequestContext, RequestContext } from '../context/request-context';
import { CasinoScopeGuard, CasinoScopeInterceptor, CasinoScopeRegistry } from './casino-scope';
import { Role } from './roles';

class TablesController {}
class ElsewhereController {}

const TABLES: Record<string, string> = { 'MB-101': 'crown-melbourne', 'SY-7': 'crown-sydney', 'ST-3': 'star-sydney' };
const registry = new CasinoScopeRegistry();
registry.register({
  service: 'tables',
  controllers: [TablesController],
  ids: { tableId: (id) => TABLES[id] },
  body: (b) => (b.rulebookId === 'crown-sydney-guide' ? 'crown-sydney' : b.rulebookId === 'crown-melbourne-v29' ? 'crown-melbourne' : undefined),
});

const actor = (role: Role, casinos: string[]): Actor => ({ id: 'ann', name: 'Ann', roles: [role], role, jurisdictions: [], casinos });

const contextFor = (who: Actor, params: Record<string, string>, body: unknown = {}, controller: object = TablesController) => {
  const req = { method: 'POST', params, body, headers: {} };
  const requestContext: RequestContext = attachRequestContext(req, { correlationId: 'c-1', actor: who });
  const context = { getType: () => 'http', getClass: () => controller, getHandler: () => () => undefined, switchToHttp: () => ({ getRequest: () => req }) } as unknown as ExecutionContext;
  return { context, requestContext };
};

const refusal = async (promise: Promise<unknown>): Promise<{ code: string; message: string }> => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ForbiddenException) return error.getResponse() as { code: string; message: string };
    throw error;
  }
  throw new Error('expected a 403');
};

describe('casino scope: staff act only at their own casino', () => {
  const guard = new CasinoScopeGuard(registry);

  it("refuses a Crown Sydney area manager a command on a Crown Melbourne table, naming both casinos, and records the table's casino", async () => {
    const { context, requestContext } = contextFor(actor('area-manager', ['crown-sydney']), { tableId: 'MB-101', box: '4' });
    const body = await refusal(guard.canActivate(context));
    expect(body.code).toBe('OUT_OF_CASINO');
    expect(body.message).toMatch(/Your token covers crown-sydney; tableId MB-101 belongs to crown-melbourne/);
    expect(requestContext.casino).toBe('crown-melbourne');
  });

  it('lets staff act on a record of a casino their token names (a token may name several)', async () => {
    await expect(guard.canActivate(contextFor(actor('dealer', ['star-sydney', 'crown-melbourne']), { tableId: 'MB-101' }).context)).resolves.toBe(true);
  });

  it('refuses a creation body whose rulebook is played at another casino', async () => {
    const { context } = contextFor(actor('gaming-supervisor', ['crown-melbourne']), {}, { tableId: 'SY-9', rulebookId: 'crown-sydney-guide' });
    expect((await refusal(guard.canActivate(context))).message).toMatch(/belongs to crown-sydney/);
  });

  it('refuses a body naming records of several casinos when one is not the token\'s (a what-if over tables)', async () => {
    const whatIf = new CasinoScopeRegistry();
    whatIf.register({ service: 'reporting', controllers: [ElsewhereController], ids: {}, body: async (b) => (b.tableIds as string[]).map((id) => TABLES[id]) });
    const { context } = contextFor(actor('casino-manager', ['crown-melbourne']), {}, { tableIds: ['MB-101', 'ST-3'] }, ElsewhereController);
    expect((await refusal(new CasinoScopeGuard(whatIf).canActivate(context))).message).toMatch(/Your token covers crown-melbourne; a reporting record this body names .* belongs to star-sydney/);
  });

  it('reads a body only on a route that names no record (a creation), and lets a record the service does not have through to its 404', async () => {
    const { context } = contextFor(actor('gaming-supervisor', ['crown-melbourne']), { tableId: 'NOPE' }, { rulebookId: 'crown-sydney-guide' });
    await expect(guard.canActivate(context)).resolves.toBe(true);
    const missing = new CasinoScopeRegistry();
    missing.register({ service: 'rapid', controllers: [ElsewhereController], ids: { accountId: () => Promise.reject(notFound('ACCOUNT_NOT_FOUND', 'No account.')) } });
    await expect(new CasinoScopeGuard(missing).canActivate(contextFor(actor('ats', ['crown-sydney']), { accountId: 'A-1' }, {}, ElsewhereController).context)).resolves.toBe(true);
  });

  it('lets an unknown id through to the handler (its 404), and leaves regulators and administrators to their own scope', async () => {
    await expect(guard.canActivate(contextFor(actor('dealer', ['crown-sydney']), { tableId: 'NOPE' }).context)).resolves.toBe(true);
    await expect(guard.canActivate(contextFor({ ...actor('regulator', []), jurisdictions: ['VIC'] }, { tableId: 'MB-101' }).context)).resolves.toBe(true);
    await expect(guard.canActivate(contextFor(actor('administrator', []), { tableId: 'SY-7' }).context)).resolves.toBe(true);
  });

  it('resolves only through the resolver of the controller the route belongs to', async () => {
    await expect(guard.canActivate(contextFor(actor('dealer', ['crown-sydney']), { tableId: 'MB-101' }, {}, ElsewhereController).context)).resolves.toBe(true);
  });
});

describe('casino scope of answers', () => {
  const interceptor = new CasinoScopeInterceptor(registry);
  const answer = (who: Actor, value: unknown) => lastValueFrom(interceptor.intercept(contextFor(who, {}).context, { handle: () => of(value) }));

  it('keeps only the casinos of the token in a list, by casino, rulebook or the id the service resolves', async () => {
    const list = [{ tableId: 'MB-101' }, { tableId: 'SY-7' }, { rulebookId: 'star-sydney-2024', promotionId: 'p' }, { casino: 'crown-sydney', jackpotId: 'j' }, { tableId: 'unknown' }];
    expect(await answer(actor('area-manager', ['crown-sydney']), list)).toEqual([{ tableId: 'SY-7' }, { casino: 'crown-sydney', jackpotId: 'j' }, { tableId: 'unknown' }]);
  });

  it("filters the lists inside an answer (the dashboard's tables) and refuses a single record of another casino", async () => {
    expect(await answer(actor('area-manager', ['star-sydney']), { tables: [{ tableId: 'MB-101' }, { tableId: 'ST-3' }], exceptions: [] })).toEqual({ tables: [{ tableId: 'ST-3' }], exceptions: [] });
    expect((await refusal(answer(actor('dealer', ['star-sydney']), { tableId: 'MB-101', rulebookId: 'crown-melbourne-v29' }))).code).toBe('OUT_OF_CASINO');
  });

  it('answers a regulator and an administrator as the service wrote it', async () => {
    const list = [{ tableId: 'MB-101' }, { tableId: 'SY-7' }];
    expect(await answer(actor('administrator', []), list)).toEqual(list);
  });
});
