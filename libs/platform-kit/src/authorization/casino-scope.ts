import { CallHandler, CanActivate, createParamDecorator, ExecutionContext, ForbiddenException, Inject, Injectable, NestInterceptor, Optional, type InjectionToken, type Provider, type Type } from '@nestjs/common';
import { casinoOfRulebook, casinosOfJurisdiction } from '@app/baccarat';
import { DomainError } from '@app/contracts';
import { from, mergeMap, Observable } from 'rxjs';
import { HttpRequest } from '../context/http-types';
import { Actor } from '../context/actor';
import { requestContextOf } from '../context/request-context';
import { isCasinoBound } from './roles';

/**
 * The casino of the record an id names (or the casinos, for a record spanning several: a jurisdiction's report),
 * or undefined when the service has no such record (the handler then answers 404).
 */
export type Casinos = string | readonly string[] | undefined;
export type CasinoOfId = (id: string) => Promise<Casinos> | Casinos;

const listOf = (casinos: Casinos): readonly string[] => (casinos === undefined ? [] : typeof casinos === 'string' ? [casinos] : casinos);

/**
 * How one service says which casino its records belong to. Each service registers one for its own controllers
 * (`provideCasinoResolver`), reading its own read model or event store: a service never resolves another's records.
 */
export interface CasinoResolver {
  /** The service, for messages: "tables", "jackpots", ... */
  readonly service: string;
  /** The controllers whose routes this resolver answers for. */
  readonly controllers: readonly Type<unknown>[];
  /**
   * Per route parameter (and per id field of a listed item): the casino of the record it names, e.g.
   * `{ tableId: (id) => casino of table id }`. Parameters not named here (a box, a coup id under its table) are
   * covered by the record they sit under.
   */
  readonly ids: Readonly<Record<string, CasinoOfId>>;
  /**
   * The casino (or casinos) the body of a route without parameters names: the rulebook or operator of the record it
   * creates (POST /tables, /jackpots, /tournaments ...), or the records of this service it names (a what-if's tables).
   */
  readonly body?: (body: Readonly<Record<string, unknown>>) => BodyCasinos | Promise<BodyCasinos>;
  /**
   * Body fields naming records this service knows, checked on every route (a creation or not), each by the `ids`
   * entry it names: `{ tableId: 'tableId', tableIds: 'tableId' }` (a string or a list of strings). Another service's
   * records are resolved only from what this service learnt of them through their published contract (its known
   * tables, from the tables service's events); one it does not know is left to the handler. A field inside an object
   * of the body is named by its path: `'entryRule.tableIds'`; in each element of a list: `'seating[].tableId'`.
   */
  readonly bodyIds?: Readonly<Record<string, string>>;
}

export type BodyCasinos = Casinos;

/** Remembers resolved casinos: a record never changes casino, so an id resolved once is not read again. */
const CACHE_SIZE = 20_000;

/** The resolvers of every service hosted in the process, by controller. */
@Injectable()
export class CasinoScopeRegistry {
  private readonly byController = new Map<Type<unknown>, CasinoResolver>();
  private readonly cache = new Map<string, readonly string[]>();

  register(resolver: CasinoResolver): void {
    for (const controller of resolver.controllers) this.byController.set(controller, resolver);
  }

  resolverFor(controller: Type<unknown>): CasinoResolver | undefined {
    return this.byController.get(controller);
  }

  /** The casinos of the record `field` = `id` names in the resolver's service (cached once known); empty when none. */
  async casinosOf(resolver: CasinoResolver, field: string, id: unknown): Promise<readonly string[]> {
    const of = resolver.ids[field];
    if (!of || typeof id !== 'string' || id === '') return [];
    const key = `${resolver.service}\u0000${field}\u0000${id}`;
    const known = this.cache.get(key);
    if (known !== undefined) return known;
    let casinos: readonly string[];
    try {
      casinos = listOf(await of(id));
    } catch (error) {
      // No such record: the handler answers its own 404 (after validation), as for anyone.
      if (error instanceof DomainError && error.kind === 'not-found') return [];
      throw error;
    }
    if (casinos.length > 0) {
      if (this.cache.size >= CACHE_SIZE) this.cache.delete(this.cache.keys().next().value as string);
      this.cache.set(key, casinos);
    }
    return casinos;
  }
}

