-- Bookkeeping of the embedded backend (Hasura keeps the same things in hdb_catalog).
CREATE SCHEMA IF NOT EXISTS hdb_catalog;
CREATE TABLE IF NOT EXISTS hdb_catalog.schema_migrations (
  version bigint PRIMARY KEY,
  name text NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS hdb_catalog.seeds_applied (
  file text PRIMARY KEY,
  applied_at timestamptz NOT NULL DEFAULT now()
);
-- Raised from inside a compiled mutation when a permission check fails (as Hasura does).
CREATE OR REPLACE FUNCTION hdb_catalog.check_violation(msg text) RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
  RAISE check_violation USING message = msg;
END;
$$;
CREATE OR REPLACE FUNCTION hdb_catalog.gen_hasura_uuid() RETURNS uuid LANGUAGE sql AS 'SELECT gen_random_uuid()';
