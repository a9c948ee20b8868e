import type {
  IntegrationEvent,
  TournamentCancelled,
  TournamentChipsBought,
  TournamentEntrySubstituted,
  TournamentMarkerPlayed,
  TournamentPlayerDisqualified,
  TournamentPlayerRetired,
  TournamentPlayersEliminated,
  TournamentSessionEnded,
  TournamentSessionStarted,
  TournamentTermsAmended,
  WagerOutOfSequence,
  WagersInTurn,
} from '@app/contracts';
import type { PostgresEventStore } from '@app/event-store';
import { handlesTypes, type Reaction, type Reactor } from '@app/messaging';
import type { TableCommand } from '../table/table.decider';
import { TableCommands, tableStreamId } from '../table/table.commands';

type Data<T> = Omit<T, 'type'>;

/** What the reaction to a session's end needs: the tables this service noted the session at. */
export interface TournamentSessionsState {
  readonly tableIds: readonly string[];
}

/**
 * A table in tournament mode serves only its running tournament (Crown Melbourne 14.2.5; Star 15.5.2): the tables
 * service hears from the tournaments service's published events which boxes a session seats at each table, and when
 * it ends, so a wager from a box the session did not seat, or between sessions, is refused at the table; and which
 * wager the tournament found out of the order of wagering, which the table returns rather than settle (Star 15.9.4), or
 * in its turn, the rulings the table waits for before no more bets. Pure.
 * Tables of other services (Rapid tables) are not this service's: their commands decide nothing.
 */
export const reactToTournamentSession = (event: IntegrationEvent, state: TournamentSessionsState): Reaction<TableCommand>[] => {
  const base = { actor: event.actor, now: event.occurredAt };
  if (event.type === 'TournamentSessionStarted') {
    const d = event.data as unknown as Data<TournamentSessionStarted>;
    // Each box with its entry and the entry's player: during the session the table seats only them (Crown Melbourne 14.2.5; Star 15.5.2).
    const byTable = new Map<string, { box: number; entryId: string; patronId?: string }[]>();
    for (const seat of d.seating) byTable.set(seat.tableId, [...(byTable.get(seat.tableId) ?? []), { box: seat.box, entryId: seat.entryId, ...(seat.patronId ? { patronId: seat.patronId } : {}) }]);
    return [...byTable].map(([tableId, seats]) => ({
      streamId: tableStreamId(tableId),
      command: {
        type: 'NoteTournamentSession',
        ...base,
        tournamentId: d.tournamentId,
        sessionId: d.sessionId,
        seats: [...seats].sort((a, b) => a.box - b.box),
        // The terms' minimum and maximum wager the table holds each wager to (Crown Melbourne 14.4.4(b); Star 15.6.14).
        ...(typeof d.minimumWager === 'number' && typeof d.maximumWager === 'number' ? { wagerLimits: { minimum: d.minimumWager, maximum: d.maximumWager } } : {}),
        // The order of wagering: no more bets waits for the tournament's ruling on each wager's turn (Star 15.9.3-15.9.4).
        ...(d.orderOfWagering ? { orderOfWagering: { clause: d.orderOfWagering.clause, outOfSequenceClause: d.orderOfWagering.outOfSequenceClause } } : {}),
      },
    }));
  }
  if (event.type === 'TournamentSessionEnded') {
    const d = event.data as unknown as Data<TournamentSessionEnded>;
    return state.tableIds.map((tableId) => ({ streamId: tableStreamId(tableId), command: { type: 'NoteTournamentSessionEnded', ...base, tournamentId: d.tournamentId, sessionId: d.sessionId } }));
  }
  if (event.type === 'TournamentEntrySubstituted') {
    // The substitute the Tournament Director approved takes the entry's position (Rapid 12.3.3; Crown Melbourne 14.4.8(a)(iii)).
    const d = event.data as unknown as Data<TournamentEntrySubstituted>;
    return state.tableIds.map((tableId) => ({ streamId: tableStreamId(tableId), command: { type: 'NoteTournamentSubstitute', ...base, tournamentId: d.tournamentId, entryId: d.entryId, patronId: d.patronId, clause: d.clause } }));
  }
  if (event.type === 'TournamentTermsAmended') {
    // Amended limits govern the rest of the session at every table of the tournament (Crown Melbourne 14.4.4(b); 14.4.8(c), (g)).
    const d = event.data as unknown as Data<TournamentTermsAmended>;
    const next = d.next.wagerLimits;
    const previous = d.previous.wagerLimits;
    if (!next || (previous && previous.minimum === next.minimum && previous.maximum === next.maximum)) return [];
    return state.tableIds.map((tableId) => ({ streamId: tableStreamId(tableId), command: { type: 'NoteTournamentWagerLimits', ...base, tournamentId: d.tournamentId, wagerLimits: { minimum: next.minimum, maximum: next.maximum } } }));
  }
  if (event.type === 'WagerOutOfSequence') {
    // The player removes the wager and waits their turn (Star 15.9.4): the table hands it back rather than settle it.
    const d = event.data as unknown as Data<WagerOutOfSequence>;
    if (!d.wagerId) return [];
    return [{ streamId: tableStreamId(d.tableId), command: { type: 'ReturnWagerOutOfSequence', ...base, tournamentId: d.tournamentId, coupId: d.coupId, wagerId: d.wagerId, ...(typeof d.expectedBox === 'number' ? { expectedBox: d.expectedBox } : {}), clause: d.clause } }];
  }
  if (event.type === 'WagersInTurn') {
    // The tournament's ruling that these wagers were placed in turn (Star 15.9.3): no more bets no longer waits for them.
    const d = event.data as unknown as Data<WagersInTurn>;
    return [{ streamId: tableStreamId(d.tableId), command: { type: 'NoteTournamentWagersInTurn', ...base, tournamentId: d.tournamentId, coupId: d.coupId, wagerIds: d.wagerIds, clause: d.clause } }];
  }
  if (event.type === 'TournamentCancelled') {
    // A cancelled tournament plays no more (Star 15.3.4): every table it was noted at takes none of its chips again (Star 15.5.2; Rapid 12.3.2).
    const d = event.data as unknown as Data<TournamentCancelled>;
    return state.tableIds.map((tableId) => ({ streamId: tableStreamId(tableId), command: { type: 'NoteTournamentCancelled', ...base, tournamentId: d.tournamentId, reason: d.reason, clause: d.clause } }));
  }
  if (event.type === 'TournamentPlayerDisqualified' || event.type === 'TournamentPlayerRetired') {
    // The entry left play (Star 15.5.7, 15.6.4; Crown Melbourne 14.4.8(a)(ii), (b)(vi)): its box wagers no more, and the
    // player's seat is released (15.5.7; a retired player leaves too), during a session or after it, for the stand-in.
    const d = event.data as unknown as Data<TournamentPlayerDisqualified | TournamentPlayerRetired>;
    const why = event.type === 'TournamentPlayerDisqualified' ? 'disqualified' : 'retired';
    const patronIds = d.patronId ? [d.patronId] : [];
    return state.tableIds.map((tableId) => ({ streamId: tableStreamId(tableId), command: { type: 'NoteTournamentEntriesOut', ...base, tournamentId: d.tournamentId, sessionId: d.sessionId, entryIds: [d.entryId], why, ...(patronIds.length > 0 ? { patronIds } : {}), clause: d.clause } }));
  }
  if (event.type === 'TournamentPlayersEliminated') {
    const d = event.data as unknown as Data<TournamentPlayersEliminated>;
    if (d.order.length === 0) return [];
    return [{ streamId: tableStreamId(d.tableId), command: { type: 'NoteTournamentEntriesOut', ...base, tournamentId: d.tournamentId, sessionId: d.sessionId, entryIds: d.order.map((x) => x.entryId), why: 'eliminated', clause: d.clause } }];
  }
  if (event.type === 'TournamentChipsBought') {
    // Only a buy-back brings an eliminated entry back into play (Star 15.4.2(g); Crown Melbourne 14.4.3(a)(iv)).
    const d = event.data as unknown as Data<TournamentChipsBought>;
    if (d.kind !== 'buy-back') return [];
    return [{ streamId: tableStreamId(d.tableId), command: { type: 'NoteTournamentBuyBack', ...base, tournamentId: d.tournamentId, sessionId: d.sessionId, entryId: d.entryId, clause: d.clause } }];
  }
  if (event.type === 'TournamentMarkerPlayed') {
    // An All-In box wagers nothing else that coup (Crown Melbourne 14.4.4(e)).
    const d = event.data as unknown as Data<TournamentMarkerPlayed>;
    return [
      {
        streamId: tableStreamId(d.tableId),
        command: { type: 'NoteTournamentMarker', ...base, tournamentId: d.tournamentId, sessionId: d.sessionId, coupId: d.coupId, entryId: d.entryId, box: d.box, marker: d.marker, clause: d.clause },
      },
    ];
  }
  return [];
};

