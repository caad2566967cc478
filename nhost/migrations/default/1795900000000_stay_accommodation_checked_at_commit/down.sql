DROP TRIGGER IF EXISTS booked_units_same_accommodation ON public.booked_units;
DROP TRIGGER IF EXISTS bookings_keep_stay_accommodation ON public.bookings;
DROP TRIGGER IF EXISTS units_keep_stay_accommodation ON public.units;
DROP FUNCTION IF EXISTS public.stay_accommodation_check();
CREATE FUNCTION public.booked_units_same_accommodation() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  booking_accommodation uuid;
BEGIN
  SELECT accommodation_id INTO booking_accommodation FROM public.bookings WHERE id = NEW.booking_id;
  IF FOUND AND NOT EXISTS (SELECT 1 FROM public.units WHERE id = NEW.unit_id AND accommodation_id = booking_accommodation) THEN
    RAISE EXCEPTION USING ERRCODE = 'check_violation', CONSTRAINT = 'booked_units_accommodation_check',
      MESSAGE = 'A booked unit must belong to the booking''s accommodation';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER booked_units_same_accommodation BEFORE INSERT OR UPDATE OF unit_id, booking_id ON public.booked_units
  FOR EACH ROW EXECUTE FUNCTION public.booked_units_same_accommodation();
