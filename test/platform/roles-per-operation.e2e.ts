/**
 * "every operation called with every role, and only the roles the rulebooks allow succeed". The table
 * below is the permission model as the rulebooks give it, one row per group of operations with its clause. The
 * test reads every route's `@Authorize` / `@Public` metadata from the running platform (every service in one
 * process, real PostgreSQL) and compares it with the table, so a wrong or missing decorator fails here; then it
 * calls every operation of the OpenAPI document with a token for each role of the ladder and beside it (the
 * regulator among them): a role the table allows is never refused for its role (it may get a 400 for the minimal
 * body, a 404 for the unknown id, a 403 for scope such as a foreign ATS account), every other role gets
 * 403 ROLE_NOT_PERMITTED, and nothing answers 5xx.
 */
import { INestApplication, RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryModule, DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { AUTHORIZE_METADATA, isCasinoBound, PUBLIC_METADATA, Role, RoleRequirement, roleSatisfies, ROLES } from '@app/platform-kit';
import { createTestDatabase, eventually, EVERY_CASINO, TestDatabase, testBearer, untilReady } from '@app/testing';
import { FLOOR_BODIES, openTheFloor } from '../support/open-the-floor';
import { startTestPlatform } from '../support/test-platform';

type Requirement = RoleRequirement | 'public';
interface Group {
  readonly clause: string;
  readonly requires: Requirement;
  readonly operations: readonly string[];
}

const anyOf = (...roles: Role[]): RoleRequirement => ({ anyOf: roles });

/**
 * The permission model. `requires` is the lowest role any rulebook lets do the thing (a higher ladder rung may
 * do what a lower one may, Crown Melbourne 1.2); the decider then applies the rulebook in force at the table.
 */
const PERMISSIONS: readonly Group[] = [
  // ---- public by design ---------------------------------------------------------------------------------
  {
    clause: 'public: health and metrics for the orchestrator, the pages sign in themselves, the rulebook vocabulary, the draw anyone re-runs (Star 2024 16.7.10), the tournament floor board page (it signs in for its stream), the jackpot display (Crown Melbourne 13.3.2(c))',
    requires: 'public',
    operations: [
      'GET /health/live', 'GET /health/ready', 'GET /metrics',
      'GET /dashboard', 'POST /dashboard/session', 'DELETE /dashboard/session',
      'GET /jackpot-console', 'POST /jackpot-console/session', 'DELETE /jackpot-console/session',
      'GET /rulebooks', 'GET /rulebooks/{rulebookId}', 'GET /reporting/calendars',
      'GET /rapid/ats', 'GET /rapid/sgc',
      'GET /promotions/{promotionId}/draw', 'GET /promotions/{promotionId}/draw/page',
      'GET /tournaments/{tournamentId}/standings/page',
      'GET /jackpots/{jackpotId}/meter/stream', 'GET /jackpots/{jackpotId}/display',
    ],
  },
  // ---- tables ---------------------------------------------------------------------------------------------
  {
    clause: "Crown Melbourne 1.1 'Dealer' and 'VGCCC': the dealer's console and the regulator read a table; the administrator runs the system",
    requires: anyOf('dealer', 'regulator', 'administrator'),
    operations: ['GET /tables/{tableId}'],
  },
  {
    clause: 'Crown Melbourne 2.1, 7.1-7.4 and 4.2-4.3.1, Star 2024 4.3-4.10: the dealer seats players, runs the shoe, takes wagers and deals (Crown Melbourne 13.4.4: records a jackpot hand; 9.3.1(a)(ii): settles deferred commission)',
    requires: 'dealer',
    operations: [
      'POST /tables/{tableId}/seats', 'POST /tables/{tableId}/seats/{box}/leave', 'POST /tables/{tableId}/commission/{box}/settle',
      'POST /tables/{tableId}/shoes', 'POST /tables/{tableId}/shoe/cut', 'POST /tables/{tableId}/shoe/burn', 'POST /tables/{tableId}/shoe/cut-card', 'POST /tables/{tableId}/shoe/end',
      'POST /tables/{tableId}/coups', 'POST /tables/{tableId}/coups/{coupId}/wagers', 'POST /tables/{tableId}/coups/{coupId}/side-wager-declines',
      'POST /tables/{tableId}/coups/{coupId}/differential-reduction', 'POST /tables/{tableId}/coups/{coupId}/no-more-bets',
      'POST /tables/{tableId}/coups/{coupId}/cards', 'POST /tables/{tableId}/coups/{coupId}/cards/batch', 'POST /tables/{tableId}/coups/{coupId}/three-card-round',
      'POST /tables/{tableId}/irregularities',
    ],
  },
  {
    clause: "Crown Melbourne 1.1 'TG Higher Duties Dealer' (or above): opening, closing (15.8), limits (Star 2024 6.7, 6.8), the game (Star 2024 14.8), voids (15.3-15.5), wager changes (10.7(b), 10.9.1), shoe voids (Star 2024 4.13), Three Card misdeals (12.8), payment corrections (Star 2024 12.18-12.20)",
    requires: 'gaming-supervisor',
    operations: [
      'POST /tables', 'POST /tables/{tableId}/closing-notice', 'POST /tables/{tableId}/close',
      'POST /tables/{tableId}/limits', 'POST /tables/{tableId}/limits/apply', 'POST /tables/{tableId}/individual-limits', 'POST /tables/{tableId}/player-limits',
      'POST /tables/{tableId}/game', 'POST /tables/{tableId}/game/apply', 'POST /tables/{tableId}/shoe/void',
      'POST /tables/{tableId}/coups/{coupId}/three-card-round/noticed-after-look', 'POST /tables/{tableId}/coups/{coupId}/misdeal', 'POST /tables/{tableId}/coups/{coupId}/void',
      'POST /tables/{tableId}/coups/{coupId}/wagers/{wagerId}/change', 'POST /tables/{tableId}/wagers/{wagerId}/void',
      'POST /tables/{tableId}/coups/{coupId}/wagers/{wagerId}/payment-corrections',
    ],
  },
  {
    clause: 'Crown Melbourne 9.3.1 (deferred commission approved by Crown management) and 6.5 (over-differential arrangements): TG Area Manager (or above)',
    requires: 'area-manager',
    operations: ['POST /tables/{tableId}/seats/{box}/commission-deferral', 'POST /tables/{tableId}/over-differential-arrangements'],
  },
  // ---- jackpots (Crown Melbourne 13.3-13.4) ----------------------------------------------------------------
  {
    clause: "Crown Melbourne 1.1 'Jackpot Management Console', 13.3.2(c): the console, the floor supervisors and the regulator read the meters",
    requires: anyOf('jackpot-console', 'gaming-supervisor', 'regulator'),
    operations: ['GET /jackpots', 'GET /jackpots/{jackpotId}', 'GET /jackpots/{jackpotId}/meter/history', 'GET /jackpots/{jackpotId}/hits/pending', 'GET /jackpots/{jackpotId}/reconciliation'],
  },
  {
    clause: "Crown Melbourne 13.4.1(a) and 1.1 'Jackpot Management Console': parameters and manual adjustments on the console or by the Casino Manager",
    requires: anyOf('jackpot-console', 'casino-manager'),
    operations: ['POST /jackpots', 'PUT /jackpots/{jackpotId}/parameters', 'POST /jackpots/{jackpotId}/adjustments'],
  },
  {
    clause: 'Crown Melbourne 13.4.9(a): a malfunctioning table taken off the jackpot and offered again, on the console or by a TG Area Manager',
    requires: anyOf('jackpot-console', 'area-manager'),
    operations: ['POST /jackpots/{jackpotId}/tables/{tableId}/suspend', 'POST /jackpots/{jackpotId}/tables/{tableId}/resume'],
  },
  { clause: "Crown Melbourne 13.4.4: the dealer's handset records the winning hand", requires: 'dealer', operations: ['POST /jackpots/{jackpotId}/hits'] },
  {
    clause: 'Crown Melbourne 13.4.5 (a payout confirmed by a TG Area Manager or above) and 13.4.9(b) (backfills)',
    requires: 'area-manager',
    operations: ['POST /jackpots/{jackpotId}/hits/{hitId}/confirm', 'POST /jackpots/{jackpotId}/hits/{hitId}/dismiss', 'POST /jackpots/{jackpotId}/backfills'],
  },
  // ---- reporting --------------------------------------------------------------------------------------------
  {
    clause: 'Crown Melbourne 9.3.1(a) commission ledger and the compliance register: managers (TG Area Manager or above); regulators read the reports',
    requires: 'area-manager',
    operations: [
      'GET /reporting/tables', 'GET /reporting/tables/{tableId}/road', 'GET /reporting/statistics', 'GET /reporting/commission-ledger',
      'GET /reporting/commission-ledger/movements', 'GET /reporting/commission-ledger/exceptions', 'GET /reporting/compliance-register', 'GET /reporting/dashboard',
    ],
  },
  {
    clause: "Crown Melbourne 1.1 'VGCCC', Star 2024 16 (promotion notices): the regulator's reports, and the managers who send them",
    requires: anyOf('area-manager', 'regulator'),
    operations: [
      'GET /reporting/reports/kinds', 'GET /reporting/reports', 'POST /reporting/reports', 'GET /reporting/reports/{reportId}',
      'GET /reporting/reports/{reportId}/manifest.json', 'GET /reporting/reports/{reportId}/report.json', 'GET /reporting/reports/{reportId}/report.csv', 'GET /reporting/reports/{reportId}/report.pdf',
      'GET /reporting/promotions/notices',
    ],
  },
  {
    clause: "Crown Melbourne 1.1 'Gaming Supervisor', Star 2024 1.1: what a reaction between services was refused, for the supervisor on the floor to act on",
    requires: 'gaming-supervisor',
    operations: ['GET /reporting/refused-commands'],
  },
  {
    clause: "Crown Melbourne 1.1 'Casino Manager' (the senior manager of Table Games operations): a what-if of the tables' recorded play under other pay-table options",
    requires: 'casino-manager',
    operations: ['POST /reporting/what-if'],
  },
  // ---- Rapid Baccarat ---------------------------------------------------------------------------------------
  { clause: "Rapid 1.1 'Casino Supervisor', 10.1, 5.3: a Rapid table is opened by a Casino Supervisor (or above)", requires: 'area-manager', operations: ['POST /rapid/tables'] },
  {
    clause: 'Rapid 6.1, 8.2: the dealer, the ATS showing it and the regulator read a table, an ATS, an account and the live feed',
    requires: anyOf('ats', 'dealer', 'regulator'),
    operations: ['GET /rapid/tables/{tableId}', 'GET /rapid/accounts/{accountId}', 'GET /rapid/accounts/{accountId}/reconciliation', 'GET /rapid/tables/{tableId}/feed'],
  },
  {
    clause: 'Rapid 6.1 (an ATS reads only itself), 11.12 (a player claims at the ATS or to the dealer), 6.7.1 (cash-out)',
    requires: anyOf('ats', 'dealer'),
    operations: ['GET /rapid/tables/{tableId}/ats/{atsId}', 'POST /rapid/tables/{tableId}/claims', 'POST /rapid/accounts/{accountId}/cash-out'],
  },
  { clause: 'Rapid 6.4, 6.5.2 (the note acceptor) and 4.1-4.7 (wagers at the ATS)', requires: 'ats', operations: ['POST /rapid/tables/{tableId}/ats/{atsId}/note-acceptor', 'PUT /rapid/accounts/{accountId}/wagers'] },
  {
    clause: "Rapid 1.1 'SGC', 6.2-6.3, 8.1-8.2, 4.6-4.8, 11.11-11.16: the dealer's SGC",
    requires: 'dealer',
    operations: [
      'POST /rapid/tables/{tableId}/ats/{atsId}/buy-in', 'POST /rapid/tables/{tableId}/rounds', 'POST /rapid/tables/{tableId}/rounds/{roundId}/draw',
      'POST /rapid/tables/{tableId}/rounds/{roundId}/outcome', 'POST /rapid/tables/{tableId}/rounds/{roundId}/freeze', 'POST /rapid/tables/{tableId}/rounds/{roundId}/corrected-outcome',
      'POST /rapid/tables/{tableId}/rounds/{roundId}/malfunctions', 'POST /rapid/tables/{tableId}/claims/{claimId}/resolution',
    ],
  },
  { clause: "Rapid 6.7.2(b): the manual payment after a printer fault, by a Game Supervisor (or above)", requires: 'gaming-supervisor', operations: ['POST /rapid/accounts/{accountId}/manual-payment'] },
  {
    clause: 'Rapid 11.10 (invalidating an outcome for an equipment failure: a Game Supervisor or above; the grounds of 13.3 are refused by the table below a Casino Supervisor)',
    requires: 'gaming-supervisor',
    operations: ['POST /rapid/tables/{tableId}/rounds/{roundId}/invalidation'],
  },
  { clause: "Rapid 1.1 'VCGR', 11.11-11.16: the register for the regulator and Casino Supervisors (or above)", requires: anyOf('regulator', 'area-manager'), operations: ['GET /rapid/regulator/report'] },
  // ---- tournaments (Crown Melbourne 14, Rapid 12, Star 2024 15) ------------------------------------------
  {
    clause: "Crown Melbourne 14.2.3: the Tournament Director, the floor supervisors and the regulator read a tournament and its standings, once or live (Star 2024 15.5.8)",
    requires: anyOf('tournament-director', 'gaming-supervisor', 'regulator'),
    operations: ['GET /tournaments/{tournamentId}', 'GET /tournaments/{tournamentId}/standings', 'GET /tournaments/{tournamentId}/standings/stream'],
  },
  {
    clause: "Crown Melbourne 1.1 'Tournament Director', 14.2.3, 14.4, Star 2024 15.3-15.10: the Tournament Director conducts the tournament",
    requires: 'tournament-director',
    operations: [
      'POST /tournaments', 'PUT /tournaments/{tournamentId}/terms', 'POST /tournaments/{tournamentId}/tables', 'POST /tournaments/{tournamentId}/cancel',
      'POST /tournaments/{tournamentId}/entries', 'POST /tournaments/{tournamentId}/entries/refusals', 'POST /tournaments/{tournamentId}/entries/close',
      'POST /tournaments/{tournamentId}/entries/{entryId}/withdraw', 'POST /tournaments/{tournamentId}/entries/{entryId}/substitute',
      'POST /tournaments/{tournamentId}/entries/{entryId}/disqualify', 'POST /tournaments/{tournamentId}/entries/{entryId}/retire',
      'POST /tournaments/{tournamentId}/briefings', 'POST /tournaments/{tournamentId}/sessions', 'POST /tournaments/{tournamentId}/sessions/{sessionId}/end',
      'POST /tournaments/{tournamentId}/results',
    ],
  },
  {
    clause: 'Star 2024 15.5.6.1 (a player noted absent) and 15.8.2 (undisclosed wager forms): the director or a Gaming Supervisor at the table',
    requires: anyOf('tournament-director', 'gaming-supervisor'),
    operations: ['POST /tournaments/{tournamentId}/entries/{entryId}/absence', 'POST /tournaments/{tournamentId}/coups/{coupId}/undisclosed-wagers'],
  },
  { clause: 'Star 2024 15.7.1: a pass card handed in at the table', requires: anyOf('tournament-director', 'dealer'), operations: ['POST /tournaments/{tournamentId}/coups/{coupId}/pass-cards'] },
  { clause: 'Crown Melbourne 14.4.1(a)(ii), 14.4.4(g), Star 2024 15.4.2(g): re-buys and add-ons are sold by the Tournament Director', requires: 'tournament-director', operations: ['POST /tournaments/{tournamentId}/entries/{entryId}/chips'] },
  { clause: 'Crown Melbourne 14.4.4(e)-(f): All-In and Stand-Off markers played at the table', requires: anyOf('tournament-director', 'dealer'), operations: ['POST /tournaments/{tournamentId}/coups/{coupId}/markers'] },
  // ---- promotions (Star 2021/2024 16) and promotional vouchers (1.1) --------------------------------------
  { clause: 'Star 2024 16.7: a Gaming Supervisor (or above) and the regulator read the promotions', requires: anyOf('gaming-supervisor', 'regulator'), operations: ['GET /promotions', 'GET /promotions/{promotionId}'] },
  { clause: 'Star 2024 16.2, 16.9: the draw with patron ids (the public draw shows masked entrants) for a Gaming Supervisor (or above) and the regulator', requires: anyOf('gaming-supervisor', 'regulator'), operations: ['GET /promotions/{promotionId}/draw/audit'] },
  {
    clause: 'Star 2024 16.7, 16.11, 16.12 and 1.1 (vouchers): the casino operator through its Gaming Manager',
    requires: 'casino-manager',
    operations: [
      'POST /promotions', 'PUT /promotions/{promotionId}/terms', 'POST /promotions/{promotionId}/terms/lodgements', 'POST /promotions/{promotionId}/compromise',
      'POST /promotions/{promotionId}/inspector-notices', 'POST /promotions/{promotionId}/validation', 'POST /promotions/{promotionId}/vouchers',
    ],
  },
  { clause: 'Star 2024 16.7.3 (entries) and 16.8 (winner notices): a Gaming Supervisor (or above)', requires: 'gaming-supervisor', operations: ['POST /promotions/{promotionId}/entries', 'POST /promotions/{promotionId}/winners/{prizeId}/notifications'] },
  {
    clause: 'Star 2024 16.2 (draws), 16.9 (claims), 16.4 (payments): an Assistant Gaming Manager (or above)',
    requires: 'area-manager',
    operations: ['POST /promotions/{promotionId}/draw/commitment', 'POST /promotions/{promotionId}/draw/abandonment', 'POST /promotions/{promotionId}/draw', 'POST /promotions/{promotionId}/claims/denials', 'POST /promotions/{promotionId}/prizes/{prizeId}/payments'],
  },
  { clause: "Star 2024 16.7.10, 16.2, 1.1 'Inspector': the scrutineer's contribution, recorded by the regulator (the inspector), never by the operator's staff", requires: 'regulator', operations: ['POST /promotions/{promotionId}/draw/scrutineer-commitment'] },
  { clause: "Star 2024 1.1 'Casino Promotional Token': the dealer and the regulator read a voucher", requires: anyOf('dealer', 'regulator'), operations: ['GET /promotional-vouchers/{voucherId}'] },
  { clause: "Star 2024 1.1 'Casino Promotional Token': the dealer exchanges the voucher and places token wagers", requires: 'dealer', operations: ['POST /promotional-vouchers/{voucherId}/exchange', 'POST /promotional-vouchers/{voucherId}/wagers'] },
  { clause: "Star 2024 1.1 'Casino Promotional Token': a supervisor releases a token wager the table never took", requires: 'gaming-supervisor', operations: ['POST /promotional-vouchers/{voucherId}/wagers/{wagerId}/release'] },
];

const EXPECTED = new Map(PERMISSIONS.flatMap((g) => g.operations.map((op) => [op, g] as const)));
const normal = (r: Requirement | undefined): string => (r === undefined ? 'none' : typeof r === 'string' ? r : `anyOf(${[...r.anyOf].sort().join(', ')})`);
const METHODS: Partial<Record<RequestMethod, string>> = { [RequestMethod.GET]: 'GET', [RequestMethod.POST]: 'POST', [RequestMethod.PUT]: 'PUT', [RequestMethod.PATCH]: 'PATCH', [RequestMethod.DELETE]: 'DELETE' };
const join = (...parts: string[]) => `/${parts.map((p) => p.replace(/^\/+|\/+$/g, '')).filter(Boolean).join('/')}`.replace(/:(\w+)/g, '{$1}');
const asList = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : [v === undefined ? '' : String(v)]);

