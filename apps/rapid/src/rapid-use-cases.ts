/**
 * The Rapid service's use cases: each runs the generic DeciderCommandHandler on the floor, table and account
 * streams inside ONE transaction, under a lock on the table:
 * - wagers and cash-outs take it shared, so the 50 ATS of a table wager concurrently (each on its own stream);
 * - the SGC's commands (draw cards, enter the outcome, freeze, correct, malfunction) take it exclusively, so
 *   they wait for every wager in flight and every later wager sees the period closed. Settlement therefore
 *   follows each ATS exactly as it stood when the period ended (Rapid 4.6, 4.7).
 * A command's Idempotency-Key is its command id on the first stream; the other streams it touches get
 * `<commandId>:<suffix>`, so a retried command appends nothing twice. A crash leaves all or nothing: a command
 * on several streams commits them in one transaction (settlement in one `appendMany` with the COMMIT).
 */
import { rulebookById } from '@app/baccarat';
import { notFound, atsAccountStreamId, rapidFloorStreamId, rapidTableStreamId, type RapidRoundRef, type RapidSide, type RapidTender } from '@app/contracts';
import { CommandContext, CommandOutcome, ConcurrencyError, DeciderCommandHandler, DomainEvent, HandleOptions, PostgresEventStore, PreparedCommand, SnapshotToSave, StoredEvent, StreamHead, streamHeadsSql, toDomainEvent } from '@app/event-store';
import type { Pool, PoolClient } from 'pg';
import { atsAccountDecider, type AtsAccountCommand, type RoundContext } from './account/ats-account.decider';
import { evolveAtsAccount, initialAtsAccountState, recognisedForCoup, type AccountRound, type AtsAccountEvent, type AtsAccountState } from './account/ats-account.events';
import { rapidFloorDecider, type RapidFloorCommand, type RapidFloorState } from './floor/rapid-floor.decider';
import type { RapidActor } from './rapid-authority.decider';
import { outcomeFromCards, sameOutcome } from './table/rapid-table-outcome.decider';
import { policiesOf as tablePolicies, rapidTableDecider, requireRound, type AccountRoundSummary, type OpenRapidTable, type RapidTableCommand } from './table/rapid-table.decider';
import { earlierRoundFrom, periodExpiresAt, roundsHeldOf, roundsUnderReviewOf, type RapidTableEvent, type RapidTableState, type RoundState } from './table/rapid-table.events';
import type { RapidFloorEvent, RapidTableOpened } from '@app/contracts';
import { GroupCommit, type Settled } from './group-commit';
import { rapidTableLockSql } from './table-lock';

/** An id derived from a command id, safe in a URL path segment (the key is retried, so the id is stable). */
export const idFrom = (prefix: string, commandId: string, max = 64): string => `${prefix}${commandId}`.replace(/[^A-Za-z0-9._:-]/g, '-').slice(0, max);

export const RAPID_RULEBOOK_VERSION = 'crown-melbourne-rapid';
export const STREAM_TYPES = { floor: 'rapid-floor', table: 'rapid-table', account: 'rapid-account' } as const;
/** Bump when a state's shape, or what a field of it holds, changes: old snapshots are then ignored. */
const STATE_VERSION = { table: 'rapid-table-v9', account: 'rapid-account-v8', floor: 'rapid-floor-v1' };

/**
 * The three generic handlers, made once so their state caches (`cacheState`) last between commands. Every
 * command runs under the table's lock, so a cached state is believed only at the stream head read under it.
 */
/** The service's command handlers per stream type (the HTTP edge's, and the tournament-sessions reactor's). */
export const deciderHandlers = (store: PostgresEventStore) => ({
  floor: new DeciderCommandHandler<RapidFloorCommand, RapidFloorEvent, RapidFloorState>(store, {
    streamType: STREAM_TYPES.floor,
    decider: rapidFloorDecider,
    rulebookVersion: () => RAPID_RULEBOOK_VERSION,
    maxRetries: 0,
  }),
  table: new DeciderCommandHandler<RapidTableCommand, RapidTableEvent, RapidTableState>(store, {
    streamType: STREAM_TYPES.table,
    decider: rapidTableDecider,
    rulebookVersion: () => RAPID_RULEBOOK_VERSION,
    snapshot: { every: 40, stateVersion: STATE_VERSION.table },
    maxRetries: 0,
    cacheState: true,
  }),
  account: new DeciderCommandHandler<AtsAccountCommand, AtsAccountEvent, AtsAccountState>(store, {
    streamType: STREAM_TYPES.account,
    decider: atsAccountDecider,
    rulebookVersion: () => RAPID_RULEBOOK_VERSION,
    snapshot: { every: 40, stateVersion: STATE_VERSION.account },
    maxRetries: 0,
    cacheState: true,
  }),
});
type DeciderHandlers = ReturnType<typeof deciderHandlers>;

/** One transaction's handle on a stream: load and handle in the transaction, at the head read under the table lock. */
interface StreamHandle<C, E extends DomainEvent, S> {
  load(streamId: string): Promise<{ state: S; version: number }>;
  handle(streamId: string, command: C, context: CommandContext): Promise<CommandOutcome<E, S>>;
  /** Decides without appending: the append goes into the transaction's one `commit` (with `after`: on an earlier prepared command's state). */
  prepare(streamId: string, command: C, context: CommandContext, after?: PreparedCommand<E, S>): Promise<PreparedCommand<E, S>>;
}

/**
 * Stream heads read in the transaction (under the table lock, so they cannot move until it ends). A stream the
 * transaction has appended to is no longer named by a head: the handler's cache then holds its own append.
 */
class TransactionHeads {
  private readonly heads = new Map<string, StreamHead>();
  private readonly written = new Set<string>();

  constructor(
    private readonly client: PoolClient,
    private readonly schema: string,
  ) {}

  static sql(schema: string, streamIds: readonly string[]): string {
    return streamHeadsSql(schema, streamIds);
  }

  record(streamIds: readonly string[], rows: readonly { stream_id: string; version: number; event_id: string }[]): void {
    for (const id of streamIds) if (!this.written.has(id)) this.heads.set(id, { version: 0, lastEventId: null });
    for (const r of rows) if (!this.written.has(r.stream_id)) this.heads.set(r.stream_id, { version: r.version, lastEventId: r.event_id });
  }

