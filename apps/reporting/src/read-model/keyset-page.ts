import { BadRequestException } from '@nestjs/common';

/**
 * Cursor paging over a read model (keyset: rows after the last one seen, in the read's order), so a long
 * register or ledger is read in full page by page instead of being cut silently. The cursor is opaque to
 * clients: the sort key of the page's last row.
 */
export interface PageRequest {
  /** The `nextCursor` of the previous page; absent for the first. */
  readonly after?: string;
  /** Rows per page (default DEFAULT_PAGE_SIZE, at most MAX_PAGE_SIZE). */
  readonly limit?: number;
}

export interface Page<T> {
  readonly items: T[];
  /** Pass as `after` for the next page; null on the last page. */
  readonly nextCursor: string | null;
}

export const DEFAULT_PAGE_SIZE = 1000;
export const MAX_PAGE_SIZE = 5000;

export interface Keyset {
  /** Columns of the read's ORDER BY, unique together, each with its SQL type (for the comparison). */
  readonly columns: readonly { readonly name: string; readonly sqlType: string }[];
}

/** The WHERE fragment `(a, b, …) > ($n::type, …)` and its parameters for rows after `cursor`, numbering from `firstParam`. */
export const afterCursor = (keyset: Keyset, cursor: string | undefined, firstParam: number): { sql: string; params: unknown[] } => {
  if (!cursor) return { sql: 'TRUE', params: [] };
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    values = undefined;
  }
  if (!Array.isArray(values) || values.length !== keyset.columns.length) throw new InvalidCursorError();
  const names = keyset.columns.map((c) => c.name).join(', ');
  const placeholders = keyset.columns.map((c, i) => `$${firstParam + i}::${c.sqlType}`).join(', ');
  return { sql: `(${names}) > (${placeholders})`, params: values };
};

/** One more row than asked is read: its presence says there is a next page. */
export const pageOf = <R extends Record<string, unknown>, T>(keyset: Keyset, rows: R[], limit: number, map: (row: R) => T): Page<T> => {
  const more = rows.length > limit;
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  const nextCursor = more && last ? Buffer.from(JSON.stringify(keyset.columns.map((c) => last[c.name]))).toString('base64url') : null;
  return { items: items.map(map), nextCursor };
};

export const pageSize = (limit: number | undefined): number => Math.min(Math.max(limit ?? DEFAULT_PAGE_SIZE, 1), MAX_PAGE_SIZE);

/** A 400 shaped as every validation error (platform-kit's ValidationErrorBody), naming the `after` field. */
export class InvalidCursorError extends BadRequestException {
  constructor() {
    const message = 'after must be the X-Next-Cursor of the previous page, unchanged (or absent for the first page)';
    super({ statusCode: 400, error: 'Bad Request', message: `The request is invalid: ${message}.`, violations: [{ field: 'after', rule: 'cursor', message }] });
  }
}
