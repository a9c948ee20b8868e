/**
 * The shape of reactions between services and of who reads event stores (docs/ARCHITECTURE.md, "Reactions between
 * services"), kept so by a test:
 * - only libs/event-store and libs/messaging query the event-store tables (`events`, `streams`, `snapshots`,
 *   `commands`) with SQL; an app asks the event store's API or keeps its own read model;
 * - no service imports apps/platform (the composition root): each exports its own event source;
 * - a service turns another's events into commands only through a reactor on the one runner (`reactorProjection`),
 *   declared in `<name>.reactor.ts`, and a reactor never reads the clock (ESLint forbids `Date` and `Math.random`
 *   in those files; this test checks the files exist and the rule is configured).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const sourceFiles = (dir: string): string[] =>
  readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? (e.name === 'node_modules' ? [] : sourceFiles(join(dir, e.name))) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
const isTest = (f: string) => /\.(spec|int|e2e)\.ts$/.test(f) || /(^|\/)test-support\//.test(f);
const serviceOf = (path: string) => /^apps\/([a-z-]+)\/src\//.exec(path)?.[1];
const appFiles = sourceFiles('apps').filter((f) => !isTest(f));
const text = (f: string) => readFileSync(join(ROOT, f), 'utf8');

/** SQL naming an event-store table of any schema: `FROM x.events`, `JOIN ${schema}.streams`, `UPDATE ... .snapshots`. */
const EVENT_STORE_SQL = /\b(FROM|JOIN|UPDATE|INTO)\s+(\$\{[^}]+\}|"?[a-z_]+"?)\.(events|streams|snapshots|commands)\b/i;

describe('reactions and event stores (architecture)', () => {
  it('no app queries the event-store tables with SQL: only libs/event-store and libs/messaging do', () => {
    const offenders = appFiles.filter((f) => EVENT_STORE_SQL.test(text(f)));
    expect(offenders).toEqual([]);
  });

  it('recognises such a query (the check can fail)', () => {
    expect(EVENT_STORE_SQL.test('SELECT data FROM ${this.schema}.events WHERE type = $1')).toBe(true);
    expect(EVENT_STORE_SQL.test('SELECT s.stream_id FROM ${schema}.streams s JOIN ${schema}.events e ON true')).toBe(true);
    expect(EVENT_STORE_SQL.test('SELECT * FROM ${schema}.table_assignments')).toBe(false);
  });

  it('no service imports apps/platform, the composition root', () => {
    const offenders = appFiles
      .filter((f) => serviceOf(f) !== 'platform')
      .flatMap((f) => [...text(f).matchAll(/\bfrom '([^']+)'/g)].map((m) => m[1]).filter((s) => s.startsWith('.') && relative(ROOT, join(ROOT, f, '..', s)).startsWith('apps/platform/')).map((s) => `${f} imports ${s}`));
    expect(offenders).toEqual([]);
  });

  it('every consumer that issues commands is a reactor on the one runner, declared in a <name>.reactor.ts', () => {
    // A Projection whose apply appends commands (a command handler's handle/prepare) is a reactor in disguise.
    const disguised = appFiles.filter((f) => /implements Projection\b/.test(text(f)) && /\.(handle|prepare)\(/.test(text(f)));
    expect(disguised).toEqual([]);
    const reactors = appFiles.filter((f) => f.endsWith('.reactor.ts'));
    expect(reactors.length).toBeGreaterThanOrEqual(5);
  });

  it('a reactor reads no clock and draws no random number (ESLint, on every *.reactor.ts)', () => {
    const config = text('eslint.config.mjs');
    expect(config).toMatch(/files: \[[^\]]*'apps\/\*\/src\/\*\*\/\*\.reactor\.ts'/);
  });
});
