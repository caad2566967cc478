ALTER TABLE public.cleanings DROP CONSTRAINT IF EXISTS cleanings_notes_length_check;
ALTER TABLE public.cleanings DROP CONSTRAINT IF EXISTS cleanings_removal_reason_length_check;
ALTER TABLE public.tasks DROP CONSTRAINT IF EXISTS tasks_description_length_check;
ALTER TABLE public.tasks DROP CONSTRAINT IF EXISTS tasks_title_length_check;
