-- Inbox e-mail: messages remember the Message-ID of the e-mail that brought or carried them (so a
-- guest's answer threads back by In-Reply-To/References, and a retried delivery never makes a
-- second message), replies record whether their e-mail went out, and every inbound delivery is
-- filed in inbound_emails with what became of it (threaded, new thread, duplicate, refused + why).

ALTER TABLE public.messages
  ADD COLUMN email_message_id text,
  ADD COLUMN email_sent_at timestamptz,
  ADD COLUMN email_error text,
  ADD CONSTRAINT messages_body_length_check CHECK (length(body) <= 50000);
CREATE UNIQUE INDEX messages_email_message_id_key ON public.messages (email_message_id) WHERE email_message_id IS NOT NULL;
-- The journey card and the guest-message rate limit read one thread's latest messages.
CREATE INDEX messages_thread_id_sent_at_desc_idx ON public.messages (thread_id, sent_at DESC);

-- The unread badge of the navigation: unread open threads, newest first.
CREATE INDEX threads_unread_idx ON public.threads (last_message_at DESC) WHERE NOT is_read AND NOT is_archived;
CREATE INDEX threads_needs_reply_idx ON public.threads (last_message_at DESC) WHERE needs_reply AND NOT is_archived;
CREATE INDEX threads_guest_email_idx ON public.threads (lower(guest_email));
CREATE INDEX bookings_customer_email_idx ON public.bookings (lower(customer_email));

CREATE TABLE public.inbound_email_statuses (value text PRIMARY KEY, comment text);
INSERT INTO public.inbound_email_statuses VALUES
  ('threaded', 'Added to an existing conversation'),
  ('new_thread', 'Started a new conversation'),
  ('duplicate', 'Delivered before; nothing added'),
  ('refused', 'Not added; see the reason');

CREATE TABLE public.inbound_emails (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- The Message-ID header; a second delivery of the same id is a duplicate.
  message_id_header text,
  from_address text,
  subject text,
  status text NOT NULL REFERENCES public.inbound_email_statuses (value) ON UPDATE CASCADE ON DELETE RESTRICT,
  reason text,
  thread_id uuid REFERENCES public.threads (id) ON UPDATE CASCADE ON DELETE SET NULL,
  message_id uuid REFERENCES public.messages (id) ON UPDATE CASCADE ON DELETE SET NULL,
  size_bytes integer NOT NULL DEFAULT 0,
  -- The raw message (capped at 256 kB) so a refused mail is never lost and can be looked at.
  raw text,
  received_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT inbound_emails_reason_check CHECK (status NOT IN ('refused') OR reason IS NOT NULL),
  CONSTRAINT inbound_emails_raw_check CHECK (raw IS NULL OR length(raw) <= 262144)
);
CREATE INDEX inbound_emails_received_at_idx ON public.inbound_emails (received_at DESC);
CREATE INDEX inbound_emails_message_id_header_idx ON public.inbound_emails (message_id_header);
CREATE INDEX inbound_emails_thread_id_idx ON public.inbound_emails (thread_id);
