/**
 * Every operation of the OpenAPI document of the running platform (every service in one process, real
 * PostgreSQL) is sent request bodies of odd shapes, each beside a body that is otherwise what the operation
 * documents: lists of empty lists, lists where one object belongs, objects where text belongs, text where a list
 * belongs, fields named `prototype`, `constructor` and `__proto__`, deep nesting. What a casino relies on:
 * - no shape is answered 5xx (a list of empty lists in POST .../cards/batch was);
 * - an unknown field is refused 400 naming it, whatever its name (`prototype` passed everywhere), also in a body
 *   sent to a command that takes none;
 * - free text holding a control character or a bidirectional override is refused 400 naming the field, so what
 *   a regulator reads is what was recorded.
 * The generated fuzzing of every operation is `test/soak/hostile-input.e2e.ts`; this walks the shapes exhaustively.
 */
import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { INSECURE_DEVELOPMENT_AUTH_SECRET, issueToken, ROLES } from '@app/platform-kit';
import { createTestDatabase, TestDatabase } from '@app/testing';
import { openTheFloor } from '../support/open-the-floor';
import { startTestPlatform } from '../support/test-platform';

interface Schema {
  readonly $ref?: string;
  readonly type?: string;
  readonly format?: string;
  readonly example?: unknown;
  readonly enum?: readonly unknown[];
  readonly minimum?: number;
  readonly minItems?: number;
  readonly items?: Schema;
  readonly properties?: Record<string, Schema>;
  readonly required?: readonly string[];
  readonly allOf?: readonly Schema[];
  readonly additionalProperties?: Schema | boolean;
}
interface Operation {
  readonly name: string;
  readonly method: 'post' | 'put' | 'patch' | 'delete';
  readonly path: string;
  readonly body?: Schema;
}

/** Every role at once (the regulator naming both jurisdictions), so the guard lets every request reach validation. */
const EVERY_ROLE = `Bearer ${issueToken({ sub: 'shapes-1', name: 'Shapes', roles: [...ROLES], jurisdictions: ['NSW', 'VIC'], casinos: ['crown-melbourne', 'crown-sydney', 'star-sydney'] }, INSECURE_DEVELOPMENT_AUTH_SECRET, 3600)}`;
const SPECIAL_NAMES = ['prototype', 'constructor', '__proto__'];
const nestedLists = (depth: number): unknown => (depth === 0 ? [] : [nestedLists(depth - 1)]);
const nestedObjects = (depth: number): unknown => (depth === 0 ? {} : { a: nestedObjects(depth - 1) });

/** Shapes put in place of one field. */
const ODD_VALUES: readonly unknown[] = [[[]], [[[]]], [], [{}], [[{}]], {}, { a: [[]] }, 'x', 0, true, null, ['x'], nestedLists(30), nestedObjects(30)];
/** Shapes put in place of the whole body (sent as text: `null` and a bare string are bodies too). */
const ODD_BODIES: readonly string[] = ['[]', '[[]]', '[[[]]]', '[{}]', '{}', '"x"', '1', 'null', 'true', JSON.stringify(nestedLists(30)), JSON.stringify(nestedObjects(30)), '{"a":[[],[[]]]}'];
const DECEIVING_TEXT = ['refund \u202e001$', 'ok\u001b[2Kapproved', 'a\u2066b\u2069', 'two\nlines', 'a\u200fb', 'a\u009bb'];

