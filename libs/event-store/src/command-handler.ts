import { randomUUID } from 'node:crypto';
import type { PoolClient } from 'pg';
import { ConcurrencyError } from './concurrency-error';
import { Decider, fold } from './decider';
import { AppendResult, DomainEvent, EventMetadata, NewEvent, StoredEvent } from './event.types';
import { PostgresEventStore, SnapshotToSave, StreamAppend, StreamHead } from './postgres-event-store';
import { StreamQueue } from './stream-queue';

/** Everything about a command that is not the command itself: who, why, when, and its idempotency key. */
export interface CommandContext {
  /** Idempotency key: the same id twice appends once and returns the first result. */
  readonly commandId: string;
  readonly actor: { readonly id: string; readonly role: string };
  readonly correlationId: string;
  readonly causationId?: string | null;
  /** ISO instant the command is handled at; becomes each event's occurredAt. */
  readonly now: string;
  readonly reason?: string;
}

export interface CommandHandlerOptions<C, E extends DomainEvent, S> {
  readonly streamType: string;
  readonly decider: Decider<C, E, S>;
  /** The rulebook version recorded with the events (e.g. the one the table was opened under). */
  readonly rulebookVersion?: (state: S, command: C, events: readonly E[]) => string | null;
  /** Snapshot the state every N events; bump `stateVersion` whenever the state's shape changes. */
  readonly snapshot?: { readonly every: number; readonly stateVersion: string };
  /** Schema version written for each event type (default 1). */
  readonly schemaVersionOf?: (type: string) => number;
  /** Retries after a version conflict (default 5). Inside a transaction there is none: the conflict aborts it. */
  readonly maxRetries?: number;
  readonly newEventId?: () => string;
  /**
   * Take the stream's lock before reading, for the whole command, in a transaction (the caller's, or one the
   * handler opens on the pool). A stream that another writer appends to hundreds of times a second (a linked
   * jackpot) then never makes a command lose a version race, and no retry is needed.
   */
  readonly lockStream?: boolean;
  /**
   * Keep each stream's state in this process between commands, so a busy stream is not read again for every
   * command. The cache is only a head start, never the truth: with `lockStream` it is used only when the
   * stream's head (version and last event id, read under the lock) is the one it was cached at; without,
   * commands to one stream run one at a time in this process, the append still checks the expected version
   * (a conflict reads the stream again) and a refusal decided on cached state is decided again on the stored
   * stream if that has moved on, so a second instance of the service never refuses a command for state it
   * has not seen.
   */
  readonly cacheState?: boolean;
}

/** Per call: where the command runs. */
export interface HandleOptions {
  /** The caller's transaction (e.g. a consumer's, committing its checkpoint): the command's reads and append join it. */
  readonly tx?: PoolClient;
  /**
   * The stream's head as the caller read it in `tx` under a lock of its own that no other writer of the stream
   * passes (e.g. a lock on the table every command of its accounts takes). With `cacheState` the cached state is
   * then believed only at this head, as under `lockStream`, without a lock per stream; `load` uses it too.
   */
  readonly head?: StreamHead;
}

interface Cached<S> {
  readonly state: S;
  readonly version: number;
  readonly lastEventId: string | null;
}

export interface CommandOutcome<E extends DomainEvent, S> {
  readonly streamId: string;
  readonly events: readonly E[];
  readonly version: number;
  readonly state: S;
  /** The command id had been handled before: nothing was appended, this is what it did then. */
  readonly duplicate: boolean;
}

/**
 * A command decided but not appended yet (`prepare`): its `append` goes into one `store.appendMany` with other
 * commands' (of this handler or others), so commands on several streams commit all or nothing in one round trip.
 */
