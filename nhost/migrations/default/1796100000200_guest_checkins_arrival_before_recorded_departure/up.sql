-- Staff now correct a check-in's fields after NTAK or VIZA refused it (issue 18), the arrival time
-- among them. A recorded departure was held to be after the arrival only when the departure was
-- written (1795960000000), so a corrected arrival could be moved past the recorded departure: the
-- row would then say the guest left before arriving while the registries hold the first times.
-- The same rule now holds when the arrival changes on a row whose departure is recorded.
CREATE OR REPLACE FUNCTION public.guest_checkins_departure_check() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.checked_out_at IS NOT NULL AND NEW.checked_out_at IS DISTINCT FROM OLD.checked_out_at THEN
    RAISE EXCEPTION USING ERRCODE = 'check_violation', CONSTRAINT = 'guest_checkins_departure_recorded_check',
      MESSAGE = 'The guest''s departure is already recorded';
  END IF;
  IF NEW.checked_out_at IS NOT NULL AND NEW.checked_out_at < NEW.checkin_time
     AND (TG_OP = 'INSERT' OR OLD.checked_out_at IS NULL OR NEW.checkin_time IS DISTINCT FROM OLD.checkin_time) THEN
    RAISE EXCEPTION USING ERRCODE = 'check_violation', CONSTRAINT = 'guest_checkins_departure_after_arrival_check',
      MESSAGE = 'The departure is before the guest arrived';
  END IF;
  RETURN NEW;
END;
$$;
DROP TRIGGER guest_checkins_departure_check ON public.guest_checkins;
CREATE TRIGGER guest_checkins_departure_check BEFORE INSERT OR UPDATE OF checked_out_at, checkin_time ON public.guest_checkins
  FOR EACH ROW EXECUTE FUNCTION public.guest_checkins_departure_check();
