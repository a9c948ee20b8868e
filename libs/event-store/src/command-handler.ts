import { randomUUID } from 'node:crypto';
import { ConcurrencyError } from './concurrency-error';
import { Decider, fold } from './decider';
import { DomainEvent, EventMetadata, NewEvent, StoredEvent } from './event.types';
import { PostgresEventStore } from './postgres-event-store';

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
  readonly maxRetries?: number;
  readonly newEventId?: () => string;
}

export interface CommandOutcome<E extends DomainEvent, S> {
  readonly streamId: string;
  readonly events: readonly E[];
  readonly version: number;
  readonly state: S;
  /** The command id had been handled before: nothing was appended, this is what it did then. */
  readonly duplicate: boolean;
}

/** Turns a stored event back into the domain event the decider produced. */
export const toDomainEvent = <E extends DomainEvent>(e: StoredEvent): E => ({ ...e.data, type: e.type }) as unknown as E;

/**
 * The one generic command handler: read the stream (from a snapshot when there is one), fold, decide,
 * append with the expected version, and on a version conflict read again and decide again.
 */
export class DeciderCommandHandler<C, E extends DomainEvent, S> {
  constructor(
    protected readonly store: PostgresEventStore,
    private readonly options: CommandHandlerOptions<C, E, S>,
  ) {}

  async load(streamId: string): Promise<{ state: S; version: number }> {
    const { decider, snapshot } = this.options;
    const snap = snapshot ? await this.store.loadSnapshot<S>(streamId, snapshot.stateVersion) : undefined;
    const events = await this.store.readStream(streamId, snap?.version ?? 0);
    const state = fold(decider, snap?.state ?? decider.initialState(), events.map((e) => toDomainEvent<E>(e)));
    return { state, version: events.length ? events[events.length - 1].version : (snap?.version ?? 0) };
  }

  /**
   * One round trip on the happy path: the append itself detects a command id seen before. Only when the
   * decider refuses is the command table consulted, because a retried command may be refused by the very
   * state it produced the first time (a card already dealt): that retry gets the original outcome.
   */
  async handle(streamId: string, command: C, context: CommandContext): Promise<CommandOutcome<E, S>> {
    const maxRetries = this.options.maxRetries ?? 5;
    for (let attempt = 0; ; attempt++) {
      const { state, version } = await this.load(streamId);
      let events: readonly E[];
      try {
        events = this.options.decider.decide(command, state);
      } catch (err) {
        const seen = await this.store.commandResult(context.commandId);
        if (seen) return this.replayOutcome(streamId, seen.fromVersion, seen.toVersion);
        throw err;
      }
      try {
        const result = await this.store.append(streamId, this.options.streamType, version, this.toNewEvents(events, state, command, context), context.commandId);
        if (result.duplicate) return this.replayOutcome(streamId, result.fromVersion, result.toVersion);
        const newState = fold(this.options.decider, state, events);
        await this.maybeSnapshot(streamId, version, result.toVersion, newState);
        return { streamId, events, version: result.toVersion, state: newState, duplicate: false };
      } catch (err) {
        if (err instanceof ConcurrencyError && attempt < maxRetries) continue;
        throw err;
      }
    }
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

  private async maybeSnapshot(streamId: string, before: number, after: number, state: S): Promise<void> {
    const every = this.options.snapshot?.every;
    if (!every || Math.floor(after / every) === Math.floor(before / every)) return;
    // A snapshot is an optimisation: failing to write one must not fail a command that has committed.
    await this.store.saveSnapshot(streamId, after, state, this.options.snapshot!.stateVersion).catch(() => undefined);
  }

  private async replayOutcome(streamId: string, fromVersion: number, toVersion: number): Promise<CommandOutcome<E, S>> {
    const stored = toVersion > fromVersion ? await this.store.readStream(streamId, fromVersion, toVersion) : [];
    const { state } = await this.load(streamId);
    return { streamId, events: stored.map((e) => toDomainEvent<E>(e)), version: toVersion, state, duplicate: true };
  }
}
