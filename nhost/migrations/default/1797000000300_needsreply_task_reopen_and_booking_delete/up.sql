-- Follow-up to 1797000000200 (the thread's row lock shared by needsreply tasks and thread links):
-- 1. A needsreply task reopened (completed -> open) or moved to another thread takes that thread's
--    booking too, not only a new one: before, a task done while its thread was relinked or unlinked
--    came back naming the old booking (its managers saw a conversation no longer theirs, the new
--    booking's never saw it), also when reopened at the moment of a link (the link skips done tasks).
-- 2. Deleting a booking (admin console) while a needsreply task of its linked thread is being made
--    deadlocked: the deletion holds the booking and its link's trigger waited for the thread, while
--    the task held the thread and waited for the booking (its foreign key). A link deleted with its
--    booking no longer waits for the thread (no task can keep a booking that is gone), and a task
--    whose thread's booking is being deleted waits for that booking and reads the link again, so it
--    is made without a booking instead of failing.
CREATE OR REPLACE FUNCTION public.needsreply_task_takes_thread_booking() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  linked uuid;
BEGIN
  PERFORM 1 FROM public.threads WHERE id = NEW.thread_id FOR SHARE;
  LOOP
    SELECT l.booking_id INTO linked FROM public.thread_2_bookings l WHERE l.thread_id = NEW.thread_id;
    EXIT WHEN linked IS NULL;
    -- Waits for a deletion of the booking in progress; when it committed, its link went with it.
    PERFORM 1 FROM public.bookings WHERE id = linked FOR KEY SHARE;
    EXIT WHEN FOUND;
  END LOOP;
  NEW.booking_id := linked;
  RETURN NEW;
END;
$$;
CREATE TRIGGER needsreply_task_reopened_takes_thread_booking BEFORE UPDATE OF completed, thread_id, type ON public.tasks
  FOR EACH ROW WHEN (NEW.type = 'needsreply' AND NEW.thread_id IS NOT NULL AND NOT NEW.completed
    AND (OLD.completed OR OLD.thread_id IS DISTINCT FROM NEW.thread_id OR OLD.type <> NEW.type))
  EXECUTE FUNCTION public.needsreply_task_takes_thread_booking();

CREATE OR REPLACE FUNCTION public.thread_link_moves_needsreply_task() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- The thread's row lock (see 1797000000200); a key-preserving lock, so messages may still
  -- reference it. Not for a link deleted with its booking (the booking is gone in this transaction).
  IF TG_OP = 'UPDATE' OR (TG_OP = 'DELETE' AND EXISTS (SELECT 1 FROM public.bookings WHERE id = OLD.booking_id)) THEN
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
