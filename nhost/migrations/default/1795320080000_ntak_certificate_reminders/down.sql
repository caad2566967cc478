DROP TABLE public.ntak_certificate_reminders;
DROP FUNCTION public.ntak_certificate_reminder_task();
