/**
 * `npm run --silent baccarat -- analyze --decks N [--json]`
 * `npm run --silent baccarat -- simulate --decks N --coups M --seed S [--json]`
 * `npm run --silent baccarat -- clauses [--rulebook ID] [--json]`
 * `npm run --silent baccarat -- shoes --decks N --shoes M --seed S [--json]` (Runs and Dragon Tail in real shoes)
 * `npm run --silent baccarat -- what-if --tables T1,T2 --from <instant> --to <instant> [--change bet=option]... [--json]`
 *   (DATABASE_URL: the recorded play of those tables replayed under the changes)
 * With --json only the JSON object is printed.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { analyze } from '../analysis/analyze';
import { analyzeText } from './analyze-text';
import { simulate } from '../analysis/simulate';
import { multiCoupEdgesInShoes } from '../analysis/multi-coup-in-shoes';
import { shoesText } from './shoes-text';
import { RULEBOOK_IDS, RULEBOOKS } from '../rulebooks/rulebooks';
import { clauseCoverage } from './clauses/clause-coverage';
import { clauseReportText } from './clauses/clause-report-text';
import { RULES_DIR, rulebookSources, testFiles } from './clauses/clause-sources';

/** The repository root (the nearest directory above this file holding docs/rules), whatever the working directory or build. */
const repositoryRoot = (from: string): string => {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, RULES_DIR))) return dir;
    if (dirname(dir) === dir) throw new Error(`No ${RULES_DIR} above ${from}: run the command inside the repository.`);
  }
};

const flag = (args: string[], name: string): string | undefined => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};

const intFlag = (args: string[], name: string, fallback: number): number => {
  const raw = flag(args, name);
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) {
    console.error(`--${name} must be a positive integer, got "${raw}"`);
    process.exit(2);
  }
  return n;
};

const pct = (x: number) => `${(x * 100).toFixed(4)}%`;

const main = (): void => {
  const [command, ...args] = process.argv.slice(2);
  const json = args.includes('--json');
  if (command === 'clauses') {
    const rulebookId = flag(args, 'rulebook');
    if (rulebookId !== undefined && !(RULEBOOK_IDS as readonly string[]).includes(rulebookId)) {
      console.error(`--rulebook must be one of ${RULEBOOK_IDS.join(', ')}, got "${rulebookId}"`);
      process.exit(2);
    }
    const root = repositoryRoot(__dirname);
    const report = clauseCoverage(rulebookSources(root, RULEBOOKS), testFiles(root));
    if (json) return void console.log(JSON.stringify(rulebookId ? { ...report, rulebooks: report.rulebooks.filter((r) => r.id === rulebookId) } : report));
    return void console.log(clauseReportText(report, rulebookId));
  }
  if (command === 'what-if') {
    // Loaded only here: the other commands need no database driver.
    void import('./what-if-command.js')
      .then(({ runWhatIf }) => runWhatIf(args))
      .then((code) => process.exit(code), (e: unknown) => {
        console.error(e instanceof Error ? e.message : String(e));
        process.exit(1);
      });
    return;
  }
  const decks = intFlag(args, 'decks', 8);
  if (command === 'analyze') {
    const a = analyze(decks);
    if (json) return void console.log(JSON.stringify(a));
    console.log(analyzeText(a));
    return;
  }
  if (command === 'shoes') {
    const s = multiCoupEdgesInShoes(decks, intFlag(args, 'shoes', 2000), flag(args, 'seed') ?? '1');
    return void console.log(json ? JSON.stringify(s) : shoesText(s));
  }
  if (command === 'simulate') {
    const coups = intFlag(args, 'coups', 100000);
    const seed = flag(args, 'seed') ?? '1';
    const exact = analyze(decks);
    const s = simulate(decks, coups, seed);
    const edge = new Map(exact.bets.map((b) => [`${b.bet}/${b.option}/${b.side ?? ''}`, b.houseEdge]));
    const bets = s.bets.map((b) => {
      const houseEdge = edge.get(`${b.bet}/${b.option}/${b.side ?? ''}`) ?? edge.get(`${b.bet}/${b.option}/`);
      const z = houseEdge === undefined || b.standardError === 0 ? null : (b.observedReturn + houseEdge) / b.standardError;
      return { ...b, exactHouseEdge: houseEdge ?? null, z };
    });
    const out = { ...s, exactProbabilities: exact.probabilities, bets };
    if (json) return void console.log(JSON.stringify(out));
    console.log(`Simulated ${s.coups} coups in ${s.shoes} shoes (${decks} decks, seed ${s.seed}): Player ${pct(s.frequencies.player)}, Banker ${pct(s.frequencies.banker)}, Tie ${pct(s.frequencies.tie)}`);
    for (const b of bets) console.log(`${b.bet.padEnd(22)} ${(b.option + (b.side ? ` (${b.side})` : '')).padEnd(24)} return ${pct(b.observedReturn).padStart(10)} exact ${b.exactHouseEdge === null ? '-' : pct(-b.exactHouseEdge).padStart(10)} z ${b.z === null ? '-' : b.z.toFixed(2)}`);
    return;
  }
  console.error('Usage: baccarat analyze --decks N [--json] | simulate --decks N --coups M --seed S [--json] | clauses [--rulebook ID] [--json] | shoes --decks N --shoes M --seed S [--json] | what-if --tables T1,T2 --from <instant> --to <instant> [--change bet=option]... [--json]');
  process.exit(2);
};

main();
