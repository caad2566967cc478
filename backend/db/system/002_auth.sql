-- The auth schema hasura-auth owns (final state of its migrations; reference 1.8).
CREATE EXTENSION IF NOT EXISTS citext;
CREATE EXTENSION IF NOT EXISTS pgcrypto;
CREATE SCHEMA IF NOT EXISTS auth;

CREATE OR REPLACE FUNCTION auth.set_current_timestamp_updated_at() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at = now();
  RETURN NEW;
END;
$$;

CREATE DOMAIN auth.email AS citext
  CHECK (VALUE ~ '^[a-zA-Z0-9.!#$%&''*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$');

CREATE TABLE auth.roles (role text PRIMARY KEY);
INSERT INTO auth.roles (role) VALUES ('user'), ('anonymous'), ('me');

CREATE TABLE auth.users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  last_seen timestamptz,
  disabled boolean NOT NULL DEFAULT false,
  display_name text NOT NULL DEFAULT '',
  avatar_url text NOT NULL DEFAULT '',
  locale varchar(2) NOT NULL,
  email auth.email UNIQUE,
  phone_number text UNIQUE,
  password_hash text,
  email_verified boolean NOT NULL DEFAULT false,
  phone_number_verified boolean NOT NULL DEFAULT false,
  new_email auth.email,
  otp_method_last_used text CHECK (otp_method_last_used = ANY (ARRAY['sms', 'email'])),
  otp_hash text,
  otp_hash_expires_at timestamptz NOT NULL DEFAULT now(),
  default_role text NOT NULL DEFAULT 'user' REFERENCES auth.roles (role) ON UPDATE CASCADE ON DELETE RESTRICT,
  is_anonymous boolean NOT NULL DEFAULT false,
  totp_secret text,
  active_mfa_type text CHECK (active_mfa_type = ANY (ARRAY['totp', 'sms'])),
  ticket text,
  ticket_expires_at timestamptz NOT NULL DEFAULT now(),
  metadata jsonb,
  webauthn_current_challenge text
);
CREATE TRIGGER set_auth_users_updated_at BEFORE UPDATE ON auth.users
  FOR EACH ROW EXECUTE FUNCTION auth.set_current_timestamp_updated_at();

CREATE TABLE auth.refresh_token_types (value text PRIMARY KEY, comment text);
INSERT INTO auth.refresh_token_types (value, comment) VALUES
  ('regular', 'Regular refresh token'), ('pat', 'Personal access token');

CREATE TABLE auth.refresh_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  user_id uuid NOT NULL REFERENCES auth.users (id) ON UPDATE CASCADE ON DELETE CASCADE,
  metadata jsonb,
  type text NOT NULL DEFAULT 'regular' REFERENCES auth.refresh_token_types (value) ON UPDATE RESTRICT ON DELETE RESTRICT,
  refresh_token_hash varchar(255)
);
CREATE INDEX refresh_tokens_refresh_token_hash_expires_at_user_id_idx
  ON auth.refresh_tokens (refresh_token_hash, expires_at, user_id);

CREATE TABLE auth.user_roles (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  user_id uuid NOT NULL REFERENCES auth.users (id) ON UPDATE CASCADE ON DELETE CASCADE,
  role text NOT NULL REFERENCES auth.roles (role) ON UPDATE CASCADE ON DELETE RESTRICT,
  UNIQUE (user_id, role)
);

CREATE TABLE auth.providers (id text PRIMARY KEY);
INSERT INTO auth.providers (id) VALUES ('github'), ('facebook'), ('twitter'), ('google'), ('apple'),
  ('linkedin'), ('windowslive'), ('spotify'), ('strava'), ('gitlab'), ('bitbucket'), ('discord'),
  ('twitch'), ('workos'), ('azuread'), ('entraid');

CREATE TABLE auth.user_providers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  user_id uuid NOT NULL REFERENCES auth.users (id) ON UPDATE CASCADE ON DELETE CASCADE,
  access_token text NOT NULL,
  refresh_token text,
  provider_id text NOT NULL REFERENCES auth.providers (id) ON UPDATE CASCADE ON DELETE RESTRICT,
  provider_user_id text NOT NULL,
  UNIQUE (provider_id, provider_user_id)
);
CREATE TRIGGER set_auth_user_providers_updated_at BEFORE UPDATE ON auth.user_providers
  FOR EACH ROW EXECUTE FUNCTION auth.set_current_timestamp_updated_at();

CREATE TABLE auth.provider_requests (id uuid PRIMARY KEY, options jsonb);

CREATE TABLE auth.user_security_keys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES auth.users (id) ON UPDATE CASCADE ON DELETE CASCADE,
  credential_id text NOT NULL UNIQUE,
  credential_public_key bytea,
  counter bigint NOT NULL DEFAULT 0,
  transports varchar(255) NOT NULL DEFAULT '',
  nickname text
);

CREATE TABLE auth.schema_migrations (version bigint PRIMARY KEY, dirty boolean NOT NULL);
