/**
 * The README's quick start walked as a new user would, using only the commands and URLs the README and
 * the startup banner give and the operations, field names and examples of the OpenAPI document: `npm start`
 * (on its own port and database), `npm run token`, open a table, play a coup, read a report; then the README's
 * own shell commands, pasted into bash as written: open a table and deal its first coup with curl.
 */
import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createTestDatabase, eventually, freePort, TestDatabase } from '@app/testing';

const ROOT = resolve(__dirname, '../..');
type Schema = { $ref?: string; type?: string; example?: unknown; enum?: unknown[]; items?: Schema; properties?: Record<string, Schema>; required?: string[]; allOf?: Schema[] };
interface OpenApi {
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: Schema }> } }>>;
  components: { schemas: Record<string, Schema> };
}

describe("the README's quick start, as a new user walks it", () => {
  let db: TestDatabase;
  let platform: ChildProcess;
  let banner = '';
  let port: number;

  beforeAll(async () => {
    db = await createTestDatabase('quick_start', 2);
    port = await freePort();
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: db.url, LOG_LEVEL: 'warn' };
    delete env.KAFKA_BROKERS;
    // `npm start`, as the README says, on this test's own port and database.
    platform = spawn('npm', ['start'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    platform.stdout!.on('data', (c: Buffer) => (banner += c.toString()));
    platform.stderr!.on('data', (c: Buffer) => (banner += c.toString()));
    await eventually('the startup banner', async () => (banner.includes('is up on') && banner.includes('API docs:') ? true : undefined), 150_000);
  }, 180_000);

  afterAll(async () => {
    if (platform?.pid) {
      process.kill(-platform.pid, 'SIGTERM');
      await new Promise((r) => (platform.exitCode !== null || platform.signalCode !== null ? r(null) : platform.once('exit', r)));
    }
    await db?.drop();
  });

  it('start, token, open a table, play a coup, read a report', async () => {
    try {
      await walk();
    } catch (err) {
      throw new Error(`${(err as Error).message} ${String((err as { cause?: unknown }).cause)}\n${(err as Error).stack}\n--- platform output ---\n${banner.slice(-3000)}`);
    }
  }, 120_000);

  const walk = async () => {
    const readme = readFileSync(resolve(ROOT, 'README.md'), 'utf8');
    expect(readme).toContain('npm start');
    const tokenCommand = /`(npm run token -- --role [a-z-]+ --sub [a-z]+ --casino [a-z-]+)`/.exec(readme);
    expect(tokenCommand).not.toBeNull();
    // A token per role, with the command the README shows (the roles are the OpenAPI vocabulary's, GET /rulebooks).
    const tokens = Object.fromEntries(
      ['gaming-supervisor', 'dealer', 'area-manager'].map((role) => [role, execFileSync('npm', ['run', '--silent', 'token', '--', '--role', role, '--sub', 'newcomer', '--casino', 'crown-melbourne'], { cwd: ROOT, encoding: 'utf8' }).trim().split('\n').pop()!]),
    );
    const token = (role: string) => tokens[role];

    // The banner names the URLs: the API docs, whose JSON document lists every operation.
    const docs = /API docs:\s+(\S+)/.exec(banner)![1];
    const base = /is up on (\S+)/.exec(banner)![1];
    const openApi = (await (await fetch(`${docs}-json`).catch((e: Error) => Promise.reject(new Error(`GET ${docs}-json: ${e.message} ${String((e as { cause?: unknown }).cause)}`)))).json()) as OpenApi;
    const schemaOf = (s: Schema): Schema => (s.$ref ? openApi.components.schemas[s.$ref.split('/').pop()!] : s);
    /** A body made of the documented examples of the required fields (what a newcomer copies from the docs). */
    const exampleOf = (s: Schema): unknown => {
      const schema = schemaOf(s);
      if (schema.example !== undefined) return schema.example;
      if (schema.enum) return schema.enum[0];
      if (schema.allOf) return exampleOf(schema.allOf[0]);
      if (schema.type === 'array' && schema.items) return [exampleOf(schema.items)];
      return Object.fromEntries((schema.required ?? []).map((k) => [k, exampleOf(schema.properties![k])]));
    };
    const call = async (method: 'get' | 'post', path: string, role: string, over: Record<string, unknown> = {}, params: Record<string, string> = {}) => {
      const operation = openApi.paths[path]?.[method];
      if (!operation) throw new Error(`${method.toUpperCase()} ${path} is not in the OpenAPI document`);
      const body = operation.requestBody ? { ...(exampleOf(operation.requestBody.content['application/json'].schema) as object), ...over } : undefined;
      const url = base + path.replace(/\{(\w+)\}/g, (_, k: string) => encodeURIComponent(params[k]));
      const res = await fetch(url, { method: method.toUpperCase(), headers: { Authorization: `Bearer ${token(role)}`, 'Content-Type': 'application/json' }, body: body && JSON.stringify(body) });
      const json = (await res.json()) as Record<string, unknown> & { events?: { type: string; coupId?: string }[] };
      if (!res.ok) throw new Error(`${method.toUpperCase()} ${path} answered ${res.status}: ${JSON.stringify(json)} (sent ${JSON.stringify(body)})`);
      return json;
    };

    // Open a table from the documented example (its rulebook, variant, bets and limits are in GET /rulebooks).
    const opened = await call('post', '/tables', 'gaming-supervisor', { jackpotIds: [] });
    const tableId = opened.tableId as string;
    const at = { tableId };
    await call('post', '/tables/{tableId}/seats', 'dealer', {}, at);
    await call('post', '/tables/{tableId}/shoes', 'dealer', {}, at);
    await call('post', '/tables/{tableId}/shoe/cut', 'dealer', {}, at);
    await call('post', '/tables/{tableId}/shoe/burn', 'dealer', {}, at);
    // Play a coup: the documented wager, then four cards as the shoe deals them (Player 2+3, Banker 4+5: Banker 9 wins).
    const started = await call('post', '/tables/{tableId}/coups', 'dealer', {}, at);
    const coupId = started.events!.find((e) => e.type === 'CoupStarted')!.coupId!;
    await call('post', '/tables/{tableId}/coups/{coupId}/wagers', 'dealer', {}, { ...at, coupId });
    const dealt = await call('post', '/tables/{tableId}/coups/{coupId}/cards/batch', 'dealer', { cards: ['2H', '4D', '3S', '5C'].map((card) => ({ card })) }, { ...at, coupId });
    const [payout] = dealt.payouts as { bet: string; outcome: string; handedToPlayerCents: number }[];
    expect(payout).toMatchObject({ bet: 'banker', outcome: 'win' });
    expect(payout.handedToPlayerCents).toBeGreaterThan(0);

    // Read a report: the table's jurisdiction's gaming day (its calendar is in the API), table statistics.
    const jurisdiction = (await call('get', '/tables/{tableId}', 'dealer', {}, at)).jurisdiction as string;
    const calendars = (await (await fetch(`${base}/reporting/calendars`)).json()) as Record<string, { timeZone: string; gamingDayStart: string }>;
    const { timeZone, gamingDayStart } = calendars[jurisdiction];
    const local = new Date(Date.now() - Number(gamingDayStart.slice(0, 2)) * 3600000).toLocaleDateString('en-CA', { timeZone });
    const report = await eventually('a report with the coup', async () => {
      const manifest = await call('post', '/reporting/reports', 'area-manager', { kind: 'table-statistics', jurisdiction, period: local });
      const content = (await call('get', '/reporting/reports/{reportId}', 'area-manager', {}, { reportId: manifest.reportId as string })).content as { sections: { id: string; rows: { tableId: string; coups: number }[] }[] };
      const row = content.sections.find((s) => s.id === 'tables')!.rows.find((r) => r.tableId === tableId);
      return row?.coups === 1 ? { manifest, row } : undefined;
    }, 30_000);
    expect(report.manifest.period).toMatchObject({ type: 'gaming-day', value: local, covers: expect.objectContaining({ timeZone }) });

    // The README's commands as a newcomer pastes them ("First requests", then "Deal your first coup"), on this
    // test's port: every answer is the events recorded, none a refusal, and the coup is dealt and settled.
    const block = (heading: string) => {
      const at = readme.indexOf(heading);
      expect(at).toBeGreaterThanOrEqual(0);
      const start = readme.indexOf('```bash\n', at) + '```bash\n'.length;
      return readme.slice(start, readme.indexOf('```', start));
    };
    const script = ['set -euo pipefail', block('## First requests'), block('### Deal your first coup')].join('\n').replaceAll('http://127.0.0.1:3000', base);
    const answers = execFileSync('bash', ['-c', script], { cwd: ROOT, encoding: 'utf8' })
      .split('\n')
      .filter((line) => line.trim())
      .map((line) => JSON.parse(line) as { statusCode?: number; events?: { type: string; result?: string; settlements?: { bet: string; outcome: string }[] }[] });
    expect(answers.filter((a) => a.statusCode)).toEqual([]);
    const events = answers.flatMap((a) => a.events ?? []);
    expect(events.map((e) => e.type)).toEqual(['TableOpened', 'PlayerSeated', 'ShoeStarted', 'ShoeCut', 'CardsBurned', 'CoupStarted', 'WagersAccepted', 'BettingClosed', 'CardDealt', 'CardDealt', 'CardDealt', 'CardDealt', 'CoupCompleted', 'WagersSettled']);
    expect(events.find((e) => e.type === 'CoupCompleted')).toMatchObject({ result: 'banker' });
    expect(events.find((e) => e.type === 'WagersSettled')!.settlements!.map((w) => [w.bet, w.outcome])).toEqual([['banker', 'win'], ['tie', 'lose']]);
    // What the README says the road and the statistics then show.
    await eventually('the README coup in the statistics', async () => {
      const stats = (await call('get', '/reporting/statistics', 'area-manager')) as unknown as { tables: { tableId: string; coups: number; turnoverCents: number }[] };
      const row = stats.tables.find((r) => r.tableId === 'MB-1');
      return row?.coups === 1 && Number(row.turnoverCents) === 11_000 ? true : undefined;
    }, 30_000);
  };
});
