DROP TRIGGER IF EXISTS unit_dates_insert_limits ON public.unit_dates;
DROP TRIGGER IF EXISTS unit_dates_update_limits ON public.unit_dates;
DROP TRIGGER IF EXISTS unit_dates_delete_limits ON public.unit_dates;
DROP TRIGGER IF EXISTS rate_dates_insert_limits ON public.rate_dates;
DROP TRIGGER IF EXISTS rate_dates_update_limits ON public.rate_dates;
DROP TRIGGER IF EXISTS rate_dates_delete_limits ON public.rate_dates;
DROP FUNCTION IF EXISTS public.calendar_nights_written();
DROP FUNCTION IF EXISTS public.calendar_nights_deleted();
DROP FUNCTION IF EXISTS public.calendar_nights_count(bigint);