/** The reactor over the tables event store; command ids `tournaments:<eventId>:table-<tableId>`. */
export const tournamentSessionsReactor = (store: PostgresEventStore, name?: string): Reactor<TableCommand, TournamentSessionsState> => {
  const tables = new TableCommands(store);
  return {
    name: name ?? `${store.schema}.tournament-sessions`,
    origin: 'tournaments',
    store,
    handles: handlesTypes(
      'TournamentSessionStarted',
      'TournamentSessionEnded',
      'TournamentTermsAmended',
      'TournamentEntrySubstituted',
      'WagerOutOfSequence',
      'WagersInTurn',
      'TournamentCancelled',
      'TournamentPlayerDisqualified',
      'TournamentPlayerRetired',
      'TournamentPlayersEliminated',
      'TournamentChipsBought',
      'TournamentMarkerPlayed',
    ),
    react: reactToTournamentSession,
    lookup: async (event, tx) => {
      if (event.type === 'TournamentCancelled') {
        // Every table opened for the tournament or seated by a session of it.
        const tournamentId = String(event.data.tournamentId);
        const found = await store.within(tx).findEvents(['TableOpened', 'TournamentSessionSeated'], { tournamentId });
        return { tableIds: [...new Set(found.map((e) => String(e.data.tableId)))].sort() };
      }
      if (event.type === 'TournamentTermsAmended' || event.type === 'TournamentEntrySubstituted' || event.type === 'TournamentPlayerDisqualified' || event.type === 'TournamentPlayerRetired') {
        // Every table a session of the tournament was seated at; a table whose session is not this tournament's decides nothing.
        const seated = await store.within(tx).findEvents(['TournamentSessionSeated'], { tournamentId: String(event.data.tournamentId) });
        return { tableIds: [...new Set(seated.map((e) => String(e.data.tableId)))].sort() };
      }
      if (event.type !== 'TournamentSessionEnded') return { tableIds: [] };
      const d = event.data as unknown as Data<TournamentSessionEnded>;
      const seated = await store.within(tx).findEvents(['TournamentSessionSeated'], { tournamentId: d.tournamentId, sessionId: d.sessionId });
      return { tableIds: [...new Set(seated.map((e) => String(e.data.tableId)))].sort() };
    },
    // A session's end looks for the tables its start was noted at, perhaps earlier in the same batch.
    lookupReadsOwnStreams: true,
    handlerFor: () => tables.handler,
  };
};
