DROP TRIGGER IF EXISTS guest_checkins_country_check ON public.guest_checkins;
DROP TRIGGER IF EXISTS bookings_country_check ON public.bookings;
DROP FUNCTION IF EXISTS public.guest_checkins_country_check();
DROP FUNCTION IF EXISTS public.bookings_country_check();
DROP FUNCTION IF EXISTS public.is_ntak_country(text);
