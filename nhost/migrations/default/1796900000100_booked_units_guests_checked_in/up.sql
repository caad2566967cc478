-- A booked unit never holds fewer guests than are checked in on it. guest_checkins_capacity refuses a
-- check-in past the booked count, but lowering the count afterwards (the booking editor; members and
-- communicators may change guest counts) was accepted and left more checked-in guests than the stay
-- has. Only a lowered total is checked, so raising a count or moving guests between adults, children
-- and infants is never held up. The UPDATE has locked the booked unit's row before this runs, and
-- guest_checkins_capacity takes the same row FOR UPDATE, so a check-in and a lowered count at the same
-- time are serialised: one of them is refused, never both accepted.
CREATE OR REPLACE FUNCTION public.booked_units_guests_checked_in() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  taken integer;
BEGIN
  IF NEW.adults + NEW.children + NEW.infants >= OLD.adults + OLD.children + OLD.infants THEN
    RETURN NEW;
  END IF;
  SELECT count(*) INTO taken FROM public.guest_checkins WHERE booking_unit_id = NEW.id;
  IF taken > NEW.adults + NEW.children + NEW.infants THEN
    RAISE EXCEPTION USING ERRCODE = 'check_violation', CONSTRAINT = 'booked_units_guests_checked_in_check',
      MESSAGE = 'A booked unit cannot hold fewer guests than are checked in on it',
      DETAIL = format('%s guests are checked in', taken);
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER booked_units_guests_checked_in BEFORE UPDATE OF adults, children, infants ON public.booked_units
  FOR EACH ROW EXECUTE FUNCTION public.booked_units_guests_checked_in();
