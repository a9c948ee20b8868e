/**
 * Tournament play on Rapid Baccarat tables (Rapid 12), driven by the tournaments service's PUBLISHED events
 * (libs/contracts/src/tournaments.events.ts), never by calling it:
 * - `TournamentTermsPublished` and `TournamentTablesDesignated`: the tournament's rulebook and the tables its
 *   director designated (12.3.1), kept in this service's schema with the consumer's checkpoint.
 * - `TournamentSessionStarted`: at each Rapid table of the seating, the seated players get the table's ATS
 *   (box n = the n-th ATS), each on a tournament account credited with the player's allotment (12.2.1(b)); the
 *   table is then used only for that session (12.3.2). Seats at tables of the tables service are not ours. A
 *   Rapid table the tournament did not designate, or a tournament not under the table's Rapid rules, seats no
 *   one: the event is refused naming the rule, so it is dead-lettered for the director instead of played.
 * - `TournamentSessionEnded`: each tournament account is disposed of (12.2.1(b)) and the ATS released.
 * Wagers and settlement in between are the ordinary ones, except that the session's minimum and maximum wager in
 * tournament chips replace the table's limits for the tournament accounts (12.2.1(c), 12.2.2).
 * A redelivered event appends nothing: each command's id is derived from the event's id.
 */
import type { PoolClient } from 'pg';
import { atsPoliciesFor, rulebookById } from '@app/baccarat';
import {
  DomainError,
  ruleViolation,
  type IntegrationEvent,
  type TournamentSessionEnded,
  type TournamentSessionStarted,
  type TournamentTablesDesignated,
  type TournamentTermsPublished,
} from '@app/contracts';
import { runMigrations, type CommandContext } from '@app/event-store';
import { handlesTypes, type Projection } from '@app/messaging';
import type { RapidUseCases } from '../rapid-use-cases';
import { RAPID_TOURNAMENT_MIGRATIONS } from './tournament-designations.migrations';
import { tournamentCredit } from './tournament-credit';

type Data<T> = Omit<T, 'type'>;

export class TournamentSessionsConsumer implements Projection {
  readonly name: string;
  readonly handles = handlesTypes('TournamentTermsPublished', 'TournamentTablesDesignated', 'TournamentSessionStarted', 'TournamentSessionEnded');

  constructor(
    private readonly useCases: RapidUseCases,
    name?: string,
  ) {
    this.name = name ?? `${useCases.schema}.tournament-sessions`;
  }

  async setup(tx: PoolClient): Promise<void> {
    await runMigrations(tx, RAPID_TOURNAMENT_MIGRATIONS, this.useCases.schema);
  }

  async reset(tx: PoolClient): Promise<void> {
    await tx.query(`TRUNCATE ${this.useCases.schema}.tournament_designations`);
  }

  async apply(event: IntegrationEvent, tx: PoolClient): Promise<void> {
    const context = (tableId: string): CommandContext => ({
      commandId: `tournament:${event.eventId}:${tableId}`,
      actor: event.actor,
      correlationId: event.correlationId,
      causationId: event.eventId,
      now: event.occurredAt,
    });
    const schema = this.useCases.schema;
    if (event.type === 'TournamentTermsPublished') {
      const d = event.data as unknown as Data<TournamentTermsPublished>;
      await tx.query(
        `INSERT INTO ${schema}.tournament_designations (tournament_id, rulebook_id) VALUES ($1, $2)
         ON CONFLICT (tournament_id) DO UPDATE SET rulebook_id = EXCLUDED.rulebook_id`,
        [d.tournamentId, d.rulebookId],
      );
    } else if (event.type === 'TournamentTablesDesignated') {
      const d = event.data as unknown as Data<TournamentTablesDesignated>;
      await tx.query(
        `INSERT INTO ${schema}.tournament_designations (tournament_id, table_ids) VALUES ($1, $2)
         ON CONFLICT (tournament_id) DO UPDATE SET table_ids = EXCLUDED.table_ids`,
        [d.tournamentId, d.tableIds],
      );
    } else if (event.type === 'TournamentSessionStarted') {
      const d = event.data as unknown as Data<TournamentSessionStarted>;
      const rapidTables: { tableId: string; rulebookId: string }[] = [];
      for (const tableId of [...new Set(d.seating.map((s) => s.tableId))]) {
        const rulebookId = await this.rapidRulebookOf(tableId);
        if (rulebookId !== null) rapidTables.push({ tableId, rulebookId });
      }
      if (rapidTables.length === 0) return;
      // Every Rapid table is checked before any is seated: a refused session seats no one anywhere.
      const { rows } = await tx.query<{ rulebook_id: string | null; table_ids: string[] }>(`SELECT rulebook_id, table_ids FROM ${schema}.tournament_designations WHERE tournament_id = $1`, [d.tournamentId]);
      for (const t of rapidTables) requireDesignated(d.tournamentId, t.tableId, t.rulebookId, rows[0] ?? null);
      for (const { tableId, rulebookId } of rapidTables) {
        const { creditClause } = atsPoliciesFor(rulebookById(rulebookId)).tournaments;
        const seats = d.seating.filter((s) => s.tableId === tableId).map((s) => ({ box: s.box, entryId: s.entryId, creditCents: tournamentCredit(s, creditClause) }));
        await this.useCases.startTournamentSession(tableId, d.tournamentId, d.sessionId, seats, sessionWagerLimits(d), context(tableId));
      }
    } else if (event.type === 'TournamentSessionEnded') {
      const d = event.data as unknown as Data<TournamentSessionEnded>;
      for (const tableId of await this.useCases.tablesOfTournamentSession(d.tournamentId, d.sessionId)) {
        await this.useCases.endTournamentSession(tableId, d.tournamentId, d.sessionId, context(tableId));
      }
    }
  }

  /** The rulebook of a Rapid table of this service, or null when the table is not ours. */
  private async rapidRulebookOf(tableId: string): Promise<string | null> {
    try {
      return (await this.useCases.loadTable(tableId)).state.terms?.rulebookId ?? '';
    } catch (err) {
      if (err instanceof DomainError && err.code === 'RAPID_TABLE_NOT_FOUND') return null;
      throw err;
    }
  }
}

/**
 * A tournament plays at a Rapid table only under the rules the table plays (Rapid 12.1.1: tournaments of Rapid
 * Baccarat) and only where its director designated the table (12.3.1). The clauses come from the table's rulebook.
 */
export const requireDesignated = (tournamentId: string, tableId: string, tableRulebookId: string, tournament: { rulebook_id: string | null; table_ids: readonly string[] } | null): void => {
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

/** The session's wager limits in tournament chips (12.2.1(c)), carried on each tournament account; none when unset. */
const sessionWagerLimits = (d: Pick<TournamentSessionStarted, 'minimumWager' | 'maximumWager'>): { minCents: number; maxCents: number } | null =>
  d.minimumWager > 0 && d.maximumWager >= d.minimumWager ? { minCents: d.minimumWager, maxCents: d.maximumWager } : null;
