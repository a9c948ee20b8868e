import { DomainError, type IntegrationEvent } from '@app/contracts';
import type { CommandContext, DomainEvent, PreparedCommand, StreamHead } from '@app/event-store';
import type { PoolClient } from 'pg';
import type { Projection } from '../consumer/projection';
import { inLogContext } from '../log-context';
import { reactionCommandId, type Reaction, type Reactor } from './reactor';
import { recordRefusals, type RefusedCommand } from './refused-commands';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Prepared = PreparedCommand<DomainEvent, any>;

interface StreamWork {
  readonly head: StreamHead;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  last: { readonly state: any; readonly version: number; readonly lastEventId: string | null } | undefined;
}

/**
 * The one runner of reactors: a batch of another service's events becomes this service's commands inside the
 * transaction that moves the consumer's checkpoint (the BatchApplier's), so an event is reacted to and checkpointed,
 * or neither. For each event in order: look up what the reactor needs, `react` (pure), then per reaction
 * - the command id is derived from the source event and the target stream (`<origin>:<eventId>:<target>[:n]`): a
 *   redelivered event, or one replayed after a rebuild, appends nothing;
 * - `now` is the event's `occurredAt`, never the clock, and the actor, correlation and causation come from the event;
 * - the stream is locked through the event store (`lockStream`) before its first command of the batch, and each
 *   command is prepared on the state the previous one left;
 * - a refusal (DomainError) is recorded in `messaging.refused_commands` for a supervisor, in the same transaction;
 *   anything else fails the batch, which messaging retries and then dead-letters.
 * Every command decided is appended with one `appendMany` at the end of the batch (before each lookup too, when the
 * reactor's lookups read its own streams).
 */
export const reactorProjection = <C extends { readonly type: string }, S>(reactor: Reactor<C, S>): Projection => {
  const run = async (events: readonly IntegrationEvent[], tx: PoolClient): Promise<void> => {
    const store = reactor.store.within(tx);
    let work = new Map<string, StreamWork>();
    let prepared: Prepared[] = [];
    const refusals: RefusedCommand[] = [];
    const flush = async (): Promise<void> => {
      if (prepared.length === 0) return;
      const results = await store.appendMany(prepared.map((p) => p.append!));
      for (const [i, p] of prepared.entries()) await p.finish(results[i]);
      prepared = [];
      work = new Map();
    };
    for (const event of events) {
      if (reactor.lookupReadsOwnStreams) await flush();
      const state = (reactor.lookup ? await reactor.lookup(event, tx) : undefined) as S;
      let reactions: readonly Reaction<C>[];
      try {
        reactions = reactor.react(event, state);
      } catch (err) {
        if (!(err instanceof DomainError)) throw err;
        refusals.push(refusalOf(reactor.name, `${reactor.origin}:${event.eventId}:refused`, event, event.streamId, 'reaction', {}, err));
        reactions = [];
      }
      const perTarget = new Map<string, number>();
      const queue = [...reactions];
      while (queue.length > 0) {
        const reaction = queue.shift()!;
        const key = reactor.targetKey?.(reaction.streamId) ?? reaction.streamId;
        const nth = perTarget.get(key) ?? 0;
        perTarget.set(key, nth + 1);
        const context: CommandContext = {
          commandId: reactionCommandId(reactor.origin, event.eventId, key, nth),
          actor: event.actor,
          correlationId: event.correlationId,
          causationId: event.eventId,
          now: event.occurredAt,
        };
        const p = await inLogContext({ correlationId: event.correlationId }, () => prepareOne(reactor, store, work, tx, reaction, context, event, refusals));
        if (!p) continue;
        prepared.push(p);
        // What follows from this command is decided next, before the event's other reactions.
        if (reaction.then) queue.unshift(...reaction.then(p.events, p.state));
      }
      await reactor.remember?.(event, tx);
    }
    await flush();
    await recordRefusals(tx, refusals);
  };
  return {
    name: reactor.name,
    handles: reactor.handles,
    apply: (event, tx) => run([event], tx),
    applyBatch: run,
    setup: reactor.setup,
    reset: reactor.reset,
  };
};

const prepareOne = async <C extends { readonly type: string }, S>(
  reactor: Reactor<C, S>,
  store: Reactor<C, S>['store'],
  work: Map<string, StreamWork>,
  tx: PoolClient,
  reaction: Reaction<C>,
  context: CommandContext,
  event: IntegrationEvent,
  refusals: RefusedCommand[],
): Promise<Prepared | undefined> => {
  const { streamId, command } = reaction;
  let w = work.get(streamId);
  if (!w) {
    w = { head: await store.lockStream(streamId), last: undefined };
    work.set(streamId, w);
  }
  let p: Prepared;
  try {
    p = await reactor.handlerFor(streamId).prepare(streamId, command, context, w.last ? { tx, after: w.last } : { tx, head: w.head });
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    refusals.push(refusalOf(reactor.name, context.commandId, event, streamId, command.type, command as unknown as Record<string, unknown>, err));
    return undefined;
  }
  // Nothing to append (nothing decided, or decided before): nothing follows from it either.
  if (!p.append || p.append.events.length === 0) return undefined;
  w.last = { state: p.state, version: p.version, lastEventId: p.lastEventId };
  return p;
};

const refusalOf = (consumer: string, commandId: string, event: IntegrationEvent, streamId: string, commandType: string, command: Record<string, unknown>, err: DomainError): RefusedCommand => ({
  commandId,
  consumer,
  eventId: event.eventId,
  eventType: event.type,
  streamId,
  commandType,
  code: err.code,
  clause: err.clause ?? null,
  message: err.message,
  command,
  occurredAt: event.occurredAt,
});