export interface PreparedCommand<E extends DomainEvent, S> {
  readonly streamId: string;
  /** What to append; null when the command id was handled before (`finish` then returns what it did then). */
  readonly append: StreamAppend | null;
  readonly events: readonly E[];
  /** The stream's state and version once the append is made. */
  readonly state: S;
  readonly version: number;
  /** The id of the stream's newest event once the append is made. */
  readonly lastEventId: string | null;
  /**
   * Call after the transaction that made the append COMMITTED, with this append's result from `appendMany`:
   * caches the state, snapshots when due (best effort) and returns the command's outcome. Given `snapshots`, a due
   * snapshot is added to it instead, for the caller to save with the others in one statement (`saveSnapshots`).
   */
  finish(result: AppendResult | undefined, snapshots?: SnapshotToSave[]): Promise<CommandOutcome<E, S>>;
}

export interface PrepareOptions<S> extends HandleOptions {
  /** Decide on the state an earlier prepared command of the same batch leaves (two commands on one stream). */
  readonly after?: { readonly state: S; readonly version: number; readonly lastEventId: string | null };
}

/** Streams whose state one handler keeps in memory with `cacheState`. */
const MAX_CACHED_STREAMS = 20_000;

const sameHead = (cached: { version: number; lastEventId: string | null }, head: StreamHead): boolean =>
  cached.version === head.version && cached.lastEventId !== null && cached.lastEventId === head.lastEventId;

/** Turns a stored event back into the domain event the decider produced. */
export const toDomainEvent = <E extends DomainEvent>(e: StoredEvent): E => ({ ...e.data, type: e.type }) as unknown as E;

/**
 * The one generic command handler: read the stream (from a snapshot or this process's cache), fold, decide,
 * append with the expected version, and on a version conflict read again and decide again. Runs on the
 * store's pool or inside the caller's transaction, with or without the stream's lock (options above).
 */
export class DeciderCommandHandler<C, E extends DomainEvent, S> {
  private readonly cache?: Map<string, Cached<S>>;
  private readonly queue?: StreamQueue;

  constructor(
    protected readonly store: PostgresEventStore,
    private readonly options: CommandHandlerOptions<C, E, S>,
  ) {
    if (options.cacheState) this.cache = new Map();
    // Without the database lock, the cache is worth something only if one stream's commands take turns.
    if (options.cacheState && !options.lockStream) this.queue = new StreamQueue();
  }

  async load(streamId: string, call: HandleOptions = {}): Promise<{ state: S; version: number }> {
    const hit = call.head ? this.cache?.get(streamId) : undefined;
    if (hit && call.head && sameHead(hit, call.head)) return { state: hit.state, version: hit.version };
    const loaded = await this.loadFrom(call.tx ? this.store.within(call.tx) : this.store, streamId);
    // Read under the caller's lock at the head it names: the state of exactly that head.
    if (call.head && loaded.version === call.head.version) this.remember(streamId, { ...loaded, lastEventId: call.head.lastEventId });
    return loaded;
  }

  /** On the handler's own store through `load` (which a subclass may override, as handlers written before `cacheState` did). */
  private loadIn(store: PostgresEventStore, streamId: string): Promise<{ state: S; version: number }> {
    return store === this.store ? this.load(streamId) : this.loadFrom(store, streamId);
  }

  private async loadFrom(store: PostgresEventStore, streamId: string): Promise<{ state: S; version: number }> {
    const { decider, snapshot } = this.options;
    const snap = snapshot ? await store.loadSnapshot<S>(streamId, snapshot.stateVersion) : undefined;
    const events = await store.readStream(streamId, snap?.version ?? 0);
    const state = fold(decider, snap?.state ?? decider.initialState(), events.map((e) => toDomainEvent<E>(e)));
    return { state, version: events.length ? events[events.length - 1].version : (snap?.version ?? 0) };
  }

  /**
   * One round trip on the happy path: the append itself detects a command id seen before. Only when the
   * decider refuses is the command table consulted, because a retried command may be refused by the very
   * state it produced the first time (a card already dealt): that retry gets the original outcome.
   */
  handle(streamId: string, command: C, context: CommandContext, call: HandleOptions = {}): Promise<CommandOutcome<E, S>> {
    const run = (): Promise<CommandOutcome<E, S>> => {
      if (call.tx) return this.decideAndAppend(this.store.within(call.tx), streamId, command, context, call.head);
      if (this.options.lockStream) return this.store.transaction((store) => this.decideAndAppend(store, streamId, command, context));
      return this.decideAndAppend(this.store, streamId, command, context);
    };
    // A head read under the caller's lock already orders the stream's commands.
    return this.queue && !call.head ? this.queue.run(streamId, run) : run();
  }

