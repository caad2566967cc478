-- Length caps the forms already apply, held by the database too, so a client that skips the form
-- cannot store a megabyte of text in a task or a removal reason.
ALTER TABLE public.tasks ADD CONSTRAINT tasks_title_length_check CHECK (length(title) <= 200);
ALTER TABLE public.tasks ADD CONSTRAINT tasks_description_length_check CHECK (description IS NULL OR length(description) <= 2000);
ALTER TABLE public.cleanings ADD CONSTRAINT cleanings_removal_reason_length_check CHECK (removal_reason IS NULL OR length(removal_reason) <= 500);
ALTER TABLE public.cleanings ADD CONSTRAINT cleanings_notes_length_check CHECK (notes IS NULL OR length(notes) <= 2000);
