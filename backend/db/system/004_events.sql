-- Event triggers, cron triggers and one-off scheduled events, in the tables Hasura keeps for them
-- (hdb_catalog.event_log and friends, same names and columns), so the log reads the same on
-- Nhost Cloud and here. A table's Postgres trigger calls insert_event_log in the writing
-- transaction: an event exists exactly when its change committed.
CREATE TABLE IF NOT EXISTS hdb_catalog.event_log (
  id text DEFAULT hdb_catalog.gen_hasura_uuid() PRIMARY KEY,
  schema_name text NOT NULL,
  table_name text NOT NULL,
  trigger_name text NOT NULL,
  payload jsonb NOT NULL,
  delivered boolean NOT NULL DEFAULT false,
  error boolean NOT NULL DEFAULT false,
  tries integer NOT NULL DEFAULT 0,
  created_at timestamp DEFAULT now(),
  locked timestamptz,
  next_retry_at timestamp,
  archived boolean NOT NULL DEFAULT false
);
CREATE INDEX IF NOT EXISTS event_log_trigger_name ON hdb_catalog.event_log (trigger_name);
CREATE INDEX IF NOT EXISTS event_log_fetch_events ON hdb_catalog.event_log (locked NULLS FIRST, next_retry_at NULLS FIRST, created_at)
  WHERE delivered = false AND error = false AND archived = false;

CREATE TABLE IF NOT EXISTS hdb_catalog.event_invocation_logs (
  id text DEFAULT hdb_catalog.gen_hasura_uuid() PRIMARY KEY,
  trigger_name text,
  event_id text,
  status integer,
  request json,
  response json,
  created_at timestamp DEFAULT now()
);
CREATE INDEX IF NOT EXISTS event_invocation_logs_event_id ON hdb_catalog.event_invocation_logs (event_id);

-- The session of the GraphQL mutation that made the change, when there was one (`hasura.user`).
CREATE OR REPLACE FUNCTION hdb_catalog.insert_event_log(schema_name text, table_name text, trigger_name text, op text, row_data json)
RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  id text;
  session_variables json;
BEGIN
  id := gen_random_uuid();
  session_variables := NULLIF(current_setting('hasura.user', true), '');
  INSERT INTO hdb_catalog.event_log (id, schema_name, table_name, trigger_name, payload)
  VALUES (id, schema_name, table_name, trigger_name,
    json_build_object('op', op, 'data', row_data, 'session_variables', session_variables, 'trace_context', NULL));
  RETURN id;
END;
$$;

CREATE TABLE IF NOT EXISTS hdb_catalog.hdb_cron_events (
  id text DEFAULT hdb_catalog.gen_hasura_uuid() PRIMARY KEY,
  trigger_name text NOT NULL,
  scheduled_time timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'scheduled' CHECK (status IN ('scheduled', 'locked', 'delivered', 'error', 'dead')),
  tries integer NOT NULL DEFAULT 0,
  created_at timestamptz DEFAULT now(),
  next_retry_at timestamptz,
  UNIQUE (trigger_name, scheduled_time)
);
CREATE INDEX IF NOT EXISTS hdb_cron_event_status ON hdb_catalog.hdb_cron_events (status);

CREATE TABLE IF NOT EXISTS hdb_catalog.hdb_cron_event_invocation_logs (
  id text DEFAULT hdb_catalog.gen_hasura_uuid() PRIMARY KEY,
  event_id text REFERENCES hdb_catalog.hdb_cron_events (id) ON DELETE CASCADE,
  status integer,
  request json,
  response json,
  created_at timestamptz DEFAULT now()
);

CREATE TABLE IF NOT EXISTS hdb_catalog.hdb_scheduled_events (
  id text DEFAULT hdb_catalog.gen_hasura_uuid() PRIMARY KEY,
  webhook_conf json NOT NULL,
  scheduled_time timestamptz NOT NULL,
  retry_conf json,
  payload json,
  header_conf json,
  status text NOT NULL DEFAULT 'scheduled' CHECK (status IN ('scheduled', 'locked', 'delivered', 'error', 'dead')),
  tries integer NOT NULL DEFAULT 0,
  created_at timestamptz DEFAULT now(),
  next_retry_at timestamptz,
  comment text
);
CREATE INDEX IF NOT EXISTS hdb_scheduled_event_status ON hdb_catalog.hdb_scheduled_events (status);

CREATE TABLE IF NOT EXISTS hdb_catalog.hdb_scheduled_event_invocation_logs (
  id text DEFAULT hdb_catalog.gen_hasura_uuid() PRIMARY KEY,
  event_id text REFERENCES hdb_catalog.hdb_scheduled_events (id) ON DELETE CASCADE,
  status integer,
  request json,
  response json,
  created_at timestamptz DEFAULT now()
);