  /**
   * Reads and decides like `handle`, but appends nothing: the caller puts the returned `append` into one
   * `store.appendMany` with others and then calls `finish`. The cache is believed only at a `head` read under a
   * lock (or with `lockStream`); a refusal of a command id already handled gives back its first outcome. No
   * retry here: a version conflict aborts the caller's transaction, which the caller may run again.
   */
  async prepare(streamId: string, command: C, context: CommandContext, call: PrepareOptions<S> = {}): Promise<PreparedCommand<E, S>> {
    const store = call.tx ? this.store.within(call.tx) : this.store;
    const base = call.after
      ? { ...call.after, cached: false }
      : await this.current(store, streamId, false, call.head);
    let events: readonly E[];
    try {
      events = this.options.decider.decide(command, base.state);
    } catch (err) {
      const seen = await store.commandResult(context.commandId);
      if (!seen) throw err;
      const replay = () => this.replayOutcome(store, streamId, seen.fromVersion, seen.toVersion);
      return { streamId, append: null, events: [], state: base.state, version: base.version, lastEventId: base.lastEventId, finish: replay };
    }
    const newEvents = this.toNewEvents(events, base.state, command, context);
    const state = fold(this.options.decider, base.state, events);
    const version = base.version + events.length;
    const lastEventId = newEvents.at(-1)?.eventId ?? base.lastEventId;
    const append: StreamAppend = { streamId, streamType: this.options.streamType, expectedVersion: base.version, events: newEvents, commandId: context.commandId };
    const finish = async (result: AppendResult | undefined, snapshots?: SnapshotToSave[]): Promise<CommandOutcome<E, S>> => {
      if (!result || result.duplicate) {
        this.cache?.delete(streamId);
        if (!result) throw new Error(`No append result for stream ${streamId}: pass each prepared append's own result from appendMany.`);
        return this.replayOutcome(store, streamId, result.fromVersion, result.toVersion);
      }
      this.remember(streamId, { state, version: result.toVersion, lastEventId });
      // After the commit: a failed snapshot is only a missed optimisation.
      if (snapshots) {
        const due = this.snapshotDue(streamId, base.version, result.toVersion, state);
        if (due) snapshots.push(due);
      } else await this.maybeSnapshot(store, streamId, base.version, result.toVersion, state, true);
      return { streamId, events, version: result.toVersion, state, duplicate: false };
    };
    return { streamId, append, events, state, version, lastEventId, finish };
  }

  private async decideAndAppend(store: PostgresEventStore, streamId: string, command: C, context: CommandContext, knownHead?: StreamHead): Promise<CommandOutcome<E, S>> {
    const inTx = store.inTransaction;
    const maxRetries = inTx ? 0 : (this.options.maxRetries ?? 5);
    try {
      for (let attempt = 0; ; attempt++) {
        const { state, version, lastEventId, cached } = await this.current(store, streamId, attempt === 0, knownHead);
        let events: readonly E[];
        try {
          events = this.options.decider.decide(command, state);
        } catch (err) {
          // The refusal may come from a stale cache: when the stream has moved on, decide again on what is stored.
          if (cached && !this.options.lockStream && !knownHead && (await store.streamVersion(streamId)) !== version) {
            this.cache?.delete(streamId);
            continue;
          }
          const seen = await store.commandResult(context.commandId);
          if (seen) return await this.replayOutcome(store, streamId, seen.fromVersion, seen.toVersion);
          throw err;
        }
        try {
          const newEvents = this.toNewEvents(events, state, command, context);
          const result = await store.append(streamId, this.options.streamType, version, newEvents, context.commandId);
          if (result.duplicate) {
            this.cache?.delete(streamId);
            return await this.replayOutcome(store, streamId, result.fromVersion, result.toVersion);
          }
          const newState = fold(this.options.decider, state, events);
          this.remember(streamId, { state: newState, version: result.toVersion, lastEventId: newEvents.at(-1)?.eventId ?? lastEventId });
          await this.maybeSnapshot(store, streamId, version, result.toVersion, newState);
          return { streamId, events, version: result.toVersion, state: newState, duplicate: false };
        } catch (err) {
          if (err instanceof ConcurrencyError && attempt < maxRetries) continue;
          throw err;
        }
      }
    } catch (err) {
      // A failure may leave the cache ahead of what is stored (e.g. the transaction rolls back): forget it.
      this.cache?.delete(streamId);
      throw err;
    }
  }

