import type { AtsSettlementRecalculated, AtsTournamentCorrectionReferred, IntegrationEvent, RapidMalfunctionRecorded, RapidRoundSettled, RapidTableOpened, RapidTournamentSessionEnded, RapidTournamentSessionRefused, RapidTournamentSessionStarted } from '@app/contracts';
import { runMigrations, type PostgresEventStore } from '@app/event-store';
import type { Reaction, Reactor } from '@app/messaging';
import type { TournamentCommand } from '../tournament/tournament-command.types';
import { tournamentIdOf, tournamentReaction, tournamentReactionHandler } from '../table-play/tournament-reaction';
import { TOURNAMENTS_MIGRATIONS } from '../tournaments.migrations';

type Data<T> = Omit<T, 'type'>;
const HANDLED = new Set(['RapidTableOpened', 'RapidTournamentSessionStarted', 'RapidTournamentSessionRefused', 'RapidTournamentSessionEnded', 'RapidRoundStarted', 'RapidRoundSettled', 'RapidMalfunctionRecorded', 'AtsSettlementRecalculated', 'AtsTournamentCorrectionReferred']);

/** What the reaction to a Rapid table's event needs from this service's own read model. */
export interface RapidPlayState {
  /** The tournament session playing at the event's table, with each tournament account's box. */
  readonly session: { readonly tournamentId: string; readonly boxes: Readonly<Record<string, number>> } | null;
  /** For a recalculation: the tournament account it concerns, if it is one (outlives the session). */
  readonly account: { readonly tournamentId: string; readonly sessionId: string; readonly entryId: string; readonly box: number; readonly tableId: string } | null;
}

/**
 * Tournament play at Rapid Baccarat tables (Rapid 12), from what the rapid service PUBLISHED (never asking it), a pure
 * reaction:
 * - `RapidTournamentSessionStarted`: a seat the rapid service could not give is a notice for the director;
 * - `RapidTournamentSessionRefused`: the table could not take the session (12.3.2): it is not playing there, each seat
 *   there a notice for the director;
 * - `RapidRoundStarted`: a coup of the session starts;
 * - `RapidRoundSettled`: each tournament account's stake and credit for the round (4.8), and the minimum deducted from
 *   one that wagered nothing (12.2.1(c), the account's AtsTournamentMinimumDeducted, summarised with the round so the
 *   coup is scored with it whatever order the account's and the table's streams arrive in): the coup is scored from
 *   them, so a player's chips move exactly as the account's balance did (tournament chips conserved);
 * - `RapidMalfunctionRecorded` voiding the round for the game system (11.15(a)): the coup is void, every stake returned;
 * - `AtsSettlementRecalculated` of a tournament account (11.11): the player's chips move as the account did.
 * - `AtsTournamentCorrectionReferred`: a correction after the session ended, which the Rapid table referred instead of
 *   moving chips (12.2.1(b)): noted for the Tournament Director with what it would have moved, never applied.
 */
