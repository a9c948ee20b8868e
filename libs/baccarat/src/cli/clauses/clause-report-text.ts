/** The clause report as plain text: per rulebook its coverage, topics and sections; with one rulebook, every clause. */
import type { ClauseReport, Coverage, RulebookCoverage } from './clause-coverage';
import { TOPICS } from './rulebook-text';

const figures = (c: Coverage): string =>
  c.clauses === 0
    ? 'no clauses'
    : `${String(c.cited).padStart(3)}/${String(c.clauses).padEnd(3)} cited by tests (${c.percentCited.toFixed(1).padStart(5)}%), ${String(c.citedInTestNames).padStart(3)} in test names, ${String(c.inRulebookData).padStart(3)} in rulebook data`;

const rulebookText = (r: RulebookCoverage, detail: boolean): string[] => {
  const lines = [`${r.citation} (${r.id}, version ${r.version}, ${r.effectiveFromStated ? `in force from ${r.effectiveFrom}` : 'the text states no date'}; ${r.text})`, `  all clauses      ${figures(r.summary)}`];
  for (const t of TOPICS) lines.push(`  ${t.padEnd(16)} ${figures(r.topics[t])}`);
  lines.push('  sections:');
  for (const s of r.sections) lines.push(`    ${s.section.padEnd(8)} ${s.title.slice(0, 40).padEnd(40)} ${figures(s)}`);
  if (r.citedWithoutClause.length) lines.push(`  cited as a whole (no clause): ${r.citedWithoutClause.length} times in ${new Set(r.citedWithoutClause.map((x) => x.file)).size} files`);
  if (r.unknownCitations.length) {
    lines.push(`  citations of clauses the text does not have (${r.unknownCitations.length}):`);
    for (const u of r.unknownCitations) lines.push(`    ${u.ref.padEnd(12)} "${u.as}" ${u.file}:${u.line}`);
  }
  if (detail) {
    lines.push('  clauses:');
    for (const c of r.clauses) {
      lines.push(`    ${c.clause.padEnd(10)} ${c.topic ? `[${c.topic}] ` : ''}${c.heading.slice(0, 70)}`);
      if (c.inRulebookData.length) lines.push(`        data  ${c.inRulebookData.slice(0, 4).join(', ')}${c.inRulebookData.length > 4 ? `, +${c.inRulebookData.length - 4}` : ''}`);
      for (const x of c.citedBy) lines.push(`        ${x.inName ? 'named' : 'body '} ${x.file}:${x.line}${x.test ? `  ${x.test.slice(0, 110)}` : ''}`);
    }
  }
  return lines;
};

export const clauseReportText = (report: ClauseReport, rulebookId?: string): string =>
  [
    `Clauses of the rulebooks in docs/rules cited by ${report.files} test files (*.spec.ts, *.int.ts, *.e2e.ts).`,
    ...report.rulebooks.filter((r) => !rulebookId || r.id === rulebookId).flatMap((r) => ['', ...rulebookText(r, rulebookId !== undefined)]),
  ].join('\n');
