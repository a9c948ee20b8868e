/**
 * Tournament play on Rapid Baccarat tables (Rapid 12), driven by the tournaments service's PUBLISHED events
 * (libs/contracts/src/tournaments.events.ts), never by calling it. A pure reaction:
 * - `TournamentSessionStarted`: at each Rapid table of the seating, the seated players get the table's ATS (box n =
 *   the n-th ATS), each on a tournament account credited with the player's allotment (12.2.1(b)); the table is then
 *   used only for that session (12.3.2). The accounts follow from what the table decided (which ATS each seat got).
 *   Seats at tables of the tables service are not ours. A Rapid table the tournament did not designate, or a
 *   tournament not under the table's Rapid rules, seats no one: the event is refused naming the rule, recorded for a
 *   supervisor, and no table of the session is seated.
 * - `TournamentSessionEnded`: each tournament account is disposed of (12.2.1(b)) and the ATS released.
 * - `TournamentCancelled`: the session of the tournament at each Rapid table ends with it: each tournament account is
 *   disposed of as at a session's end, naming the cancellation, so it takes no more wagers, and the ATS released (12.3.2).
 * A tournament account is named by the tournament, the session and the entry (12.2.1(b)): a second tournament whose
 * heat and entries are named like the first's gets accounts of its own.
 * What the reaction needs it reads in the checkpoint transaction under each table's exclusive lock (the one every
 * command of the table's accounts takes): the designations it keeps from `TournamentTermsPublished` and
 * `TournamentTablesDesignated` (`tournament_designations`), and the tables' own streams. It keeps too the coups a
 * session is scheduled to last (terms `format.coupsPerSession`, as published or amended, 12.2.1(d)): a table used for
 * a session starts no round beyond them (12.3.5).
 */
import { atsPoliciesFor, rulebookById } from '@app/baccarat';
import {
  atsAccountStreamId,
  rapidTableStreamId,
  ruleViolation,
  type IntegrationEvent,
  type TournamentCancelled,
  type TournamentSessionEnded,
  type TournamentSessionStarted,
  type TournamentTablesDesignated,
  type TournamentTerms,
  type TournamentTermsAmended,
  type TournamentTermsPublished,
} from '@app/contracts';
import { runMigrations, type PostgresEventStore } from '@app/event-store';
import { handlesTypes, type Reaction, type Reactor } from '@app/messaging';
import type { AtsAccountCommand } from '../account/ats-account.decider';
import { deciderHandlers, idFrom } from '../rapid-use-cases';
import { rapidTableLockSql } from '../table-lock';
import type { RapidTableCommand } from '../table/rapid-table.decider';
import type { RapidTableEvent, RapidTableState } from '../table/rapid-table.events';
import { RAPID_TOURNAMENT_MIGRATIONS } from './tournament-designations.migrations';
import { tournamentCredit } from './tournament-credit';

type Data<T> = Omit<T, 'type'>;
export type TournamentSessionCommand = RapidTableCommand | AtsAccountCommand;

/** A tournament's designation as this service keeps it, from the tournaments service's published events. */
export interface Designation {
  readonly rulebook_id: string | null;
  readonly table_ids: readonly string[];
}

/** What the reaction needs: the tournament's designation and the Rapid tables of the event (absent: not ours). */
export interface TournamentSessionsState {
  readonly designation: Designation | null;
  readonly tables: Readonly<Record<string, RapidTableState>>;
}

/**
 * The account a tournament session's entry plays on: the tournament's own (Rapid 12.2.1(b)). Each part is prefixed by
 * its length, so no two (tournament, session, entry) share an account however their ids are cut ("cx" + "s.1" is not
 * "cx.s" + "1").
 */
export const tournamentAccountId = (tournamentId: string, sessionId: string, entryId: string): string =>
  idFrom('T.', `${tournamentId.length}.${tournamentId}.${sessionId.length}.${sessionId}.${entryId}`, 255);

