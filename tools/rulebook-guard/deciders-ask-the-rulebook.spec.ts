import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Rulebook behaviour lives in the rulebook (libs/baccarat `Rulebook.policies` and procedures): every service's
 * deciders ask it and never write a clause or name a casino, nor branch on the rulebook series ("the
 * design step"; CONTRIBUTING "Rulebooks"). Comments may cite clauses; code may not. Every *.decider.ts under
 * apps/ and libs/ is scanned.
 */
const REPO = join(__dirname, '..', '..');

/** Every service that decides anything: the scan must reach each one (a moved folder must not escape it). */
const SERVICES_WITH_DECIDERS = ['apps/tables', 'apps/jackpots', 'apps/rapid', 'apps/promotions', 'apps/tournaments'];

const BRANCH = /\bcite\(|\bseriesOf\(|\bseries\s*[!=]==|citation\.startsWith/;
const CLAUSE_NUMBER = /(?<![\w.])\d{1,2}\.\d{1,2}(?:\.\d+)*/;
const CASINO = /Crown Melbourne|Crown Sydney|Star Sydney|Star 20\d\d|\bRapid \d/;
const LITERAL = /'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g;

const deciderFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.name === 'node_modules' ? [] : e.isDirectory() ? deciderFiles(join(dir, e.name)) : e.name.endsWith('.decider.ts') ? [join(dir, e.name)] : [],
  );

/** Every line of `source` (comments removed) that writes a clause string or branches on the rulebook series. */
export const rulebookLeaks = (source: string): string[] => {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, (c) => '\n'.repeat(c.split('\n').length - 1)).replace(/\/\/[^\n]*/g, '');
  return code.split('\n').flatMap((line, i) => {
    const found: string[] = [];
    if (BRANCH.test(line)) found.push(`${i + 1}: series branch: ${line.trim()}`);
    for (const literal of line.match(LITERAL) ?? []) {
      if (CLAUSE_NUMBER.test(literal) || CASINO.test(literal)) found.push(`${i + 1}: clause string ${literal}`);
    }
    return found;
  });
};

/** apps/<service> or libs/<lib> of a repository-relative path. */
const areaOf = (path: string): string => path.split('/').slice(0, 2).join('/');

const files = ['apps', 'libs'].flatMap((top) => deciderFiles(join(REPO, top))).map((f) => relative(REPO, f).split('\\').join('/'));

describe('Every service\'s deciders ask the rulebook (no clause strings, no rulebook-series branches)', () => {
  // The casino names are assembled so that `baccarat -- clauses` does not count these samples as citations.
  const CROWN = ['Crown', 'Melbourne'].join(' ');
  const STAR = ['Star', '2024'].join(' ');

  it('finds a clause string, a casino name and a series branch in code, and ignores them in comments', () => {
    expect(rulebookLeaks("throw ruleViolation('X', 'msg', cite(rb, { crown: '7.2' }));")).toHaveLength(2);
    expect(rulebookLeaks('const c = `${rb.citation} 14.8`;')).toHaveLength(1);
    expect(rulebookLeaks(`const C = (clause: string) => \`${CROWN} \${clause}\`;`)).toHaveLength(1);
    expect(rulebookLeaks(`if (rb.series === 'star-sydney-baccarat') return '${STAR}';`)).toHaveLength(2);
    expect(rulebookLeaks(`// ${CROWN} 7.2: the dealer deals\n/* ${STAR} 6.3 */ const x = procedureClause(rb, 'deal');`)).toEqual([]);
  });

  it('scans the deciders of every service', () => {
    const areas = new Set(files.map(areaOf));
    expect([...areas]).toEqual(expect.arrayContaining(SERVICES_WITH_DECIDERS));
  });

  it.each(files.map((f) => [f]))('%s writes no clause and names no casino or series', (file) => {
    expect(rulebookLeaks(readFileSync(join(REPO, file), 'utf8'))).toEqual([]);
  });
});