  /** Bounded: a service with many short streams (an account per player) keeps the most recently stored ones. */
  private remember(streamId: string, entry: Cached<S>): void {
    if (!this.cache) return;
    this.cache.delete(streamId);
    this.cache.set(streamId, entry);
    if (this.cache.size > MAX_CACHED_STREAMS) this.cache.delete(this.cache.keys().next().value as string);
  }

  /** The state to decide on: under the stream's lock when asked, from the cache when it is still the stream's head. */
  private async current(store: PostgresEventStore, streamId: string, mayUseCache: boolean, knownHead?: StreamHead): Promise<Cached<S> & { cached: boolean }> {
    const head = knownHead ?? (this.options.lockStream && store.inTransaction ? await store.lockStream(streamId) : undefined);
    const hit = mayUseCache || head ? this.cache?.get(streamId) : undefined;
    if (hit && (!head || sameHead(hit, head))) return { ...hit, cached: true };
    const loaded = knownHead ? await this.loadFrom(store, streamId) : await this.loadIn(store, streamId);
    return { ...loaded, lastEventId: head?.lastEventId ?? null, cached: false };
  }

  private toNewEvents(events: readonly E[], state: S, command: C, context: CommandContext): NewEvent[] {
    const metadata: EventMetadata = {
      actor: context.actor,
      commandId: context.commandId,
      correlationId: context.correlationId,
      causationId: context.causationId ?? null,
      rulebookVersion: this.options.rulebookVersion?.(state, command, events) ?? null,
      ...(context.reason ? { reason: context.reason } : {}),
    };
    const newId = this.options.newEventId ?? randomUUID;
    return events.map(({ type, ...data }) => ({
      eventId: newId(),
      type,
      schemaVersion: this.options.schemaVersionOf?.(type) ?? 1,
      data: data as Record<string, unknown>,
      metadata,
      occurredAt: context.now,
    }));
  }

  /** The snapshot to save when the append from `before` to `after` crossed a multiple of `snapshot.every`. */
  private snapshotDue(streamId: string, before: number, after: number, state: S): SnapshotToSave | undefined {
    const every = this.options.snapshot?.every;
    if (!every || Math.floor(after / every) === Math.floor(before / every)) return undefined;
    return { streamId, version: after, state, stateVersion: this.options.snapshot!.stateVersion };
  }

  private async maybeSnapshot(store: PostgresEventStore, streamId: string, before: number, after: number, state: S, committed = false): Promise<void> {
    const due = this.snapshotDue(streamId, before, after, state);
    if (!due) return;
    const saving = store.saveSnapshots([due]);
    // A snapshot is an optimisation: failing to write one must not fail a command that has committed. Inside
    // the caller's transaction a failed statement aborts it, so there the failure is the caller's to handle.
    await (store.inTransaction && !committed ? saving : saving.catch(() => undefined));
  }

  private async replayOutcome(store: PostgresEventStore, streamId: string, fromVersion: number, toVersion: number): Promise<CommandOutcome<E, S>> {
    const stored = toVersion > fromVersion ? await store.readStream(streamId, fromVersion, toVersion) : [];
    const { state } = await this.loadIn(store, streamId);
    return { streamId, events: stored.map((e) => toDomainEvent<E>(e)), version: toVersion, state, duplicate: true };
  }
}
