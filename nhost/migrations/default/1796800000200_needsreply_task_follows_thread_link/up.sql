-- A conversation's open needsreply task names the conversation's booking, also when staff link (or
-- unlink) the thread after the task was made: before this, a task made while the e-mail thread was
-- unlinked kept no booking, so the booking's page did not show it and its property managers (who see
-- tasks through the booking) never saw it. Done tasks keep what they had (history stays as it was).
-- A trigger, not the link screen, so every writer (staff, functions, the admin console) keeps it.
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
CREATE TRIGGER thread_link_moves_needsreply_task AFTER INSERT OR UPDATE OR DELETE ON public.thread_2_bookings
  FOR EACH ROW EXECUTE FUNCTION public.thread_link_moves_needsreply_task();

-- Open tasks of threads linked before this migration.
UPDATE public.tasks t SET booking_id = l.booking_id, updated_at = now()
FROM public.thread_2_bookings l
WHERE t.thread_id = l.thread_id AND t.type = 'needsreply' AND NOT t.completed AND t.booking_id IS NULL;
