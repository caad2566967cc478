-- A conversation is about one stay: the reply's booking reference, the snippets' variables, the
-- needsreply task's booking and the guest's journey card all take the thread's one booking. Staff
-- now link unlinked (e-mail) threads by hand, so the database holds it under concurrency, as
-- thread_2_bookings_booking_id_key holds one thread per booking.
CREATE UNIQUE INDEX thread_2_bookings_thread_id_key ON public.thread_2_bookings (thread_id);
