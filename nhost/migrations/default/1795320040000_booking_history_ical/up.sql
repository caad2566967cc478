-- Booking status history (who changed a booking's status and when, filled by a trigger so it holds
-- under any client) and iCal sync per unit: an export token per unit and channel import feeds.

CREATE TABLE public.booking_status_changes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  booking_id uuid NOT NULL REFERENCES public.bookings (id) ON UPDATE CASCADE ON DELETE CASCADE,
  -- NULL for the booking's creation.
  old_status text REFERENCES public.booking_statuses (value) ON UPDATE CASCADE ON DELETE RESTRICT,
  new_status text NOT NULL REFERENCES public.booking_statuses (value) ON UPDATE CASCADE ON DELETE RESTRICT,
  -- The signed-in user of the GraphQL request (NULL for the admin secret, functions and imports).
  changed_by_user_id uuid REFERENCES auth.users (id) ON UPDATE CASCADE ON DELETE SET NULL,
  changed_by_role text,
  -- The user's display name (or e-mail) at the time: history stays readable without user access.
  changed_by_name text,
  changed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX booking_status_changes_booking_id_idx ON public.booking_status_changes (booking_id, changed_at);

-- The request's session as the GraphQL engine records it (hasura.user, set for every mutation
-- while the metadata has event triggers, as it has on bookings). Not trusted beyond a uuid shape.
CREATE OR REPLACE FUNCTION public.bookings_log_status() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  session jsonb;
  user_id text;
  actor uuid;
  actor_name text;
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status IS NOT DISTINCT FROM NEW.status THEN
    RETURN NEW;
  END IF;
  BEGIN
    session := nullif(current_setting('hasura.user', true), '')::jsonb;
  EXCEPTION WHEN others THEN
    session := NULL;
  END;
  user_id := session ->> 'x-hasura-user-id';
  IF user_id ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN
    SELECT u.id, coalesce(nullif(btrim(u.display_name), ''), u.email::text) INTO actor, actor_name
    FROM auth.users u WHERE u.id = user_id::uuid;
  END IF;
  INSERT INTO public.booking_status_changes (booking_id, old_status, new_status, changed_by_user_id, changed_by_role, changed_by_name)
  VALUES (NEW.id, CASE WHEN TG_OP = 'UPDATE' THEN OLD.status END, NEW.status, actor, session ->> 'x-hasura-role', actor_name);
  RETURN NEW;
END;
$$;
CREATE TRIGGER bookings_log_status AFTER INSERT OR UPDATE OF status ON public.bookings
  FOR EACH ROW EXECUTE FUNCTION public.bookings_log_status();

-- The export feed's secret: one unguessable token per unit (244 random bits from two v4 uuids).
-- Rotating = any update of the row: the trigger draws a new token, so a client never chooses one.
CREATE OR REPLACE FUNCTION public.new_ical_token() RETURNS text
LANGUAGE sql VOLATILE AS $$
  SELECT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')
$$;

CREATE TABLE public.unit_ical_exports (
  unit_id uuid PRIMARY KEY REFERENCES public.units (id) ON UPDATE CASCADE ON DELETE CASCADE,
  token text NOT NULL DEFAULT public.new_ical_token() CONSTRAINT unit_ical_exports_token_key UNIQUE,
  rotated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT unit_ical_exports_token_check CHECK (token ~ '^[0-9a-f]{64}$')
);

CREATE OR REPLACE FUNCTION public.unit_ical_exports_rotate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.unit_id := OLD.unit_id;
  NEW.token := public.new_ical_token();
  NEW.rotated_at := now();
  RETURN NEW;
END;
$$;
CREATE TRIGGER unit_ical_exports_rotate BEFORE UPDATE ON public.unit_ical_exports
  FOR EACH ROW EXECUTE FUNCTION public.unit_ical_exports_rotate();

-- Every unit has its export row from the start (new units get theirs from a trigger).
INSERT INTO public.unit_ical_exports (unit_id) SELECT id FROM public.units ON CONFLICT DO NOTHING;
CREATE OR REPLACE FUNCTION public.units_add_ical_export() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO public.unit_ical_exports (unit_id) VALUES (NEW.id) ON CONFLICT DO NOTHING;
  RETURN NEW;
END;
$$;
CREATE TRIGGER units_add_ical_export AFTER INSERT ON public.units
  FOR EACH ROW EXECUTE FUNCTION public.units_add_ical_export();

-- A channel's iCal URL for a unit, polled by the ical_import cron trigger (functions/ical/poll).
CREATE TABLE public.ical_import_feeds (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  unit_id uuid NOT NULL REFERENCES public.units (id) ON UPDATE CASCADE ON DELETE CASCADE,
  channel text NOT NULL REFERENCES public.booking_channels (value) ON UPDATE CASCADE ON DELETE RESTRICT,
  url text NOT NULL,
  is_active boolean NOT NULL DEFAULT true,
  -- pending (never polled), ok, conflict (an imported stay over an existing one), error (fetch/parse).
  status text NOT NULL DEFAULT 'pending',
  last_polled_at timestamptz,
  last_success_at timestamptz,
  last_error text,
  -- [{uid, checkin, checkout, summary, conflictingBookingId}] of the last poll.
  conflicts jsonb NOT NULL DEFAULT '[]'::jsonb,
  -- A poll holds the feed until this time, so two overlapping polls never import it twice.
  lease_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ical_import_feeds_unit_id_url_key UNIQUE (unit_id, url),
  CONSTRAINT ical_import_feeds_url_check CHECK (url ~* '^https?://' AND length(url) <= 2000),
  CONSTRAINT ical_import_feeds_status_check CHECK (status IN ('pending', 'ok', 'conflict', 'error'))
);

-- Which booking an imported event became (per feed and event UID): moving and cancelling find it
-- here, and the primary key keeps a UID from ever becoming two bookings.
CREATE TABLE public.ical_imported_events (
  feed_id uuid NOT NULL REFERENCES public.ical_import_feeds (id) ON UPDATE CASCADE ON DELETE CASCADE,
  uid text NOT NULL,
  booking_id uuid NOT NULL REFERENCES public.bookings (id) ON UPDATE CASCADE ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (feed_id, uid)
);
CREATE INDEX ical_imported_events_booking_id_idx ON public.ical_imported_events (booking_id);
