DROP TRIGGER IF EXISTS guest_checkins_capacity_on_move ON public.guest_checkins;
DROP TRIGGER IF EXISTS guest_checkins_move_check ON public.guest_checkins;
DROP FUNCTION IF EXISTS public.guest_checkins_move_check();
DROP TRIGGER IF EXISTS guest_checkins_departure_check ON public.guest_checkins;
DROP FUNCTION IF EXISTS public.guest_checkins_departure_check();
