-- Guest check-in records feed NTAK and VIZA through the registry_guest event trigger (issue 18;
-- break-it findings). Communicators and members may update checked_out_at and booking_unit_id
-- (the staff check-in screen and room changes), so the rules that keep the registries right live
-- here, not in the screen's where clause:
-- * A recorded departure is final: clearing it and recording it again queued a second NTAK and
--   VIZA check-out (a new event id), and moving it changed what Staydesk shows and re-sends while
--   the registries kept the first time. Saving the same time again is allowed (nothing changes).
-- * A departure is not before the guest's arrival (the registries would get a check-out before
--   the check-in).
-- * A checked-in guest moves only between the booked units of their own booking: moved into
--   another booking (another accommodation's, even) the trigger sent that accommodation's NTAK a
--   room change of a guest it never checked in, from a unit of another accommodation.
-- * A move is held to the booked unit's guest count like a check-in ('capacity reached for booked
--   guests' ran on insert only).
-- Triggers, not CHECK constraints, so rows stored before are not blocked; only changes are checked.
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
CREATE TRIGGER guest_checkins_departure_check BEFORE INSERT OR UPDATE OF checked_out_at ON public.guest_checkins
  FOR EACH ROW EXECUTE FUNCTION public.guest_checkins_departure_check();

CREATE OR REPLACE FUNCTION public.guest_checkins_move_check() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT booking_id FROM public.booked_units WHERE id = NEW.booking_unit_id)
     IS DISTINCT FROM (SELECT booking_id FROM public.booked_units WHERE id = OLD.booking_unit_id) THEN
    RAISE EXCEPTION USING ERRCODE = 'check_violation', CONSTRAINT = 'guest_checkins_same_booking_check',
      MESSAGE = 'A checked-in guest moves only between the units of their own booking';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER guest_checkins_move_check BEFORE UPDATE OF booking_unit_id ON public.guest_checkins
  FOR EACH ROW WHEN (NEW.booking_unit_id IS DISTINCT FROM OLD.booking_unit_id)
  EXECUTE FUNCTION public.guest_checkins_move_check();

CREATE TRIGGER guest_checkins_capacity_on_move BEFORE UPDATE OF booking_unit_id ON public.guest_checkins
  FOR EACH ROW WHEN (NEW.booking_unit_id IS DISTINCT FROM OLD.booking_unit_id)
  EXECUTE FUNCTION public.guest_checkins_capacity();
