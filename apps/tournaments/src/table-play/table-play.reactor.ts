import type { CoupCompleted, IntegrationEvent, TableLimitsChanged, TableOpened, WagersAccepted, WagersSettled } from '@app/contracts';
import { runMigrations, type PostgresEventStore } from '@app/event-store';
import type { Reaction, Reactor } from '@app/messaging';
import type { TournamentCommand } from '../tournament/tournament-command.types';
import { tournamentReaction, tournamentReactionHandler, tournamentIdOf } from './tournament-reaction';
import { TOURNAMENTS_MIGRATIONS } from '../tournaments.migrations';

type Data<T> = Omit<T, 'type'>;
const HANDLED = new Set(['TableOpened', 'TableClosed', 'TableLimitsChanged', 'CoupStarted', 'WagersAccepted', 'BettingClosed', 'CardDealt', 'CoupCompleted', 'WagersSettled', 'CoupVoided']);

/** What the reaction to a table's event needs: the tournament the table plays for, and on an opening for other play, the tournaments designating it. */
export interface TablePlayState {
  readonly tournamentId: string | null;
  readonly designatedBy: readonly string[];
}

/**
 * The tournament reacts to what the tables service published (never asking it anything), a pure reaction: a table
 * opened in tournament mode joins its tournament (Crown Melbourne 14.2.4-14.2.5), a designated table opened for other
 * play is noted by every tournament designating it, and each coup at a tournament table is followed from its start
 * (the order-of-wagering marker, Star 15.9.2) through its wagers, first card (undisclosed wagers revealed, 15.8.2.6),
 * hands and settlement (scored: chips, eliminations, play-offs) or void (Crown Melbourne 15.3-15.5, Star 14.4-14.5).
 */
export const reactToTablePlay = (event: IntegrationEvent, state: TablePlayState): Reaction<TournamentCommand>[] => {
  const data = event.data as Record<string, unknown>;
  const tableId = String(data.tableId ?? '');
  const base = { actor: event.actor, now: event.occurredAt, tableId };
  if (event.type === 'TableOpened') {
    const d = data as unknown as Data<TableOpened>;
    // The table's limits go with it, compared with the terms' minimum and maximum wager (Crown Melbourne 14.4.4(b)).
    const limits = d.limits ? { perBet: Object.entries(d.limits.perBet).map(([bet, l]) => ({ bet, minimumCents: l.minimumCents, maximumCents: l.maximumCents })) } : undefined;
    const note = (forTournament: boolean): TournamentCommand => ({ type: 'NoteTableOpened', ...base, forTournament, variant: d.variant, offeredBets: d.offeredBets, rulebookId: d.rulebookId, ...(limits ? { limits } : {}), ...(typeof d.minimumChipCents === 'number' ? { minimumChipCents: d.minimumChipCents } : {}), ...(typeof d.boxes === 'number' ? { boxes: d.boxes } : {}) });
    if (d.tournamentId) return [tournamentReaction(d.tournamentId, note(true))];
    return state.designatedBy.map((tournamentId) => tournamentReaction(tournamentId, note(false)));
  }
  if (!state.tournamentId) return [];
  const command = toCommand(event, base);
  return command ? [tournamentReaction(state.tournamentId, command)] : [];
};

const toCommand = (event: IntegrationEvent, base: { actor: { id: string; role: string }; now: string; tableId: string }): TournamentCommand | null => {
  const data = event.data as Record<string, unknown>;
  const coupId = String(data.coupId ?? '');
  switch (event.type) {
    case 'TableLimitsChanged': {
      // Checked against the terms again whenever the table's limits change (Crown Melbourne 14.4.4(b); 14.4.8(c), (g)).
      const d = data as unknown as Data<TableLimitsChanged>;
      return { type: 'NoteTableLimitsChanged', ...base, limits: { perBet: Object.entries(d.next.perBet).map(([bet, l]) => ({ bet, minimumCents: l.minimumCents, maximumCents: l.maximumCents })) } };
    }
    case 'CoupStarted':
      return { type: 'NoteCoupStarted', ...base, coupId, dummy: Boolean(data.dummy) };
    case 'WagersAccepted':
      return { type: 'NoteWagers', ...base, coupId, wagers: (data as unknown as Data<WagersAccepted>).wagers.map((w) => ({ box: w.box, amount: w.amountCents, wagerId: w.wagerId })) };
    case 'BettingClosed':
      // No more bets: an undisclosed wager's form is with the supervisor before it or not at all (Star 15.8.2.5-15.8.2.6).
      return { type: 'NoteNoMoreBets', ...base, coupId };
    case 'CardDealt':
      return data.position === 1 ? { type: 'NoteFirstCard', ...base, coupId } : null;
    case 'CoupCompleted': {
      const d = data as unknown as Data<CoupCompleted>;
      return { type: 'NoteCoupCompleted', ...base, coupId, result: d.result, playerCards: d.playerCards, bankerCards: d.bankerCards };
    }
    case 'WagersSettled': {
      const d = data as unknown as Data<WagersSettled>;
      return {
        type: 'NoteSettlement',
        ...base,
        coupId,
        settlements: d.settlements.map((x) => ({
          box: x.box,
          amount: x.amountCents,
          net: x.winCents + x.returnedCents - x.amountCents - x.commissionImmediateCents - x.commissionDeferredCents,
          outcome: x.outcome,
          bet: x.bet,
          option: x.option,
          wagerId: x.wagerId,
        })),
      };
    }
    case 'CoupVoided':
      // Before or after it was settled: the tournament undoes what it scored (Crown Melbourne 15.3-15.5; Star 14.4-14.5).
      return { type: 'NoteCoupVoided', ...base, coupId, ...(typeof data.clause === 'string' ? { clause: data.clause } : {}) };
    default:
      return null;
  }
};

