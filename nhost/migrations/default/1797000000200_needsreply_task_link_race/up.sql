-- A conversation's open needsreply task names the thread's booking also when the task is made and
-- the thread linked at the same moment (server Postgres; PGlite has one connection). Before, the
-- needsreply function read "no link", a link committed, its trigger (1796800000200) found no open
-- task yet, and the function's task was stored without the booking: its property managers, who see
-- tasks through the booking, never saw it.
-- Now both sides take the thread's row lock, so they run one after the other, and whichever runs
-- second sees what the first committed: a new open needsreply task takes the thread's booking from
-- the database (whatever its writer read), and a link moves the open tasks once the lock is its.
CREATE OR REPLACE FUNCTION public.needsreply_task_takes_thread_booking() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM public.threads WHERE id = NEW.thread_id FOR SHARE;
  NEW.booking_id := (SELECT l.booking_id FROM public.thread_2_bookings l WHERE l.thread_id = NEW.thread_id);
  RETURN NEW;
END;
$$;
CREATE TRIGGER needsreply_task_takes_thread_booking BEFORE INSERT ON public.tasks
  FOR EACH ROW WHEN (NEW.type = 'needsreply' AND NEW.thread_id IS NOT NULL AND NOT NEW.completed)
  EXECUTE FUNCTION public.needsreply_task_takes_thread_booking();

CREATE OR REPLACE FUNCTION public.thread_link_moves_needsreply_task() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- The thread's row lock (see above); a key-preserving lock, so messages may still reference it.
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
