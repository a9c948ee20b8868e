/**
 * Where a citation sits in a test file: the name of the test around it ("describe › it", as jest prints it), and
 * whether the citation is in that name or in the test's body (an expected clause, a comment).
 */
import * as ts from 'typescript';

const TEST_FUNCTIONS = new Set(['describe', 'it', 'test']);

interface Block {
  readonly start: number;
  readonly end: number;
  /** Where the title string ends: a citation before it is in the name. */
  readonly titleEnd: number;
  readonly name: string;
  readonly isTest: boolean;
}

export interface TestLocation {
  /** "describe › it"; null outside any describe/it/test. */
  readonly name: string | null;
  /** The citation is part of the name (of the test or of a describe around it). */
  readonly inName: boolean;
}

/** `describe`, `it.each(...)`, `test.only` → the function name. */
const calleeName = (e: ts.Expression): string | null => {
  if (ts.isIdentifier(e)) return e.text;
  if (ts.isPropertyAccessExpression(e)) return calleeName(e.expression);
  if (ts.isCallExpression(e)) return calleeName(e.expression); // it.each(table)(title, fn)
  return null;
};

const titleText = (node: ts.Expression, source: ts.SourceFile): string | null => {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return node.getText(source).slice(1, -1);
  return null;
};

const blocksOf = (source: ts.SourceFile): Block[] => {
  const blocks: Block[] = [];
  const visit = (node: ts.Node, names: readonly string[]): void => {
    let inner = names;
    if (ts.isCallExpression(node) && node.arguments.length >= 2) {
      const fn = calleeName(node.expression);
      const title = fn && TEST_FUNCTIONS.has(fn) ? titleText(node.arguments[0], source) : null;
      if (fn && title !== null) {
        inner = [...names, title];
        blocks.push({ start: node.getStart(source), end: node.end, titleEnd: node.arguments[0].end, name: inner.join(' › '), isTest: fn !== 'describe' });
      }
    }
    ts.forEachChild(node, (child) => visit(child, inner));
  };
  visit(source, []);
  return blocks;
};

/** A locator of positions in one test file. */
export const testLocator = (fileName: string, text: string): ((offset: number) => TestLocation) => {
  const blocks = blocksOf(ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS));
  return (offset) => {
    const around = blocks.filter((b) => b.start <= offset && offset < b.end);
    if (around.length === 0) return { name: null, inName: false };
    const innermost = around.reduce((a, b) => (b.start >= a.start ? b : a));
    const inName = around.some((b) => offset < b.titleEnd);
    // A citation in a describe's name is cited by the describe; one in its body (not inside a test) by the describe too.
    return { name: innermost.name, inName };
  };
};
