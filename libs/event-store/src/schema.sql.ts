/**
 * DDL of one service's event store. Each service owns its schema (docs/ARCHITECTURE.md), so every statement is
 * parameterised by a schema name that has been checked by `assertSchemaName`.
 *
 * - `events` is also the outbox: relays and subscriptions follow it by (transaction_id, position).
 * - `streams` holds each stream's version and the hash of its last event; it is the row an append locks.
 * - `commands` makes commands idempotent: a command id seen before returns the original result.
 * - `append_events` does one command's append in one round trip and one transaction: idempotency check,
 *   version check, hash chain, insert.
 */
export const assertSchemaName = (schema: string): string => {
  if (!/^[a-z][a-z0-9_]{0,40}$/.test(schema)) throw new Error(`Invalid schema name "${schema}": use lower-case letters, digits and underscores.`);
  return schema;
};

/** SQL expression of the text that is hashed for one event; identical in the writer and in verification. */
export const HASH_CONTENT_SQL = (p: { prev: string; eventId: string; streamId: string; version: string; type: string; schemaVersion: string; data: string; metadata: string; occurredAt: string }) =>
  `${p.prev} || '|' || ${p.eventId} || '|' || ${p.streamId} || '|' || ${p.version} || '|' || ${p.type} || '|' || ${p.schemaVersion} || '|' || ${p.data} || '|' || ${p.metadata} || '|' || to_char(${p.occurredAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** SQLSTATE raised by append_events on a version conflict. */
export const VERSION_CONFLICT_SQLSTATE = 'ES409';

/**
 * Migration 0001 of the event store (EVENT_STORE_MIGRATIONS): the schema as released before migrations had a
 * history. Never edit it (its checksum is recorded in every database): add a migration instead.
 */
export const eventStoreDdl = (schemaName: string): string => {
  const s = assertSchemaName(schemaName);
  const content = HASH_CONTENT_SQL({
    prev: 'v_prev',
    eventId: "(e->>'eventId')",
    streamId: 'p_stream_id',
    version: 'v_version::text',
    type: "(e->>'type')",
    schemaVersion: "(e->>'schemaVersion')",
    data: "(e->'data')::text",
    metadata: "(e->'metadata')::text",
    occurredAt: 'v_occurred',
  });
  return `
CREATE SCHEMA IF NOT EXISTS ${s};