export const reactToRapidPlay = (event: IntegrationEvent, state: RapidPlayState): Reaction<TournamentCommand>[] => {
  const data = event.data as Record<string, unknown>;
  const tableId = String(data.tableId ?? '');
  const base = { actor: event.actor, now: event.occurredAt, tableId };
  switch (event.type) {
    case 'RapidTournamentSessionStarted': {
      const d = data as unknown as Data<RapidTournamentSessionStarted>;
      // The table took the session (12.3.2): the seats it gave play; those it could not give are the director's notices.
      return [
        tournamentReaction(d.tournamentId, { type: 'NoteSessionTakenAtTable', ...base, sessionId: d.sessionId, entryIds: d.seats.map((x) => x.entryId) }),
        ...(d.unseated ?? []).map((u) => tournamentReaction(d.tournamentId, { type: 'NoteSeatRefused', ...base, sessionId: d.sessionId, entryId: u.entryId, box: u.box, reason: u.reason })),
      ];
    }
    case 'RapidTournamentSessionRefused': {
      const d = data as unknown as Data<RapidTournamentSessionRefused>;
      return [tournamentReaction(d.tournamentId, { type: 'NoteSessionRefusedAtTable', ...base, sessionId: d.sessionId, reason: d.reason, message: d.message, clause: d.clause })];
    }
    case 'AtsSettlementRecalculated': {
      const d = data as unknown as Data<AtsSettlementRecalculated>;
      const a = state.account;
      if (!a) return []; // not a tournament account
      return [
        tournamentReaction(a.tournamentId, {
          type: 'NoteChipsCorrected',
          ...base,
          tableId: a.tableId,
          sessionId: a.sessionId,
          entryId: a.entryId,
          box: a.box,
          coupId: d.roundId,
          correctionId: event.eventId,
          movement: d.movementCents,
          unrecovered: d.unrecoveredCents,
        }),
      ];
    }
    case 'AtsTournamentCorrectionReferred': {
      const d = data as unknown as Data<AtsTournamentCorrectionReferred>;
      const a = state.account;
      if (!a) return [];
      return [
        tournamentReaction(a.tournamentId, {
          type: 'NoteChipsCorrected',
          ...base,
          tableId: a.tableId,
          sessionId: d.sessionId,
          entryId: d.entryId,
          box: a.box,
          coupId: d.roundId,
          correctionId: event.eventId,
          movement: d.wantedCents,
          unrecovered: 0,
        }),
      ];
    }
    case 'RapidRoundStarted':
      return state.session ? [tournamentReaction(state.session.tournamentId, { type: 'NoteCoupStarted', ...base, coupId: String(data.roundId), dummy: false })] : [];
    case 'RapidMalfunctionRecorded': {
      const d = data as unknown as Data<RapidMalfunctionRecorded>;
      // A void dealt with after the outcome was entered moves the accounts by recalculation (11.15(b)): the chips follow
      // those recalculations (AtsSettlementRecalculated), not a void of the whole coup as well.
      return state.session && d.scope === 'game-system' && d.effect === 'void' && !d.afterOutcome ? [tournamentReaction(state.session.tournamentId, { type: 'NoteCoupVoided', ...base, coupId: d.roundId, clause: d.clause })] : [];
    }
    case 'RapidRoundSettled': {
      const d = data as unknown as Data<RapidRoundSettled>;
      const session = state.session;
      if (!session || !d.outcome) return [];
      const coupId = d.roundId;
      // Only the session's tournament accounts count, each at its box; a stake returned (5.3.3) nets zero.
      const lines = d.accounts.flatMap((a) => (session.boxes[a.accountId] === undefined || a.stakedCents === 0 ? [] : [{ box: session.boxes[a.accountId], amount: a.stakedCents, net: a.creditedCents - a.stakedCents }]));
      // The minimum the table deducted from an account that wagered nothing (12.2.1(c)), scored with the coup whichever
      // command scores it: the completion where nobody wagered, the settlement otherwise.
      const deductions = d.accounts.flatMap((a) => (session.boxes[a.accountId] === undefined || !a.deducted ? [] : [{ box: session.boxes[a.accountId], amount: a.deducted.amountCents, clause: a.deducted.clause }]));
      const deducted = deductions.length > 0 ? { deductions } : {};
      const reactions: Reaction<TournamentCommand>[] = [];
      if (lines.length > 0) reactions.push(tournamentReaction(session.tournamentId, { type: 'NoteWagers', ...base, coupId, wagers: lines.map((l) => ({ box: l.box, amount: l.amount })) }));
      reactions.push(tournamentReaction(session.tournamentId, { type: 'NoteCoupCompleted', ...base, coupId, result: d.outcome.result, playerCards: d.outcome.playerCards, bankerCards: d.outcome.bankerCards, ...deducted }));
      if (lines.length > 0) {
        const settlements = lines.map((l) => ({ ...l, outcome: l.net > 0 ? 'win' : l.net < 0 ? 'lose' : 'push' }));
        reactions.push(tournamentReaction(session.tournamentId, { type: 'NoteSettlement', ...base, coupId, settlements, ...deducted }));
      }
      return reactions;
    }
    default:
      return [];
  }
};

/**
 * The reactor over the tournaments event store. Its read model, fed by the same published events in the checkpoint
 * transaction: `rapid_tables` (a Rapid table's rules, bets and number of ATSs, so a director can designate it and seat
 * players at its ATSs, 12.3.1, 2.2(a)),
 * `rapid_sessions` (which tournament session plays at a table, and which account is which box) and `rapid_accounts`
 * (account → player, outliving the session so a late correction is still noticed). Command ids
 * `rapid:<eventId>:<tournamentId>[:n]`, as before this reactor had its shape.
 */
