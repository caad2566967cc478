ALTER TABLE public.inbound_emails DROP COLUMN raw_encoding;
