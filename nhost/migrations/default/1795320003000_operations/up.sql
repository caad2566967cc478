-- Daily operations: the guest-messaging inbox (threads, messages, snippets), tasks, cleanings,
-- reviews and inspections.

CREATE TABLE public.threads (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  subject text,
  channel text NOT NULL DEFAULT 'direct' REFERENCES public.booking_channels (value) ON UPDATE CASCADE ON DELETE RESTRICT,
  external_id text,
  guest_name text,
  guest_email text,
  -- 0 normal, 1 medium, 2 high.
  priority smallint NOT NULL DEFAULT 0,
  is_read boolean NOT NULL DEFAULT false,
  is_starred boolean NOT NULL DEFAULT false,
  is_archived boolean NOT NULL DEFAULT false,
  needs_reply boolean NOT NULL DEFAULT false,
  assigned_user_id uuid REFERENCES auth.users (id) ON UPDATE CASCADE ON DELETE SET NULL,
  last_message_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT threads_priority_check CHECK (priority BETWEEN 0 AND 2)
);
CREATE UNIQUE INDEX threads_channel_external_id_key ON public.threads (channel, external_id) WHERE external_id IS NOT NULL;
-- Inbox: open threads newest first (with priority), paged by offset.
CREATE INDEX threads_inbox_idx ON public.threads (is_archived, last_message_at DESC, id);
CREATE INDEX threads_inbox_priority_idx ON public.threads (is_archived, priority DESC, last_message_at DESC);
CREATE INDEX threads_assigned_user_id_idx ON public.threads (assigned_user_id, last_message_at DESC);

CREATE TABLE public.thread_2_accommodations (
  thread_id uuid NOT NULL REFERENCES public.threads (id) ON UPDATE CASCADE ON DELETE CASCADE,
  accommodation_id uuid NOT NULL REFERENCES public.accommodations (id) ON UPDATE CASCADE ON DELETE CASCADE,
  PRIMARY KEY (thread_id, accommodation_id)
);
CREATE INDEX thread_2_accommodations_accommodation_id_idx ON public.thread_2_accommodations (accommodation_id);

CREATE TABLE public.thread_2_bookings (
  thread_id uuid NOT NULL REFERENCES public.threads (id) ON UPDATE CASCADE ON DELETE CASCADE,
  booking_id uuid NOT NULL REFERENCES public.bookings (id) ON UPDATE CASCADE ON DELETE CASCADE,
  PRIMARY KEY (thread_id, booking_id)
);
CREATE INDEX thread_2_bookings_booking_id_idx ON public.thread_2_bookings (booking_id);

CREATE TABLE public.messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  thread_id uuid NOT NULL REFERENCES public.threads (id) ON UPDATE CASCADE ON DELETE CASCADE,
  direction text NOT NULL REFERENCES public.message_directions (value) ON UPDATE CASCADE ON DELETE RESTRICT,
  sender_name text,
  author_user_id uuid REFERENCES auth.users (id) ON UPDATE CASCADE ON DELETE SET NULL,
  body text NOT NULL,
  sent_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT messages_body_check CHECK (length(btrim(body)) >= 1)
);
CREATE INDEX messages_thread_id_sent_at_idx ON public.messages (thread_id, sent_at);

-- A new message moves its thread up the inbox; a guest's message also marks it unread.
CREATE OR REPLACE FUNCTION public.messages_touch_thread() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE public.threads SET
    last_message_at = greatest(last_message_at, NEW.sent_at),
    is_read = CASE WHEN NEW.direction = 'incoming' THEN false ELSE is_read END,
    needs_reply = CASE WHEN NEW.direction = 'incoming' THEN true WHEN NEW.direction = 'outgoing' THEN false ELSE needs_reply END
  WHERE id = NEW.thread_id;
  RETURN NEW;
END;
$$;
CREATE TRIGGER messages_touch_thread AFTER INSERT ON public.messages
  FOR EACH ROW EXECUTE FUNCTION public.messages_touch_thread();