/**
 * A service module's registration of its resolver: `provideCasinoResolver((queryBus) => ({ service, controllers,
 * ids, body }), [QueryBus])`. Without the platform kit (a bare module in a unit test) it registers nothing.
 */
export const provideCasinoResolver = (make: (...deps: never[]) => CasinoResolver, inject: readonly InjectionToken[] = []): Provider => ({
  provide: Symbol('casino-resolver'),
  inject: [{ token: CasinoScopeRegistry, optional: true }, ...inject],
  useFactory: (registry: CasinoScopeRegistry | undefined, ...deps: never[]) => {
    const resolver = make(...deps);
    registry?.register(resolver);
    return resolver;
  },
});

/** Whether the actor acts only at the casinos its token names: every staff role; not a regulator or an administrator. */
export const casinoBound = (actor: Actor | undefined): actor is Actor => actor !== undefined && isCasinoBound(actor.role);

/** The 403 for a record of another casino: which casinos the token covers, whose the record is, what to do. */
export const outOfCasino = (actor: Actor, casino: string, what: string): ForbiddenException =>
  new ForbiddenException({
    statusCode: 403,
    error: 'Forbidden',
    code: 'OUT_OF_CASINO',
    message: `Your token covers ${actor.casinos.join(', ') || 'no casino'}; ${what} belongs to ${casino}. Staff act only at their own casino: act on a record of ${actor.casinos.join(' or ') || 'your casino'}, or ask for a token naming ${casino}.`,
  });

/**
 * A jurisdiction's report covers the tables of every casino of that jurisdiction (from the rulebooks: NSW is Crown
 * Sydney's and the Star's): staff generate or read one only when their token names each of them (a ruling: the text
 * is silent on reports); a regulator reads by jurisdiction. The one rule for every report: reporting's stored reports
 * (by their resolver) and a register a service answers itself (the Rapid register, `assertMayReadReport`).
 */
export const casinosOfReport = (jurisdiction: string): readonly string[] => casinosOfJurisdiction(jurisdiction);

/** The report rule where the handler knows the jurisdiction (no route parameter names the report): 403 OUT_OF_CASINO naming the casino the token lacks. */
export const assertMayReadReport = (actor: Actor | undefined, jurisdiction: string, what: string): void => {
  if (!casinoBound(actor)) return;
  const foreign = casinosOfReport(jurisdiction).find((casino) => !actor.casinos.includes(casino));
  if (foreign !== undefined) throw outOfCasino(actor, foreign, `${what}, a ${jurisdiction} report of ${casinosOfReport(jurisdiction).join(' and ')},`);
};

/**
 * The values a `bodyIds` path reaches in a body, each with the path it was found at: `entryRule.tableIds` is one
 * value; `seating[].tableId` is the `tableId` of each element of `seating` (`seating[1].tableId`), so a record named
 * inside a list of objects is checked like any other.
 */
const valuesAt = (body: Item, field: string): { path: string; value: unknown }[] =>
  field.split('.').reduce<{ path: string; value: unknown }[]>(
    (found, key) =>
      found.flatMap(({ path, value }) => {
        const each = key.endsWith('[]');
        const name = each ? key.slice(0, -2) : key;
        const at = isItem(value) ? value[name] : undefined;
        const here = path ? `${path}.${name}` : name;
        if (!each) return [{ path: here, value: at }];
        return Array.isArray(at) ? at.map((element, i) => ({ path: `${here}[${i}]`, value: element })) : [];
      }),
    [{ path: '', value: body }],
  );

/**
 * Walks what a command names: the record of each route parameter, each record its body names (`bodyIds`), the
 * casino its creation body names. Notes on the request context the casino the command concerns, for the audit trail
 * (the record's; else the casino the body named; on a refusal, the casino it was refused for), and with `mine` (a
 * staff token's casinos) refuses 403 OUT_OF_CASINO the first record of another casino.
 */
