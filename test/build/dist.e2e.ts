import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { createTestDatabase, TestDatabase } from '@app/testing';

const root = join(__dirname, '../..');

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

const ready = async (port: number, child: ChildProcess, output: () => string): Promise<void> => {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}:\n${output()}`);
    const ok = await fetch(`http://127.0.0.1:${port}/health/ready`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`not ready within 90 s:\n${output()}`);
};

/** `npm run build` produces JavaScript that runs with plain node: the platform and each service alone. */
describe('the build (npm run build, then node dist/...)', () => {
  let db: TestDatabase;
  const children: ChildProcess[] = [];
  beforeAll(async () => {
    execFileSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'pipe' });
    db = await createTestDatabase('dist_start', 2);
  }, 300_000);
  afterAll(async () => {
    for (const c of children) c.kill('SIGTERM');
    await db?.drop();
  });

  const start = (main: string, env: NodeJS.ProcessEnv) => {
    let output = '';
    const child = spawn(process.execPath, [join(root, main)], { cwd: root, env: { ...process.env, KAFKA_BROKERS: '', LOG_LEVEL: 'error', ...env }, stdio: 'pipe' });
    child.stdout?.on('data', (b: Buffer) => (output += b.toString()));
    child.stderr?.on('data', (b: Buffer) => (output += b.toString()));
    children.push(child);
    return { child, output: () => output };
  };

  it.each(['apps/platform/src/main.js', 'apps/tables/src/main.js', 'apps/jackpots/src/main.js', 'apps/reporting/src/main.js'])('dist/%s starts and is ready', async (main) => {
    expect(existsSync(join(root, 'dist', main))).toBe(true);
    const port = await freePort();
    const { child, output } = start(`dist/${main}`, { DATABASE_URL: db.url, PORT: String(port) });
    await ready(port, child, output);
    child.kill('SIGTERM');
  });

  it('a bad PORT stops a service before it starts, with a message naming it (exit 78)', async () => {
    const { child, output } = start('dist/apps/tables/src/main.js', { DATABASE_URL: db.url, PORT: 'eighty' });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(78);
    expect(output()).toContain('PORT must be a whole number from 0 to 65535 (e.g. PORT=3000); got "eighty".');
  });
});
