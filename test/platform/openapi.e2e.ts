/**
 * Issue 13, a self-explaining API: a new user learns the API from the OpenAPI document alone. Every operation of
 * the tables, jackpots and reporting services (and the rulebook vocabulary) has a description, an example body
 * where it takes one (every field of it described, with an example), and its responses documented: what success
 * returns, and the errors it can answer.
 */
import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { createTestDatabase, TestDatabase } from '@app/testing';
import { startTestPlatform } from '../support/test-platform';

type Schema = { $ref?: string; type?: string; example?: unknown; description?: string; enum?: unknown[]; items?: Schema; properties?: Record<string, Schema>; allOf?: Schema[] };
type Operation = {
  summary?: string;
  description?: string;
  security?: unknown[];
  requestBody?: { content: Record<string, { schema?: Schema; example?: unknown }> };
  responses: Record<string, { description?: string }>;
};
/** The services this issue documents; others document their own. */
const COVERED = /^\/(tables|jackpots|jackpot-console|reporting|rulebooks|dashboard)(\/|$)/;

describe('the OpenAPI document explains every operation', () => {
  let db: TestDatabase;
  let app: INestApplication;
  let doc: { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };

  beforeAll(async () => {
    db = await createTestDatabase('openapi_e2e', 2);
    app = await startTestPlatform(db, { poolSize: 20 });
    doc = (await request(app.getHttpServer()).get('/docs-json').expect(200)).body;
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  const operations = () =>
    Object.entries(doc.paths)
      .filter(([path]) => COVERED.test(path))
      .flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })));

  /** Fields of a body schema lacking a description or an example (recursively through $refs and arrays). */
  const undocumentedFields = (schema: Schema | undefined, at: string, seen = new Set<string>()): string[] => {
    if (!schema) return [`${at}: no schema`];
    if (schema.$ref) {
      const name = schema.$ref.replace('#/components/schemas/', '');
      if (seen.has(name)) return [];
      seen.add(name);
      return undocumentedFields(doc.components.schemas[name], at, seen);
    }
    if (schema.allOf) return schema.allOf.flatMap((s) => undocumentedFields(s, at, seen));
    if (schema.type === 'array' && schema.items) return undocumentedFields(schema.items, `${at}[]`, seen);
    const problems: string[] = [];
    for (const [field, p] of Object.entries(schema.properties ?? {})) {
      const path = `${at}.${field}`;
      if (!p.description && !(p.allOf ?? []).some((s) => s.description)) problems.push(`${path}: no description`);
      const nested = p.$ref || p.allOf || (p.type === 'array' && p.items?.$ref);
      if (nested) problems.push(...undocumentedFields(p.allOf ? { allOf: p.allOf } : p.$ref ? p : p.items, path, seen));
      else if (p.example === undefined && !p.enum && !(p.items && p.items.enum)) problems.push(`${path}: no example`);
    }
    return problems;
  };

  it('the document covers the tables, jackpots, reporting and rulebook operations', () => {
    const names = operations().map((o) => o.name);
    expect(names).toEqual(expect.arrayContaining(['POST /tables', 'POST /tables/{tableId}/coups/{coupId}/cards', 'POST /jackpots', 'GET /rulebooks', 'POST /reporting/reports', 'POST /dashboard/session', 'POST /jackpot-console/session', 'GET /reporting/calendars']));
  });

  it('every operation has a description', () => {
    const missing = operations()
      .filter(({ op }) => !(op.summary?.trim() || op.description?.trim()))
      .map((o) => o.name);
    expect(missing).toEqual([]);
  });

  it('every operation that takes a body documents every field of it with a description and an example', () => {
    const problems = operations().flatMap(({ name, op }) => {
      const json = op.requestBody?.content['application/json'];
      if (!op.requestBody) return [];
      if (json?.example !== undefined) return [];
      return undocumentedFields(json?.schema, name);
    });
    expect(problems).toEqual([]);
  });

  it('every operation documents its success response and the errors it can answer', () => {
    const problems = operations().flatMap(({ name, op }) => {
      const out: string[] = [];
      const success = Object.entries(op.responses).filter(([code]) => /^2\d\d$/.test(code));
      if (!success.length || success.some(([, r]) => !r.description?.trim())) out.push(`${name}: success response not described`);
      const secured = op.security === undefined || op.security.length > 0;
      if (secured && !(op.responses['401'] && op.responses['403'])) out.push(`${name}: 401/403 not documented`);
      if (op.requestBody && !op.responses['400']) out.push(`${name}: 400 not documented`);
      return out;
    });
    expect(problems).toEqual([]);
  });
});
