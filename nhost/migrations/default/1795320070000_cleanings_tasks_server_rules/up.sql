-- Cleanings and tasks kept by the server (functions/events/cleanings-plan, functions/events/needsreply-task).
-- The event handlers read the current state and reconcile, so a redelivered or out-of-order event
-- converges; what must hold when two deliveries race is enforced here, by unique indexes, because
-- event delivery gives no ordering or mutual exclusion between handlers.

-- Removing a cleaning (status REMOVED) says why; the planner never re-creates a removed one.
ALTER TABLE public.cleanings ADD COLUMN removal_reason text;
ALTER TABLE public.cleanings ADD CONSTRAINT cleanings_removal_reason_check
  CHECK (status <> 'REMOVED' OR length(btrim(coalesce(removal_reason, ''))) >= 1);
-- The expected arrival time of the next guests (from their online check-in), null until known.
ALTER TABLE public.cleanings ADD COLUMN next_arrival_at timestamptz;

-- One live (NEW or ACKNOWLEDGED) cleaning per stay, unit and day: two handlers planning the same
-- change at once cannot both add it (the second gets a unique violation and re-plans).
CREATE UNIQUE INDEX cleanings_booking_unit_date_live_key ON public.cleanings (booking_id, unit_id, date)
  WHERE booking_id IS NOT NULL AND status IN ('NEW', 'ACKNOWLEDGED');
-- The cleaner's phone view: their cleanings from today on.
CREATE INDEX cleanings_cleaner_user_id_date_idx ON public.cleanings (cleaner_user_id, date);

-- At most one open needsreply task per thread, however many guest messages arrive at once.
CREATE UNIQUE INDEX tasks_thread_id_needsreply_open_key ON public.tasks (thread_id)
  WHERE type = 'needsreply' AND NOT completed;
-- The task list: open tasks of an assignee by due date.
CREATE INDEX tasks_assigned_user_id_open_idx ON public.tasks (assigned_user_id, completed, due_date);