/** A token holding exactly one role; the regulator's names both jurisdictions and staff every casino, so scope never hides a role refusal. */
const bearer = (role: Role) =>
  testBearer({ sub: `${role}-1`, name: role, roles: [role], ttlSeconds: 600, ...(role === 'regulator' ? { jurisdictions: ['NSW', 'VIC'] } : {}), ...(isCasinoBound(role) ? { casinos: EVERY_CASINO } : {}) });

/** Every staff role at once (the ladder's top covers its lower rungs): whatever the route needs, the casino decides. */
const STAFF_ROLES: Role[] = ['casino-manager', 'tournament-director', 'jackpot-console', 'ats'];

/** The status and error code; a live feed is answered once its headers arrive, then cut. */
async function call(method: string, url: string, authorization: string, body: object = {}): Promise<{ status: number; code?: string; text?: string }> {
  const abort = new AbortController();
  const res = await fetch(url, {
    method,
    headers: { authorization, 'content-type': 'application/json' },
    body: method === 'GET' || method === 'DELETE' ? undefined : JSON.stringify(body),
    signal: abort.signal,
  });
  if ((res.headers.get('content-type') ?? '').includes('text/event-stream')) {
    abort.abort();
    return { status: res.status };
  }
  const text = await res.text();
  let code: string | undefined;
  try {
    code = (JSON.parse(text) as { code?: string }).code;
  } catch {
    code = undefined;
  }
  return { status: res.status, code, text };
}