  async read(streamIds: readonly string[]): Promise<void> {
    const wanted = streamIds.filter((id) => !this.heads.has(id) && !this.written.has(id));
    if (!wanted.length) return;
    const { rows } = await this.client.query<{ stream_id: string; version: number; event_id: string }>(TransactionHeads.sql(this.schema, wanted));
    this.record(wanted, rows);
  }

  async options(streamId: string): Promise<HandleOptions> {
    if (this.written.has(streamId)) return { tx: this.client };
    await this.read([streamId]);
    return { tx: this.client, head: this.heads.get(streamId) };
  }

  appended(streamId: string): void {
    this.heads.delete(streamId);
    this.written.add(streamId);
  }

  on<C, E extends DomainEvent, S>(handler: DeciderCommandHandler<C, E, S>): StreamHandle<C, E, S> {
    return {
      load: async (streamId) => handler.load(streamId, await this.options(streamId)),
      handle: async (streamId, command, context) => {
        const outcome = await handler.handle(streamId, command, context, await this.options(streamId));
        this.appended(streamId);
        return outcome;
      },
      prepare: async (streamId, command, context, after) => handler.prepare(streamId, command, context, after ? { tx: this.client, after } : await this.options(streamId)),
    };
  }
}

const inTransaction = (h: DeciderHandlers, heads: TransactionHeads) => ({ floor: heads.on(h.floor), table: heads.on(h.table), account: heads.on(h.account) });
type Handlers = ReturnType<typeof inTransaction>;
/**
 * Appends every prepared command in one `appendMany` that also commits the transaction: one round trip, all or
 * nothing. Returns each command's outcome, in the order given.
 */
type Commit = (prepared: readonly PreparedCommand<DomainEvent, unknown>[]) => Promise<CommandOutcome<DomainEvent, unknown>[]>;

interface WagerRequest {
  readonly accountId: string;
  readonly atsId: string;
  readonly wagers: readonly { bet: string; side?: RapidSide; amountCents: number }[];
  readonly ctx: CommandContext;
}

export interface UseCaseResult {
  readonly events: readonly DomainEvent[];
  readonly duplicate: boolean;
  readonly table?: RapidTableState;
  readonly account?: AtsAccountState;
}

/** The casino whose Rapid tables share pay-table options and never share an ATS (10.1 footnote, 2.2(a)): the rulebook's operator. */
const casinoOf = (rulebookId: string): string => rulebookById(rulebookId).operatorId;

const sub = (ctx: CommandContext, suffix: string): CommandContext => ({ ...ctx, commandId: `${ctx.commandId}:${suffix}`, causationId: ctx.commandId });
const actorOf = (ctx: CommandContext): RapidActor => ctx.actor;

export const roundContextFor = (table: RapidTableState, atsId: string): RoundContext | null => {
  const r = table.round;
  if (!r) return null;
  return {
    roundId: r.roundId,
    roundNumber: r.roundNumber,
    status: r.status,
    periodEndsAt: r.periodEndsAt,
    voidedForStation: r.atsMalfunctions[atsId] === 'void' || r.gameSystemMalfunction === 'void',
    tournamentSession: sessionOf(table),
  };
};

/**
 * The malfunction that voided an ATS's wagers for the round, if any (11.14, 11.15, 11.16): its player was prevented from
 * wagering, which the compulsory minimum of a tournament (12.2.1(c)) must not punish.
 */
const voidedFor = (table: RapidTableState, round: RoundState, atsId: string): { clause: string } | null => {
  const { malfunction } = tablePolicies(table);
  if (round.gameSystemMalfunction === 'void') return { clause: malfunction.gameSystem.clause };
  if (round.atsMalfunctions[atsId] === 'void') return { clause: malfunction.ats.clause };
  return null;
};

/**
 * The account's round after a prepared command: from its state, or for a round it no longer keeps (an earlier round,
 * 13.9), the round from its history with the command's events applied.
 */
const roundAfter = (p: PreparedCommand<AtsAccountEvent, AtsAccountState>, roundId: string, earlier: AccountRound | null): AccountRound | undefined => {
  const kept = p.state.rounds[roundId];
  if (kept || !earlier) return kept;
  return p.events.reduce(evolveAtsAccount, { ...initialAtsAccountState(), exists: true, rounds: { [roundId]: earlier }, roundOrder: [roundId] }).rounds[roundId];
};

/** The tournament session the table is used for, exclusively, while it lasts (Rapid 12.3.2), or null. */
const sessionOf = (table: RapidTableState): { readonly tournamentId: string; readonly sessionId: string } | null =>
  table.tournamentSession ? { tournamentId: table.tournamentSession.tournamentId, sessionId: table.tournamentSession.sessionId } : null;

export class RapidUseCases {
  /** Each table's wagers in flight, group-committed. */
  private readonly wagerBatches = new Map<string, GroupCommit<WagerRequest, UseCaseResult>>();
  /** accountId → its table and ATS: an account never moves, so the lock key is found without a query. */
  private readonly placeOfAccount = new Map<string, { readonly tableId: string; readonly atsId: string }>();

  constructor(
    private readonly pool: Pool,
    readonly schema: string,
  ) {
    this.store = new PostgresEventStore(pool, schema);
    this.handlers = deciderHandlers(this.store);
  }

  private readonly store: PostgresEventStore;

  private readonly handlers: DeciderHandlers;

