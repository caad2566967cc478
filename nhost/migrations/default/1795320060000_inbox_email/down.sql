DROP TABLE IF EXISTS public.inbound_emails;
DROP TABLE IF EXISTS public.inbound_email_statuses;
DROP INDEX IF EXISTS public.bookings_customer_email_idx;
DROP INDEX IF EXISTS public.threads_guest_email_idx;
DROP INDEX IF EXISTS public.threads_needs_reply_idx;
DROP INDEX IF EXISTS public.threads_unread_idx;
DROP INDEX IF EXISTS public.messages_thread_id_sent_at_desc_idx;
DROP INDEX IF EXISTS public.messages_email_message_id_key;
ALTER TABLE public.messages
  DROP CONSTRAINT IF EXISTS messages_body_length_check,
  DROP COLUMN IF EXISTS email_error,
  DROP COLUMN IF EXISTS email_sent_at,
  DROP COLUMN IF EXISTS email_message_id;
