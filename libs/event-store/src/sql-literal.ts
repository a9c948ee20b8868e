/**
 * A text as a PostgreSQL string literal, exactly as pg's `escapeLiteral` writes it (quotes and backslashes doubled,
 * an `E` prefix when there is a backslash), for the multi-statement queries that take no parameters. pg builds it
 * one character at a time; a settlement's payload is tens of kB, so this does it with two replaces.
 */
export const sqlLiteral = (text: string): string => {
  if (!text.includes('\\')) return `'${text.replace(/'/g, "''")}'`;
  return ` E'${text.replace(/'/g, "''").replace(/\\/g, '\\\\')}'`;
};