export const reactToTournamentSession = (event: IntegrationEvent, state: TournamentSessionsState): Reaction<TournamentSessionCommand>[] => {
  const base = { actor: event.actor, now: event.occurredAt };
  if (event.type === 'TournamentSessionStarted') {
    const d = event.data as unknown as Data<TournamentSessionStarted>;
    const tableIds = [...new Set(d.seating.map((s) => s.tableId))].filter((t) => state.tables[t]?.terms);
    // Every Rapid table is checked before any is seated: a refused session seats no one anywhere.
    for (const tableId of tableIds) requireDesignated(d.tournamentId, tableId, state.tables[tableId].terms!.rulebookId, state.designation);
    const wagerLimits = sessionWagerLimits(d);
    // The minimum deducted in a round without a wager, as the conditions state (12.2.1(c)); only with a minimum to deduct.
    const compulsoryWager = wagerLimits && d.compulsoryWager?.consequence === 'minimum-deducted' ? { compulsoryWager: { consequence: d.compulsoryWager.consequence, clause: d.compulsoryWager.clause } } : {};
    return tableIds.map((tableId) => {
      const { creditClause } = atsPoliciesFor(rulebookById(state.tables[tableId].terms!.rulebookId)).tournaments;
      const seats = d.seating
        .filter((s) => s.tableId === tableId)
        .map((s) => ({ box: s.box, entryId: s.entryId, creditCents: tournamentCredit(s, creditClause), accountId: tournamentAccountId(d.tournamentId, d.sessionId, s.entryId) }));
      return {
        streamId: rapidTableStreamId(tableId),
        command: { type: 'StartTournamentSession', ...base, tournamentId: d.tournamentId, sessionId: d.sessionId, seats },
        // Each seat the table gave an ATS gets its tournament account, credited with the allotment (12.2.1(b)).
        then: (events: readonly { type: string }[], table: RapidTableState): Reaction<TournamentSessionCommand>[] =>
          (events as readonly RapidTableEvent[]).flatMap((e) =>
            e.type !== 'RapidTournamentSessionStarted'
              ? []
              : e.seats.map((seat) => ({
                  streamId: atsAccountStreamId(seat.accountId),
                  command: {
                    type: 'OpenTournamentAccount' as const,
                    ...base,
                    accountId: seat.accountId,
                    tableId,
                    station: table.stations[seat.atsId].station,
                    rulebookId: table.terms!.rulebookId,
                    tournamentId: d.tournamentId,
                    sessionId: d.sessionId,
                    entryId: seat.entryId,
                    amountCents: seat.creditCents,
                    wagerLimits,
                    ...compulsoryWager,
                  },
                })),
          ),
      };
    });
  }
  if (event.type === 'TournamentSessionEnded' || event.type === 'TournamentCancelled') {
    const ended = event.type === 'TournamentSessionEnded' ? (event.data as unknown as Data<TournamentSessionEnded>) : null;
    const c = ended ? null : (event.data as unknown as Data<TournamentCancelled>);
    const d = ended ?? c!;
    // A cancelled tournament plays no more: whichever of its sessions a table is used for ends with it (Rapid 12.3.2).
    const cancelled = c ? { reason: c.reason, cancelledAt: c.cancelledAt, clause: c.clause } : null;
    return Object.entries(state.tables).flatMap(([tableId, table]) => {
      const session = table.tournamentSession;
      if (session?.tournamentId !== d.tournamentId || (ended && session.sessionId !== ended.sessionId)) return [];
      const ids = { tournamentId: d.tournamentId, sessionId: session.sessionId };
      return [
        ...session.accountIds.map((accountId) => ({ streamId: atsAccountStreamId(accountId), command: { type: 'DisposeTournamentBalance' as const, ...base, ...ids, ...(cancelled ? { cancelled } : {}) } })),
        { streamId: rapidTableStreamId(tableId), command: { type: 'EndTournamentSession' as const, ...base, ...ids } },
      ];
    });
  }
  return [];
};

/**
 * A tournament plays at a Rapid table only under the rules the table plays (Rapid 12.1.1: tournaments of Rapid
 * Baccarat) and only where its director designated the table (12.3.1). The clauses come from the table's rulebook.
 */
export const requireDesignated = (tournamentId: string, tableId: string, tableRulebookId: string, tournament: Designation | null): void => {
  const rb = rulebookById(tableRulebookId);
  const t = rb.procedures.tournaments;
  if (!t) throw ruleViolation('TOURNAMENTS_NOT_IN_RULEBOOK', `Rapid table ${tableId} plays under rules that make no provision for tournaments.`, `${rb.citation} (no provision)`, 'tableId');
  if (tournament?.rulebook_id !== tableRulebookId) {
    throw ruleViolation(
      'TOURNAMENT_NOT_UNDER_TABLE_RULES',
      `Tournament ${tournamentId} is ${tournament?.rulebook_id ? `under ${tournament.rulebook_id}` : 'unknown to this service (its terms were never published)'}; Rapid table ${tableId} plays ${tableRulebookId}: publish a tournament under the table's rules to play there (${t.clause}).`,
      t.clause,
      'tournamentId',
    );
  }
  if (!tournament.table_ids.includes(tableId)) {
    throw ruleViolation('TABLE_NOT_DESIGNATED', `Rapid table ${tableId} is not designated for tournament ${tournamentId}: the Tournament Director designates it first (${t.designation.clause}).`, t.designation.clause, 'tableId');
  }
};

/** The coups each session lasts where the terms fix it (format.coupsPerSession, Rapid 12.2.1(d)); null: not stated. */
const scheduledCoups = (terms: Pick<TournamentTerms, 'format'> | undefined): number | null => {
  const coups = terms?.format?.coupsPerSession;
  return typeof coups === 'number' && Number.isInteger(coups) && coups > 0 ? coups : null;
};