/**
 * The reactor over the tournaments event store: the table → tournament map it keeps (`table_assignments`) and the
 * tables it knows with their rulebook (`known_tables`, for the casino scope) are its own read models, fed by the same TableOpened and TableClosed, in the checkpoint transaction. Command ids
 * `tables:<eventId>:<tournamentId>[:n]`, as before this reactor had its shape.
 */
export const tablePlayReactor = (store: PostgresEventStore, name?: string): Reactor<TournamentCommand, TablePlayState> => {
  const schema = store.schema;
  const handler = tournamentReactionHandler(store);
  return {
    name: name ?? `${schema}.table-play`,
    origin: 'tables',
    store,
    handles: (type) => HANDLED.has(type),
    react: reactToTablePlay,
    lookup: async (event, tx) => {
      const tableId = String((event.data as { tableId?: unknown }).tableId ?? '');
      if (event.type === 'TableOpened') {
        if ((event.data as { tournamentId?: unknown }).tournamentId) return { tournamentId: null, designatedBy: [] };
        const designations = await store.within(tx).findEvents(['TournamentTablesDesignated'], { tableIds: [tableId] });
        return { tournamentId: null, designatedBy: [...new Set(designations.map((e) => tournamentIdOf(e.streamId)))] };
      }
      // Only a coup's first card is a tournament's business (15.8.2.6): the others need no round trip to the table's tournament.
      if (event.type === 'CardDealt' && (event.data as { position?: unknown }).position !== 1) return { tournamentId: null, designatedBy: [] };
      const { rows } = await tx.query<{ tournament_id: string }>(`SELECT tournament_id FROM ${schema}.table_assignments WHERE table_id = $1`, [tableId]);
      return { tournamentId: rows[0]?.tournament_id ?? null, designatedBy: [] };
    },
    remember: async (event, tx) => {
      const tableId = String((event.data as { tableId?: unknown }).tableId ?? '');
      // Every table opened, with its rulebook: whose casino it is when a director names it (Star 2024 15.5.1; Crown Melbourne 14.2.4).
      const rulebookId = event.type === 'TableOpened' ? (event.data as unknown as Data<TableOpened>).rulebookId : undefined;
      if (rulebookId) {
        await tx.query(`INSERT INTO ${schema}.known_tables (table_id, rulebook_id) VALUES ($1, $2) ON CONFLICT (table_id) DO UPDATE SET rulebook_id = EXCLUDED.rulebook_id`, [tableId, rulebookId]);
      }
      const tournamentId = event.type === 'TableOpened' ? (event.data as unknown as Data<TableOpened>).tournamentId : null;
      if (tournamentId) {
        await tx.query(`INSERT INTO ${schema}.table_assignments (table_id, tournament_id) VALUES ($1, $2) ON CONFLICT (table_id) DO UPDATE SET tournament_id = EXCLUDED.tournament_id`, [tableId, tournamentId]);
      } else if (event.type === 'TableOpened' || event.type === 'TableClosed') {
        await tx.query(`DELETE FROM ${schema}.table_assignments WHERE table_id = $1`, [tableId]);
      }
    },
    handlerFor: () => handler,
    targetKey: tournamentIdOf,
    setup: (tx) => runMigrations(tx, TOURNAMENTS_MIGRATIONS, schema),
    reset: async (tx) => {
      await tx.query(`TRUNCATE ${schema}.table_assignments, ${schema}.known_tables`);
    },
  };
};
