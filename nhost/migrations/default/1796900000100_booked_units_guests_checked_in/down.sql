DROP TRIGGER IF EXISTS booked_units_guests_checked_in ON public.booked_units;
DROP FUNCTION IF EXISTS public.booked_units_guests_checked_in();