  /**
   * One transaction under the table lock; retried whole when a concurrent append moved a stream on. The first
   * round trip begins it, takes the lock and reads the versions of the streams it names (`prefetch`).
   */
  private async tx<T>(tableKey: string, mode: 'shared' | 'exclusive', work: (h: Handlers, prefetch: (streamIds: readonly string[]) => Promise<void>, commit: Commit, client: PoolClient) => Promise<T>, prefetch: readonly string[] = tableKey.startsWith('casino:') ? [] : [rapidTableStreamId(tableKey)]): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const client = await this.pool.connect();
      let broken = false;
      try {
        const heads = new TransactionHeads(client, this.schema);
        const statements = [
          'BEGIN',
          "SET LOCAL lock_timeout = '10s'",
          "SET LOCAL statement_timeout = '20s'",
          rapidTableLockSql(tableKey, mode),
          ...(prefetch.length ? [TransactionHeads.sql(this.schema, prefetch)] : []),
        ];
        const results = (await client.query(statements.join('; '))) as unknown as { rows: { stream_id: string; version: number; event_id: string }[] }[];
        if (prefetch.length) heads.record(prefetch, results[results.length - 1].rows);
        let committed = false;
        const commit: Commit = async (prepared) => {
          const appends = prepared.flatMap((p) => (p.append ? [p.append] : []));
          const store = this.store.within(client);
          const results = await store.appendMany(appends, { thenCommit: true });
          committed = true;
          const outcomes: CommandOutcome<DomainEvent, unknown>[] = [];
          // A settlement crosses many accounts' snapshot points at once: their snapshots go in one statement, not
          // one round trip each. Best effort, after the COMMIT: a missed snapshot only costs a longer load.
          const snapshots: SnapshotToSave[] = [];
          let next = 0;
          for (const p of prepared) outcomes.push(await p.finish(p.append ? results[next++] : undefined, snapshots));
          await store.saveSnapshots(snapshots).catch(() => undefined);
          return outcomes;
        };
        const result = await work(inTransaction(this.handlers, heads), (ids) => heads.read(ids), commit, client);
        if (!committed) await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {
          broken = true;
        });
        if (err instanceof ConcurrencyError && attempt < 8) continue;
        throw err;
      } finally {
        client.release(broken);
      }
    }
  }

  /**
   * The command with the round it is about read from the table's history when the table no longer holds it (its last
   * the rulebook data's `sgc.roundsHeld`): the Casino Supervisor acts on any earlier round (Rapid 13.9); the decider says who may. Read only
   * then, so the SGC's commands on the rounds held cost nothing more.
   */
  private async withEarlierRound<C extends RapidTableCommand>(h: Handlers, client: PoolClient, tableId: string, c: C, roundId: string | null | undefined): Promise<C> {
    if (!roundId) return c;
    const { state: table } = await h.table.load(rapidTableStreamId(tableId));
    if (!table.exists || table.recentRounds[roundId] || table.roundNumber <= roundsHeldOf(table.terms?.rulebookId ?? '')) return c;
    const history = await this.store.within(client).readStream(rapidTableStreamId(tableId));
    return { ...c, earlierRound: earlierRoundFrom(history.map((e) => toDomainEvent<RapidTableEvent>(e)), roundId) };
  }

  /**
   * A round id the table no longer holds may still have been used at it (8.1): the round it was used for, looked up in
   * the table's own RapidRoundStarted events, so the table's state keeps only its recent rounds. Asked only then.
   */
  private async withRoundIdUsed(h: Handlers, client: PoolClient, tableId: string, c: Extract<RapidTableCommand, { type: 'StartRound' }>): Promise<RapidTableCommand> {
    const { state: table } = await h.table.load(rapidTableStreamId(tableId));
    if (!table.exists || table.recentRounds[c.roundId] || table.roundNumber <= roundsHeldOf(table.terms?.rulebookId ?? '')) return c;
    const [used] = await this.store.within(client).findEvents(['RapidRoundStarted'], { roundId: c.roundId }, rapidTableStreamId(tableId));
    return used ? { ...c, usedBefore: { roundNumber: Number(used.data.roundNumber) } } : c;
  }

  /**
   * The coups a session of the tournament the table is used for is scheduled to last (12.2.1(d), 12.3.5), as this
   * service remembers the tournament's published terms; asked only while the table is used for a session.
   */
  private async withTournamentSchedule(h: Handlers, client: PoolClient, tableId: string, c: Extract<RapidTableCommand, { type: 'StartRound' }>): Promise<RapidTableCommand> {
    const { state: table } = await h.table.load(rapidTableStreamId(tableId));
    const session = table.tournamentSession;
    if (!session) return c;
    // Kept by the tournament-sessions consumer, which seated the session: its table exists whenever a session does.
    const { rows } = await client.query<{ coups_per_session: number | null }>(`SELECT coups_per_session FROM ${this.store.schema}.tournament_designations WHERE tournament_id = $1`, [session.tournamentId]);
    return { ...c, tournamentSchedule: { tournamentId: session.tournamentId, coupsPerSession: rows[0]?.coups_per_session ?? null } };
  }

  /** An account's round read from its history, for a round the table no longer holds (13.9); null: none there. */
  private async accountRoundFrom(client: PoolClient, accountId: string, roundId: string): Promise<AccountRound | null> {
    const history = await this.store.within(client).readStream(atsAccountStreamId(accountId));
    const own = history.map((e) => toDomainEvent<AtsAccountEvent>(e)).filter((e) => 'roundId' in e && e.roundId === roundId);
    return own.reduce(evolveAtsAccount, { ...initialAtsAccountState(), exists: true }).rounds[roundId] ?? null;
  }

  async placeOf(accountId: string): Promise<{ readonly tableId: string; readonly atsId: string }> {
    const known = this.placeOfAccount.get(accountId);
    if (known) return known;
    // The account's first event names its table and ATS (opened at one, for good).
    const [opened] = await this.store.readStream(atsAccountStreamId(accountId), 0, 1);
    if (!opened) throw notFound('ACCOUNT_NOT_FOUND', `No ATS chip account ${accountId}.`);
    const place = { tableId: String(opened.data.tableId), atsId: String(opened.data.atsId) };
    this.placeOfAccount.set(accountId, place);
    return place;
  }

  // ---- floor and table ------------------------------------------------------------------------------------

  /**
   * Opens a table and registers it with the Rapid tables of the casino, under the casino's lock: the rulebook has
   * no floors, so its pay-table options are checked against every Rapid table of the casino (10.1 footnote) and
   * its ATS against every other table's (2.2(a)). The casino is the rulebook's operator; `floorId` is a label.
   */
  openTable(c: OpenRapidTable, ctx: CommandContext): Promise<UseCaseResult> {
    const casino = casinoOf(c.rulebookId);
    return this.tx(`casino:${casino}`, 'exclusive', async (h, _prefetch, _commit, client) => {
      const table = await h.table.handle(rapidTableStreamId(c.tableId), c, ctx);
      if (table.duplicate) return { events: table.events, duplicate: true, table: table.state };
      const registry = await h.floor.load(rapidFloorStreamId(casino));
      const earlierTables = registry.version === 0 ? await this.tablesOpenedBefore(client, casino, c.tableId) : [];
      const floor = await h.floor.handle(
        rapidFloorStreamId(casino),
        { type: 'RegisterTable', floorId: casino, tableId: c.tableId, rulebookId: c.rulebookId, offeredBets: c.offeredBets, atsIds: c.stations.map((st) => st.atsId), earlierTables, now: c.now },
        sub(ctx, 'floor'),
      );
      return { events: [...table.events, ...floor.events], duplicate: false, table: table.state };
    });
  }

  /** The casino's tables opened before its registry existed (on floors of their own). */
  private async tablesOpenedBefore(client: PoolClient, casino: string, except: string) {
    const opened = await this.store.within(client).findEvents(['RapidTableOpened']);
    return opened
      .map((e) => e.data as unknown as RapidTableOpened)
      .filter((t) => t.tableId !== except && casinoOf(t.terms.rulebookId) === casino)
      .map((t) => ({ tableId: t.tableId, offeredBets: t.terms.offeredBets, atsIds: t.stations.map((st) => st.atsId) }));
  }

  /** SGC commands that touch only the table stream. */
  tableOnly(tableId: string, given: RapidTableCommand, ctx: CommandContext): Promise<UseCaseResult> {
    return this.tx(tableId, 'exclusive', async (h, _prefetch, _commit, client) => {
      // A claim about a round the table no longer holds: the round from the history, for the Casino Supervisor (13.9).
      const c = given.type === 'RecordClaim' ? await this.withEarlierRound(h, client, tableId, given, given.roundId) : given.type === 'StartRound' ? await this.withTournamentSchedule(h, client, tableId, await this.withRoundIdUsed(h, client, tableId, given) as typeof given) : given;
      const out = await h.table.handle(rapidTableStreamId(tableId), c, ctx);
      return { events: out.events, duplicate: out.duplicate, table: out.state };
    });
  }

  /** Buy-in by the dealer or cash in the note acceptor: opens the ATS's account, or tops it up (Rapid 6.2-6.5). */
  tender(tableId: string, atsId: string, tender: RapidTender, amountCents: number, ctx: CommandContext): Promise<UseCaseResult> {
    return this.tx(tableId, 'exclusive', async (h) => {
      const { state: table } = await h.table.load(rapidTableStreamId(tableId));
      if (!table.exists) throw notFound('RAPID_TABLE_NOT_FOUND', `No Rapid Baccarat table ${tableId}.`);
      const station = table.stations[atsId];
      if (!station) throw notFound('ATS_NOT_FOUND', `Table ${tableId} has no ATS ${atsId}.`);
      const common = { actor: actorOf(ctx), now: ctx.now };
      if (station.accountId) {
        const out = await h.account.handle(atsAccountStreamId(station.accountId), { type: 'CreditAccount', tender, amountCents, tournamentSession: sessionOf(table), ...common }, sub(ctx, 'account'));
        return { events: out.events, duplicate: out.duplicate, account: out.state, table };
      }
      const accountId = idFrom(`${atsId}.`, ctx.commandId, 160);
      const opened = await h.account.handle(
        atsAccountStreamId(accountId),
        { type: 'OpenAccount', accountId, tableId, station: station.station, rulebookId: table.terms!.rulebookId, tender, amountCents, ...common },
        sub(ctx, 'account'),
      );
      const assigned = await h.table.handle(rapidTableStreamId(tableId), { type: 'AssignStationAccount', atsId, accountId, ...common }, ctx);
      this.placeOfAccount.set(accountId, { tableId, atsId });
      return { events: [...opened.events, ...assigned.events], duplicate: opened.duplicate, account: opened.state, table: assigned.state };
    });
  }

  // ---- the ATS -------------------------------------------------------------------------------------------

  /**
   * An ATS shows its wagers (Rapid 4.2-4.7, 5.3). Concurrent wagers of one table are group-committed: one
   * transaction under the table's shared lock (so an SGC command waits for it, and every wager after the draw
   * is decided on the closed period, 4.7) decides each on its own account's balance (never below zero) and
   * appends them all with the COMMIT: two round trips per batch. A refused wager is refused alone.
   */
  async showWagers(accountId: string, wagers: readonly { bet: string; side?: RapidSide; amountCents: number }[], ctx: CommandContext): Promise<UseCaseResult> {
    const { tableId, atsId } = await this.placeOf(accountId);
    let batcher = this.wagerBatches.get(tableId);
    if (!batcher) {
      batcher = new GroupCommit<WagerRequest, UseCaseResult>((items) => this.wagerBatch(tableId, items));
      this.wagerBatches.set(tableId, batcher);
    }
    return batcher.submit(accountId, { accountId, atsId, wagers, ctx });
  }

  private wagerBatch(tableId: string, items: readonly WagerRequest[]): Promise<Settled<UseCaseResult>[]> {
    const tableStream = rapidTableStreamId(tableId);
    return this.tx(
      tableId,
      'shared',
      async (h, _prefetch, commit) => {
        const { state: table } = await h.table.load(tableStream);
        const decided: Settled<PreparedCommand<AtsAccountEvent, AtsAccountState>>[] = [];
        for (const { accountId, atsId, wagers, ctx } of items) {
          const command: AtsAccountCommand = { type: 'ShowWagers', round: roundContextFor(table, atsId), terms: table.terms!, wagers, actor: actorOf(ctx), now: ctx.now };
          decided.push(await h.account.prepare(atsAccountStreamId(accountId), command, ctx).then((value) => ({ ok: true as const, value }), (error: unknown) => ({ ok: false as const, error })));
        }
        const outcomes = (await commit(decided.flatMap((d) => (d.ok ? [d.value] : [])))) as CommandOutcome<AtsAccountEvent, AtsAccountState>[];
        let next = 0;
        return decided.map((d): Settled<UseCaseResult> => {
          if (!d.ok) return d;
          const out = outcomes[next++];
          return { ok: true, value: { events: out.events, duplicate: out.duplicate, account: out.state } };
        });
      },
      [tableStream, ...items.map((i) => atsAccountStreamId(i.accountId))],
    );
  }

  async cashOut(accountId: string, method: 'chips' | 'ticket', printerFault: boolean, ctx: CommandContext): Promise<UseCaseResult> {
    const { tableId } = await this.placeOf(accountId);
    return this.tx(tableId, 'exclusive', async (h, _prefetch, _commit, client) => {
      // The round at the table as the account is paid out (8.1): the register's printer-fault row names it.
      const { state: table } = await h.table.load(rapidTableStreamId(tableId));
      const round = table.round ? { roundId: table.round.roundId, roundNumber: table.round.roundNumber } : null;
      const roundsUnderReview = await this.roundsUnderReviewFor(h, client, tableId, accountId);
      const out = await h.account.handle(
        atsAccountStreamId(accountId),
        { type: 'CashOut', method, ticketId: method === 'ticket' ? idFrom('TK-', ctx.commandId) : null, printerFault, round, roundsUnderReview, actor: actorOf(ctx), now: ctx.now },
        ctx,
      );
      // A payout asked for at the ATS leaves the account open and on its ATS until the Dealer pays it (6.7.1).
      if (out.duplicate || out.state.status === 'open') return { events: out.events, duplicate: out.duplicate, account: out.state };
      const released = await h.table.handle(rapidTableStreamId(tableId), { type: 'ReleaseStationAccount', atsId: out.state.atsId, accountId, actor: actorOf(ctx), now: ctx.now }, sub(ctx, 'table'));
      return { events: [...out.events, ...released.events], duplicate: false, account: out.state };
    });
  }

  /**
   * Rapid 11.11 (with 6.7.2(b)): a manual payment, of a ticket that failed to print or of what a recalculation left owed,
   * with the table's rounds under review: nothing held for an account of the table is paid until their review ends.
   */
  async recordManualPayment(accountId: string, reason: string, ctx: CommandContext): Promise<UseCaseResult> {
    const { tableId } = await this.placeOf(accountId);
    return this.tx(tableId, 'shared', async (h, _prefetch, _commit, client) => {
      const roundsUnderReview = await this.roundsUnderReviewFor(h, client, tableId, accountId);
      const out = await h.account.handle(atsAccountStreamId(accountId), { type: 'RecordManualPayment', reason, roundsUnderReview, actor: actorOf(ctx), now: ctx.now }, ctx);
      return { events: out.events, duplicate: out.duplicate, account: out.state };
    });
  }

  /**
   * The table's rounds under review (frozen, not yet corrected or confirmed, 11.11), for a payment from any account of
   * the table (a cash-out, an owed amount, a ticket's manual payment): "all ATS chip accounts" are held, those opened
   * after the freeze too. The rounds the table holds, and, when it played more, an earlier round's review from its
   * history (13.9).
   */
  private async roundsUnderReviewFor(h: Handlers, client: PoolClient, tableId: string, accountId: string): Promise<RapidRoundRef[]> {
    const { state: account } = await h.account.load(atsAccountStreamId(accountId));
    if (!account.exists) return [];
    const { state: table } = await h.table.load(rapidTableStreamId(tableId));
    if (table.roundNumber <= roundsHeldOf(table.terms?.rulebookId ?? '')) return roundsUnderReviewOf(table);
    const history = await this.store.within(client).readStream(rapidTableStreamId(tableId));
    return roundsUnderReviewOf(table, history.map((e) => toDomainEvent<RapidTableEvent>(e)));
  }

  async accountOnly(accountId: string, c: AtsAccountCommand, ctx: CommandContext): Promise<UseCaseResult> {
    const { tableId } = await this.placeOf(accountId);
    return this.tx(tableId, 'shared', async (h) => {
      const out = await h.account.handle(atsAccountStreamId(accountId), c, ctx);
      return { events: out.events, duplicate: out.duplicate, account: out.state };
    });
  }

  // ---- the SGC: outcome, settlement, corrections, malfunctions ------------------------------------------

  /**
   * The outcome entered on the SGC settles every account at the table, as each ATS stood at expiry (4.6, 4.8), in
   * ONE transaction under the table's exclusive lock: the outcome (the period is then over for every ATS, 4.7),
   * every account's credit (commission deducted first, 4.8.2(a)) and the round recorded settled commit together
   * in one `appendMany`, or nothing does. Three round trips when the states are cached: BEGIN + the lock + the
   * heads of the table and its known accounts, the heads of any other account, the appends + COMMIT. The same
   * command again gives back what it did; the same outcome entered again settles a round an earlier release
   * left half-settled.
   */
  async enterOutcome(tableId: string, roundId: string, playerCards: readonly string[], bankerCards: readonly string[], ctx: CommandContext): Promise<UseCaseResult> {
    const tableStream = rapidTableStreamId(tableId);
    const known = [...this.placeOfAccount].flatMap(([accountId, place]) => (place.tableId === tableId ? [atsAccountStreamId(accountId)] : []));
    return this.tx(
      tableId,
      'exclusive',
      async (h, prefetch, commit) => {
        const entered = await h.table.prepare(tableStream, { type: 'EnterOutcome', tableId, roundId, playerCards, bankerCards, actor: actorOf(ctx), now: ctx.now }, ctx);
        const table = entered.state;
        const round = table.recentRounds[roundId];
        if (!entered.append || !round?.outcome || round.status === 'settled') {
          const [out] = (await commit([entered])) as CommandOutcome<RapidTableEvent, RapidTableState>[];
          return { events: out.events, duplicate: out.duplicate, table: out.state };
        }
        const accounts = Object.values(table.stations).flatMap(({ station, accountId }) => (accountId ? [{ atsId: station.atsId, accountId }] : []));
        await prefetch(accounts.map((a) => atsAccountStreamId(a.accountId)));
        const settlements: PreparedCommand<AtsAccountEvent, AtsAccountState>[] = [];
        const summaries: AccountRoundSummary[] = [];
        for (const { accountId, atsId } of accounts) {
          const p = await h.account.prepare(
            atsAccountStreamId(accountId),
            { type: 'SettleWagers', roundId, roundNumber: round.roundNumber, outcome: round.outcome, terms: table.terms!, voidedForStation: voidedFor(table, round, atsId), period: { startedAt: round.startedAt, expiresAt: periodExpiresAt(round) }, actor: actorOf(ctx), now: ctx.now },
            sub(ctx, accountId),
          );
          settlements.push(p);
          // An account settled by an earlier, interrupted release: its first settlement counts in the round's record.
          const events = p.append ? p.events : (await p.finish(undefined)).events;
          // Settled or returned by this settlement: what the round counts for the coup is the account's to say (Rapid 5.3.3).
          const counted = events.some((e) => e.type === 'AtsWagersSettled' || e.type === 'AtsWagersReturned') ? recognisedForCoup(p.state.rounds[roundId]) : null;
          if (counted) summaries.push({ accountId, atsId, ...counted });
          // A tournament account that wagered nothing had the minimum deducted (Rapid 12.2.1(c)): the round carries it to the tournament.
          for (const e of events) if (e.type === 'AtsTournamentMinimumDeducted') summaries.push({ accountId, atsId, stakedCents: 0, creditedCents: 0, deducted: { amountCents: e.amountCents, clause: e.clause } });
        }
        const settled = await h.table.prepare(tableStream, { type: 'RecordRoundSettled', roundId, accounts: summaries, actor: actorOf(ctx), now: ctx.now }, sub(ctx, 'settled'), entered);
        const outcomes = await commit([entered, ...settlements, settled]);
        const last = outcomes[outcomes.length - 1] as CommandOutcome<RapidTableEvent, RapidTableState>;
        return { events: outcomes.flatMap((o) => o.events), duplicate: outcomes[0].duplicate, table: last.state };
      },
      [tableStream, ...known],
    );
  }

  /**
   * Rapid 11.11: the dealer freezes every ATS chip account at the table (the table and every account in one
   * appendMany), by the freeze route or by upholding a claim that an incorrect outcome was entered (11.12).
   */
  freeze(tableId: string, c: Extract<RapidTableCommand, { type: 'FreezeAccounts' | 'ResolveClaim' }>, ctx: CommandContext): Promise<UseCaseResult> {
    const tableStream = rapidTableStreamId(tableId);
    return this.tx(tableId, 'exclusive', async (h, prefetch, commit, client) => {
      const { state: table } = await h.table.load(tableStream);
      const roundId = c.type === 'FreezeAccounts' ? c.roundId : table.claims[c.claimId]?.roundId;
      const frozen = await h.table.prepare(tableStream, await this.withEarlierRound(h, client, tableId, c, roundId), ctx);
      const made = frozen.append ? frozen.events.find((e) => e.type === 'RapidAccountsFrozen') : undefined;
      const accountIds = made?.type === 'RapidAccountsFrozen' ? made.accountIds : [];
      const frozenFor = made?.type === 'RapidAccountsFrozen' ? made.roundId : '';
      await prefetch(accountIds.map(atsAccountStreamId));
      const accounts: PreparedCommand<AtsAccountEvent, AtsAccountState>[] = [];
      for (const accountId of accountIds) accounts.push(await h.account.prepare(atsAccountStreamId(accountId), { type: 'FreezeAccount', roundId: frozenFor, actor: actorOf(ctx), now: ctx.now }, sub(ctx, accountId)));
      const outcomes = await commit([frozen, ...accounts]);
      return { events: outcomes.flatMap((o) => o.events), duplicate: outcomes[0].duplicate, table: outcomes[0].state as RapidTableState };
    });
  }

  /**
   * Rapid 11.11: the results recalculated from the actual outcome and the accounts released, or, when the review
   * confirms the outcome entered, the accounts released with nothing recalculated (all in one appendMany).
   */
  correctOutcome(tableId: string, roundId: string, playerCards: readonly string[], bankerCards: readonly string[], ctx: CommandContext): Promise<UseCaseResult> {
    const tableStream = rapidTableStreamId(tableId);
    return this.tx(tableId, 'exclusive', async (h, prefetch, commit, client) => {
      const { state: table } = await h.table.load(tableStream);
      if (!table.exists) throw notFound('RAPID_TABLE_NOT_FOUND', `No Rapid Baccarat table ${tableId}: check the table id.`);
      // An earlier round, for the Casino Supervisor (13.9): the table's and each account's from their history.
      const { earlierRound } = await this.withEarlierRound(h, client, tableId, { type: 'CorrectOutcome', roundId, playerCards, bankerCards, accounts: [], actor: actorOf(ctx), now: ctx.now } as RapidTableCommand, roundId);
      const held = earlierRound ? { earlierRound } : {};
      const round = requireRound(table, roundId, { actor: actorOf(ctx), earlierRound });
      if (!round.frozenAccountIds) {
        // A retry of a correction already made is a duplicate: `answered` gives back every event it recorded (11.11).
        const retried = await h.table.handle(tableStream, { type: 'CorrectOutcome', roundId, playerCards, bankerCards, accounts: [], ...held, actor: actorOf(ctx), now: ctx.now }, ctx);
        return { events: retried.events, duplicate: retried.duplicate, table: retried.state };
      }
      const actual = outcomeFromCards(tablePolicies(table), playerCards, bankerCards);
      if (round.outcome && sameOutcome(actual, round.outcome)) {
        // The review confirmed the outcome entered: the table records it and each account frozen for the round is released.
        const confirmed = await h.table.prepare(tableStream, { type: 'CorrectOutcome', roundId, playerCards, bankerCards, accounts: [], ...held, actor: actorOf(ctx), now: ctx.now }, ctx);
        await prefetch(round.frozenAccountIds.map(atsAccountStreamId));
        const released: PreparedCommand<AtsAccountEvent, AtsAccountState>[] = [];
        for (const accountId of round.frozenAccountIds) released.push(await h.account.prepare(atsAccountStreamId(accountId), { type: 'ReleaseAccount', roundId, actor: actorOf(ctx), now: ctx.now }, sub(ctx, accountId)));
        const [table2, ...outcomes] = await commit([confirmed, ...released]);
        return { events: [...table2.events, ...outcomes.flatMap((o) => o.events)], duplicate: table2.duplicate, table: table2.state as RapidTableState };
      }
      const accountIds = [...new Set([...round.settledAccountIds, ...round.frozenAccountIds])];
      const atsOf = new Map(Object.values(table.stations).flatMap((s) => (s.accountId ? [[s.accountId, s.station.atsId] as const] : [])));
      await prefetch(accountIds.map(atsAccountStreamId));
      const summaries: AccountRoundSummary[] = [];
      const accounts: PreparedCommand<AtsAccountEvent, AtsAccountState>[] = [];
      for (const accountId of accountIds) {
        const earlier = earlierRound ? await this.accountRoundFrom(client, accountId, roundId) : null;
        const p = await h.account.prepare(atsAccountStreamId(accountId), { type: 'RecalculateSettlement', roundId, roundNumber: round.roundNumber, outcome: actual, terms: table.terms!, earlierRound: earlier, actor: actorOf(ctx), now: ctx.now }, sub(ctx, accountId));
        accounts.push(p);
        const counted = recognisedForCoup(roundAfter(p, roundId, earlier));
        if (counted) summaries.push({ accountId, atsId: atsOf.get(accountId) ?? round.settledAtsOf[accountId] ?? p.state.atsId, ...counted });
      }
      const corrected = await h.table.prepare(tableStream, { type: 'CorrectOutcome', roundId, playerCards, bankerCards, accounts: summaries, ...held, actor: actorOf(ctx), now: ctx.now }, ctx);
      const [table2, ...outcomes] = await commit([corrected, ...accounts]);
      return { events: [...table2.events, ...outcomes.flatMap((o) => o.events)], duplicate: table2.duplicate, table: table2.state as RapidTableState };
    });
  }

  /**
   * Rapid 11.14-11.16 (and a claim upheld as one, 11.12): before the outcome, void wagers are returned at once and
   * confirmed ones settle with the outcome; once the outcome is entered, the accounts settled in the round are
   * adjusted: void wagers return their stake, confirmed ones are settled as the records show them (all in one
   * appendMany).
   */
  reportMalfunction(tableId: string, c: Extract<RapidTableCommand, { type: 'ReportMalfunction' | 'ResolveClaim' }>, ctx: CommandContext): Promise<UseCaseResult> {
    const tableStream = rapidTableStreamId(tableId);
    return this.tx(tableId, 'exclusive', async (h, prefetch, commit, client) => {
      const { state: table } = await h.table.load(tableStream);
      const roundId = c.type === 'ReportMalfunction' ? c.roundId : table.claims[c.claimId]?.roundId;
      const withEarlier = await this.withEarlierRound(h, client, tableId, c, roundId);
      const reported = await h.table.prepare(tableStream, withEarlier, ctx);
      if (!reported.append) {
        // A retry of a malfunction or a claim resolution already dealt with: `answered` gives back every event it recorded.
        const first = await reported.finish(undefined);
        return { events: first.events, duplicate: true, table: first.state as RapidTableState };
      }
      const recorded = reported.append ? reported.events.find((e) => e.type === 'RapidMalfunctionRecorded') : undefined;
      const accounts: PreparedCommand<AtsAccountEvent, AtsAccountState>[] = [];
      if (recorded?.type === 'RapidMalfunctionRecorded' && recorded.afterOutcome) {
        const round = reported.state.recentRounds[recorded.roundId] ?? withEarlier.earlierRound?.round;
        const wagers = recorded.effect === 'void' ? null : (recorded.confirmedWagers ?? undefined);
        // Confirmed by the records as recorded: the settlement stands, nothing to adjust.
        const outcome = round?.outcome;
        if (wagers !== undefined && outcome) {
          const accountIds = recorded.accountIds ?? [];
          await prefetch(accountIds.map(atsAccountStreamId));
          for (const accountId of accountIds) {
            accounts.push(
              await h.account.prepare(
                atsAccountStreamId(accountId),
                { type: 'AdjustToRecords', roundId: recorded.roundId, roundNumber: recorded.roundNumber, wagers, outcome, terms: reported.state.terms!, clause: recorded.clause, earlierRound: withEarlier.earlierRound ? await this.accountRoundFrom(client, accountId, recorded.roundId) : null, actor: actorOf(ctx), now: ctx.now },
                sub(ctx, accountId),
              ),
            );
          }
        }
      } else if (recorded?.type === 'RapidMalfunctionRecorded' && recorded.effect === 'void') {
        const reason = recorded.relativeToPeriod === 'after-expiry' ? 'unconfirmed-after-malfunction' : recorded.scope === 'ats' ? 'ats-malfunction' : 'game-system-malfunction';
        const stations = Object.values(reported.state.stations).filter((s) => s.accountId && (recorded.scope === 'game-system' || s.station.atsId === recorded.atsId));
        await prefetch(stations.map((s) => atsAccountStreamId(s.accountId!)));
        for (const s of stations) {
          accounts.push(await h.account.prepare(atsAccountStreamId(s.accountId!), { type: 'ReturnWagers', roundId: recorded.roundId, reason, clause: recorded.clause, actor: actorOf(ctx), now: ctx.now }, sub(ctx, s.accountId!)));
        }
      }
      const outcomes = await commit([reported, ...accounts]);
      return { events: outcomes.flatMap((o) => o.events), duplicate: outcomes[0].duplicate, table: outcomes[0].state as RapidTableState };
    });
  }

  /**
   * Rapid 11.10, 13.3-13.4: the outcome of a round invalidated and every wager for that result refunded: each account
   * settled in the round is recalculated as if its wagers were void (the stake returned, any credit taken back, never
   * below zero; what an account paid out since gains is owed to the player who left, as after a correction), in one
   * appendMany with the table's record. An earlier round is read from the histories (13.9).
   */
  invalidate(tableId: string, c: Extract<RapidTableCommand, { type: 'InvalidateOutcome' }>, ctx: CommandContext): Promise<UseCaseResult> {
    const tableStream = rapidTableStreamId(tableId);
    return this.tx(tableId, 'exclusive', async (h, prefetch, commit, client) => {
      const command = await this.withEarlierRound(h, client, tableId, c, c.roundId);
      const invalidated = await h.table.prepare(tableStream, command, ctx);
      const recorded = invalidated.append ? invalidated.events.find((e) => e.type === 'RapidOutcomeInvalidated') : undefined;
      const accounts: PreparedCommand<AtsAccountEvent, AtsAccountState>[] = [];
      if (recorded?.type === 'RapidOutcomeInvalidated' && !recorded.outcome) {
        // Invalidated before its outcome (13.3): every wager shown for the game is returned as it stands (13.4).
        await prefetch(recorded.accountIds.map(atsAccountStreamId));
        for (const accountId of recorded.accountIds) {
          accounts.push(await h.account.prepare(atsAccountStreamId(accountId), { type: 'ReturnWagers', roundId: c.roundId, reason: 'outcome-invalidated', clause: recorded.clause, actor: actorOf(ctx), now: ctx.now }, sub(ctx, accountId)));
        }
      } else if (recorded?.type === 'RapidOutcomeInvalidated' && recorded.outcome) {
        const outcome = recorded.outcome;
        await prefetch(recorded.accountIds.map(atsAccountStreamId));
        for (const accountId of recorded.accountIds) {
          const earlierRound = command.earlierRound ? await this.accountRoundFrom(client, accountId, c.roundId) : null;
          accounts.push(
            await h.account.prepare(
              atsAccountStreamId(accountId),
              { type: 'AdjustToRecords', roundId: c.roundId, roundNumber: recorded.roundNumber, wagers: null, outcome, terms: invalidated.state.terms!, clause: recorded.clause, cause: 'invalidation', earlierRound, actor: actorOf(ctx), now: ctx.now },
              sub(ctx, accountId),
            ),
          );
        }
      }
      const outcomes = await commit([invalidated, ...accounts]);
      return { events: outcomes.flatMap((o) => o.events), duplicate: outcomes[0].duplicate, table: outcomes[0].state as RapidTableState };
    });
  }

  /**
   * Idempotency: a retried command answers what its first answer did. Its follow-ups on other streams run under
   * `<commandId>:<suffix>` (`sub`), so a retry appends nothing twice but, handled again, finds only some of them
   * duplicates: whatever the route, a command answered as a duplicate answers every event recorded under its id and
   * its follow-ups'. A retry the rules would now refuse (its round no longer held for a correction, 11.11) is a
   * duplicate first: the recorded answer comes back instead of the refusal. The record is consulted only when the
   * command is a duplicate or refused, so a first command costs nothing more.
   */
  async answered(ctx: CommandContext, run: () => Promise<UseCaseResult>): Promise<UseCaseResult> {
    let result: UseCaseResult;
    try {
      result = await run();
    } catch (refusal) {
      // A refusal costs one look-up by key: a command refused before any stream was asked (its round no longer
      // held) was recorded under its own id if at all; each stream's handler answers a follow-up's retry itself.
      if (!(await this.store.commandResult(ctx.commandId))) throw refusal;
      const first = await this.recordedAnswer(ctx.commandId);
      if (first) return { events: first, duplicate: true };
      throw refusal;
    }
    if (!result.duplicate) return result;
    return { ...result, events: (await this.recordedAnswer(ctx.commandId)) ?? result.events };
  }

  /**
   * The events a command recorded and its follow-ups (ids `<commandId>:<suffix>`, caused by it) recorded, on every
   * stream, in the order they were appended; null when the command was never recorded. Read only for a retry (a
   * scan of the command ids, which a first command never pays).
   */
  private async recordedAnswer(commandId: string): Promise<DomainEvent[] | null> {
    const store = this.store;
    const rows = await store.commandAndFollowUps(commandId);
    let recorded = rows.some((r) => r.commandId === commandId);
    const events: StoredEvent[] = [];
    for (const row of rows) {
      if (!row.result || row.result.toVersion <= row.result.fromVersion) continue;
      const appended = await store.readStream(row.streamId, row.result.fromVersion, row.result.toVersion);
      // Another command whose own key merely begins with this one's is no follow-up: a follow-up is caused by it.
      const own = row.commandId === commandId ? appended : appended.filter((e) => e.metadata.causationId === commandId);
      if (own.length) recorded = true;
      events.push(...own);
    }
    if (!recorded) return null;
    const order = (e: StoredEvent) => [BigInt(e.global.transactionId), BigInt(e.global.position)] as const;
    events.sort((a, b) => {
      const [ta, pa] = order(a);
      const [tb, pb] = order(b);
      return ta === tb ? (pa < pb ? -1 : pa > pb ? 1 : 0) : ta < tb ? -1 : 1;
    });
    return events.map((e) => toDomainEvent(e));
  }

  // ---- tournaments (Rapid 12), following the tournaments service's published sessions ---------------------

  /** A session seats its players at the table's ATS, each on an account credited as the conditions say (12.2.1(b), 12.3.2). */
  // ---- reads ---------------------------------------------------------------------------------------------

  async loadTable(tableId: string): Promise<{ state: RapidTableState; version: number }> {
    const loaded = await this.readHead(this.handlers.table, rapidTableStreamId(tableId));
    if (!loaded.state.exists) throw notFound('RAPID_TABLE_NOT_FOUND', `No Rapid Baccarat table ${tableId}.`);
    return loaded;
  }

  /** The Rapid tables opened at these casinos, by id: each registers with its casino's tables when opened (10.1 footnote, 2.2(a)). */
  async tableIdsOf(casinos: readonly string[]): Promise<string[]> {
    const registries = await Promise.all(casinos.map((casino) => this.readHead(this.handlers.floor, rapidFloorStreamId(casino))));
    return registries.flatMap((r) => Object.keys(r.state.tables)).sort();
  }

  async loadAccount(accountId: string): Promise<{ state: AtsAccountState; version: number }> {
    const loaded = await this.readHead(this.handlers.account, atsAccountStreamId(accountId));
    if (!loaded.state.exists) throw notFound('ACCOUNT_NOT_FOUND', `No ATS chip account ${accountId}.`);
    return loaded;
  }

  /** A read outside any command: the cached state when the stored head is the one it was cached at. */
  private async readHead<C, E extends DomainEvent, S>(handler: DeciderCommandHandler<C, E, S>, streamId: string): Promise<{ state: S; version: number }> {
    const { rows } = await this.pool.query<{ stream_id: string; version: number; event_id: string }>(TransactionHeads.sql(this.schema, [streamId]));
    return handler.load(streamId, { head: rows[0] ? { version: rows[0].version, lastEventId: rows[0].event_id } : { version: 0, lastEventId: null } });
  }

  async accountEvents(accountId: string) {
    return new PostgresEventStore(this.pool, this.schema).readStream(atsAccountStreamId(accountId));
  }
}
