-- A booked unit's nights lie within its booking's dates (a unit may be booked for part of a stay,
-- never outside it): NTAK reports, tourist tax, the guest journey and the calendar read the
-- booking's dates and the units' nights separately, so a unit outside would show one stay twice
-- or tax nights nobody booked.
-- Checked at commit (constraint triggers, DEFERRABLE INITIALLY DEFERRED): the editor and the iCal
-- import move a booking and its units in one transaction, in either order. Concurrency: the unit
-- side reads its booking FOR SHARE, so a transaction moving the booking (which holds the row lock)
-- and one moving a unit are serialised; whichever commits second checks against what the first
-- committed (READ COMMITTED gives each statement in these functions a fresh snapshot).
CREATE OR REPLACE FUNCTION public.booked_units_within_booking() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  b record;
  bk record;
BEGIN
  -- The row as it is now (a later statement of the transaction may have changed or deleted it).
  SELECT bu.checkin, bu.checkout, bu.booking_id INTO b FROM public.booked_units bu WHERE bu.id = NEW.id;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  SELECT checkin, checkout INTO bk FROM public.bookings WHERE id = b.booking_id FOR SHARE;
  IF FOUND AND (b.checkin < bk.checkin OR b.checkout > bk.checkout) THEN
    RAISE EXCEPTION USING ERRCODE = 'check_violation', CONSTRAINT = 'booked_units_within_booking_check',
      MESSAGE = 'A booked unit''s nights must lie within its booking''s dates';
  END IF;
  RETURN NULL;
END;
$$;
CREATE CONSTRAINT TRIGGER booked_units_within_booking AFTER INSERT OR UPDATE OF checkin, checkout, booking_id ON public.booked_units
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION public.booked_units_within_booking();

CREATE OR REPLACE FUNCTION public.bookings_units_within_dates() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM public.bookings bk JOIN public.booked_units bu ON bu.booking_id = bk.id
    WHERE bk.id = NEW.id AND (bu.checkin < bk.checkin OR bu.checkout > bk.checkout)
  ) THEN
    RAISE EXCEPTION USING ERRCODE = 'check_violation', CONSTRAINT = 'booked_units_within_booking_check',
      MESSAGE = 'A booked unit''s nights must lie within its booking''s dates';
  END IF;
  RETURN NULL;
END;
$$;
CREATE CONSTRAINT TRIGGER bookings_units_within_dates AFTER UPDATE OF checkin, checkout ON public.bookings
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION public.bookings_units_within_dates();

-- A booking's status or date change touches only the booked units it changes (those that followed
-- the booking's dates, or whose cancelled flag flips): rewriting every unit row locked units another
-- transaction was moving, and with the check above the two waited on each other (deadlock).
CREATE OR REPLACE FUNCTION public.bookings_after_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE public.booked_units bu SET
    is_cancelled = (NEW.status = 'cancelled'),
    checkin = CASE WHEN bu.checkin = OLD.checkin AND bu.checkout = OLD.checkout THEN NEW.checkin ELSE bu.checkin END,
    checkout = CASE WHEN bu.checkin = OLD.checkin AND bu.checkout = OLD.checkout THEN NEW.checkout ELSE bu.checkout END
  WHERE bu.booking_id = NEW.id
    AND (bu.is_cancelled IS DISTINCT FROM (NEW.status = 'cancelled') OR (bu.checkin = OLD.checkin AND bu.checkout = OLD.checkout));
  RETURN NEW;
END;
$$;
