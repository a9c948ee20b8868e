// A spreadsheet runs a cell beginning with one of these as a formula (=HYPERLINK, DDE via +/-/@, tab and CR tricks).
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * One CSV cell (RFC 4180 quoting) that a spreadsheet opens as text: free text beginning like a formula gets a
 * leading apostrophe (OWASP "CSV injection"), so a jackpot adjustment or correction reason typed as `=...`
 * cannot run on a regulator's machine. Numbers, negative amounts included, stay
 * numbers. Every CSV writer uses this.
 */
export const csvCell = (value: string | number | boolean | null | undefined): string => {
  if (value === null || value === undefined) return '';
  let s = String(value);
  if (typeof value === 'string' && FORMULA_START.test(s) && !PLAIN_NUMBER.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) || s !== String(value) ? `"${s.replace(/"/g, '""')}"` : s;
};
