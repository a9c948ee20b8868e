/**
 * A service's own tests do not reach into another service. Scaffolding lives in `test-support/`,
 * `*-fixtures.ts`, `libs/testing` and `test/`; tsconfig.build.json leaves
 * it out of dist and tools/build/check-dist.ts fails the build if production code pulls it in. Tests that drive
 * several services (one service's commands, another's read models) live in `test/<area>/`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const sourceFiles = (dir: string): string[] =>
  readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? (e.name === 'node_modules' ? [] : sourceFiles(join(dir, e.name))) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
const importsOf = (file: string): string[] => [...readFileSync(join(ROOT, file), 'utf8').matchAll(/\bfrom '([^']+)'/g)].map((m) => m[1]);
const resolved = (file: string, spec: string): string => (spec.startsWith('.') ? relative(ROOT, join(ROOT, file, '..', spec)) : spec);

const isTest = (f: string) => /\.(spec|int|e2e)\.ts$/.test(f);
const isScaffolding = (f: string) => /(^|\/)test-support\//.test(f) || f.endsWith('-fixtures.ts') || f.startsWith('libs/testing/') || f.startsWith('test/');
const serviceOf = (path: string) => /^apps\/([a-z-]+)\/src\//.exec(path)?.[1];

const files = [...sourceFiles('apps'), ...sourceFiles('libs')];

describe('service boundaries in the tests', () => {
  it("a service's own tests and scaffolding import no other service's internals (cross-service tests live in test/)", () => {
    const offenders = files
      .filter((f) => (isTest(f) || isScaffolding(f)) && serviceOf(f) && serviceOf(f) !== 'platform')
      .flatMap((f) =>
        importsOf(f)
          .map((s) => resolved(f, s))
          .filter((target) => serviceOf(target) !== undefined && serviceOf(target) !== serviceOf(f))
          .map((target) => `${f} imports ${target}`),
      );
    expect(offenders).toEqual([]);
  });

  it('every service keeps its test scaffolding in one place of one name: test-support/ (no apps/*/src/testing/)', () => {
    expect(files.filter((f) => /^apps\/[a-z-]+\/src\/(.+\/)?testing\//.test(f))).toEqual([]);
  });
});
