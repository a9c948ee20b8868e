import { assertSchemaName, VERSION_CONFLICT_SQLSTATE } from './schema.sql';

/**
 * Migration 0002 of the event store: `append_events_many`, several streams' appends in one round trip and one
 * transaction (e.g. a round and every account it credits, all or nothing).
 *
 * Every stream's lock is taken first, in one fixed order (by lock key), before anything is written: the fixed
 * order keeps two multi-stream appends from deadlocking, and taking them all before the first write keeps the
 * rule `append_events` relies on (a transaction gets its id at its first write, so every earlier append to each
 * of its streams has a smaller one and readers following (transaction_id, position) see each stream in order).
 * Then each append runs in the order given through `append_events` (the same idempotency check, version check
 * and hash chain), so two appends to one stream in one call follow each other. A version conflict raises with
 * the stream in HINT and aborts the whole transaction: nothing of any stream is appended.
 */
export const appendManyDdl = (schemaName: string): string => {
  const s = assertSchemaName(schemaName);
  return `
CREATE OR REPLACE FUNCTION ${s}.append_events_many(p_appends jsonb) RETURNS jsonb LANGUAGE plpgsql AS $fn$
DECLARE
  a          jsonb;
  v_key      integer;
  v_version  integer;
  v_expected integer;
  v_results  jsonb := '[]'::jsonb;
BEGIN
  FOR v_key IN SELECT DISTINCT hashtext(x->>'streamId') AS k FROM jsonb_array_elements(p_appends) x ORDER BY k LOOP
    PERFORM pg_advisory_xact_lock(v_key);
  END LOOP;
  FOR a IN SELECT value FROM jsonb_array_elements(p_appends) LOOP
    v_expected := (a->>'expectedVersion')::integer;
    IF v_expected >= 0 AND NOT EXISTS (SELECT 1 FROM ${s}.commands WHERE command_id = a->>'commandId') THEN
      SELECT version INTO v_version FROM ${s}.streams WHERE stream_id = a->>'streamId';
      IF coalesce(v_version, 0) <> v_expected THEN
        RAISE EXCEPTION 'version conflict on %: expected %, actual %', a->>'streamId', v_expected, coalesce(v_version, 0)
          USING ERRCODE = '${VERSION_CONFLICT_SQLSTATE}', DETAIL = coalesce(v_version, 0)::text, HINT = a->>'streamId';
      END IF;
    END IF;
    v_results := v_results || jsonb_build_array(${s}.append_events(a->>'streamId', a->>'streamType', v_expected, a->>'commandId', a->'events'));
  END LOOP;
  RETURN v_results;
END
$fn$;
`;
};
