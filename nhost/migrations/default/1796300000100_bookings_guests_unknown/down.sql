DROP TRIGGER IF EXISTS bookings_guests_unknown_check ON public.bookings;
DROP FUNCTION IF EXISTS public.bookings_guests_unknown_check();
ALTER TABLE public.bookings DROP COLUMN IF EXISTS guests_unknown;
