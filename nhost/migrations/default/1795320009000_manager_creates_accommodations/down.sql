DROP INDEX IF EXISTS public.accommodations_created_by_user_id_idx;
ALTER TABLE public.accommodations DROP COLUMN IF EXISTS created_by_user_id;
