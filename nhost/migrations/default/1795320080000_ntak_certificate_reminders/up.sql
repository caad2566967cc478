-- Certificate-expiry reminders (issue 18): one row per certificate (its SHA-256) and threshold
-- (30, 7, 1 days before expiry; 0 once expired). The daily check inserts with ON CONFLICT DO
-- NOTHING; the insert itself creates the task in the same statement, so a re-run or a
-- redelivered cron event never creates a second task for the same certificate and threshold.
CREATE TABLE public.ntak_certificate_reminders (
  accommodation_id uuid NOT NULL REFERENCES public.accommodations (id) ON UPDATE CASCADE ON DELETE CASCADE,
  certificate_sha256 text NOT NULL,
  threshold_days integer NOT NULL,
  valid_to timestamptz NOT NULL,
  title text NOT NULL,
  description text,
  unit_id uuid REFERENCES public.units (id) ON UPDATE CASCADE ON DELETE SET NULL,
  task_id uuid REFERENCES public.tasks (id) ON UPDATE CASCADE ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (accommodation_id, certificate_sha256, threshold_days),
  CONSTRAINT ntak_certificate_reminders_threshold_check CHECK (threshold_days >= 0),
  CONSTRAINT ntak_certificate_reminders_sha256_check CHECK (certificate_sha256 ~ '^[0-9a-f]{64}$')
);
CREATE INDEX ntak_certificate_reminders_task_id_idx ON public.ntak_certificate_reminders (task_id);

-- AFTER INSERT: fires only for rows actually inserted (a BEFORE trigger would also run for a row
-- that ON CONFLICT DO NOTHING then drops, leaving a stray task).
CREATE FUNCTION public.ntak_certificate_reminder_task() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  new_task uuid;
BEGIN
  INSERT INTO public.tasks (type, title, description, due_date, unit_id)
  VALUES ('todo', NEW.title, NEW.description, (NEW.valid_to AT TIME ZONE 'Europe/Budapest')::date, NEW.unit_id)
  RETURNING id INTO new_task;
  UPDATE public.ntak_certificate_reminders SET task_id = new_task
   WHERE accommodation_id = NEW.accommodation_id AND certificate_sha256 = NEW.certificate_sha256 AND threshold_days = NEW.threshold_days;
  RETURN NULL;
END;
$$;

CREATE TRIGGER ntak_certificate_reminders_task AFTER INSERT ON public.ntak_certificate_reminders
  FOR EACH ROW EXECUTE FUNCTION public.ntak_certificate_reminder_task();
