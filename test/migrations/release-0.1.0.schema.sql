-- The schema of release 0.1.0 (the last before migrations had a history), as pg_dump --schema-only printed it:
-- event stores tables and jackpots, messaging, platform.audit_log, the reporting read models and stored reports.
-- Fixture of test/migrations/upgrade.int.ts. Never edit it: a later release gets a fixture of its own.
--
-- PostgreSQL database dump
--



SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

--
-- Name: jackpots; Type: SCHEMA; Schema: -; Owner: -
--

CREATE SCHEMA jackpots;


--
-- Name: messaging; Type: SCHEMA; Schema: -; Owner: -
--

CREATE SCHEMA messaging;


--
-- Name: platform; Type: SCHEMA; Schema: -; Owner: -
--

CREATE SCHEMA platform;


--
-- Name: reporting; Type: SCHEMA; Schema: -; Owner: -
--

CREATE SCHEMA reporting;


--
-- Name: tables; Type: SCHEMA; Schema: -; Owner: -
--

CREATE SCHEMA tables;


--
-- Name: append_events(text, text, integer, text, jsonb); Type: FUNCTION; Schema: jackpots; Owner: -
--

CREATE FUNCTION jackpots.append_events(p_stream_id text, p_stream_type text, p_expected_version integer, p_command_id text, p_events jsonb) RETURNS jsonb
    LANGUAGE plpgsql
    AS $$
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
    SELECT result INTO v_result FROM jackpots.commands WHERE command_id = p_command_id;
    IF FOUND THEN
      RETURN jsonb_build_object('duplicate', true, 'result', v_result);
    END IF;
  END IF;

  SELECT version, last_hash INTO v_version, v_prev FROM jackpots.streams WHERE stream_id = p_stream_id;
  IF NOT FOUND THEN
    v_version := 0;
    v_prev := '';
    v_new := true;
  END IF;
  IF p_expected_version >= 0 AND v_version <> p_expected_version THEN
    RAISE EXCEPTION 'version conflict on %: expected %, actual %', p_stream_id, p_expected_version, v_version
      USING ERRCODE = 'ES409', DETAIL = v_version::text;
  END IF;
  v_from := v_version;

  -- The chain is computed event by event; the rows then go in with one multi-row INSERT.
  FOR e IN SELECT value FROM jsonb_array_elements(p_events) LOOP
    v_version := v_version + 1;
    v_occurred := (e->>'occurredAt')::timestamptz;
    v_hash := encode(sha256(convert_to(v_prev || '|' || (e->>'eventId') || '|' || p_stream_id || '|' || v_version::text || '|' || (e->>'type') || '|' || (e->>'schemaVersion') || '|' || (e->'data')::text || '|' || (e->'metadata')::text || '|' || to_char(v_occurred AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'UTF8')), 'hex');
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
    INSERT INTO jackpots.events (event_id, stream_id, stream_type, version, type, schema_version, data, metadata, occurred_at, hash, prev_hash)
      SELECT t.id, p_stream_id, p_stream_type, t.v, t.ty, t.sv, t.d, t.m, t.o, t.h, t.p
        FROM unnest(a_ids, a_versions, a_types, a_schemas, a_data, a_meta, a_occurred, a_hashes, a_prevs) AS t(id, v, ty, sv, d, m, o, h, p)
       ORDER BY t.v;
    IF v_new THEN
      INSERT INTO jackpots.streams (stream_id, stream_type, version, last_hash) VALUES (p_stream_id, p_stream_type, v_version, v_prev);
    ELSE
      UPDATE jackpots.streams SET version = v_version, last_hash = v_prev, updated_at = now() WHERE stream_id = p_stream_id;
    END IF;
  END IF;
  v_result := jsonb_build_object('streamId', p_stream_id, 'fromVersion', v_from, 'toVersion', v_version);
  IF p_command_id IS NOT NULL THEN
    INSERT INTO jackpots.commands (command_id, stream_id, result) VALUES (p_command_id, p_stream_id, v_result);
  END IF;
  RETURN jsonb_build_object('duplicate', false, 'result', v_result);
END
$$;


--
-- Name: append_events(text, text, integer, text, jsonb); Type: FUNCTION; Schema: tables; Owner: -
--

CREATE FUNCTION tables.append_events(p_stream_id text, p_stream_type text, p_expected_version integer, p_command_id text, p_events jsonb) RETURNS jsonb
    LANGUAGE plpgsql
    AS $$
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
    SELECT result INTO v_result FROM tables.commands WHERE command_id = p_command_id;
    IF FOUND THEN
      RETURN jsonb_build_object('duplicate', true, 'result', v_result);
    END IF;
  END IF;

  SELECT version, last_hash INTO v_version, v_prev FROM tables.streams WHERE stream_id = p_stream_id;
  IF NOT FOUND THEN
    v_version := 0;
    v_prev := '';
    v_new := true;
  END IF;
  IF p_expected_version >= 0 AND v_version <> p_expected_version THEN
    RAISE EXCEPTION 'version conflict on %: expected %, actual %', p_stream_id, p_expected_version, v_version
      USING ERRCODE = 'ES409', DETAIL = v_version::text;
  END IF;
  v_from := v_version;

  -- The chain is computed event by event; the rows then go in with one multi-row INSERT.
  FOR e IN SELECT value FROM jsonb_array_elements(p_events) LOOP
    v_version := v_version + 1;
    v_occurred := (e->>'occurredAt')::timestamptz;
    v_hash := encode(sha256(convert_to(v_prev || '|' || (e->>'eventId') || '|' || p_stream_id || '|' || v_version::text || '|' || (e->>'type') || '|' || (e->>'schemaVersion') || '|' || (e->'data')::text || '|' || (e->'metadata')::text || '|' || to_char(v_occurred AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'UTF8')), 'hex');
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
    INSERT INTO tables.events (event_id, stream_id, stream_type, version, type, schema_version, data, metadata, occurred_at, hash, prev_hash)
      SELECT t.id, p_stream_id, p_stream_type, t.v, t.ty, t.sv, t.d, t.m, t.o, t.h, t.p
        FROM unnest(a_ids, a_versions, a_types, a_schemas, a_data, a_meta, a_occurred, a_hashes, a_prevs) AS t(id, v, ty, sv, d, m, o, h, p)
       ORDER BY t.v;
    IF v_new THEN
      INSERT INTO tables.streams (stream_id, stream_type, version, last_hash) VALUES (p_stream_id, p_stream_type, v_version, v_prev);
    ELSE
      UPDATE tables.streams SET version = v_version, last_hash = v_prev, updated_at = now() WHERE stream_id = p_stream_id;
    END IF;
  END IF;
  v_result := jsonb_build_object('streamId', p_stream_id, 'fromVersion', v_from, 'toVersion', v_version);
  IF p_command_id IS NOT NULL THEN
    INSERT INTO tables.commands (command_id, stream_id, result) VALUES (p_command_id, p_stream_id, v_result);
  END IF;
  RETURN jsonb_build_object('duplicate', false, 'result', v_result);
END
$$;


SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: commands; Type: TABLE; Schema: jackpots; Owner: -
--

CREATE TABLE jackpots.commands (
    command_id text NOT NULL,
    stream_id text NOT NULL,
    result jsonb,
    recorded_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: events; Type: TABLE; Schema: jackpots; Owner: -
--

CREATE TABLE jackpots.events (
    "position" bigint NOT NULL,
    transaction_id xid8 DEFAULT pg_current_xact_id() NOT NULL,
    event_id uuid NOT NULL,
    stream_id text NOT NULL,
    stream_type text NOT NULL,
    version integer NOT NULL,
    type text NOT NULL,
    schema_version integer NOT NULL,
    data jsonb NOT NULL,
    metadata jsonb NOT NULL,
    occurred_at timestamp with time zone NOT NULL,
    recorded_at timestamp with time zone DEFAULT now() NOT NULL,
    hash text NOT NULL,
    prev_hash text NOT NULL
);


--
-- Name: events_position_seq; Type: SEQUENCE; Schema: jackpots; Owner: -
--

CREATE SEQUENCE jackpots.events_position_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: events_position_seq; Type: SEQUENCE OWNED BY; Schema: jackpots; Owner: -
--

ALTER SEQUENCE jackpots.events_position_seq OWNED BY jackpots.events."position";


--
-- Name: snapshots; Type: TABLE; Schema: jackpots; Owner: -
--

CREATE TABLE jackpots.snapshots (
    stream_id text NOT NULL,
    version integer NOT NULL,
    state jsonb NOT NULL,
    state_version text NOT NULL,
    taken_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: streams; Type: TABLE; Schema: jackpots; Owner: -
--

CREATE TABLE jackpots.streams (
    stream_id text NOT NULL,
    stream_type text NOT NULL,
    version integer NOT NULL,
    last_hash text NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: checkpoints; Type: TABLE; Schema: messaging; Owner: -
--

CREATE TABLE messaging.checkpoints (
    consumer text NOT NULL,
    source text NOT NULL,
    partition integer NOT NULL,
    kafka_offset bigint,
    transaction_id xid8 DEFAULT '0'::xid8 NOT NULL,
    "position" bigint DEFAULT 0 NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: dead_letters; Type: TABLE; Schema: messaging; Owner: -
--

CREATE TABLE messaging.dead_letters (
    id bigint NOT NULL,
    consumer text NOT NULL,
    source text NOT NULL,
    partition integer NOT NULL,
    kafka_offset bigint,
    event_id text,
    event_type text,
    event jsonb,
    raw text,
    error text NOT NULL,
    attempts integer NOT NULL,
    failed_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: dead_letters_id_seq; Type: SEQUENCE; Schema: messaging; Owner: -
--

CREATE SEQUENCE messaging.dead_letters_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: dead_letters_id_seq; Type: SEQUENCE OWNED BY; Schema: messaging; Owner: -
--

ALTER SEQUENCE messaging.dead_letters_id_seq OWNED BY messaging.dead_letters.id;


--
-- Name: relay_checkpoints; Type: TABLE; Schema: messaging; Owner: -
--

CREATE TABLE messaging.relay_checkpoints (
    relay text NOT NULL,
    transaction_id xid8 NOT NULL,
    "position" bigint NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: audit_log; Type: TABLE; Schema: platform; Owner: -
--

CREATE TABLE platform.audit_log (
    id bigint NOT NULL,
    occurred_at timestamp with time zone NOT NULL,
    service text NOT NULL,
    actor_id text,
    actor_name text,
    actor_role text,
    method text NOT NULL,
    route text NOT NULL,
    params jsonb DEFAULT '{}'::jsonb NOT NULL,
    summary text NOT NULL,
    status integer NOT NULL,
    outcome text NOT NULL,
    error_code text,
    correlation_id text NOT NULL,
    command_id text
);


--
-- Name: audit_log_id_seq; Type: SEQUENCE; Schema: platform; Owner: -
--

CREATE SEQUENCE platform.audit_log_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: audit_log_id_seq; Type: SEQUENCE OWNED BY; Schema: platform; Owner: -
--

ALTER SEQUENCE platform.audit_log_id_seq OWNED BY platform.audit_log.id;


--
-- Name: bet_stats; Type: TABLE; Schema: reporting; Owner: -
--

CREATE TABLE reporting.bet_stats (
    table_id text NOT NULL,
    gaming_day text NOT NULL,
    shift text NOT NULL,
    bet text NOT NULL,
    jurisdiction text,
    wagers integer,
    wins integer,
    losses integer,
    pushes integer,
    voids integer,
    turnover_cents bigint,
    paid_cents bigint,
    lost_cents bigint,
    commission_cents bigint,
    commission_waived_cents bigint,
    house_win_cents bigint
);


--
-- Name: commission_exceptions; Type: TABLE; Schema: reporting; Owner: -
--

CREATE TABLE reporting.commission_exceptions (
    event_id text NOT NULL,
    source text,
    source_tx numeric,
    source_pos bigint,
    table_id text,
    shoe_id text,
    previous_shoe_id text,
    jurisdiction text,
    gaming_day text,
    started_at text,
    kind text,
    outstanding_cents bigint,
    override_cents bigint,
    approved_by text,
    reason text,
    clause text,
    actor_id text,
    actor_role text
);


--
-- Name: commission_ledger; Type: TABLE; Schema: reporting; Owner: -
--

CREATE TABLE reporting.commission_ledger (
    table_id text NOT NULL,
    shoe_id text NOT NULL,
    box integer NOT NULL,
    patron_key text NOT NULL,
    patron_id text,
    jurisdiction text,
    deferred_cents bigint,
    collected_cents bigint,
    waived_cents bigint,
    deferred_wagers integer,
    last_settled_by text,
    last_settled_role text,
    last_settled_at text
);


--
-- Name: commission_movements; Type: TABLE; Schema: reporting; Owner: -
--

CREATE TABLE reporting.commission_movements (
    event_id text NOT NULL,
    seq integer NOT NULL,
    source text,
    source_tx numeric,
    source_pos bigint,
    table_id text,
    shoe_id text,
    box integer,
    patron_id text,
    jurisdiction text,
    gaming_day text,
    kind text,
    amount_cents bigint,
    trigger text,
    coup_id text,
    wager_id text,
    actor_id text,
    actor_role text,
    at text
);


--
-- Name: compliance_register; Type: TABLE; Schema: reporting; Owner: -
--

CREATE TABLE reporting.compliance_register (
    event_id text NOT NULL,
    seq integer NOT NULL,
    source text,
    source_tx numeric,
    source_pos bigint,
    occurred_at text,
    gaming_day text,
    shift text,
    jurisdiction text,
    rulebook_id text,
    table_id text,
    shoe_id text,
    coup_id text,
    wager_id text,
    patron_id text,
    category text,
    kind text,
    clause text,
    notifiable boolean,
    reportable boolean,
    amount_cents bigint,
    actor_id text,
    actor_role text,
    reason text,
    details jsonb
);


--
-- Name: jackpot_meters; Type: TABLE; Schema: reporting; Owner: -
--

CREATE TABLE reporting.jackpot_meters (
    jackpot_id text NOT NULL,
    name text,
    jurisdiction text,
    rulebook_id text,
    table_ids jsonb,
    parameters jsonb,
    seed_cents bigint,
    meter_cents bigint,
    contributions_cents bigint,
    contributions integer,
    reversals_cents bigint,
    backfills_cents bigint,
    adjustments_cents bigint,
    payouts_cents bigint,
    payouts integer,
    reset_funding_cents bigint,
    hits_detected integer,
    hits_recorded integer,
    hits_confirmed integer,
    hits_dismissed integer,
    mismatches integer,
    continuity_breaks integer,
    last_event_at text
);


--
-- Name: jackpot_movements; Type: TABLE; Schema: reporting; Owner: -
--

CREATE TABLE reporting.jackpot_movements (
    event_id text NOT NULL,
    source text,
    source_tx numeric,
    source_pos bigint,
    jackpot_id text,
    jurisdiction text,
    rulebook_id text,
    gaming_day text,
    type text,
    table_id text,
    coup_id text,
    hit_id text,
    amount_cents bigint,
    meter_before_cents bigint,
    meter_after_cents bigint,
    actor_id text,
    actor_role text,
    reason text,
    clause text,
    at text,
    details jsonb
);


--
-- Name: jackpot_table_stats; Type: TABLE; Schema: reporting; Owner: -
--

CREATE TABLE reporting.jackpot_table_stats (
    jackpot_id text NOT NULL,
    table_id text NOT NULL,
    contributions integer,
    contributions_cents bigint,
    reversals_cents bigint,
    backfills_cents bigint,
    hits integer,
    payouts_cents bigint
);


--
-- Name: reports; Type: TABLE; Schema: reporting; Owner: -
--

CREATE TABLE reporting.reports (
    report_id text NOT NULL,
    kind text NOT NULL,
    jurisdiction text NOT NULL,
    period_type text NOT NULL,
    period_value text NOT NULL,
    generated_at text NOT NULL,
    trigger text NOT NULL,
    requested_by text,
    manifest jsonb NOT NULL,
    content text NOT NULL,
    csv text NOT NULL,
    pdf bytea NOT NULL
);


--
-- Name: results_road; Type: TABLE; Schema: reporting; Owner: -
--

CREATE TABLE reporting.results_road (
    table_id text NOT NULL,
    coup_id text NOT NULL,
    shoe_id text,
    coup_number integer,
    gaming_day text,
    shift text,
    result text,
    player_total integer,
    banker_total integer,
    player_pair boolean,
    banker_pair boolean,
    has_natural boolean,
    dummy boolean,
    voided boolean,
    completed_at text
);


--
-- Name: table_directory; Type: TABLE; Schema: reporting; Owner: -
--

CREATE TABLE reporting.table_directory (
    table_id text NOT NULL,
    jurisdiction text,
    rulebook_id text,
    variant text,
    jackpot_ids jsonb,
    boxes integer,
    status text,
    opened_at text,
    closed_at text,
    close_reason text,
    current_shoe_id text,
    shoe_status text,
    shoe_started_at text,
    coups_in_shoe integer,
    outstanding_cents bigint,
    last_result text,
    last_event_at text
);


--
-- Name: table_openings; Type: TABLE; Schema: reporting; Owner: -
--

CREATE TABLE reporting.table_openings (
    table_id text NOT NULL,
    opened_at text NOT NULL,
    gaming_day text,
    jurisdiction text,
    rulebook_id text
);


--
-- Name: table_stats; Type: TABLE; Schema: reporting; Owner: -
--

CREATE TABLE reporting.table_stats (
    table_id text NOT NULL,
    gaming_day text NOT NULL,
    shift text NOT NULL,
    jurisdiction text,
    rulebook_id text,
    coups integer,
    dummy_coups integer,
    voided_coups integer,
    player_wins integer,
    banker_wins integer,
    ties integer,
    player_pairs integer,
    banker_pairs integer,
    naturals integer,
    three_card_rounds integer,
    three_card_areas integer,
    wagers integer,
    turnover_cents bigint,
    paid_cents bigint,
    lost_cents bigint,
    commission_cents bigint,
    commission_waived_cents bigint,
    house_win_cents bigint
);


--
-- Name: three_card_rounds; Type: TABLE; Schema: reporting; Owner: -
--

CREATE TABLE reporting.three_card_rounds (
    table_id text NOT NULL,
    coup_id text NOT NULL,
    shoe_id text,
    coup_number integer,
    gaming_day text,
    shift text,
    dealer_total integer,
    dealer_ranking integer,
    areas integer,
    areas_won integer,
    areas_lost integer,
    areas_tied integer,
    burnt_areas integer,
    voided boolean,
    completed_at text
);


--
-- Name: commands; Type: TABLE; Schema: tables; Owner: -
--

CREATE TABLE tables.commands (
    command_id text NOT NULL,
    stream_id text NOT NULL,
    result jsonb,
    recorded_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: events; Type: TABLE; Schema: tables; Owner: -
--

CREATE TABLE tables.events (
    "position" bigint NOT NULL,
    transaction_id xid8 DEFAULT pg_current_xact_id() NOT NULL,
    event_id uuid NOT NULL,
    stream_id text NOT NULL,
    stream_type text NOT NULL,
    version integer NOT NULL,
    type text NOT NULL,
    schema_version integer NOT NULL,
    data jsonb NOT NULL,
    metadata jsonb NOT NULL,
    occurred_at timestamp with time zone NOT NULL,
    recorded_at timestamp with time zone DEFAULT now() NOT NULL,
    hash text NOT NULL,
    prev_hash text NOT NULL
);


--
-- Name: events_position_seq; Type: SEQUENCE; Schema: tables; Owner: -
--

CREATE SEQUENCE tables.events_position_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: events_position_seq; Type: SEQUENCE OWNED BY; Schema: tables; Owner: -
--

ALTER SEQUENCE tables.events_position_seq OWNED BY tables.events."position";


--
-- Name: snapshots; Type: TABLE; Schema: tables; Owner: -
--

CREATE TABLE tables.snapshots (
    stream_id text NOT NULL,
    version integer NOT NULL,
    state jsonb NOT NULL,
    state_version text NOT NULL,
    taken_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: streams; Type: TABLE; Schema: tables; Owner: -
--

CREATE TABLE tables.streams (
    stream_id text NOT NULL,
    stream_type text NOT NULL,
    version integer NOT NULL,
    last_hash text NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: events position; Type: DEFAULT; Schema: jackpots; Owner: -
--

ALTER TABLE ONLY jackpots.events ALTER COLUMN "position" SET DEFAULT nextval('jackpots.events_position_seq'::regclass);


--
-- Name: dead_letters id; Type: DEFAULT; Schema: messaging; Owner: -
--

ALTER TABLE ONLY messaging.dead_letters ALTER COLUMN id SET DEFAULT nextval('messaging.dead_letters_id_seq'::regclass);


--
-- Name: audit_log id; Type: DEFAULT; Schema: platform; Owner: -
--

ALTER TABLE ONLY platform.audit_log ALTER COLUMN id SET DEFAULT nextval('platform.audit_log_id_seq'::regclass);


--
-- Name: events position; Type: DEFAULT; Schema: tables; Owner: -
--

ALTER TABLE ONLY tables.events ALTER COLUMN "position" SET DEFAULT nextval('tables.events_position_seq'::regclass);


--
-- Name: commands commands_pkey; Type: CONSTRAINT; Schema: jackpots; Owner: -
--

ALTER TABLE ONLY jackpots.commands
    ADD CONSTRAINT commands_pkey PRIMARY KEY (command_id);


--
-- Name: events events_event_id_key; Type: CONSTRAINT; Schema: jackpots; Owner: -
--

ALTER TABLE ONLY jackpots.events
    ADD CONSTRAINT events_event_id_key UNIQUE (event_id);


--
-- Name: events events_pkey; Type: CONSTRAINT; Schema: jackpots; Owner: -
--

ALTER TABLE ONLY jackpots.events
    ADD CONSTRAINT events_pkey PRIMARY KEY ("position");


--
-- Name: events events_stream_id_version_key; Type: CONSTRAINT; Schema: jackpots; Owner: -
--

ALTER TABLE ONLY jackpots.events
    ADD CONSTRAINT events_stream_id_version_key UNIQUE (stream_id, version);


--
-- Name: snapshots snapshots_pkey; Type: CONSTRAINT; Schema: jackpots; Owner: -
--

ALTER TABLE ONLY jackpots.snapshots
    ADD CONSTRAINT snapshots_pkey PRIMARY KEY (stream_id);


--
-- Name: streams streams_pkey; Type: CONSTRAINT; Schema: jackpots; Owner: -
--

ALTER TABLE ONLY jackpots.streams
    ADD CONSTRAINT streams_pkey PRIMARY KEY (stream_id);


--
-- Name: checkpoints checkpoints_pkey; Type: CONSTRAINT; Schema: messaging; Owner: -
--

ALTER TABLE ONLY messaging.checkpoints
    ADD CONSTRAINT checkpoints_pkey PRIMARY KEY (consumer, source, partition);


--
-- Name: dead_letters dead_letters_pkey; Type: CONSTRAINT; Schema: messaging; Owner: -
--

ALTER TABLE ONLY messaging.dead_letters
    ADD CONSTRAINT dead_letters_pkey PRIMARY KEY (id);


--
-- Name: relay_checkpoints relay_checkpoints_pkey; Type: CONSTRAINT; Schema: messaging; Owner: -
--

ALTER TABLE ONLY messaging.relay_checkpoints
    ADD CONSTRAINT relay_checkpoints_pkey PRIMARY KEY (relay);


--
-- Name: audit_log audit_log_pkey; Type: CONSTRAINT; Schema: platform; Owner: -
--

ALTER TABLE ONLY platform.audit_log
    ADD CONSTRAINT audit_log_pkey PRIMARY KEY (id);


--
-- Name: bet_stats bet_stats_pkey; Type: CONSTRAINT; Schema: reporting; Owner: -
--

ALTER TABLE ONLY reporting.bet_stats
    ADD CONSTRAINT bet_stats_pkey PRIMARY KEY (table_id, gaming_day, shift, bet);


--
-- Name: commission_exceptions commission_exceptions_pkey; Type: CONSTRAINT; Schema: reporting; Owner: -
--

ALTER TABLE ONLY reporting.commission_exceptions
    ADD CONSTRAINT commission_exceptions_pkey PRIMARY KEY (event_id);


--
-- Name: commission_ledger commission_ledger_pkey; Type: CONSTRAINT; Schema: reporting; Owner: -
--

ALTER TABLE ONLY reporting.commission_ledger
    ADD CONSTRAINT commission_ledger_pkey PRIMARY KEY (table_id, shoe_id, box, patron_key);


--
-- Name: commission_movements commission_movements_pkey; Type: CONSTRAINT; Schema: reporting; Owner: -
--

ALTER TABLE ONLY reporting.commission_movements
    ADD CONSTRAINT commission_movements_pkey PRIMARY KEY (event_id, seq);


--
-- Name: compliance_register compliance_register_pkey; Type: CONSTRAINT; Schema: reporting; Owner: -
--

ALTER TABLE ONLY reporting.compliance_register
    ADD CONSTRAINT compliance_register_pkey PRIMARY KEY (event_id, seq);


--
-- Name: jackpot_meters jackpot_meters_pkey; Type: CONSTRAINT; Schema: reporting; Owner: -
--

ALTER TABLE ONLY reporting.jackpot_meters
    ADD CONSTRAINT jackpot_meters_pkey PRIMARY KEY (jackpot_id);


--
-- Name: jackpot_movements jackpot_movements_pkey; Type: CONSTRAINT; Schema: reporting; Owner: -
--

ALTER TABLE ONLY reporting.jackpot_movements
    ADD CONSTRAINT jackpot_movements_pkey PRIMARY KEY (event_id);


--
-- Name: jackpot_table_stats jackpot_table_stats_pkey; Type: CONSTRAINT; Schema: reporting; Owner: -
--

ALTER TABLE ONLY reporting.jackpot_table_stats
    ADD CONSTRAINT jackpot_table_stats_pkey PRIMARY KEY (jackpot_id, table_id);


--
-- Name: reports reports_pkey; Type: CONSTRAINT; Schema: reporting; Owner: -
--

ALTER TABLE ONLY reporting.reports
    ADD CONSTRAINT reports_pkey PRIMARY KEY (report_id);


--
-- Name: results_road results_road_pkey; Type: CONSTRAINT; Schema: reporting; Owner: -
--

ALTER TABLE ONLY reporting.results_road
    ADD CONSTRAINT results_road_pkey PRIMARY KEY (table_id, coup_id);


--
-- Name: table_directory table_directory_pkey; Type: CONSTRAINT; Schema: reporting; Owner: -
--

ALTER TABLE ONLY reporting.table_directory
    ADD CONSTRAINT table_directory_pkey PRIMARY KEY (table_id);


--
-- Name: table_openings table_openings_pkey; Type: CONSTRAINT; Schema: reporting; Owner: -
--

ALTER TABLE ONLY reporting.table_openings
    ADD CONSTRAINT table_openings_pkey PRIMARY KEY (table_id, opened_at);


--
-- Name: table_stats table_stats_pkey; Type: CONSTRAINT; Schema: reporting; Owner: -
--

ALTER TABLE ONLY reporting.table_stats
    ADD CONSTRAINT table_stats_pkey PRIMARY KEY (table_id, gaming_day, shift);


--
-- Name: three_card_rounds three_card_rounds_pkey; Type: CONSTRAINT; Schema: reporting; Owner: -
--

ALTER TABLE ONLY reporting.three_card_rounds
    ADD CONSTRAINT three_card_rounds_pkey PRIMARY KEY (table_id, coup_id);


--
-- Name: commands commands_pkey; Type: CONSTRAINT; Schema: tables; Owner: -
--

ALTER TABLE ONLY tables.commands
    ADD CONSTRAINT commands_pkey PRIMARY KEY (command_id);


--
-- Name: events events_event_id_key; Type: CONSTRAINT; Schema: tables; Owner: -
--

ALTER TABLE ONLY tables.events
    ADD CONSTRAINT events_event_id_key UNIQUE (event_id);


--
-- Name: events events_pkey; Type: CONSTRAINT; Schema: tables; Owner: -
--

ALTER TABLE ONLY tables.events
    ADD CONSTRAINT events_pkey PRIMARY KEY ("position");


--
-- Name: events events_stream_id_version_key; Type: CONSTRAINT; Schema: tables; Owner: -
--

ALTER TABLE ONLY tables.events
    ADD CONSTRAINT events_stream_id_version_key UNIQUE (stream_id, version);


--
-- Name: snapshots snapshots_pkey; Type: CONSTRAINT; Schema: tables; Owner: -
--

ALTER TABLE ONLY tables.snapshots
    ADD CONSTRAINT snapshots_pkey PRIMARY KEY (stream_id);


--
-- Name: streams streams_pkey; Type: CONSTRAINT; Schema: tables; Owner: -
--

ALTER TABLE ONLY tables.streams
    ADD CONSTRAINT streams_pkey PRIMARY KEY (stream_id);


--
-- Name: events_global_order; Type: INDEX; Schema: jackpots; Owner: -
--

CREATE INDEX events_global_order ON jackpots.events USING btree (transaction_id, "position");


--
-- Name: dead_letters_by_consumer; Type: INDEX; Schema: messaging; Owner: -
--

CREATE INDEX dead_letters_by_consumer ON messaging.dead_letters USING btree (consumer, failed_at);


--
-- Name: audit_log_actor_time; Type: INDEX; Schema: platform; Owner: -
--

CREATE INDEX audit_log_actor_time ON platform.audit_log USING btree (actor_id, occurred_at);


--
-- Name: audit_log_correlation_id; Type: INDEX; Schema: platform; Owner: -
--

CREATE INDEX audit_log_correlation_id ON platform.audit_log USING btree (correlation_id);


--
-- Name: commission_movements_by_shoe; Type: INDEX; Schema: reporting; Owner: -
--

CREATE INDEX commission_movements_by_shoe ON reporting.commission_movements USING btree (table_id, shoe_id);


--
-- Name: compliance_register_by_day; Type: INDEX; Schema: reporting; Owner: -
--

CREATE INDEX compliance_register_by_day ON reporting.compliance_register USING btree (jurisdiction, gaming_day);


--
-- Name: jackpot_movements_by_day; Type: INDEX; Schema: reporting; Owner: -
--

CREATE INDEX jackpot_movements_by_day ON reporting.jackpot_movements USING btree (jurisdiction, gaming_day);


--
-- Name: reports_by_period; Type: INDEX; Schema: reporting; Owner: -
--

CREATE INDEX reports_by_period ON reporting.reports USING btree (jurisdiction, kind, period_value);


--
-- Name: results_road_by_shoe; Type: INDEX; Schema: reporting; Owner: -
--

CREATE INDEX results_road_by_shoe ON reporting.results_road USING btree (table_id, shoe_id, coup_number);


--
-- Name: table_stats_by_day; Type: INDEX; Schema: reporting; Owner: -
--

CREATE INDEX table_stats_by_day ON reporting.table_stats USING btree (jurisdiction, gaming_day);


--
-- Name: events_global_order; Type: INDEX; Schema: tables; Owner: -
--

CREATE INDEX events_global_order ON tables.events USING btree (transaction_id, "position");


--
-- PostgreSQL database dump complete
--


