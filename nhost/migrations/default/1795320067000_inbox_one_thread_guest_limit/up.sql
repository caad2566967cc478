-- One conversation per booking, kept by the database: two first messages at the same moment (the
-- journey page, an e-mail) cannot each start a thread; the loser adds to the winner's thread.
DROP INDEX IF EXISTS public.thread_2_bookings_booking_id_idx;
CREATE UNIQUE INDEX thread_2_bookings_booking_id_key ON public.thread_2_bookings (booking_id);

-- The guest's message limit per booking (functions/inbox/guest-message), taken atomically: a
-- message is allowed only by an UPDATE ... WHERE count < limit that took the row, so parallel
-- requests cannot all read "under the limit" and all write. The window starts at its first message.
CREATE TABLE public.guest_message_windows (
  booking_id uuid PRIMARY KEY REFERENCES public.bookings (id) ON UPDATE CASCADE ON DELETE CASCADE,
  window_started_at timestamptz NOT NULL DEFAULT now(),
  count integer NOT NULL DEFAULT 0,
  CONSTRAINT guest_message_windows_count_check CHECK (count >= 0)
);
