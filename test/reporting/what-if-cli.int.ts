import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { PostgresEventStore } from '@app/event-store';
import { createTestDatabase, type TestDatabase, untilReadHorizonPasses } from '@app/testing';
import { DAY_END, DAY_START, storeCasinoDay } from './support/casino-day';

const run = promisify(execFile);
const baccarat = (args: string[], databaseUrl: string) =>
  run(process.execPath, ['--import', 'tsx', 'libs/baccarat/src/cli/main.ts', ...args], { env: { ...process.env, DATABASE_URL: databaseUrl }, maxBuffer: 16 * 1024 * 1024 }).then(
    (r) => ({ code: 0, ...r }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
  );

/** `npm run --silent baccarat -- what-if` against a database: the games analyst's what-if (Crown Melbourne Table 15). */
describe('baccarat what-if on the command line (Crown Melbourne 5.5.18, Table 15)', () => {
  let db: TestDatabase;
  const period = ['--from', new Date(DAY_START).toISOString(), '--to', DAY_END];

  beforeAll(async () => {
    db = await createTestDatabase('reporting_what_if_cli', 2);
    const store = new PostgresEventStore(db.pool, 'tables');
    await store.migrate();
    await storeCasinoDay(store);
    await untilReadHorizonPasses(db.pool);
  }, 300_000);
  afterAll(async () => {
    await db?.drop();
  });

  it('--json answers as POST /reporting/what-if does: with no change, what-if equals actual for every bet', async () => {
    const r = await baccarat(['what-if', '--tables', 'VIC-A,NSW-C', ...period, '--json'], db.url);
    expect(r.code).toBe(0);
    const answer = JSON.parse(r.stdout) as { tables: { tableId: string; bets: { bet: string; actual: Record<string, unknown>; whatIf: Record<string, unknown> }[] }[] };
    expect(answer.tables.map((t) => t.tableId)).toEqual(['VIC-A', 'NSW-C']);
    for (const t of answer.tables) for (const b of t.bets) expect({ ...b.whatIf, options: null }).toEqual({ ...b.actual, options: null });
  }, 120_000);

  it('prints a table per table: Super 6 at 16 to 1 beside 15, each with its exact house edge', async () => {
    const r = await baccarat(['what-if', '--tables', 'VIC-A', ...period, '--change', 'super-6=16'], db.url);
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toMatch(/^VIC-A: \d+ coups from /);
    expect(lines[1]).toMatch(/^bet +turnover +actual win +hold +what-if win +hold +option \(edge\) actual +what-if +refused +not replayed$/);
    const super6 = lines.find((l) => l.startsWith('super-6'))!;
    expect(super6).toMatch(/ 15 \d+\.\d{2}% +16 \d+\.\d{2}% +0 +0$/);
  }, 120_000);

  it('refuses an option the rulebook does not have, naming the change and the clause, with exit code 2 (Star 2024 10.9-10.13)', async () => {
    const r = await baccarat(['what-if', '--tables', 'NSW-C', ...period, '--change', 'super-6=16'], db.url);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('changes[0].option');
    expect(r.stderr).toContain('Star 2024 10.9-10.13');
  }, 120_000);
});
