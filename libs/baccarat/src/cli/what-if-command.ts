/**
 * `npm run --silent baccarat -- what-if ...`: the what-if replay against a database (DATABASE_URL), for a games
 * analyst. Reads the tables' recorded play as the reporting service does (their published events, through the
 * tables service's own mapping) and answers as POST /reporting/what-if does.
 */
import { Pool } from 'pg';
import { tablesSource } from '../../../../apps/tables/src/integration/tables.source';
import { readRecordedPlay } from '../../../../apps/reporting/src/what-if/recorded-play.reader';
import { whatIf, WhatIfRefused } from '../../../../apps/reporting/src/what-if/what-if';
import { parseWhatIfArguments, WHAT_IF_USAGE, whatIfText } from './what-if-text';

/** Runs the command; resolves to the process exit code (0, or 2 for a question it cannot answer). */
export const runWhatIf = async (args: readonly string[], out: (line: string) => void = console.log, err: (line: string) => void = console.error): Promise<number> => {
  const parsed = parseWhatIfArguments(args);
  if ('error' in parsed) {
    err(`${parsed.error}\n${WHAT_IF_USAGE}`);
    return 2;
  }
  const url = process.env.DATABASE_URL;
  if (!url) {
    err('Set DATABASE_URL to the platform database, e.g. postgres://postgres@127.0.0.1:5432/postgres.');
    return 2;
  }
  const pool = new Pool({ connectionString: url, max: 2 });
  try {
    const source = tablesSource(pool);
    const plays = await Promise.all(parsed.tableIds.map((id) => readRecordedPlay(source, id, parsed.from, parsed.to)));
    const answer = whatIf(plays, parsed.changes, parsed.from, parsed.to);
    out(parsed.json ? JSON.stringify(answer) : whatIfText(answer));
    return 0;
  } catch (e) {
    if (e instanceof WhatIfRefused) {
      for (const v of e.violations) err(`${v.field}: ${v.message} (${v.clause}; table ${v.tableId})`);
      return 2;
    }
    if (e instanceof Error && 'kind' in e && (e as { kind: string }).kind === 'not-found') {
      err(e.message);
      return 2;
    }
    throw e;
  } finally {
    await pool.end();
  }
};
