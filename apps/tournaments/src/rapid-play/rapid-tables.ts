import type { Pool } from 'pg';
import type { KnownRapidTable } from '../tournament/tournament-command.types';

/**
 * The Rapid tables this service learnt from the rapid service's published `RapidTableOpened` (the rapid-play
 * consumer keeps them): what the edge adds to a designation or a session so the decider can tell a Rapid table
 * from an unknown one without asking the rapid service.
 */
export class RapidTables {
  constructor(
    private readonly pool: Pool,
    private readonly schema: string,
  ) {}

  async known(tableIds: readonly string[]): Promise<KnownRapidTable[]> {
    if (tableIds.length === 0) return [];
    try {
      const { rows } = await this.pool.query<{ table_id: string; rulebook_id: string; variant: string; offered_bets: KnownRapidTable['offeredBets']; ats: number | null; tournament_id: string | null; session_id: string | null }>(
        `SELECT t.table_id, t.rulebook_id, t.variant, t.offered_bets, t.ats, s.tournament_id, s.session_id
           FROM ${this.schema}.rapid_tables t LEFT JOIN ${this.schema}.rapid_sessions s ON s.table_id = t.table_id
          WHERE t.table_id = ANY($1) ORDER BY t.table_id`,
        [tableIds],
      );
      return rows.map((r) => ({
        tableId: r.table_id,
        rulebookId: r.rulebook_id,
        variant: r.variant,
        offeredBets: r.offered_bets,
        inUseBy: r.tournament_id && r.session_id ? { tournamentId: r.tournament_id, sessionId: r.session_id } : null,
        // Box n is the table's n-th ATS (Rapid 2.2(a)); unknown for a table heard of before its ATSs were kept.
        ...(typeof r.ats === 'number' ? { boxes: r.ats } : {}),
      }));
    } catch (err) {
      // Before the consumer's first setup the read model does not exist yet: no Rapid table is known.
      if ((err as { code?: string }).code === '42P01') return [];
      throw err;
    }
  }

  /**
   * The tables among `tableIds` the tables service has open in tournament mode (TableOpened.tournamentId, as the
   * table-play consumer keeps it in table_assignments until the table closes or opens for other play), each with the
   * tournament it serves: a designated table is used for that tournament alone (Star 15.5.2; Crown Melbourne 14.2.5).
   */
  async inTournamentMode(tableIds: readonly string[]): Promise<{ tableId: string; tournamentId: string }[]> {
    if (tableIds.length === 0) return [];
    try {
      const { rows } = await this.pool.query<{ table_id: string; tournament_id: string }>(
        `SELECT table_id, tournament_id FROM ${this.schema}.table_assignments WHERE table_id = ANY($1) ORDER BY table_id`,
        [tableIds],
      );
      return rows.map((r) => ({ tableId: r.table_id, tournamentId: r.tournament_id }));
    } catch (err) {
      if ((err as { code?: string }).code === '42P01') return [];
      throw err;
    }
  }

  /**
   * The rulebook of a table this service learnt of: a table the tables service published opened (table-play's
   * known_tables) or a Rapid table the rapid service did; undefined for a table never seen.
   */
  async rulebookOf(tableId: string): Promise<string | undefined> {
    try {
      const { rows } = await this.pool.query<{ rulebook_id: string }>(
        `SELECT rulebook_id FROM ${this.schema}.known_tables WHERE table_id = $1 UNION ALL SELECT rulebook_id FROM ${this.schema}.rapid_tables WHERE table_id = $1 LIMIT 1`,
        [tableId],
      );
      return rows[0]?.rulebook_id;
    } catch (err) {
      if ((err as { code?: string }).code === '42P01') return undefined;
      throw err;
    }
  }
}
