-- A reply's e-mail is claimed before it is sent: functions/inbox/send-reply sets
-- email_claimed_until (a lease) only where it is unset or expired and email_sent_at is null, and
-- sends only when that update took the row. Parallel deliveries of one event send one e-mail; a
-- delivery that dies between claim and send leaves a lease that expires, and a retry sends.
ALTER TABLE public.messages ADD COLUMN email_claimed_until timestamptz;