describe('odd request bodies on every operation of the platform: 400 naming the field, never 5xx', () => {
  let db: TestDatabase;
  let app: INestApplication;
  let doc: { paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: Schema }> } }>>; components?: { schemas?: Record<string, Schema> } };
  let operations: Operation[] = [];
  const fiveHundreds: string[] = [];

  const resolve = (s: Schema | undefined): Schema | undefined => {
    if (!s) return undefined;
    if (s.$ref) return resolve(doc.components?.schemas?.[s.$ref.split('/').pop()!]);
    if (s.allOf?.length === 1 && !s.properties) return resolve(s.allOf[0]);
    return s;
  };

  /** A value of the documented shape: its example, else the least value of its type (required fields only). */
  const sample = (schema: Schema | undefined, depth = 0): unknown => {
    const s = resolve(schema);
    if (!s || depth > 8) return undefined;
    if (s.example !== undefined) return s.example;
    if (s.enum?.length) return s.enum[0];
    if (s.type === 'array') return Array.from({ length: Math.max(1, s.minItems ?? 1) }, () => sample(s.items, depth + 1));
    if (s.type === 'integer' || s.type === 'number') return s.minimum ?? 1;
    if (s.type === 'boolean') return false;
    if (s.type === 'string') return s.format === 'date-time' ? '2026-01-05T10:00:00+11:00' : s.format === 'date' ? '2026-01-05' : 'shape-1';
    if (s.properties || s.type === 'object') {
      const required = new Set(s.required ?? Object.keys(s.properties ?? {}));
      return Object.fromEntries(Object.entries(s.properties ?? {}).filter(([name]) => required.has(name)).map(([name, p]) => [name, sample(p, depth + 1)]));
    }
    return 'shape-1';
  };

  /** The body's fields as paths into the sample (`limits`, `limits.minimumCents`, `cards.0.card`), two levels deep. */
  const fieldPaths = (schema: Schema | undefined, prefix: string[] = [], depth = 0): string[][] => {
    const s = resolve(schema);
    if (!s || depth > 1) return [];
    return Object.entries(s.properties ?? {}).flatMap(([name, p]) => {
      const here = [...prefix, name];
      const inner = resolve(p);
      const nested = inner?.type === 'array' ? fieldPaths(inner.items, [...here, '0'], depth + 1) : fieldPaths(inner, here, depth + 1);
      return [here, ...nested];
    });
  };

  const withValue = (base: unknown, path: readonly string[], value: unknown): unknown => {
    if (path.length === 0) return value;
    const [head, ...rest] = path;
    const container = base !== null && typeof base === 'object' ? base : /^\d+$/.test(head) ? [] : {};
    const copy: Record<string, unknown> = Array.isArray(container) ? ([...container] as unknown as Record<string, unknown>) : { ...(container as Record<string, unknown>) };
    copy[head] = withValue((container as Record<string, unknown>)[head], rest, value);
    return copy;
  };

  // An id as `TABLE-1`; a box (a number) as 1.
  const pathOf = (op: Operation) => op.path.replace(/\{(\w+)\}/g, (_, name: string) => (name.endsWith('Id') ? `${name.slice(0, -2).toUpperCase()}-1` : '1'));

  const send = async (op: Operation, body: string) => {
    const res = await request(app.getHttpServer())[op.method](pathOf(op)).set('Authorization', EVERY_ROLE).set('Content-Type', 'application/json').send(body);
    if (res.status >= 500) fiveHundreds.push(`${op.name} ${body.slice(0, 200)} -> ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
    return res;
  };

  /** Commands that end what the others act on (a table closed, a coup voided) come last, so the rest find it live. */
  const ENDING = /\/(close|closing-notice|void|end|cancel|misdeal|compromise|cash-out)$/;

  /** A few at a time: the machine is shared, and the answers are independent. */
  const inBatches = async <T>(items: readonly T[], each: (item: T) => Promise<void>, size = 6) => {
    for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(each));
  };

  beforeAll(async () => {
    process.env.LOG_LEVEL = 'fatal';
    process.env.RATE_LIMIT_PER_SECOND = '0';
    process.env.RATE_LIMIT_ANONYMOUS_PER_SECOND = '0';
    db = await createTestDatabase('request_shapes', 2);
    app = await startTestPlatform(db, { poolSize: 12 });
    doc = (await request(app.getHttpServer()).get('/docs-json').expect(200)).body;
    operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([method]) => method !== 'get')
        .map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, method: method as Operation['method'], path, body: op.requestBody?.content?.['application/json']?.schema })),
    ).sort((a, b) => Number(ENDING.test(a.path)) - Number(ENDING.test(b.path)));
    await openTheFloor(app, EVERY_ROLE);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('the document lists the commands of every service', () => {
    const services = new Set(operations.map((o) => o.path.split('/')[1]));
    expect([...services]).toEqual(expect.arrayContaining(['tables', 'jackpots', 'reporting', 'tournaments', 'promotions', 'rapid']));
    expect(operations.filter((o) => o.body).length).toBeGreaterThan(50);
  });

  it('no body shape is answered 5xx on any command: lists of empty lists, lists where objects belong, objects where text belongs, deep nesting', async () => {
    const cases = operations.flatMap((op) => [
      ...ODD_BODIES.map((body) => ({ op, body })),
      ...fieldPaths(op.body).flatMap((path) => ODD_VALUES.map((value) => ({ op, body: JSON.stringify(withValue(sample(op.body), path, value)) }))),
    ]);
    await inBatches(cases, async ({ op, body }) => void (await send(op, body)));
    expect(fiveHundreds).toEqual([]);
  }, 600_000);

  it('a field named prototype, constructor or __proto__ is refused 400 naming it on every command that takes a body, at the top and inside a nested object', async () => {
    const passed = new Set<string>();
    const cases = operations
      .filter((op) => op.body)
      .flatMap((op) => {
        const base = sample(op.body) as Record<string, unknown>;
        const nested = Object.entries(base ?? {}).find(([, v]) => v !== null && typeof v === 'object' && !Array.isArray(v))?.[0];
        return SPECIAL_NAMES.flatMap((name) => [
          // Written as text: an object literal's `__proto__` would set its prototype instead of adding a field.
          { op, field: name, body: JSON.stringify(base).replace(/^\{/, `{"${name}":{"polluted":true},`).replace(/,\}$/, '}') },
          ...(nested ? [{ op, field: `${nested}.${name}`, body: JSON.stringify(base).replace(`"${nested}":{`, `"${nested}":{"${name}":1,`).replace(/,\}/, '}') }] : []),
        ]);
      });
    await inBatches(cases, async ({ op, field, body }) => {
      const res = await send(op, body);
      const named = (res.body?.violations ?? []).some((v: { field: string; rule: string }) => v.field === field && v.rule === 'UNKNOWN_FIELD');
      if (res.status !== 400 || !named) passed.add(`${op.name} ${field}: ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
    });
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
    expect([...passed]).toEqual([]);
  }, 600_000);

  it('a body sent to a command that takes none is refused 400 naming its fields, whatever their names', async () => {
    const passed = new Set<string>();
    const bodiless = operations.filter((op) => !op.body);
    expect(bodiless.length).toBeGreaterThan(5);
    await inBatches(bodiless, async (op) => {
      const res = await send(op, '{"prototype":{"polluted":true},"note":"x"}');
      const named = ['prototype', 'note'].every((field) => (res.body?.violations ?? []).some((v: { field: string; rule: string }) => v.field === field && v.rule === 'UNKNOWN_FIELD')) && res.body?.code === 'UNKNOWN_FIELD' && typeof res.body?.field === 'string';
      if (res.status !== 400 || !named) passed.add(`${op.name}: ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
      // Nothing is not a field: an empty body (or none) is what these commands take.
      const empty = await send(op, '{}');
      if (empty.status === 400 && JSON.stringify(empty.body).includes('UNKNOWN_FIELD')) passed.add(`${op.name}: {} refused`);
    });
    expect([...passed]).toEqual([]);
  }, 600_000);

  it('free text holding a control character, a terminal escape or a bidirectional override is refused 400 naming the field, on every command', async () => {
    const passed = new Set<string>();
    const cases = operations.flatMap((op) =>
      fieldPaths(op.body)
        .filter((path) => typeof sample(op.body) === 'object' && typeof path.reduce<unknown>((v, key) => (v as Record<string, unknown> | undefined)?.[key], sample(op.body)) === 'string')
        .flatMap((path) => DECEIVING_TEXT.map((text) => ({ op, field: path.join('.'), body: JSON.stringify(withValue(sample(op.body), path, text)) }))),
    );
    expect(cases.length).toBeGreaterThan(100);
    await inBatches(cases, async ({ op, field, body }) => {
      const res = await send(op, body);
      const named = (res.body?.violations ?? []).some((v: { field: string }) => v.field === field);
      if (res.status !== 400 || !named) passed.add(`${op.name} ${field}: ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
    });
    expect([...passed]).toEqual([]);
    expect(fiveHundreds).toEqual([]);
  }, 600_000);
});
