DROP TABLE public.guest_message_windows;
DROP INDEX public.thread_2_bookings_booking_id_key;
CREATE INDEX thread_2_bookings_booking_id_idx ON public.thread_2_bookings (booking_id);
