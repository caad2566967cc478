CREATE OR REPLACE FUNCTION public.booked_units_before_write() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  b public.bookings%ROWTYPE;
  u public.units%ROWTYPE;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT * INTO b FROM public.bookings WHERE id = NEW.booking_id;
    IF FOUND THEN
      NEW.checkin := coalesce(NEW.checkin, b.checkin);
      NEW.checkout := coalesce(NEW.checkout, b.checkout);
      NEW.is_cancelled := (b.status = 'cancelled');
    ELSE
      NEW.is_cancelled := coalesce(NEW.is_cancelled, false);
    END IF;
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
