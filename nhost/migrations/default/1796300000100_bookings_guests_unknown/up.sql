-- Bookings imported from a channel's iCal feed carry no guest count (feeds have dates and a UID
-- only). The importer marks them guests_unknown; staff clear it when they enter the guests. While
-- it is set, the NTAK reservation is not queued (functions/ntak/enqueue: NTAK would get a made-up
-- guest count); clearing it queues the reservation with the entered count.
-- Only the importer (admin secret, no session role other than admin) may set it: staff may only
-- clear it, so nobody holds a booking's NTAK report back by hand.
ALTER TABLE public.bookings ADD COLUMN guests_unknown boolean NOT NULL DEFAULT false;

CREATE OR REPLACE FUNCTION public.bookings_guests_unknown_check() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  session jsonb;
  role text;
BEGIN
  BEGIN
    session := nullif(current_setting('hasura.user', true), '')::jsonb;
  EXCEPTION WHEN others THEN
    session := NULL;
  END;
  role := coalesce(session ->> 'x-hasura-role', 'admin');
  IF role <> 'admin' AND NEW.guests_unknown AND (TG_OP = 'INSERT' OR NOT OLD.guests_unknown) THEN
    RAISE EXCEPTION USING ERRCODE = 'check_violation', CONSTRAINT = 'bookings_guests_unknown_check',
      MESSAGE = 'Only the iCal import marks a booking''s guest count as unknown';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER bookings_guests_unknown_check BEFORE INSERT OR UPDATE OF guests_unknown ON public.bookings
  FOR EACH ROW EXECUTE FUNCTION public.bookings_guests_unknown_check();
