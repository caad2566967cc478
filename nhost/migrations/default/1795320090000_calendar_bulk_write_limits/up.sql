-- Calendar bulk writes (unit_dates, rate_dates) are capped per statement and kept to a window of
-- dates around today. The calendar's bulk edit sends one row per night of one unit or rate (at most
-- 366, src/features/calendar/bulkEdit.ts), so 1000 rows leave room and no single request can hold
-- the one database for seconds with tens of thousands of nights. Nights are editable from a year
-- ago (corrections after the fact) to three years ahead (channels sell at most ~2 years out);
-- deleting old rows stays possible, so deletes are only counted. Statement-level triggers with
-- transition tables count the rows once per statement and add them up per transaction (one
-- GraphQL request): an upsert's inserted rows fire the INSERT trigger and its updated rows the
-- UPDATE trigger, so counting per statement alone would let one upsert write twice the cap.
-- Errors are check_violations the web app maps to translated messages (domain/uniqueness).
CREATE OR REPLACE FUNCTION public.calendar_nights_count(added bigint) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  total bigint := coalesce(nullif(current_setting('staydesk.calendar_nights', true), '')::bigint, 0) + added;
BEGIN
  PERFORM set_config('staydesk.calendar_nights', total::text, true);
  IF total > 1000 THEN
    RAISE EXCEPTION USING ERRCODE = 'check_violation', CONSTRAINT = 'calendar_nights_per_write_check',
      MESSAGE = 'A calendar change can write at most 1000 nights at once';
  END IF;
END;
$$;

CREATE OR REPLACE FUNCTION public.calendar_nights_written() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM public.calendar_nights_count((SELECT count(*) FROM calendar_new_rows));
  IF EXISTS (SELECT 1 FROM calendar_new_rows WHERE date < current_date - 366 OR date > current_date + 3 * 366) THEN
    RAISE EXCEPTION USING ERRCODE = 'check_violation', CONSTRAINT = 'calendar_nights_range_check',
      MESSAGE = 'Calendar nights can be changed from a year ago to three years ahead';
  END IF;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION public.calendar_nights_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM public.calendar_nights_count((SELECT count(*) FROM calendar_old_rows));
  RETURN NULL;
END;
$$;

CREATE TRIGGER unit_dates_insert_limits AFTER INSERT ON public.unit_dates
  REFERENCING NEW TABLE AS calendar_new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.calendar_nights_written();
CREATE TRIGGER unit_dates_update_limits AFTER UPDATE ON public.unit_dates
  REFERENCING NEW TABLE AS calendar_new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.calendar_nights_written();
CREATE TRIGGER unit_dates_delete_limits AFTER DELETE ON public.unit_dates
  REFERENCING OLD TABLE AS calendar_old_rows FOR EACH STATEMENT EXECUTE FUNCTION public.calendar_nights_deleted();
CREATE TRIGGER rate_dates_insert_limits AFTER INSERT ON public.rate_dates
  REFERENCING NEW TABLE AS calendar_new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.calendar_nights_written();
CREATE TRIGGER rate_dates_update_limits AFTER UPDATE ON public.rate_dates
  REFERENCING NEW TABLE AS calendar_new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.calendar_nights_written();
CREATE TRIGGER rate_dates_delete_limits AFTER DELETE ON public.rate_dates
  REFERENCING OLD TABLE AS calendar_old_rows FOR EACH STATEMENT EXECUTE FUNCTION public.calendar_nights_deleted();
