-- booked_units.is_cancelled is derived from the booking's status on every write, so nobody can
-- free a unit's nights (and open the way to a double booking) by flipping it directly.
CREATE OR REPLACE FUNCTION public.booked_units_before_write() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  b public.bookings%ROWTYPE;
  u public.units%ROWTYPE;
BEGIN
  SELECT * INTO b FROM public.bookings WHERE id = NEW.booking_id;
  IF FOUND THEN
    NEW.is_cancelled := (b.status = 'cancelled');
    IF TG_OP = 'INSERT' THEN
      NEW.checkin := coalesce(NEW.checkin, b.checkin);
      NEW.checkout := coalesce(NEW.checkout, b.checkout);
    END IF;
  ELSE
    -- Same statement as the booking's own insert (it is not visible yet): a new, active stay.
    NEW.is_cancelled := false;
  END IF;
  SELECT * INTO u FROM public.units WHERE id = NEW.unit_id;
  IF NEW.adults > u.occ_adults OR NEW.children > u.occ_children OR NEW.infants > u.occ_infants THEN
    RAISE EXCEPTION USING ERRCODE = 'check_violation', CONSTRAINT = 'booked_units_capacity_check',
      MESSAGE = 'The unit reached its maximum capacity',
      DETAIL = format('unit %s takes %s adults, %s children, %s infants', u.name, u.occ_adults, u.occ_children, u.occ_infants);
  END IF;
  RETURN NEW;
END;
$$;
