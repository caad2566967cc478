DROP TRIGGER IF EXISTS guest_checkins_lengths_check ON public.guest_checkins;
DROP FUNCTION IF EXISTS public.guest_checkins_lengths_check();