-- Reply templates with {{variables}} (the body's variables are checked by the snippet renderer).
CREATE TABLE public.snippets (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  language text NOT NULL DEFAULT 'en',
  category text,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT snippets_name_language_key UNIQUE (name, language),
  CONSTRAINT snippets_language_check CHECK (language IN ('en', 'hu', 'de', 'fr', 'es', 'it')),
  CONSTRAINT snippets_name_check CHECK (length(btrim(name)) >= 2)
);

CREATE TABLE public.cleanings (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  unit_id uuid NOT NULL REFERENCES public.units (id) ON UPDATE CASCADE ON DELETE CASCADE,
  -- The stay whose check-out this cleaning follows; kept when the booking goes.
  booking_id uuid REFERENCES public.bookings (id) ON UPDATE CASCADE ON DELETE SET NULL,
  date date NOT NULL,
  status text NOT NULL DEFAULT 'NEW' REFERENCES public.cleaning_statuses (value) ON UPDATE CASCADE ON DELETE RESTRICT,
  cleaner_user_id uuid REFERENCES auth.users (id) ON UPDATE CASCADE ON DELETE SET NULL,
  next_guests smallint,
  next_checkin date,
  notes text,
  price numeric(12,2),
  currency text REFERENCES public.currencies (value) ON UPDATE CASCADE ON DELETE RESTRICT,
  acknowledged_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT cleanings_price_check CHECK (price IS NULL OR (price >= 0 AND currency IS NOT NULL)),
  CONSTRAINT cleanings_next_guests_check CHECK (next_guests IS NULL OR next_guests >= 0)
);
CREATE INDEX cleanings_unit_id_date_idx ON public.cleanings (unit_id, date);
CREATE INDEX cleanings_date_idx ON public.cleanings (date);
CREATE INDEX cleanings_booking_id_idx ON public.cleanings (booking_id);

CREATE TABLE public.tasks (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  type text NOT NULL REFERENCES public.task_types (value) ON UPDATE CASCADE ON DELETE RESTRICT,
  title text NOT NULL,
  description text,
  completed boolean NOT NULL DEFAULT false,
  completed_at timestamptz,
  due_date date,
  unit_id uuid REFERENCES public.units (id) ON UPDATE CASCADE ON DELETE CASCADE,
  booking_id uuid REFERENCES public.bookings (id) ON UPDATE CASCADE ON DELETE CASCADE,
  thread_id uuid REFERENCES public.threads (id) ON UPDATE CASCADE ON DELETE CASCADE,
  cleaning_id uuid REFERENCES public.cleanings (id) ON UPDATE CASCADE ON DELETE CASCADE,
  assigned_user_id uuid REFERENCES auth.users (id) ON UPDATE CASCADE ON DELETE SET NULL,
  created_by_user_id uuid REFERENCES auth.users (id) ON UPDATE CASCADE ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT tasks_title_check CHECK (length(btrim(title)) >= 1),
  CONSTRAINT tasks_completed_at_check CHECK (completed OR completed_at IS NULL)
);
CREATE INDEX tasks_open_idx ON public.tasks (completed, due_date);
CREATE INDEX tasks_unit_id_idx ON public.tasks (unit_id);
CREATE INDEX tasks_thread_id_idx ON public.tasks (thread_id);
CREATE INDEX tasks_booking_id_idx ON public.tasks (booking_id);
CREATE INDEX tasks_cleaning_id_idx ON public.tasks (cleaning_id);

CREATE TABLE public.reviews (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  accommodation_id uuid NOT NULL REFERENCES public.accommodations (id) ON UPDATE CASCADE ON DELETE CASCADE,
  unit_id uuid REFERENCES public.units (id) ON UPDATE CASCADE ON DELETE SET NULL,
  booking_id uuid REFERENCES public.bookings (id) ON UPDATE CASCADE ON DELETE SET NULL,
  channel text NOT NULL REFERENCES public.booking_channels (value) ON UPDATE CASCADE ON DELETE RESTRICT,
  author_name text NOT NULL,
  headline text,
  body text,
  -- Public review shown on the channel, or private feedback to the host.
  is_public boolean NOT NULL DEFAULT true,
  overall numeric(3,1),
  reply text,
  replied_at timestamptz,
  -- Amount charged to whoever caused a bad review (e.g. the cleaner), in the review currency.
  penalty numeric(12,2) NOT NULL DEFAULT 0,
  penalty_currency text REFERENCES public.currencies (value) ON UPDATE CASCADE ON DELETE RESTRICT,
  reviewed_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT reviews_overall_check CHECK (overall IS NULL OR (overall >= 1 AND overall <= 10)),
  CONSTRAINT reviews_penalty_check CHECK (penalty >= 0 AND (penalty = 0 OR penalty_currency IS NOT NULL))
);
CREATE INDEX reviews_accommodation_id_reviewed_at_idx ON public.reviews (accommodation_id, reviewed_at DESC);
CREATE INDEX reviews_booking_id_idx ON public.reviews (booking_id);

CREATE TABLE public.review_scores (
  category_cd text NOT NULL REFERENCES public.review_categories (value) ON UPDATE CASCADE ON DELETE RESTRICT,
  review_id uuid NOT NULL REFERENCES public.reviews (id) ON UPDATE CASCADE ON DELETE CASCADE,
  score smallint NOT NULL,
  PRIMARY KEY (category_cd, review_id),
  CONSTRAINT review_scores_score_check CHECK (score BETWEEN 1 AND 5)
);
CREATE INDEX review_scores_review_id_idx ON public.review_scores (review_id);

-- The checklist items an inspection goes through.
CREATE TABLE public.checks (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CONSTRAINT checks_name_key UNIQUE,
  category text NOT NULL DEFAULT 'general',
  position integer NOT NULL DEFAULT 0,
  is_active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE public.inspections (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  unit_id uuid NOT NULL REFERENCES public.units (id) ON UPDATE CASCADE ON DELETE CASCADE,
  inspector_user_id uuid REFERENCES auth.users (id) ON UPDATE CASCADE ON DELETE SET NULL,
  type text NOT NULL DEFAULT 'routine' REFERENCES public.inspection_types (value) ON UPDATE CASCADE ON DELETE RESTRICT,
  result text NOT NULL DEFAULT 'not_checked' REFERENCES public.inspection_results (value) ON UPDATE CASCADE ON DELETE RESTRICT,
  notes text,
  inspected_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX inspections_unit_id_inspected_at_idx ON public.inspections (unit_id, inspected_at DESC);
CREATE INDEX inspections_inspector_user_id_idx ON public.inspections (inspector_user_id, inspected_at DESC);

CREATE TABLE public.inspection_checks (
  inspection_id uuid NOT NULL REFERENCES public.inspections (id) ON UPDATE CASCADE ON DELETE CASCADE,
  check_id uuid NOT NULL REFERENCES public.checks (id) ON UPDATE CASCADE ON DELETE RESTRICT,
  result text NOT NULL DEFAULT 'not_checked' REFERENCES public.inspection_results (value) ON UPDATE CASCADE ON DELETE RESTRICT,
  notes text,
  PRIMARY KEY (inspection_id, check_id),
  -- Spec 5: notes are required for failed inspection checks.
  CONSTRAINT inspection_checks_failed_notes_check CHECK (result <> 'failed' OR length(btrim(coalesce(notes, ''))) > 0)
);
CREATE INDEX inspection_checks_check_id_idx ON public.inspection_checks (check_id);

CREATE TABLE public.inspection_files (
  inspection_id uuid NOT NULL REFERENCES public.inspections (id) ON UPDATE CASCADE ON DELETE CASCADE,
  file_id uuid NOT NULL REFERENCES storage.files (id) ON UPDATE CASCADE ON DELETE CASCADE,
  check_id uuid REFERENCES public.checks (id) ON UPDATE CASCADE ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (inspection_id, file_id)
);
CREATE INDEX inspection_files_file_id_idx ON public.inspection_files (file_id);

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['threads', 'messages', 'snippets', 'cleanings', 'tasks', 'reviews', 'inspections']
  LOOP
    EXECUTE format('CREATE TRIGGER set_%1$s_updated_at BEFORE UPDATE ON public.%1$I
      FOR EACH ROW EXECUTE FUNCTION public.set_current_timestamp_updated_at()', t);
  END LOOP;
END;
$$;
