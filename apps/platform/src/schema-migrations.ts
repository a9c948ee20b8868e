import { EVENT_STORE_MIGRATIONS, MigrationSet, runMigrations, SqlRunner } from '@app/event-store';
import { MESSAGING_MIGRATIONS } from '@app/messaging';
import { AUDIT_MIGRATIONS } from '@app/platform-kit';
import { PROMOTIONS_MIGRATIONS } from '../../promotions/src/promotions.migrations';
import { RAPID_READ_MODEL_MIGRATIONS } from '../../rapid/src/rapid.migrations';
import { RAPID_TOURNAMENT_MIGRATIONS } from '../../rapid/src/tournaments/tournament-designations.migrations';
import { REPORTING_MIGRATIONS } from '../../reporting/src/reporting.migrations';
import { TOURNAMENTS_MIGRATIONS } from '../../tournaments/src/tournaments.migrations';

/**
 * Every schema of the platform with its migrations, in the order they are applied. Each service also applies
 * its own at boot (event store, messaging, read models, audit), so a service started alone is up to date;
 * `npm run migrate` and `npm start` apply them all first. A new service adds its schema here.
 */
export const PLATFORM_MIGRATIONS: readonly { readonly schema: string; readonly set: MigrationSet }[] = [
  { schema: 'messaging', set: MESSAGING_MIGRATIONS },
  { schema: 'platform', set: AUDIT_MIGRATIONS },
  { schema: 'tables', set: EVENT_STORE_MIGRATIONS },
  { schema: 'jackpots', set: EVENT_STORE_MIGRATIONS },
  { schema: 'promotions', set: EVENT_STORE_MIGRATIONS },
  { schema: 'promotions', set: PROMOTIONS_MIGRATIONS },
  { schema: 'rapid', set: EVENT_STORE_MIGRATIONS },
  { schema: 'rapid', set: RAPID_READ_MODEL_MIGRATIONS },
  { schema: 'rapid', set: RAPID_TOURNAMENT_MIGRATIONS },
  { schema: 'tournaments', set: EVENT_STORE_MIGRATIONS },
  { schema: 'tournaments', set: TOURNAMENTS_MIGRATIONS },
  { schema: 'reporting', set: REPORTING_MIGRATIONS },
];

/** The schemas holding an event store (each with its `events`), from the list above. */
export const EVENT_STORE_SCHEMAS: readonly string[] = [...new Set(PLATFORM_MIGRATIONS.filter((m) => m.set === EVENT_STORE_MIGRATIONS).map((m) => m.schema))];

export async function migratePlatform(db: SqlRunner): Promise<void> {
  for (const { schema, set } of PLATFORM_MIGRATIONS) await runMigrations(db, set, schema);
}
