import type { Pool } from 'pg';
import { casinoOfRulebook } from '@app/baccarat';
import type { TournamentTermsAmended, TournamentTermsPublished } from '@app/contracts';
import { handlesTypes, type Projection } from '@app/messaging';

type Data<T> = Omit<T, 'type'>;

/** What the tables service knows of the tournaments, from the tournaments service's published terms alone. */
export const knownTournamentsDdl = (schema: string): string => `CREATE SCHEMA IF NOT EXISTS ${schema};
CREATE TABLE IF NOT EXISTS ${schema}.known_tournaments (
  tournament_id text PRIMARY KEY,
  rulebook_id text NOT NULL,
  source_event_id text NOT NULL
);`;

/**
 * The rulebook each tournament runs under, hence its casino, as the tournaments service published it: its terms
 * (TournamentTermsPublished) and any amendment moving it to another version (TournamentTermsAmended.rulebookId). A
 * table opened in tournament mode serves its own casino's tournament (Crown Melbourne 14.2.5; Star 15.5.2): the casino
 * scope resolves a body's `tournamentId` through it. Rows and checkpoint move in one transaction; replay equals live.
 */
export const knownTournamentsProjection = (schema: string, name?: string): Projection => ({
  name: name ?? `${schema}.known-tournaments`,
  handles: handlesTypes('TournamentTermsPublished', 'TournamentTermsAmended'),
  apply: async (event, tx) => {
    if (event.type === 'TournamentTermsPublished') {
      const d = event.data as unknown as Data<TournamentTermsPublished>;
      await tx.query(
        `INSERT INTO ${schema}.known_tournaments (tournament_id, rulebook_id, source_event_id) VALUES ($1, $2, $3)
         ON CONFLICT (tournament_id) DO UPDATE SET rulebook_id = EXCLUDED.rulebook_id, source_event_id = EXCLUDED.source_event_id`,
        [d.tournamentId, d.rulebookId, event.eventId],
      );
      return;
    }
    const d = event.data as unknown as Data<TournamentTermsAmended>;
    // Absent when the version is unchanged.
    if (typeof d.rulebookId !== 'string') return;
    await tx.query(`UPDATE ${schema}.known_tournaments SET rulebook_id = $2, source_event_id = $3 WHERE tournament_id = $1`, [d.tournamentId, d.rulebookId, event.eventId]);
  },
  setup: async (tx) => {
    await tx.query(knownTournamentsDdl(schema));
  },
  reset: async (tx) => {
    await tx.query(`TRUNCATE ${schema}.known_tournaments`);
  },
});

/**
 * The casino of a tournament the tables service heard of (the casino of the rulebook its terms name); undefined for
 * one never heard of, which a table may still be opened for, as before: the tournaments service flags the opening
 * when it hears of it (TOURNAMENT_NOT_FOUND, or TournamentTableMisused).
 */
export const knownTournamentCasino = async (db: Pick<Pool, 'query'>, schema: string, tournamentId: string): Promise<string | undefined> => {
  const { rows } = await db.query<{ rulebook_id: string }>(`SELECT rulebook_id FROM ${schema}.known_tournaments WHERE tournament_id = $1`, [tournamentId]).catch((err: { code?: string }) => {
    // Not created yet (the consumer has not started, or the service follows no tournaments source): nothing is known.
    if (err.code === '42P01') return { rows: [] };
    throw err;
  });
  return rows[0] ? casinoOfRulebook(rows[0].rulebook_id) : undefined;
};
