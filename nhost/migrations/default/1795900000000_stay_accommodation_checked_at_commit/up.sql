-- A stay belongs to its booking's accommodation (1795320090500). That check ran BEFORE each booked
-- unit write and let a booked unit through when its booking was not visible yet, which is the case
-- for a booking and its units inserted in one statement (the embedded engine's nested insert): a
-- member could hang another accommodation's unit on a new booking that way. Moving the booking or
-- the unit to another accommodation afterwards was not checked at all.
-- Now the rule is checked at commit (a deferred constraint trigger), against the rows as they are
-- then, on every side that can break it: booked units, bookings.accommodation_id and
-- units.accommodation_id.
DROP TRIGGER IF EXISTS booked_units_same_accommodation ON public.booked_units;
DROP FUNCTION IF EXISTS public.booked_units_same_accommodation();

CREATE FUNCTION public.stay_accommodation_check() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1
      FROM public.booked_units bu
      JOIN public.bookings b ON b.id = bu.booking_id
      JOIN public.units u ON u.id = bu.unit_id
     WHERE u.accommodation_id IS DISTINCT FROM b.accommodation_id
       AND CASE TG_TABLE_NAME
             WHEN 'booked_units' THEN bu.id = NEW.id
             WHEN 'bookings' THEN b.id = NEW.id
             ELSE u.id = NEW.id
           END
  ) THEN
    RAISE EXCEPTION USING ERRCODE = 'check_violation', CONSTRAINT = 'booked_units_accommodation_check',
      MESSAGE = 'A booked unit must belong to the booking''s accommodation';
  END IF;
  RETURN NULL;
END;
$$;

CREATE CONSTRAINT TRIGGER booked_units_same_accommodation
  AFTER INSERT OR UPDATE OF unit_id, booking_id ON public.booked_units
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION public.stay_accommodation_check();
CREATE CONSTRAINT TRIGGER bookings_keep_stay_accommodation
  AFTER UPDATE OF accommodation_id ON public.bookings
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION public.stay_accommodation_check();
CREATE CONSTRAINT TRIGGER units_keep_stay_accommodation
  AFTER UPDATE OF accommodation_id ON public.units
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION public.stay_accommodation_check();
