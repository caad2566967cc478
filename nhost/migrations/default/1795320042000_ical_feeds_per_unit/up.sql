-- At most 10 import feeds per unit: a unit has a handful of channels, and every feed costs a fetch
-- each poll, so nobody can slow the import for everyone by adding thousands of URLs.
CREATE OR REPLACE FUNCTION public.ical_import_feeds_limit() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- Serialises inserts for the same unit so two at once cannot both pass the count.
  PERFORM 1 FROM public.units WHERE id = NEW.unit_id FOR UPDATE;
  IF (SELECT count(*) FROM public.ical_import_feeds WHERE unit_id = NEW.unit_id AND id <> NEW.id) >= 10 THEN
    RAISE EXCEPTION USING ERRCODE = 'check_violation', CONSTRAINT = 'ical_import_feeds_per_unit_check',
      MESSAGE = 'A unit can have at most 10 calendar imports';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER ical_import_feeds_limit BEFORE INSERT ON public.ical_import_feeds
  FOR EACH ROW EXECUTE FUNCTION public.ical_import_feeds_limit();
