-- Back to 1796800000200's link trigger, without the task trigger or the thread lock.
DROP TRIGGER IF EXISTS needsreply_task_takes_thread_booking ON public.tasks;
DROP FUNCTION IF EXISTS public.needsreply_task_takes_thread_booking();
CREATE OR REPLACE FUNCTION public.thread_link_moves_needsreply_task() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
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