CREATE TABLE IF NOT EXISTS ${s}.streams (
  stream_id    text PRIMARY KEY,
  stream_type  text NOT NULL,
  version      integer NOT NULL,
  last_hash    text NOT NULL,
  updated_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS ${s}.events (
  position        bigserial PRIMARY KEY,
  transaction_id  xid8 NOT NULL DEFAULT pg_current_xact_id(),
  event_id        uuid NOT NULL UNIQUE,
  stream_id       text NOT NULL,
  stream_type     text NOT NULL,
  version         integer NOT NULL,
  type            text NOT NULL,
  schema_version  integer NOT NULL,
  data            jsonb NOT NULL,
  metadata        jsonb NOT NULL,
  occurred_at     timestamptz NOT NULL,
  recorded_at     timestamptz NOT NULL DEFAULT now(),
  hash            text NOT NULL,
  prev_hash       text NOT NULL,
  UNIQUE (stream_id, version)
);
CREATE INDEX IF NOT EXISTS events_global_order ON ${s}.events (transaction_id, position);

CREATE TABLE IF NOT EXISTS ${s}.commands (
  command_id   text PRIMARY KEY,
  stream_id    text NOT NULL,
  result       jsonb,
  recorded_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS ${s}.snapshots (
  stream_id      text PRIMARY KEY,
  version        integer NOT NULL,
  state          jsonb NOT NULL,
  state_version  text NOT NULL,
  taken_at       timestamptz NOT NULL DEFAULT now()
);

CREATE OR REPLACE FUNCTION ${s}.append_events(
  p_stream_id text, p_stream_type text, p_expected_version integer, p_command_id text, p_events jsonb
) RETURNS jsonb LANGUAGE plpgsql AS $fn$
DECLARE
  v_version   integer;
  v_from      integer;
  v_prev      text;
  v_hash      text;
  v_occurred  timestamptz;
  v_result    jsonb;
  v_new       boolean := false;
  e           jsonb;
  a_ids       uuid[] := '{}';
  a_versions  integer[] := '{}';
  a_types     text[] := '{}';
  a_schemas   integer[] := '{}';
  a_data      jsonb[] := '{}';
  a_meta      jsonb[] := '{}';
  a_occurred  timestamptz[] := '{}';
  a_hashes    text[] := '{}';
  a_prevs     text[] := '{}';
BEGIN
  -- Serialise appends to one stream BEFORE this transaction writes anything: an advisory lock assigns no
  -- transaction id, so the id this transaction gets at its first write is larger than that of every earlier
  -- append to the stream. Readers ordering by (transaction_id, position) therefore see each stream in order.
  -- Holding it, this append also sees every earlier append to the stream committed (read committed), so the
  -- idempotency check, the version check and the hash chain need no further locks.
  PERFORM pg_advisory_xact_lock(hashtext(p_stream_id));
  IF p_command_id IS NOT NULL THEN
    SELECT result INTO v_result FROM ${s}.commands WHERE command_id = p_command_id;
    IF FOUND THEN
      RETURN jsonb_build_object('duplicate', true, 'result', v_result);
    END IF;
  END IF;

  SELECT version, last_hash INTO v_version, v_prev FROM ${s}.streams WHERE stream_id = p_stream_id;
  IF NOT FOUND THEN
    v_version := 0;
    v_prev := '';
    v_new := true;
  END IF;
  IF p_expected_version >= 0 AND v_version <> p_expected_version THEN
    RAISE EXCEPTION 'version conflict on %: expected %, actual %', p_stream_id, p_expected_version, v_version
      USING ERRCODE = '${VERSION_CONFLICT_SQLSTATE}', DETAIL = v_version::text;
  END IF;
  v_from := v_version;

  -- The chain is computed event by event; the rows then go in with one multi-row INSERT.
  FOR e IN SELECT value FROM jsonb_array_elements(p_events) LOOP
    v_version := v_version + 1;
    v_occurred := (e->>'occurredAt')::timestamptz;
    v_hash := encode(sha256(convert_to(${content}, 'UTF8')), 'hex');
    a_ids := a_ids || (e->>'eventId')::uuid;
    a_versions := a_versions || v_version;
    a_types := a_types || (e->>'type');
    a_schemas := a_schemas || (e->>'schemaVersion')::integer;
    a_data := a_data || (e->'data');
    a_meta := a_meta || (e->'metadata');
    a_occurred := a_occurred || v_occurred;
    a_hashes := a_hashes || v_hash;
    a_prevs := a_prevs || v_prev;
    v_prev := v_hash;
  END LOOP;

  IF v_version <> v_from THEN
    -- ORDER BY makes the positions follow the versions.
    INSERT INTO ${s}.events (event_id, stream_id, stream_type, version, type, schema_version, data, metadata, occurred_at, hash, prev_hash)
      SELECT t.id, p_stream_id, p_stream_type, t.v, t.ty, t.sv, t.d, t.m, t.o, t.h, t.p
        FROM unnest(a_ids, a_versions, a_types, a_schemas, a_data, a_meta, a_occurred, a_hashes, a_prevs) AS t(id, v, ty, sv, d, m, o, h, p)
       ORDER BY t.v;
    IF v_new THEN
      INSERT INTO ${s}.streams (stream_id, stream_type, version, last_hash) VALUES (p_stream_id, p_stream_type, v_version, v_prev);
    ELSE
      UPDATE ${s}.streams SET version = v_version, last_hash = v_prev, updated_at = now() WHERE stream_id = p_stream_id;
    END IF;
  END IF;
  v_result := jsonb_build_object('streamId', p_stream_id, 'fromVersion', v_from, 'toVersion', v_version);
  IF p_command_id IS NOT NULL THEN
    INSERT INTO ${s}.commands (command_id, stream_id, result) VALUES (p_command_id, p_stream_id, v_result);
  END IF;
  RETURN jsonb_build_object('duplicate', false, 'result', v_result);
END
$fn$;
`;
};
