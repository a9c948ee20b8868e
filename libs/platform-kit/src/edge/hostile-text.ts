import { BadRequestException } from '@nestjs/common';
import { Violation, violationsBody } from '../validation/validation-violations';

/** Deeper than any request the APIs take; a 10,000-deep document is refused before anything walks it recursively. */
export const MAX_REQUEST_DEPTH = 32;

// NUL cannot be stored in PostgreSQL text or jsonb; a lone surrogate is not Unicode and cannot be encoded as UTF-8.
// eslint-disable-next-line no-control-regex -- NUL is exactly what is looked for
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const isStorableText = (text: string): boolean => !UNSTORABLE.test(text);

const textViolation = (field: string): Violation => ({
  field,
  rule: 'textCharacters',
  message: `${field} must not contain NUL characters or unpaired UTF-16 surrogates`,
});

export class RequestTooDeep extends BadRequestException {
  constructor(where: string) {
    super({
      statusCode: 400,
      error: 'Bad Request',
      code: 'BODY_TOO_DEEP',
      message: `The ${where} is nested deeper than ${MAX_REQUEST_DEPTH} levels; no operation takes that. Send a flatter document.`,
    });
  }
}

/**
 * Walks a parsed body or query (never recursing past MAX_REQUEST_DEPTH) and refuses text PostgreSQL cannot
 * store, naming the field, so it is a 400 at the edge instead of a 500 from the database.
 */
export const assertStorable = (value: unknown, where: 'body' | 'query'): void => {
  const violations: Violation[] = [];
  const walk = (v: unknown, path: string, depth: number): void => {
    if (typeof v === 'string') {
      if (!isStorableText(v)) violations.push(textViolation(path || where));
      return;
    }
    if (v === null || typeof v !== 'object') return;
    if (depth >= MAX_REQUEST_DEPTH) throw new RequestTooDeep(where);
    const entries = Array.isArray(v) ? v.map((item, i) => [String(i), item] as const) : Object.entries(v);
    for (const [key, item] of entries) {
      if (!isStorableText(key)) violations.push(textViolation(path ? `${path}.<key>` : '<key>'));
      walk(item, path ? `${path}.${key}` : key, depth + 1);
    }
  };
  walk(value, '', 0);
  if (violations.length > 0) throw new BadRequestException(violationsBody(violations));
};

/** The path, percent-decoded segment by segment: malformed escapes and encoded NULs are refused. */
export const assertStorablePath = (url: string): void => {
  const path = url.split('?')[0];
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    throw new BadRequestException({ statusCode: 400, error: 'Bad Request', code: 'PATH_MALFORMED', message: 'The path has a malformed percent-encoding.' });
  }
  if (!isStorableText(decoded)) {
    throw new BadRequestException({ statusCode: 400, error: 'Bad Request', code: 'PATH_MALFORMED', message: 'The path must not contain NUL characters or unpaired surrogates.' });
  }
};
