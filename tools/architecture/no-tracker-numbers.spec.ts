/**
 * A user's clone has no issue tracker: code, errors, reports, tests and documents name the rule or what happened,
 * never a tracker issue or a work session by number.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const SKIP = new Set(['node_modules', 'dist', '.cache', '.data', '.git', 'rules', 'coverage']);
const files = (dir: string): string[] =>
  readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    if (SKIP.has(e.name)) return [];
    const path = join(dir, e.name);
    if (e.isDirectory()) return files(path);
    return /\.(ts|js|mjs|md|ya?ml|json|sh|txt)$/.test(e.name) && e.name !== 'package-lock.json' && statSync(join(ROOT, path)).size < 2_000_000 ? [path] : [];
  });
const TRACKER = /\b[Ii]ssues? ?#?\d+\b|\b[Ss]tops? \d+\b|\battack finding \d+/;

describe('no tracker numbers in the repository', () => {
  it('no file names a tracker issue or stop by number', () => {
    const all = [...['apps', 'libs', 'test', 'tools', 'bench', 'deploy', 'docs'].flatMap((d) => files(d)), 'README.md', 'CONTRIBUTING.md'];
    const offenders = all.flatMap((f) =>
      readFileSync(join(ROOT, f), 'utf8')
        .split('\n')
        .flatMap((line, i) => (TRACKER.test(line) && !line.includes('TRACKER =') ? [`${f}:${i + 1}: ${line.trim().slice(0, 120)}`] : [])),
    );
    expect(offenders).toEqual([]);
  });

  it('recognises one (the check can fail)', () => {
    expect(TRACKER.test(['fixed in', 'issue', '15'].join(' '))).toBe(true);
    expect(TRACKER.test(['as in', 'stop', '18'].join(' '))).toBe(true);
    expect(TRACKER.test('Crown Melbourne 15.5')).toBe(false);
  });
});
