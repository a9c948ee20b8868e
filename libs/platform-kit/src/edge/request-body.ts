import { HttpRequest, HttpResponse, NextFunction } from '../context/http-types';
import { assertStorable, assertStorablePath } from './hostile-text';

/** The largest request body any operation takes (a table's configuration is a few kB). */
export const MAX_BODY_BYTES = '100kb';
/** The same limit in bytes, as Fastify takes it. */
export const MAX_BODY_BYTE_COUNT = 100 * 1024;

/** Options of the body parsers every service mounts in place of Nest's defaults. */
export const BODY_PARSER_OPTIONS = {
  json: { limit: MAX_BODY_BYTES },
  urlencoded: { limit: MAX_BODY_BYTES, extended: false, parameterLimit: 100 },
} as const;

/**
 * Runs after the body parsers: refuses a malformed or NUL-carrying path, unstorable text in the body or the
 * query (naming the field) and absurdly nested documents, before any pipe or handler walks them.
 */
export function storableInput(req: HttpRequest, _res: HttpResponse, next: NextFunction): void {
  try {
    assertStorablePath(req.originalUrl ?? req.url ?? '');
    assertStorable((req as { body?: unknown }).body, 'body');
    assertStorable((req as { query?: unknown }).query, 'query');
  } catch (refusal) {
    return next(refusal);
  }
  next();
}
