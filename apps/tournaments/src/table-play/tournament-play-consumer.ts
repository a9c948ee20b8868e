import { DomainError, tournamentStreamId, type IntegrationEvent } from '@app/contracts';
import { PostgresEventStore, runMigrations, type CommandContext, type PreparedCommand, type StreamHead } from '@app/event-store';
import type { Pool, PoolClient } from 'pg';
import type { TournamentCommand } from '../tournament/tournament-command.types';
import { tournamentCommandHandler } from '../tournament/tournament.commands';
import type { TournamentEvent, TournamentState } from '../tournament/tournament.events';
import { TOURNAMENTS_MIGRATIONS } from '../tournaments.migrations';

/**
 * What the consumers of another service's play (the tables service's coups, the rapid service's rounds) share: a
 * batch prepares its commands with the one command handler, each on the state the previous one left (the first
 * under the tournament stream's lock), and appends them all with one `appendMany`, in the messaging transaction
 * that moves the checkpoint (exactly once).
 */
export abstract class TournamentPlayConsumer {
  /**
   * The one command handler over tournament streams, keeping each tournament's state in this process: believed only
   * at the stream's head read under its lock (anything else appended, or a rolled-back batch, shows as a different
   * head and the state is loaded again). Every coup of every table lands on the one tournament stream, so not folding
   * it again for each batch is what keeps the standings within a few hundred ms of the coup (bench/tournaments). Its
   * store is only ever used within the consumer's transaction.
   */
  private readonly handler: ReturnType<typeof tournamentCommandHandler>;

  /** `origin` prefixes the command ids: the service whose event each command came from. */
  constructor(
    protected readonly schema: string,
    private readonly origin: string,
  ) {
    this.handler = tournamentCommandHandler(new PostgresEventStore(OUTSIDE_THE_CONSUMER_TRANSACTION, schema), { cacheState: true });
  }

  async setup(tx: PoolClient): Promise<void> {
    await runMigrations(tx, TOURNAMENTS_MIGRATIONS, this.schema);
  }

  /**
   * Decides one command with the one handler, on the state the batch's previous command on the stream left (the
   * first under the stream's lock, the lock the HTTP edge takes too). A refusal (e.g. a tournament that does not
   * exist) is no poison message: the event simply changes nothing. Each command's id names the event it came from
   * (and its place among that event's commands to the tournament), so an event applied again appends nothing.
   */
  protected async decide(tx: PoolClient, work: Map<string, Working>, event: IntegrationEvent, tournamentId: string, command: TournamentCommand): Promise<void> {
    const streamId = tournamentStreamId(tournamentId);
    let w = work.get(streamId);
    if (!w) {
      w = { head: await new PostgresEventStore(tx, this.schema).lockStream(streamId), prepared: [], last: undefined, perEvent: new Map() };
      work.set(streamId, w);
    }
    const n = w.perEvent.get(event.eventId) ?? 0;
    w.perEvent.set(event.eventId, n + 1);
    const commandId = `${this.origin}:${event.eventId}:${tournamentId}${n === 0 ? '' : `:${n}`}`;
    const context: CommandContext = { commandId, actor: event.actor, correlationId: event.correlationId, causationId: event.eventId, now: event.occurredAt };
    let p: Prepared;
    try {
      p = await this.handler.prepare(streamId, command, context, w.last ? { tx, after: w.last } : { tx, head: w.head });
    } catch (err) {
      if (err instanceof DomainError) return;
      throw err;
    }
    if (!p.append || p.append.events.length === 0) return;
    w.prepared.push(p);
    w.last = { state: p.state, version: p.version, lastEventId: p.lastEventId };
  }

  /** Appends every tournament's prepared commands in one `appendMany`: the end of every applyBatch. */
  protected async appendAll(tx: PoolClient, work: Map<string, Working>): Promise<void> {
    const prepared = [...work.values()].flatMap((w) => w.prepared);
    if (prepared.length === 0) return;
    const results = await new PostgresEventStore(tx, this.schema).appendMany(prepared.map((p) => p.append!));
    // In the consumer's transaction: the cached state is believed only at a head read under the lock, so a batch
    // rolled back after this leaves nothing wrong behind.
    for (const [i, p] of prepared.entries()) await p.finish(results[i]);
  }
}

type Prepared = PreparedCommand<TournamentEvent, TournamentState>;

export interface Working {
  readonly head: StreamHead;
  readonly prepared: Prepared[];
  last: { readonly state: TournamentState; readonly version: number; readonly lastEventId: string | null } | undefined;
  /** Commands decided so far from each event: their place in each command's id. */
  readonly perEvent: Map<string, number>;
}

/** The handler's own store is never used outside the consumer's transaction (`prepare` runs `within` it). */
const OUTSIDE_THE_CONSUMER_TRANSACTION = {
  query: () => Promise.reject(new Error('The tournaments play consumers read and append only in their batch transaction.')),
} as unknown as Pool;
