DROP TRIGGER IF EXISTS booked_units_same_accommodation ON public.booked_units;
DROP FUNCTION IF EXISTS public.booked_units_same_accommodation();
