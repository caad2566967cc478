DROP TRIGGER IF EXISTS bookings_units_within_dates ON public.bookings;
DROP FUNCTION IF EXISTS public.bookings_units_within_dates();
DROP TRIGGER IF EXISTS booked_units_within_booking ON public.booked_units;
DROP FUNCTION IF EXISTS public.booked_units_within_booking();
CREATE OR REPLACE FUNCTION public.bookings_after_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE public.booked_units bu SET
    is_cancelled = (NEW.status = 'cancelled'),
    checkin = CASE WHEN bu.checkin = OLD.checkin AND bu.checkout = OLD.checkout THEN NEW.checkin ELSE bu.checkin END,
    checkout = CASE WHEN bu.checkin = OLD.checkin AND bu.checkout = OLD.checkout THEN NEW.checkout ELSE bu.checkout END
  WHERE bu.booking_id = NEW.id;
  RETURN NEW;
END;
$$;
