import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { testFiles } from './clause-sources';

const REPO = join(__dirname, '..', '..', '..', '..', '..');

describe('the clause report reads the tests of every service', () => {
  it('reads *.spec.ts, *.int.ts and *.e2e.ts of every app, library, tool and end-to-end folder, and nothing else', () => {
    const root = mkdtempSync(join(tmpdir(), 'clause-sources-'));
    const files = ['apps/tables/src/a.spec.ts', 'apps/jackpots/src/b.int.ts', 'apps/rapid/src/c.spec.ts', 'test/promotions/d.e2e.ts', 'apps/tables/src/e.ts', 'node_modules/x/f.spec.ts', '.cache/g.spec.ts'];
    try {
      for (const f of files) {
        mkdirSync(dirname(join(root, f)), { recursive: true });
        writeFileSync(join(root, f), '');
      }
      expect(testFiles(root).map((f) => f.path)).toEqual(['apps/jackpots/src/b.int.ts', 'apps/rapid/src/c.spec.ts', 'apps/tables/src/a.spec.ts', 'test/promotions/d.e2e.ts']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('finds the specs and integration tests of each service of this repository', () => {
    const services = new Set(testFiles(REPO).map((f) => f.path.split('/').slice(0, 2).join('/')));
    for (const service of ['apps/tables', 'apps/jackpots', 'apps/reporting', 'apps/rapid', 'apps/promotions', 'apps/tournaments']) expect(services).toContain(service);
  });
});
