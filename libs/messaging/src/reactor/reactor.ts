import type { IntegrationEvent } from '@app/contracts';
import type { DeciderCommandHandler, PostgresEventStore } from '@app/event-store';
import type { PoolClient } from 'pg';

/** One command a reactor asks for, on one stream of its own service. */
export interface Reaction<C> {
  readonly streamId: string;
  readonly command: C;
  /**
   * Pure: the commands that follow from what this one decided (its events and the stream's state after them), e.g.
   * the accounts a tournament session's seating opens. Run in the same batch, under the same rules.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly then?: (events: readonly { readonly type: string }[], state: any) => readonly Reaction<C>[];
}

/** The command handler a reaction's stream is decided by (any of the service's deciders). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ReactionHandler<C> = Pick<DeciderCommandHandler<C, any, any>, 'prepare'>;

/**
 * Where one service reacts to another's published events (docs/ARCHITECTURE.md, "Reactions between services"):
 * a pure `react(event, state) → reactions`, `now` being the event's own time. What it must know beyond the event it
 * keeps in its service's own read model (`lookup` reads it, `remember` keeps it), fed by the same published events,
 * never by another service's tables. `reactorProjection` (reactor-runner.ts) is the one runner.
 */
export interface Reactor<C, S = undefined> {
  /** Names the consumer: its checkpoints, dead letters and refused commands. Never rename a deployed one. */
  readonly name: string;
  /** The service whose events it reacts to: the first part of every command id (`<origin>:<eventId>:<target>`). */
  readonly origin: string;
  /** The reacting service's own event store: every reaction's stream is in it. */
  readonly store: PostgresEventStore;
  readonly handles: (type: string) => boolean;
  /**
   * Pure: the commands the event causes, given what `lookup` found. No clock, no I/O, no randomness. A DomainError it
   * throws refuses the whole event (nothing of it is decided), recorded for a supervisor like a refused command.
   */
  readonly react: (event: IntegrationEvent, state: S) => readonly Reaction<C>[];
  /** What `react` needs to know, read in the checkpoint transaction from the service's own read model or streams. */
  readonly lookup?: (event: IntegrationEvent, tx: PoolClient) => Promise<S>;
  /**
   * True when `lookup` reads streams this reactor appends to (e.g. a token wager it matched): the runner then appends
   * what earlier events of the batch decided before looking up the next one. Otherwise one append ends the batch.
   */
  readonly lookupReadsOwnStreams?: boolean;
  /** Keeps the reactor's own read model after the event's reactions were decided, in the same transaction. */
  readonly remember?: (event: IntegrationEvent, tx: PoolClient) => Promise<void>;
  /** The handler deciding commands on one of the service's streams. */
  readonly handlerFor: (streamId: string) => ReactionHandler<C>;
  /** The target's part of a command id; by default the stream id (kept so for reactors whose ids predate this shape). */
  readonly targetKey?: (streamId: string) => string;
  /** Creates the read model's tables if missing; empties them before a rebuild. */
  readonly setup?: (tx: PoolClient) => Promise<void>;
  readonly reset?: (tx: PoolClient) => Promise<void>;
}

/** The one identity a reaction's command gets: a redelivered event derives the same ids and appends nothing. */
export const reactionCommandId = (origin: string, eventId: string, targetKey: string, nth: number): string =>
  `${origin}:${eventId}:${targetKey}${nth === 0 ? '' : `:${nth}`}`;
