import { jackpotStreamId, type CoupCompleted, type CoupVoided, type IntegrationEvent } from '@app/contracts';
import type { PostgresEventStore } from '@app/event-store';
import { handlesTypes, type Reaction, type Reactor } from '@app/messaging';
import type { JackpotCommand } from '../jackpot/jackpot.decider';
import { JACKPOT_STREAM_TYPE, jackpotCommandHandler } from '../jackpot/jackpot.commands';

type Data<T> = Omit<T, 'type'>;

/** What the reaction to a coup needs beyond the event: the jackpots that exist (a void names none). */
export interface CoupContributionsState {
  readonly jackpotIds: readonly string[];
}

const jackpotIdOf = (streamId: string): string => streamId.replace(/^jackpot-/, '');

/**
 * The tables service's coups as jackpot commands (Crown Melbourne 13.4.1-13.4.2), a pure reaction:
 * - CoupCompleted → RecordContribution on every jackpot the coup names (contribution + Lucky Tie detection);
 * - CoupVoided → ReverseContribution offered to every jackpot: a voided coup is not a completed coup, so its
 *   contribution is taken back by a recorded reversal (or, if the void arrives first, never taken); jackpots the
 *   table does not play for decide nothing. Voids are rare and jackpots few; no table-to-jackpot map can go stale.
 * A jackpot the coup names that does not exist here refuses the contribution: recorded for a supervisor by the runner.
 * Command ids `coup:<eventId>:<jackpotId>`, as before this reactor had its shape.
 */
export const reactToCoup = (event: IntegrationEvent, state: CoupContributionsState): Reaction<JackpotCommand>[] => {
  const now = event.occurredAt;
  if (event.type === 'CoupCompleted') {
    const d = event.data as unknown as Data<CoupCompleted>;
    return d.jackpotIds.map((jackpotId) => ({
      streamId: jackpotStreamId(jackpotId),
      command: {
        type: 'RecordContribution',
        jackpotId,
        tableId: d.tableId,
        shoeId: d.shoeId,
        coupId: d.coupId,
        coupNumber: d.coupNumber,
        dummy: d.dummy,
        result: d.result,
        playerCards: d.playerCards,
        bankerCards: d.bankerCards,
        tieWagers: d.tieWagers,
        sourceEventId: event.eventId,
        completedAt: d.completedAt,
        now,
      },
    }));
  }
  if (event.type === 'CoupVoided') {
    const d = event.data as unknown as Data<CoupVoided>;
    return state.jackpotIds.map((jackpotId) => ({
      streamId: jackpotStreamId(jackpotId),
      command: { type: 'ReverseContribution', tableId: d.tableId, shoeId: d.shoeId, coupId: d.coupId, reason: `${d.reason} (${d.clause})`, sourceEventId: event.eventId, now },
    }));
  }
  return [];
};

/** The reactor over the jackpots event store `store`; `name` keeps a deployment's consumer name. */
export const coupContributionsReactor = (store: PostgresEventStore, name?: string): Reactor<JackpotCommand, CoupContributionsState> => {
  const handler = jackpotCommandHandler(store);
  return {
    name: name ?? `${store.schema}.coup-contributions`,
    origin: 'coup',
    store,
    handles: handlesTypes('CoupCompleted', 'CoupVoided'),
    react: reactToCoup,
    // Only a void needs the jackpots that exist, through the event store's own API; a completed coup names its own.
    lookup: async (event, tx) => ({ jackpotIds: event.type === 'CoupVoided' ? (await store.within(tx).streamIds(JACKPOT_STREAM_TYPE)).map(jackpotIdOf) : [] }),
    handlerFor: () => handler,
    targetKey: jackpotIdOf,
    // No setup and no reset: jackpot streams are the service's own facts, never dropped by a rebuild (replayed
    // commands are recognised by their ids and append nothing).
  };
};
