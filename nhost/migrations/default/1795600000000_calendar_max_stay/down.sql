ALTER TABLE public.rate_dates DROP COLUMN IF EXISTS max_stay;
ALTER TABLE public.unit_dates DROP COLUMN IF EXISTS max_stay;
