DROP TABLE IF EXISTS public.inspection_files, public.inspection_checks, public.inspections, public.checks,
  public.review_scores, public.reviews, public.tasks, public.cleanings, public.snippets, public.messages,
  public.thread_2_bookings, public.thread_2_accommodations, public.threads;
DROP FUNCTION IF EXISTS public.messages_touch_thread();
