-- A task on a cleaning belongs to that cleaning's unit. Permissions check each reference the
-- client gives on its own (a cleaner's own cleaning), so without this a task could pair someone's
-- cleaning with another unit and land on a unit its author cannot reach.
CREATE FUNCTION public.tasks_unit_matches_cleaning() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cleaning_unit uuid;
BEGIN
  IF NEW.cleaning_id IS NULL OR NEW.unit_id IS NULL THEN
    RETURN NEW;
  END IF;
  SELECT unit_id INTO cleaning_unit FROM public.cleanings WHERE id = NEW.cleaning_id;
  IF NEW.unit_id IS DISTINCT FROM cleaning_unit THEN
    RAISE EXCEPTION USING ERRCODE = 'check_violation', CONSTRAINT = 'tasks_unit_cleaning_check',
      MESSAGE = 'The task''s unit is not the unit of its cleaning',
      DETAIL = format('cleaning %s is on unit %s', NEW.cleaning_id, cleaning_unit);
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER tasks_unit_matches_cleaning BEFORE INSERT OR UPDATE OF unit_id, cleaning_id ON public.tasks
  FOR EACH ROW EXECUTE FUNCTION public.tasks_unit_matches_cleaning();

-- A cleaning moved to another unit takes its tasks along, so they keep matching.
CREATE FUNCTION public.cleanings_move_tasks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE public.tasks SET unit_id = NEW.unit_id WHERE cleaning_id = NEW.id AND unit_id IS DISTINCT FROM NEW.unit_id AND unit_id IS NOT NULL;
  RETURN NULL;
END;
$$;
CREATE TRIGGER cleanings_move_tasks AFTER UPDATE OF unit_id ON public.cleanings
  FOR EACH ROW WHEN (OLD.unit_id IS DISTINCT FROM NEW.unit_id) EXECUTE FUNCTION public.cleanings_move_tasks();
