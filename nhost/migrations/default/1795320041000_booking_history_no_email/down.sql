-- The previous function (display name, else e-mail) is in 1795320040000_booking_history_ical.
SELECT 1;
