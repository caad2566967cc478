-- Back to 1797000000200's functions, without the trigger for reopened or moved tasks.
DROP TRIGGER IF EXISTS needsreply_task_reopened_takes_thread_booking ON public.tasks;
CREATE OR REPLACE FUNCTION public.needsreply_task_takes_thread_booking() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM public.threads WHERE id = NEW.thread_id FOR SHARE;
  NEW.booking_id := (SELECT l.booking_id FROM public.thread_2_bookings l WHERE l.thread_id = NEW.thread_id);
  RETURN NEW;
END;
$$;
CREATE OR REPLACE FUNCTION public.thread_link_moves_needsreply_task() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM 1 FROM public.threads WHERE id = OLD.thread_id FOR NO KEY UPDATE;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM 1 FROM public.threads WHERE id = NEW.thread_id FOR NO KEY UPDATE;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE public.tasks SET booking_id = NULL, updated_at = now()
    WHERE thread_id = OLD.thread_id AND type = 'needsreply' AND NOT completed AND booking_id = OLD.booking_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE public.tasks SET booking_id = NEW.booking_id, updated_at = now()
    WHERE thread_id = NEW.thread_id AND type = 'needsreply' AND NOT completed AND booking_id IS DISTINCT FROM NEW.booking_id;
  END IF;
  RETURN NULL;
END;
$$;