/** The session's wager limits in tournament chips (12.2.1(c)), carried on each tournament account; none when unset. */
const sessionWagerLimits = (d: Pick<TournamentSessionStarted, 'minimumWager' | 'maximumWager'>): { minCents: number; maxCents: number } | null =>
  d.minimumWager > 0 && d.maximumWager >= d.minimumWager ? { minCents: d.minimumWager, maxCents: d.maximumWager } : null;

/** The reactor over the rapid event store; command ids `tournament:<eventId>:<stream>` (the table's as before: `<tableId>`). */
export const tournamentSessionsReactor = (store: PostgresEventStore, name?: string): Reactor<TournamentSessionCommand, TournamentSessionsState> => {
  const schema = store.schema;
  const handlers = deciderHandlers(store);
  const tableIdOf = (streamId: string) => streamId.replace(/^rapid-table-/, '');
  return {
    name: name ?? `${schema}.tournament-sessions`,
    origin: 'tournament',
    store,
    handles: handlesTypes('TournamentTermsPublished', 'TournamentTermsAmended', 'TournamentTablesDesignated', 'TournamentSessionStarted', 'TournamentSessionEnded', 'TournamentCancelled'),
    react: reactToTournamentSession,
    lookup: async (event, tx) => {
      const none: TournamentSessionsState = { designation: null, tables: {} };
      let tableIds: string[];
      if (event.type === 'TournamentSessionStarted') tableIds = [...new Set((event.data as unknown as Data<TournamentSessionStarted>).seating.map((s) => s.tableId))];
      else if (event.type === 'TournamentSessionEnded') {
        const d = event.data as unknown as Data<TournamentSessionEnded>;
        const started = await store.within(tx).findEvents(['RapidTournamentSessionStarted'], { tournamentId: d.tournamentId, sessionId: d.sessionId });
        tableIds = [...new Set(started.map((e) => String(e.data.tableId)))];
      } else if (event.type === 'TournamentCancelled') {
        // Every Rapid table a session of the tournament was started at; the reaction keeps those still used for one.
        const started = await store.within(tx).findEvents(['RapidTournamentSessionStarted'], { tournamentId: String(event.data.tournamentId) });
        tableIds = [...new Set(started.map((e) => String(e.data.tableId)))];
      } else return none;
      const tournamentId = String((event.data as { tournamentId?: unknown }).tournamentId);
      const tables: Record<string, RapidTableState> = {};
      for (const tableId of tableIds.sort()) {
        // The lock every command of the table's accounts takes: no wager or cash-out races the seating.
        await tx.query(rapidTableLockSql(tableId, 'exclusive'));
        const { state } = await handlers.table.load(rapidTableStreamId(tableId), { tx });
        if (state.exists) tables[tableId] = state;
      }
      const { rows } = await tx.query<Designation>(`SELECT rulebook_id, table_ids FROM ${schema}.tournament_designations WHERE tournament_id = $1`, [tournamentId]);
      return { designation: rows[0] ?? null, tables };
    },
    // A session's end looks for the tables its start was seated at, perhaps earlier in the same batch.
    lookupReadsOwnStreams: true,
    remember: async (event, tx) => {
      if (event.type === 'TournamentTermsPublished') {
        const d = event.data as unknown as Data<TournamentTermsPublished>;
        await tx.query(
          `INSERT INTO ${schema}.tournament_designations (tournament_id, rulebook_id, coups_per_session) VALUES ($1, $2, $3)
           ON CONFLICT (tournament_id) DO UPDATE SET rulebook_id = EXCLUDED.rulebook_id, coups_per_session = EXCLUDED.coups_per_session`,
          [d.tournamentId, d.rulebookId, scheduledCoups(d.terms)],
        );
      } else if (event.type === 'TournamentTermsAmended') {
        // The terms as amended schedule the sessions from then on (12.2.1(d)).
        const d = event.data as unknown as Data<TournamentTermsAmended>;
        await tx.query(
          `INSERT INTO ${schema}.tournament_designations (tournament_id, coups_per_session) VALUES ($1, $2) ON CONFLICT (tournament_id) DO UPDATE SET coups_per_session = EXCLUDED.coups_per_session`,
          [d.tournamentId, scheduledCoups(d.next)],
        );
      } else if (event.type === 'TournamentTablesDesignated') {
        const d = event.data as unknown as Data<TournamentTablesDesignated>;
        await tx.query(
          `INSERT INTO ${schema}.tournament_designations (tournament_id, table_ids) VALUES ($1, $2) ON CONFLICT (tournament_id) DO UPDATE SET table_ids = EXCLUDED.table_ids`,
          [d.tournamentId, d.tableIds],
        );
      }
    },
    handlerFor: (streamId) => (streamId.startsWith('rapid-table-') ? handlers.table : handlers.account),
    targetKey: (streamId) => (streamId.startsWith('rapid-table-') ? tableIdOf(streamId) : streamId),
    setup: (tx) => runMigrations(tx, RAPID_TOURNAMENT_MIGRATIONS, schema),
    reset: async (tx) => {
      await tx.query(`TRUNCATE ${schema}.tournament_designations`);
    },
  };
};
