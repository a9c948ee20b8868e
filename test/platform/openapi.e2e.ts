/**
 * A self-explaining, valid API: a new user learns the API from the OpenAPI document alone, and any OpenAPI tool
 * reads it. Every operation of the tables, jackpots and reporting services (and the rulebook vocabulary) has a
 * description, an example body where it takes one (every field of it described, with an example), and its
 * responses documented. Across every service: the document passes a third-party validator, every operation
 * documents its success answer with a schema (or the media type of the file or page it returns), every error
 * answer refers to the one error body, each 400 example is what that route answers, public routes ask for no
 * token, and the tournament terms example is complete and accepted.
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import { HttpStatus, INestApplication, RequestMethod } from '@nestjs/common';
import { HEADERS_METADATA, HTTP_CODE_METADATA, METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryModule, DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import request from 'supertest';
import { AUTHORIZE_METADATA, INSECURE_DEVELOPMENT_AUTH_SECRET, isCasinoBound, issueToken, PUBLIC_METADATA, Role, RoleRequirement, roleSatisfies, ROLES } from '@app/platform-kit';
import { createTestDatabase, TestDatabase } from '@app/testing';
import { completeTerms } from '../../apps/tournaments/src/tournament/tournament-fixtures';
import { startTestPlatform } from '../support/test-platform';

type Schema = { $ref?: string; type?: string; example?: unknown; description?: string; enum?: unknown[]; items?: Schema; properties?: Record<string, Schema>; allOf?: Schema[] };
type Operation = {
  summary?: string;
  description?: string;
  security?: unknown[];
  requestBody?: { content: Record<string, { schema?: Schema; example?: unknown; examples?: Record<string, { value: unknown }> }> };
  responses: Record<string, { description?: string; content?: Record<string, { schema?: Schema; example?: unknown }> }>;
};
/** What a route's decorators say, read from the running platform. */
interface Route {
  readonly status: number;
  readonly isPublic: boolean;
  readonly requires?: RoleRequirement;
  readonly contentType?: string;
}
const METHODS: Partial<Record<RequestMethod, string>> = { [RequestMethod.GET]: 'GET', [RequestMethod.POST]: 'POST', [RequestMethod.PUT]: 'PUT', [RequestMethod.PATCH]: 'PATCH', [RequestMethod.DELETE]: 'DELETE' };
const join = (...parts: string[]) => `/${parts.map((p) => p.replace(/^\/+|\/+$/g, '')).filter(Boolean).join('/')}`.replace(/:(\w+)/g, '{$1}');
const asList = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : [v === undefined ? '' : String(v)]);
const ERROR_BODY = '#/components/schemas/ErrorBodyDto';
/** A token with the first role of the ladder (or beside it) the route lets in; the regulator's names both jurisdictions. */
const bearerFor = (requires: RoleRequirement): string => {
  const role = ROLES.find((r) => roleSatisfies([r], requires)) as Role;
  return `Bearer ${issueToken({ sub: `${role}-1`, name: role, roles: [role], ...(role === 'regulator' ? { jurisdictions: ['NSW', 'VIC'] } : {}), ...(isCasinoBound(role) ? { casinos: ['crown-melbourne', 'crown-sydney', 'star-sydney'] } : {}) }, INSECURE_DEVELOPMENT_AUTH_SECRET, 600)}`;
};
/** The services this issue documents; others document their own. */
const COVERED = /^\/(tables|jackpots|jackpot-console|reporting|rulebooks|dashboard)(\/|$)/;