const walkCasinos = async (registry: CasinoScopeRegistry, resolver: CasinoResolver, req: HttpRequest & { body?: unknown }, refuseFor?: Actor): Promise<void> => {
  const requestContext = requestContextOf(req);
  const mine = refuseFor ? new Set(refuseFor.casinos) : undefined;
  const note = (casinos: readonly string[]) => {
    if (requestContext && casinos.length > 0) requestContext.casino = [...new Set(casinos)].join(',');
  };
  const foreignOf = (casinos: readonly string[]) => (mine ? casinos.find((casino) => !mine.has(casino)) : undefined);
  const params = Object.entries(req.params ?? {});
  for (const [name, id] of params) {
    const casinos = await registry.casinosOf(resolver, name, id);
    if (casinos.length === 0) continue;
    note(casinos);
    const foreign = foreignOf(casinos);
    if (foreign !== undefined && refuseFor) throw outOfCasino(refuseFor, foreign, `${name} ${id}`);
  }
  // A read filtered to a record (?tableId=...) names it as a route does: another casino's is refused, not answered empty.
  const query = (req as { query?: unknown }).query;
  if (isItem(query)) {
    for (const name of Object.keys(resolver.ids)) {
      const id = query[name];
      if (typeof id !== 'string') continue;
      const foreign = foreignOf(await registry.casinosOf(resolver, name, id));
      if (foreign !== undefined && refuseFor) throw outOfCasino(refuseFor, foreign, `${name} ${id}`);
    }
  }
  const body = req.body;
  // Records a body names on any route (a jackpot's tables, a hit's table): each of the token's casinos.
  const named: string[] = [];
  if (resolver.bodyIds && isItem(body)) {
    for (const [field, kind] of Object.entries(resolver.bodyIds)) {
      for (const { path, value } of valuesAt(body, field)) {
        for (const id of typeof value === 'string' ? [value] : Array.isArray(value) ? value : []) {
          const casinos = await registry.casinosOf(resolver, kind, id);
          const foreign = foreignOf(casinos);
          if (foreign !== undefined && refuseFor) {
            // The trail says which casino the command was refused for (the one the 403 names).
            note([foreign]);
            throw outOfCasino(refuseFor, foreign, `${path} ${String(id)}`);
          }
          named.push(...casinos);
        }
      }
    }
  }
  // A body says whose record it is only on a route that names none (a creation: POST /tables, /jackpots ...).
  if (params.length === 0 && resolver.body && isItem(body)) {
    const casinos = listOf(await resolver.body(body));
    note(casinos);
    const foreign = foreignOf(casinos);
    if (foreign !== undefined && refuseFor) throw outOfCasino(refuseFor, foreign, `a ${resolver.service} record this body names (by its rulebook or id)`);
  }
  // A command naming no record of its own, only records of its body (a promotion over tables): theirs.
  if (requestContext && requestContext.casino === undefined) note(named);
};

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Notes the casino a command concerns without refusing anything: for a command refused before the casino scope is
 * walked (403 ROLE_NOT_PERMITTED on a per-record route: the record's casino), and for a role above any one casino
 * (an administrator's command), so every audit row says at which casino it was done or refused. Best effort: a
 * record it cannot resolve leaves the casino unsaid and the answer unchanged.
 */
export const noteCasinoConcerned = async (registry: CasinoScopeRegistry | undefined, context: ExecutionContext): Promise<void> => {
  if (!registry || context.getType() !== 'http') return;
  const req = context.switchToHttp().getRequest<HttpRequest & { body?: unknown }>();
  if (READS.has((req.method ?? '').toUpperCase())) return;
  const resolver = registry.resolverFor(context.getClass());
  if (!resolver) return;
  try {
    await walkCasinos(registry, resolver, req);
  } catch {
    // Unresolvable (a malformed body, the store unavailable): the command is answered as it would be.
  }
};

/**
 * Staff act only at their own casino. Before any handler runs, the record every route parameter names (a table,
 * jackpot, tournament, promotion, voucher, Rapid table or account), the records its body names (`bodyIds`) and the
 * casino a creation body names (its rulebook) are resolved by the service's own resolver; a record of a casino the
 * token does not cover is refused 403 OUT_OF_CASINO, and nothing changes. The casino is kept on the request for the
 * audit trail, for every actor.
 */
@Injectable()
export class CasinoScopeGuard implements CanActivate {
  constructor(@Optional() @Inject(CasinoScopeRegistry) private readonly registry?: CasinoScopeRegistry) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http' || !this.registry) return true;
    const req = context.switchToHttp().getRequest<HttpRequest & { body?: unknown }>();
    const actor = requestContextOf(req)?.actor;
    if (!casinoBound(actor)) {
      await noteCasinoConcerned(this.registry, context);
      return true;
    }
    const resolver = this.registry.resolverFor(context.getClass());
    (req as { [KEEP_MINE]?: KeepMine })[KEEP_MINE] = keeperFor(actor, this.registry, resolver).keepMine;
    if (!resolver) return true;
    await walkCasinos(this.registry, resolver, req, actor);
    return true;
  }
}

type Item = Record<string, unknown>;
const isItem = (value: unknown): value is Item => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Keeps the rows of a list that belong to the actor's casinos (or say none): what a handler exporting rows (CSV) applies itself. */
export type KeepMine = <T>(rows: readonly T[]) => Promise<T[]>;

/**
 * The casino of a listed item (its `casino`, its `rulebookId`, or an id of a record the service resolves) and the
 * filter keeping the actor's, for the interceptor and for handlers that render rows themselves.
 */
const keeperFor = (actor: Actor, registry: CasinoScopeRegistry | undefined, resolver: CasinoResolver | undefined) => {
  const mine = new Set(actor.casinos);
  const casinosOfItem = async (item: Item): Promise<readonly string[]> => {
    if (typeof item.casino === 'string') return [item.casino];
    const byRulebook = casinoOfRulebook(item.rulebookId);
    if (byRulebook) return [byRulebook];
    if (!resolver || !registry) return [];
    for (const field of Object.keys(resolver.ids)) {
      if (typeof item[field] !== 'string') continue;
      const casinos = await registry.casinosOf(resolver, field, item[field]);
      if (casinos.length > 0) return casinos;
    }
    return [];
  };
  const keepMine: KeepMine = async (list) => {
    const casinos = await Promise.all(list.map((item) => (isItem(item) ? casinosOfItem(item) : [])));
    return list.filter((_, i) => casinos[i].every((c) => mine.has(c)));
  };
  return { mine, keepMine };
};

const KEEP_MINE = Symbol.for('platform-kit.casino-keep-mine');

/**
 * The filter of the request's casino scope, for a handler that renders rows itself (a CSV export), which the
 * interceptor cannot filter: `@CasinoRows() keep: KeepMine` then `await keep(rows)`. Keeps everything for a
 * regulator or an administrator.
 */
export const CasinoRows = createParamDecorator(
  (_: unknown, ctx: ExecutionContext): KeepMine => (ctx.switchToHttp().getRequest<{ [KEEP_MINE]?: KeepMine }>()[KEEP_MINE] ?? (async (rows) => [...rows])),
);

/**
 * The casinos a staff token covers, for a handler that reads a paged list: it filters in its query, so every page is
 * full (filtering a page after reading it would return short pages). Undefined for a regulator or an administrator.
 */
export const StaffCasinos = createParamDecorator((_: unknown, ctx: ExecutionContext): readonly string[] | undefined => {
  const actor = requestContextOf(ctx.switchToHttp().getRequest<HttpRequest>())?.actor;
  return casinoBound(actor) ? actor.casinos : undefined;
});

/**
 * Lists and records answered to staff keep only their casinos: an item says its casino (`casino`, or its
 * `rulebookId`), or names a record its service resolves (tableId, jackpotId, ...). A top-level list, and each
 * list inside an answer (the dashboard's tables, the statistics' rows), drops the items of other casinos; a single
 * record of another casino is refused 403, as the guard refuses it before the handler.
 */
@Injectable()
export class CasinoScopeInterceptor implements NestInterceptor {
  constructor(@Optional() @Inject(CasinoScopeRegistry) private readonly registry?: CasinoScopeRegistry) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const actor = requestContextOf(context.switchToHttp().getRequest<HttpRequest>())?.actor;
    if (!casinoBound(actor)) return next.handle();
    const { mine, keepMine } = keeperFor(actor, this.registry, this.registry?.resolverFor(context.getClass()));
    const scoped = async (value: unknown): Promise<unknown> => {
      if (Array.isArray(value)) return keepMine(value);
      // Plain JSON objects only: a file, a stream or a page is answered as it is.
      if (!isItem(value) || Object.getPrototypeOf(value) !== Object.prototype) return value;
      const casino = typeof value.casino === 'string' ? value.casino : casinoOfRulebook(value.rulebookId);
      if (casino !== undefined && !mine.has(casino)) throw outOfCasino(actor, casino, 'this record');
      let out: Item = value;
      for (const [key, field] of Object.entries(value)) {
        if (!Array.isArray(field) || !field.some(isItem)) continue;
        const kept = await keepMine(field);
        if (kept.length !== field.length) out = { ...out, [key]: kept };
      }
      return out;
    };
    return next.handle().pipe(mergeMap((value: unknown) => from(scoped(value))));
  }
}
