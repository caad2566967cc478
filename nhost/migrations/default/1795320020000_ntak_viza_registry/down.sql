DROP INDEX IF EXISTS public.registry_submissions_report_date_idx;
DROP INDEX IF EXISTS public.registry_submissions_due_idx;
ALTER TABLE public.registry_submissions DROP COLUMN sources, DROP COLUMN field_errors, DROP COLUMN claimed_until, DROP COLUMN event_key;
ALTER TABLE public.guest_checkins DROP COLUMN checked_out_at;
ALTER TABLE public.accommodations DROP COLUMN ntak_key_created_at, DROP COLUMN ntak_cert_valid_to, DROP COLUMN ntak_cert_valid_from, DROP COLUMN ntak_cert_subject;
DROP TABLE public.exchange_rates;
UPDATE public.registry_submissions SET status = 'error' WHERE status IN ('skipped', 'blocked');
DELETE FROM public.submission_statuses WHERE value IN ('skipped', 'blocked');
