import { spansOf } from '../reports/register-section';
import type { Cell, SectionDefinition, SectionResult } from '../reports/report.types';
import { TOURNAMENT_RECORD_TYPES } from './tournaments.projection';

const COLUMNS = ['eventId', 'at', 'gamingDay', 'tournamentId', 'type', 'summary', 'amountCents', 'actorId', 'actorRole', 'clause', 'details'];

/** Tournament records of the given types in the period, one row per event in the tournaments service's order. */
export const tournamentRecordsSection = (id: string, title: string, clause: string, types: readonly string[]): SectionDefinition => ({
  id,
  title,
  clause,
  async query(ctx): Promise<SectionResult> {
    // Where no tournaments service runs, its read model was never created: the section is empty, not an error.
    const exists = (await ctx.pool.query<{ t: string | null }>('SELECT to_regclass($1)::text AS t', [`${ctx.schema}.tournament_records`])).rows[0]?.t;
    if (!exists) return { section: { id, title, clause, columns: COLUMNS, rows: [] }, rulebooks: [], spans: [] };
    const { rows } = await ctx.pool.query<{
      event_id: string;
      source: string;
      source_tx: string;
      source_pos: string;
      at: string;
      gaming_day: string;
      tournament_id: string;
      type: string;
      summary: string;
      amount_cents: string | null;
      actor_id: string;
      actor_role: string;
      clause: string | null;
      details: unknown;
      rulebook_id: string;
    }>(
      `SELECT event_id, source, source_tx::text AS source_tx, source_pos::text AS source_pos, at, gaming_day, tournament_id, type, summary,
              amount_cents::text AS amount_cents, actor_id, actor_role, clause, details, rulebook_id
         FROM ${ctx.schema}.tournament_records
        WHERE jurisdiction = $1 AND gaming_day BETWEEN $2 AND $3 AND type = ANY($4)
        ORDER BY tournament_records.source_tx, tournament_records.source_pos`,
      [ctx.jurisdiction, ctx.period.firstDay, ctx.period.lastDay, [...types]],
    );
    const out: Record<string, Cell>[] = rows.map((r) => ({
      eventId: r.event_id,
      at: r.at,
      gamingDay: r.gaming_day,
      tournamentId: r.tournament_id,
      type: r.type,
      summary: r.summary,
      amountCents: r.amount_cents === null ? null : Number(r.amount_cents),
      actorId: r.actor_id,
      actorRole: r.actor_role,
      clause: r.clause,
      details: JSON.stringify(r.details ?? {}),
    }));
    return { section: { id, title, clause, columns: COLUMNS, rows: out }, rulebooks: [...new Set(rows.map((r) => r.rulebook_id))], spans: spansOf(rows) };
  },
});

/** The tournament sections of a regulator report for a jurisdiction: notices and conduct, then results and prizes. */
export const tournamentSections = (citation: { notices: string; conduct: string; results: string }): SectionDefinition[] => [
  tournamentRecordsSection('tournament-notices', 'Tournament terms and notices to the regulator', citation.notices, TOURNAMENT_RECORD_TYPES.notices),
  tournamentRecordsSection('tournament-conduct', 'Tournament tables misused, cancellations, disqualifications, eliminations for a session buy-in not provided, chips corrected and Rapid notices', citation.conduct, TOURNAMENT_RECORD_TYPES.conduct),
  tournamentRecordsSection('tournament-results', 'Tournament results and prizes', citation.results, TOURNAMENT_RECORD_TYPES.results),
];
