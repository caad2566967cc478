ALTER TABLE public.messages DROP COLUMN email_claimed_until;