describe('the OpenAPI document explains every operation', () => {
  let db: TestDatabase;
  let app: INestApplication;
  let doc: { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };
  /** Every route of the platform by `METHOD /path`, as the document names its operations. */
  const routes = new Map<string, Route>();

  beforeAll(async () => {
    process.env.RATE_LIMIT_PER_SECOND = '0';
    db = await createTestDatabase('openapi_e2e', 2);
    app = await startTestPlatform(db, { poolSize: 20, imports: [DiscoveryModule] });
    doc = (await request(app.getHttpServer()).get('/docs-json').expect(200)).body;
    const reflector = app.get(Reflector);
    const scanner = new MetadataScanner();
    for (const wrapper of app.get(DiscoveryService).getControllers()) {
      const type = wrapper.metatype as (new (...args: never[]) => object) | undefined;
      if (!type?.prototype) continue;
      for (const name of scanner.getAllMethodNames(type.prototype)) {
        const handler = (type.prototype as Record<string, (...args: unknown[]) => unknown>)[name];
        const method = METHODS[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
        if (!method || Reflect.getMetadata(PATH_METADATA, handler) === undefined) continue;
        const headers = (Reflect.getMetadata(HEADERS_METADATA, handler) ?? []) as { name: string; value: string }[];
        const route: Route = {
          status: (Reflect.getMetadata(HTTP_CODE_METADATA, handler) as number | undefined) ?? (method === 'POST' ? HttpStatus.CREATED : HttpStatus.OK),
          isPublic: reflector.getAllAndOverride<boolean>(PUBLIC_METADATA, [handler, type]) === true,
          requires: reflector.getAllAndOverride<RoleRequirement | undefined>(AUTHORIZE_METADATA, [handler, type]),
          contentType: headers.find((h) => h.name.toLowerCase() === 'content-type')?.value,
        };
        for (const base of asList(Reflect.getMetadata(PATH_METADATA, type))) for (const path of asList(Reflect.getMetadata(PATH_METADATA, handler))) routes.set(`${method} ${join(base, path)}`, route);
      }
    }
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  const allOperations = () => Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, path, op })));
  const operations = () => allOperations().filter(({ path }) => COVERED.test(path));

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
      // Staff act only at their own casino: the 403 says so (OUT_OF_CASINO), the 401 that a staff token names its casinos.
      else if (secured && !(op.responses['403'].description?.includes('OUT_OF_CASINO') && op.responses['401'].description?.includes('--casino'))) out.push(`${name}: the casino scope (403 OUT_OF_CASINO, 401 without --casino) not documented`);
      if (op.requestBody && !op.responses['400']) out.push(`${name}: 400 not documented`);
      return out;
    });
    expect(problems).toEqual([]);
  });

  it('passes a third-party OpenAPI validator (@apidevtools/swagger-parser): every $ref resolves, every schema is valid', async () => {
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeDefined();
  });

  it('every operation of every service documents its success answer with a schema, or the media type of the file, page or feed it returns', () => {
    const problems = allOperations().flatMap(({ name, op }) => {
      const success = Object.entries(op.responses).filter(([code]) => /^2\d\d$/.test(code));
      if (!success.length) return [`${name}: no success response`];
      const described = success.some(([code, r]) => code === '204' || Object.entries(r.content ?? {}).some(([type, c]) => c.schema && (type !== 'application/json' || c.schema.$ref || c.schema.allOf || c.schema.type)));
      return described ? [] : [`${name}: the success response has no schema`];
    });
    expect(problems).toEqual([]);
  });

  it("documents each operation's success under the status the route answers", () => {
    const wrong = allOperations().flatMap(({ name, op }) => {
      const route = routes.get(name);
      const documented = Object.keys(op.responses).filter((code) => /^2\d\d$/.test(code));
      return route && !documented.includes(String(route.status)) ? [`${name}: answers ${route.status}, documents ${documented.join(', ') || 'nothing'}`] : [];
    });
    expect(wrong).toEqual([]);
  });

  it('every error response refers to the one error body the platform sends', async () => {
    expect(doc.components.schemas.ErrorBodyDto?.properties).toEqual(expect.objectContaining({ statusCode: expect.anything(), error: expect.anything(), message: expect.anything(), code: expect.anything(), clause: expect.anything(), field: expect.anything(), violations: expect.anything() }));
    const problems = allOperations().flatMap(({ name, op }) =>
      Object.entries(op.responses)
        .filter(([code]) => /^[45]\d\d$/.test(code))
        .filter(([, r]) => r.content?.['application/json']?.schema?.$ref !== ERROR_BODY)
        .map(([code]) => `${name} ${code}: not the error body`),
    );
    expect(problems).toEqual([]);
    // And the body sent has no field the schema does not name.
    const res = await request(app.getHttpServer()).get('/tables/no-such-table').set('Authorization', bearerFor('dealer')).expect(404);
    expect(Object.keys(res.body).filter((k) => !(k in (doc.components.schemas.ErrorBodyDto.properties ?? {})))).toEqual([]);
  });

  it("each 400 example is the route's own answer to an empty body, and a route without a body shows none", async () => {
    const problems: string[] = [];
    for (const { name, path, op } of allOperations()) {
      const example = op.responses['400']?.content?.['application/json']?.example;
      if (example === undefined) continue;
      if (!op.requestBody) {
        problems.push(`${name}: takes no body but shows a body-validation example`);
        continue;
      }
      const route = routes.get(name);
      const [method] = name.split(' ');
      const url = path.replace(/\{(\w+)\}/g, (_m, param: string) => (param === 'box' ? '1' : `openapi-${param}`));
      const call = request(app.getHttpServer())[method.toLowerCase() as 'post' | 'put'](url);
      if (route?.requires) void call.set('Authorization', bearerFor(route.requires));
      const res = await call.send({});
      if (res.status !== 400 || JSON.stringify(res.body) !== JSON.stringify(example)) problems.push(`${name}: answers ${res.status} ${JSON.stringify(res.body)}, documents ${JSON.stringify(example)}`);
    }
    expect(problems).toEqual([]);
  });

  it('public routes (health, metrics, docs, pages, the draw, the standings board) ask for no token in the document, and no other route is shown as public', () => {
    const wrong = allOperations().flatMap(({ name, op }) => {
      const route = routes.get(name);
      if (!route) return [];
      const documentedPublic = Array.isArray(op.security) && op.security.length === 0;
      return documentedPublic === route.isPublic ? [] : [`${name}: ${route.isPublic ? '@Public but documented with a token' : 'needs a token but documented as public'}`];
    });
    expect(wrong).toEqual([]);
    expect([...routes].filter(([, r]) => r.isPublic).length).toBeGreaterThan(10);
  });

  it('documents a field the validator takes as a number, text or flag, or null, as that type, not as an object (aggregateMinimumCents, entryFee, progression, orderOfWagering...)', () => {
    const typeOf = (schema: string, field: string) => (doc.components.schemas[schema] as { properties?: Record<string, { type?: string }> }).properties?.[field]?.type;
    const expected: [string, string, string][] = [
      ['OpenRapidTableDto', 'aggregateMinimumCents', 'integer'],
      ['TermsDto', 'entryFee', 'integer'],
      ['TermsDto', 'progression', 'string'],
      ['TermsDto', 'buyBack', 'string'],
      ['TermsDto', 'repechage', 'string'],
      ['TermsDto', 'orderOfWagering', 'boolean'],
    ];
    expect(expected.map(([schema, field]) => [schema, field, typeOf(schema, field)])).toEqual(expected);
  });

  it('CSV, PDF and HTML answers declare their media types', () => {
    const expected = (name: string): string | undefined => {
      const route = routes.get(name);
      if (/\.csv$/.test(name)) return 'text/csv';
      if (/\.pdf$/.test(name)) return 'application/pdf';
      return route?.contentType?.split(';')[0];
    };
    const missing = allOperations().flatMap(({ name, op }) => {
      const type = expected(name);
      if (!type) return [];
      const declared = Object.entries(op.responses).filter(([code]) => /^2\d\d$/.test(code)).flatMap(([, r]) => Object.keys(r.content ?? {}));
      return declared.includes(type) ? [] : [`${name}: serves ${type}, declares ${declared.join(', ') || 'nothing'}`];
    });
    expect(missing).toEqual([]);
    expect(allOperations().filter(({ name }) => expected(name) === 'text/html').length).toBeGreaterThan(4);
  });

  it('shows complete tournament terms (every item of the complete fixture) as the example of publishing terms, and the example is accepted as it stands (Star 2024 15.4.2)', async () => {
    const body = doc.paths['/tournaments'].post.requestBody?.content['application/json'];
    // Each item of the terms shows an example of its own, so no item of the schema reads as `{}`.
    expect(undocumentedFields(body?.schema, 'POST /tournaments').filter((p) => p.endsWith('no example'))).toEqual([]);
    const examples = body?.examples ?? {};
    const values = Object.values(examples).map((e) => e.value as { tournamentId: string; terms: Record<string, unknown> });
    expect(values.length).toBeGreaterThan(0);
    for (const value of values) {
      expect(Object.keys(completeTerms()).filter((item) => !(item in value.terms))).toEqual([]);
      const res = await request(app.getHttpServer()).post('/tournaments').set('Authorization', bearerFor('tournament-director')).send(value);
      expect({ status: res.status, body: res.status === 201 ? 'published' : res.body }).toEqual({ status: 201, body: 'published' });
    }
  });

  it('no refusal (422) example is shared by unrelated operations, and those shown for opening a Rapid table (Rapid 5.3) and publishing tournament terms (Star 2024 15.4.2(d)) are what the routes answer', async () => {
    const byExample = new Map<string, string[]>();
    for (const { name, op } of allOperations()) {
      const example = op.responses['422']?.content?.['application/json']?.example;
      if (example !== undefined) byExample.set(JSON.stringify(example), [...(byExample.get(JSON.stringify(example)) ?? []), name]);
    }
    expect([...byExample.values()].filter((names) => names.length > 1)).toEqual([]);
    const refusalOf = (path: string) => doc.paths[path].post.responses['422']?.content?.['application/json']?.example;
    const limit = (bet: string, minimumCents: number, maximumCents: number) => ({ bet, minimumCents, maximumCents, incrementCents: 500 });
    const rapid = await request(app.getHttpServer())
      .post('/rapid/tables')
      .set('Authorization', bearerFor('area-manager'))
      .send({
        tableId: 'OPENAPI-RB1',
        variant: 'traditional',
        offeredBets: [{ bet: 'player', option: 'standard' }, { bet: 'banker', option: 'traditional' }, { bet: 'tie', option: 'standard' }],
        limits: { perBet: [limit('player', 1_000, 500_000), limit('banker', 1_000, 500_000), limit('tie', 60_000, 50_000)] },
        decks: 8,
        stations: [{ atsId: 'OPENAPI-RB1-ATS01', remote: false, printer: false }],
      });
    expect(rapid.body).toEqual(refusalOf('/rapid/tables'));
    const published = doc.paths['/tournaments'].post.requestBody?.content['application/json'].examples?.complete.value as { terms: Record<string, unknown> };
    const { wagerLimits: _omitted, ...terms } = published.terms;
    const tournament = await request(app.getHttpServer()).post('/tournaments').set('Authorization', bearerFor('tournament-director')).send({ ...published, tournamentId: 'openapi-refused-cup', terms });
    expect(tournament.body).toEqual(refusalOf('/tournaments'));
  });
});
