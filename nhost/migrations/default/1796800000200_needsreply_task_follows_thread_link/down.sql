DROP TRIGGER IF EXISTS thread_link_moves_needsreply_task ON public.thread_2_bookings;
DROP FUNCTION IF EXISTS public.thread_link_moves_needsreply_task();
