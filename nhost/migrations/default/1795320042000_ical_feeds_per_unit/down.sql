DROP TRIGGER IF EXISTS ical_import_feeds_limit ON public.ical_import_feeds;
DROP FUNCTION IF EXISTS public.ical_import_feeds_limit();