export const rapidPlayReactor = (store: PostgresEventStore, name?: string): Reactor<TournamentCommand, RapidPlayState> => {
  const schema = store.schema;
  const handler = tournamentReactionHandler(store);
  return {
    name: name ?? `${schema}.rapid-play`,
    origin: 'rapid',
    store,
    handles: (type) => HANDLED.has(type),
    react: reactToRapidPlay,
    lookup: async (event, tx) => {
      const data = event.data as Record<string, unknown>;
      if (event.type === 'AtsSettlementRecalculated' || event.type === 'AtsTournamentCorrectionReferred') {
        const { rows } = await tx.query<{ tournament_id: string; session_id: string; entry_id: string; box: number; table_id: string }>(
          `SELECT tournament_id, session_id, entry_id, box, table_id FROM ${schema}.rapid_accounts WHERE account_id = $1`,
          [String(data.accountId)],
        );
        const a = rows[0];
        return { session: null, account: a ? { tournamentId: a.tournament_id, sessionId: a.session_id, entryId: a.entry_id, box: a.box, tableId: a.table_id } : null };
      }
      if (event.type === 'RapidRoundStarted' || event.type === 'RapidRoundSettled' || event.type === 'RapidMalfunctionRecorded') {
        const { rows } = await tx.query<{ tournament_id: string; boxes: Record<string, number> }>(`SELECT tournament_id, boxes FROM ${schema}.rapid_sessions WHERE table_id = $1`, [String(data.tableId ?? '')]);
        return { session: rows[0] ? { tournamentId: rows[0].tournament_id, boxes: rows[0].boxes } : null, account: null };
      }
      return { session: null, account: null };
    },
    remember: (event, tx) => rememberRapidPlay(schema, event, tx),
    handlerFor: () => handler,
    targetKey: tournamentIdOf,
    setup: (tx) => runMigrations(tx, TOURNAMENTS_MIGRATIONS, schema),
    reset: async (tx) => {
      await tx.query(`TRUNCATE ${schema}.rapid_tables, ${schema}.rapid_sessions, ${schema}.rapid_accounts`);
    },
  };
};

const rememberRapidPlay = async (schema: string, event: IntegrationEvent, tx: Parameters<NonNullable<Reactor<TournamentCommand, RapidPlayState>['remember']>>[1]): Promise<void> => {
  const data = event.data as Record<string, unknown>;
  const tableId = String(data.tableId ?? '');
  if (event.type === 'RapidTableOpened') {
    const d = data as unknown as Data<RapidTableOpened>;
    await tx.query(
      `INSERT INTO ${schema}.rapid_tables (table_id, rulebook_id, variant, offered_bets, ats) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (table_id) DO UPDATE SET rulebook_id = EXCLUDED.rulebook_id, variant = EXCLUDED.variant, offered_bets = EXCLUDED.offered_bets, ats = EXCLUDED.ats`,
      [tableId, d.terms.rulebookId, d.terms.variant, JSON.stringify(d.terms.offeredBets), Array.isArray(d.stations) && d.stations.length > 0 ? d.stations.length : null],
    );
  } else if (event.type === 'RapidTournamentSessionStarted') {
    const d = data as unknown as Data<RapidTournamentSessionStarted>;
    const boxes = Object.fromEntries(d.seats.flatMap((s) => (s.box === undefined ? [] : [[s.accountId, s.box]])));
    await tx.query(
      `INSERT INTO ${schema}.rapid_sessions (table_id, tournament_id, session_id, boxes) VALUES ($1, $2, $3, $4)
       ON CONFLICT (table_id) DO UPDATE SET tournament_id = EXCLUDED.tournament_id, session_id = EXCLUDED.session_id, boxes = EXCLUDED.boxes`,
      [tableId, d.tournamentId, d.sessionId, JSON.stringify(boxes)],
    );
    for (const seat of d.seats) {
      if (seat.box === undefined) continue;
      await tx.query(
        `INSERT INTO ${schema}.rapid_accounts (account_id, table_id, tournament_id, session_id, entry_id, box) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (account_id) DO NOTHING`,
        [seat.accountId, tableId, d.tournamentId, d.sessionId, seat.entryId, seat.box],
      );
    }
  } else if (event.type === 'RapidTournamentSessionEnded') {
    const d = data as unknown as Data<RapidTournamentSessionEnded>;
    await tx.query(`DELETE FROM ${schema}.rapid_sessions WHERE table_id = $1 AND tournament_id = $2 AND session_id = $3`, [tableId, d.tournamentId, d.sessionId]);
  }
};
