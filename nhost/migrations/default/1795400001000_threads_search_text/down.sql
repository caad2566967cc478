ALTER TABLE public.threads DROP COLUMN IF EXISTS search_text;