describe('every operation called with every role: only the roles the rulebooks allow get through', () => {
  let db: TestDatabase;
  let app: INestApplication;
  let baseUrl: string;
  /** Every route of the platform with what its decorators require. */
  const routes = new Map<string, Requirement | undefined>();

  beforeAll(async () => {
    process.env.LOG_LEVEL = 'fatal';
    process.env.RATE_LIMIT_PER_SECOND = '0';
    process.env.RATE_LIMIT_ANONYMOUS_PER_SECOND = '0';
    db = await createTestDatabase('roles_e2e', 2);
    app = await startTestPlatform(db, { poolSize: 12, imports: [DiscoveryModule] });
    await app.listen(0, '127.0.0.1');
    baseUrl = (await app.getUrl()).replace('[::1]', '127.0.0.1');
    // Every operation is called on a warm platform: /health/ready is 503 until the consumers have joined.
    await untilReady(baseUrl);

    const reflector = app.get(Reflector);
    const scanner = new MetadataScanner();
    for (const wrapper of app.get(DiscoveryService).getControllers()) {
      const type = wrapper.metatype as (new (...args: never[]) => object) | undefined;
      if (!type?.prototype) continue;
      for (const name of scanner.getAllMethodNames(type.prototype)) {
        const handler = (type.prototype as Record<string, (...args: unknown[]) => unknown>)[name];
        const method = METHODS[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
        if (!method || Reflect.getMetadata(PATH_METADATA, handler) === undefined) continue;
        const isPublic = reflector.getAllAndOverride<boolean>(PUBLIC_METADATA, [handler, type]);
        const required = isPublic ? 'public' : reflector.getAllAndOverride<RoleRequirement | undefined>(AUTHORIZE_METADATA, [handler, type]);
        for (const base of asList(Reflect.getMetadata(PATH_METADATA, type))) for (const path of asList(Reflect.getMetadata(PATH_METADATA, handler))) routes.set(`${method} ${join(base, path)}`, required);
      }
    }
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it("every route's @Authorize is the role its rulebook clause names, and the table names every route", () => {
    const wrong = [...routes].filter(([op, required]) => normal(required) !== normal(EXPECTED.get(op)?.requires)).map(([op, required]) => `${op}: decorated ${normal(required)}, the rules say ${normal(EXPECTED.get(op)?.requires)}${EXPECTED.get(op) ? ` (${EXPECTED.get(op)!.clause})` : ' (not in the table: add it with its clause)'}`);
    const stale = [...EXPECTED.keys()].filter((op) => !routes.has(op));
    expect({ wrong, stale }).toEqual({ wrong: [], stale: [] });
  });

  it('a token of each role of the ladder and beside it (the regulator included) is refused 403 exactly where the rules refuse it, on every operation of the OpenAPI document', async () => {
    const doc = (await (await fetch(`${baseUrl}/docs-json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`));
    expect(operations.filter((op) => !EXPECTED.has(op))).toEqual([]);
    const problems: string[] = [];
    // One operation at a time, every role in parallel: about a thousand small requests.
    for (const op of operations) {
      const group = EXPECTED.get(op)!;
      const [method, path] = op.split(' ');
      const url = `${baseUrl}${path.replace(/\{(\w+)\}/g, (_, name: string) => `${name.toUpperCase()}-1`)}`;
      await Promise.all(
        ROLES.map(async (role) => {
          const allowed = group.requires === 'public' || roleSatisfies([role], group.requires);
          const { status, code } = await call(method, url, bearer(role));
          const refusedForRole = status === 403 && (code === 'ROLE_NOT_PERMITTED' || code === 'NO_AUTHORIZATION_RULE');
          if (status >= 500 || status === 401) problems.push(`${op} as ${role}: ${status} ${code ?? ''}`);
          else if (allowed && refusedForRole) problems.push(`${op} as ${role}: refused ${code}, but ${group.clause} allows it`);
          else if (!allowed && !refusedForRole) problems.push(`${op} as ${role}: answered ${status} ${code ?? ''}, but only ${normal(group.requires)} may (${group.clause})`);
        }),
      );
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it("staff act only at their own casino: a Crown Sydney token holding every staff role is refused 403 OUT_OF_CASINO on every operation naming a Crown Melbourne or Star record (or creating one), and every other operation answers without their records", async () => {
    // The floor: Crown Melbourne's table, jackpot and Rapid table (with an ATS account), the Star's promotion (with a voucher) and tournament.
    const owner = testBearer({ sub: 'owner-1', roles: STAFF_ROLES, casinos: EVERY_CASINO, ttlSeconds: 600 });
    await openTheFloor(app, owner);
    const ok = async (method: string, path: string, body: object = {}) => {
      const res = await call(method, `${baseUrl}${path}`, owner, body);
      if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${res.text ?? ''}`);
      return JSON.parse(res.text ?? 'null') as Record<string, unknown>;
    };
    await ok('POST', '/rapid/tables/TABLE-1/ats/ATS-1/buy-in', { tender: 'chips', amountCents: 10_000 });
    const stations = (await ok('GET', '/rapid/tables/TABLE-1')).stations as { atsId: string; accountId: string | null }[];
    const accountId = stations.find((st) => st.atsId === 'ATS-1')!.accountId!;
    // A stored NSW report (Crown Sydney's and the Star's tables): a Crown Sydney token covers only one of its casinos.
    const report = await ok('POST', '/reporting/reports', { kind: 'nsw-daily-summary', jurisdiction: 'NSW', period: '2025-03-03' });
    const reportId = String((report as { reportId?: unknown }).reportId);
    const voucher = await call('POST', `${baseUrl}/promotions/PROMOTION-1/vouchers`, owner, { voucherId: 'VOUCHER-1', valueCents: 5_000, conditions: { tableIds: ['TABLE-1'], bets: ['banker'], expiresAt: new Date(Date.now() + 86_400_000).toISOString() } });
    // An irregularity on the table files a compliance-register row (Crown Melbourne 10): the register its managers read is not empty.
    await ok('POST', '/tables/TABLE-1/irregularities', { kind: 'other', reason: 'Casino scope walk' });
    await eventually('reporting knows TABLE-1 and its register row', async () =>
      ((await ok('GET', '/reporting/tables')) as unknown as { tableId: string }[]).some((t) => t.tableId === 'TABLE-1') &&
      ((await ok('GET', '/reporting/compliance-register')) as unknown as { tableId: string }[]).some((row) => row.tableId === 'TABLE-1'),
    );
    expect(((await ok('GET', '/jackpots')) as unknown as { jackpotId: string }[]).map((j) => j.jackpotId)).toContain('JACKPOT-1');

    const foreign = testBearer({ sub: 'sydney-1', roles: STAFF_ROLES, casinos: ['crown-sydney'], ttlSeconds: 600 });
    const ids: Record<string, string> = { tableId: 'TABLE-1', coupId: 'COUP-1', jackpotId: 'JACKPOT-1', promotionId: 'PROMOTION-1', tournamentId: 'TOURNAMENT-1', voucherId: 'VOUCHER-1', accountId, roundId: 'ROUND-1', atsId: 'ATS-1', entryId: 'ENTRY-1', wagerId: 'WAGER-1', prizeId: 'PRIZE-1', box: '1', reportId };
    /** The records each operation may name, by parameter: a record of another casino is refused before its handler. */
    const RECORDS = new Set(['tableId', 'jackpotId', 'promotionId', 'tournamentId', 'accountId', 'reportId', ...(voucher.status < 300 ? ['voucherId'] : [])]);
    /** Commands whose body names the casino: a record created under Crown Melbourne's or the Star's rules, a what-if over their table. */
    const BODIES: Record<string, object> = {
      'POST /tables': FLOOR_BODIES.table('TABLE-2'),
      'POST /jackpots': FLOOR_BODIES.jackpot('JACKPOT-2', ['TABLE-2']),
      'POST /rapid/tables': FLOOR_BODIES.rapidTable('TABLE-2'),
      'POST /promotions': FLOOR_BODIES.promotion('PROMOTION-2', ['TABLE-2']),
      'POST /tournaments': FLOOR_BODIES.tournament('TOURNAMENT-2'),
      'POST /reporting/what-if': { tableIds: ['TABLE-1'], from: '2026-01-01T00:00:00Z', to: '2026-01-02T00:00:00Z', changes: [] },
      'POST /reporting/reports': { kind: 'nsw-daily-summary', jurisdiction: 'NSW', period: '2025-03-04' },
    };
    /** A jurisdiction's report a route answers without naming it (the VIC Rapid register): read only with a token naming each casino of the jurisdiction. */
    const JURISDICTION_REPORTS = new Set(['GET /rapid/regulator/report']);
    const THEIRS = new RegExp(`TABLE-1|JACKPOT-1|PROMOTION-1|TOURNAMENT-1|VOUCHER-1|COUP-1|${reportId}`);
    const doc = (await (await fetch(`${baseUrl}/docs-json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`));
    const problems: string[] = [];
    const refused: string[] = [];
    for (const op of operations) {
      if (EXPECTED.get(op)?.requires === 'public') continue;
      const [method, path] = op.split(' ');
      const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const { status, code, text } = await call(method, `${baseUrl}${path.replace(/\{(\w+)\}/g, (_, name: string) => ids[name] ?? `${name.toUpperCase()}-1`)}`, foreign, BODIES[op] ?? {});
      const mustRefuse = names.some((n) => RECORDS.has(n)) || BODIES[op] !== undefined || JURISDICTION_REPORTS.has(op);
      // The regulator is no staff and no casino's (its token names jurisdictions): a route only the regulator may use refuses every staff role first.
      const regulatorsOnly = EXPECTED.get(op)?.requires === 'regulator';
      if (mustRefuse && regulatorsOnly) {
        if (!(status === 403 && code === 'ROLE_NOT_PERMITTED')) problems.push(`${op}: answered ${status} ${code ?? ''}, but only the regulator may`);
      } else if (mustRefuse) {
        if (status === 403 && code === 'OUT_OF_CASINO') refused.push(op);
        else problems.push(`${op}: answered ${status} ${code ?? ''}, but it names a record of another casino`);
      } else if (status >= 500 || (status < 300 && THEIRS.test(text ?? ''))) {
        problems.push(`${op}: answered ${status} with another casino's records: ${(text ?? '').slice(0, 200)}`);
      }
    }
    // A CSV export keeps only the token's casinos as its JSON does.
    for (const path of ['/reporting/compliance-register', '/reporting/commission-ledger', '/reporting/commission-ledger/movements', '/reporting/statistics']) {
      const { status, text } = await call('GET', `${baseUrl}${path}?format=csv`, foreign);
      if (status !== 200 || THEIRS.test(text ?? '')) problems.push(`GET ${path}?format=csv: answered ${status} with another casino's records: ${(text ?? '').slice(0, 200)}`);
    }
    expect((await call('GET', `${baseUrl}/reporting/compliance-register?format=csv`, owner)).text).toMatch(/TABLE-1/);
    expect(problems).toEqual([]);
    // Every service's records were named: a table, a coup, a jackpot hit, a Rapid round and account, a tournament, a promotion, a voucher.
    expect(refused).toEqual(expect.arrayContaining([
      'POST /tables/{tableId}/seats/{box}/commission-deferral', 'POST /tables/{tableId}/limits', 'POST /tables/{tableId}/coups/{coupId}/cards', 'GET /tables/{tableId}', 'GET /reporting/tables/{tableId}/road',
      'POST /jackpots/{jackpotId}/hits/{hitId}/confirm', 'GET /jackpots/{jackpotId}', 'POST /rapid/tables/{tableId}/rounds', 'PUT /rapid/accounts/{accountId}/wagers', 'GET /rapid/tables/{tableId}/feed', 'GET /rapid/regulator/report',
      'POST /tournaments/{tournamentId}/entries', 'GET /tournaments/{tournamentId}/standings/stream', 'POST /promotions/{promotionId}/draw', 'GET /promotional-vouchers/{voucherId}', 'POST /promotional-vouchers/{voucherId}/exchange',
      'POST /tables', 'POST /jackpots', 'POST /rapid/tables', 'POST /promotions', 'POST /tournaments', 'POST /reporting/what-if', 'POST /reporting/reports', 'GET /reporting/reports/{reportId}/report.pdf',
    ]));
    expect(voucher.status).toBe(201);
    // Crown Melbourne 14.2.3, Star 2024 15.5.8: the live standings are read as the standings are, never without a token.
    expect((await call('GET', `${baseUrl}/tournaments/TOURNAMENT-1/standings/stream`, '')).status).toBe(401);
    // The refusal says whose the record is and what the token covers; the audit trail records the casino.
    const refusal = await call('POST', `${baseUrl}/tables/TABLE-1/seats/1/commission-deferral`, foreign, {});
    expect(JSON.parse(refusal.text!)).toMatchObject({ code: 'OUT_OF_CASINO', message: expect.stringMatching(/Your token covers crown-sydney; tableId TABLE-1 belongs to crown-melbourne/) });
    await eventually('the audit trail records the casino of a refused command', async () =>
      (await db.pool.query(`SELECT 1 FROM platform.audit_log WHERE actor_id = 'sydney-1' AND error_code = 'OUT_OF_CASINO' AND casino = 'crown-melbourne' LIMIT 1`)).rowCount,
    );
  }, 300_000);
});
