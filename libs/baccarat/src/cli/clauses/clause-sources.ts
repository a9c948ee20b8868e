/** Reads what the clause report needs from the repository: the rulebook texts in docs/rules and the test files. */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Rulebook } from '../../rulebooks/rulebook.types';
import type { RulebookSource, TestFile } from './clause-coverage';
import { rulebookDataStrings } from './rulebook-data';

export const RULES_DIR = 'docs/rules';
const TEST_FILE = /\.(spec|int|e2e)\.ts$/;
const SKIPPED = new Set(['node_modules', 'dist', 'coverage', '.cache', '.data', '.git']);

export const rulebookSources = (root: string, rulebooks: readonly Rulebook[]): RulebookSource[] =>
  rulebooks.map((r) => {
    const path = `${RULES_DIR}/${r.source}`;
    return { id: r.id, citation: r.citation, version: r.version, effectiveFrom: r.effectiveFrom, effectiveFromStated: r.effectiveFromSource.stated, data: rulebookDataStrings(r), path, text: readFileSync(join(root, path), 'utf8') };
  });

/** Every *.spec.ts, *.int.ts and *.e2e.ts under the repository, sorted by path. */
export const testFiles = (root: string): TestFile[] => {
  const out: TestFile[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (SKIPPED.has(entry.name) || entry.name.startsWith('.')) continue;
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (TEST_FILE.test(entry.name)) out.push({ path: relative(root, full).split(sep).join('/'), text: readFileSync(full, 'utf8') });
    }
  };
  walk(root);
  return out.sort((a, b) => a.path.localeCompare(b.path));
};
