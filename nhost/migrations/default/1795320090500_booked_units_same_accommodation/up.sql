-- A stay belongs to its booking's accommodation: NTAK reports, owner statements, the cleaning plan
-- and the manager's scope follow bookings.accommodation_id and booked_units.unit_id separately, so a
-- booked unit of another accommodation would show one booking's stay and price to another owner.
-- A booked unit inserted in the same statement as its booking (a nested insert) cannot see the
-- booking row yet; those come only from roles that write both (members, admins, functions).
CREATE OR REPLACE FUNCTION public.booked_units_same_accommodation() RETURNS trigger
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
