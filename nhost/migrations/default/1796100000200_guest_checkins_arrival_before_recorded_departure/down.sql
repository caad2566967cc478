CREATE OR REPLACE FUNCTION public.guest_checkins_departure_check() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.checked_out_at IS NOT NULL AND NEW.checked_out_at IS DISTINCT FROM OLD.checked_out_at THEN
    RAISE EXCEPTION USING ERRCODE = 'check_violation', CONSTRAINT = 'guest_checkins_departure_recorded_check',
      MESSAGE = 'The guest''s departure is already recorded';
  END IF;
  IF NEW.checked_out_at IS NOT NULL AND (TG_OP = 'INSERT' OR OLD.checked_out_at IS NULL) AND NEW.checked_out_at < NEW.checkin_time THEN
    RAISE EXCEPTION USING ERRCODE = 'check_violation', CONSTRAINT = 'guest_checkins_departure_after_arrival_check',
      MESSAGE = 'The departure is before the guest arrived';
  END IF;
  RETURN NEW;
END;
$$;
DROP TRIGGER guest_checkins_departure_check ON public.guest_checkins;
CREATE TRIGGER guest_checkins_departure_check BEFORE INSERT OR UPDATE OF checked_out_at ON public.guest_checkins
  FOR EACH ROW EXECUTE FUNCTION public.guest_checkins_departure_check();
