DROP INDEX IF EXISTS public.tasks_assigned_user_id_open_idx;
DROP INDEX IF EXISTS public.tasks_thread_id_needsreply_open_key;
DROP INDEX IF EXISTS public.cleanings_cleaner_user_id_date_idx;
DROP INDEX IF EXISTS public.cleanings_booking_unit_date_live_key;
ALTER TABLE public.cleanings DROP COLUMN IF EXISTS next_arrival_at;
ALTER TABLE public.cleanings DROP CONSTRAINT IF EXISTS cleanings_removal_reason_check;
ALTER TABLE public.cleanings DROP COLUMN IF EXISTS removal_reason;
