DROP INDEX IF EXISTS public.thread_2_bookings_thread_id_key;
