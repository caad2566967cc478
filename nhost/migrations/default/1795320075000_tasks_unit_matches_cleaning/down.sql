DROP TRIGGER IF EXISTS cleanings_move_tasks ON public.cleanings;
DROP FUNCTION IF EXISTS public.cleanings_move_tasks();
DROP TRIGGER IF EXISTS tasks_unit_matches_cleaning ON public.tasks;
DROP FUNCTION IF EXISTS public.tasks_unit_matches_cleaning();
