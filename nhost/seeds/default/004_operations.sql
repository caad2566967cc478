-- Inbox threads and messages around the autumn-winter stays, cleanings after every active stay,
-- tasks, reviews of past stays and monthly inspections. "Now" is 08:00 today in Budapest.
-- The demo clock (the same block opens every dated seed file: each runs in its own transaction,
-- perhaps on its own connection). Dates below are written as they were on the demo's reference day,
-- 2026-11-22, and moved to the day the database is created, so the demo is always current: about
-- ten months of history and four months ahead. The setting staydesk.seed_today stands in for that
-- day (tests pin a clock with it). demo_day and demo_ts move by days; demo_month by whole months
-- (rows tied to calendar months: closings, statements, inspections), taking the month of three
-- weeks ago as the demo's current month (2026-11), so it always has weeks of open expenses;
-- demo_year by whole years (rows tied to holidays: Christmas prices, New Year's Eve).
CREATE OR REPLACE FUNCTION pg_temp.demo_today() RETURNS date LANGUAGE sql STABLE
  AS $$ SELECT coalesce(nullif(current_setting('staydesk.seed_today', true), '')::date, (now() AT TIME ZONE 'Europe/Budapest')::date) $$;
CREATE OR REPLACE FUNCTION pg_temp.demo_day(d date) RETURNS date LANGUAGE sql STABLE
  AS $$ SELECT d + (pg_temp.demo_today() - DATE '2026-11-22') $$;
CREATE OR REPLACE FUNCTION pg_temp.demo_ts(t timestamptz) RETURNS timestamptz LANGUAGE sql STABLE
  AS $$ SELECT ((t AT TIME ZONE 'Europe/Budapest') + make_interval(days => pg_temp.demo_today() - DATE '2026-11-22')) AT TIME ZONE 'Europe/Budapest' $$;
CREATE OR REPLACE FUNCTION pg_temp.demo_month(d date) RETURNS date LANGUAGE sql STABLE
  AS $$ SELECT (d + make_interval(months => (extract(year FROM pg_temp.demo_today() - 21)::int - 2026) * 12 + extract(month FROM pg_temp.demo_today() - 21)::int - 11))::date $$;
CREATE OR REPLACE FUNCTION pg_temp.demo_year(d date) RETURNS date LANGUAGE sql STABLE
  AS $$ SELECT (d + make_interval(years => round((pg_temp.demo_today() - DATE '2026-11-22') / 365.25)::int))::date $$;

CREATE TEMP TABLE seed_now ON COMMIT DROP AS SELECT pg_temp.demo_ts('2026-11-22 08:00+01') AS now;

-- One thread per active booking arriving from seven weeks back to ten weeks ahead whose first
-- message is past.
INSERT INTO public.threads (id, subject, channel, external_id, guest_name, guest_email, priority, is_read, is_starred, assigned_user_id, last_message_at, created_at)
SELECT md5('thread:' || b.id)::uuid,
  'Stay ' || to_char(b.checkin, 'Mon DD') || ' - ' || to_char(b.checkout, 'Mon DD'),
  b.channel, CASE WHEN b.channel <> 'direct' THEN 'T' || upper(substr(md5('thread-ext:' || b.id), 1, 10)) END,
  b.customer_name, b.customer_email,
  CASE WHEN ('x' || substr(md5('prio' || b.id), 1, 2))::bit(8)::int < 200 THEN 0
       WHEN ('x' || substr(md5('prio' || b.id), 1, 2))::bit(8)::int < 240 THEN 1 ELSE 2 END,
  true, ('x' || substr(md5('star' || b.id), 1, 2))::bit(8)::int < 30,
  CASE WHEN ('x' || substr(md5('assign' || b.id), 1, 2))::bit(8)::int < 128 THEN '00000000-0000-4000-a000-000000000002'::uuid END,
  b.created_at, b.created_at
FROM public.bookings b, seed_now
WHERE b.status <> 'cancelled' AND b.checkin BETWEEN pg_temp.demo_day('2026-10-01') AND pg_temp.demo_day('2027-01-31') AND b.created_at < seed_now.now;

INSERT INTO public.thread_2_bookings (thread_id, booking_id)
SELECT md5('thread:' || b.id)::uuid, b.id FROM public.bookings b WHERE EXISTS (SELECT 1 FROM public.threads t WHERE t.id = md5('thread:' || b.id)::uuid);
INSERT INTO public.thread_2_accommodations (thread_id, accommodation_id)
SELECT t2b.thread_id, b.accommodation_id FROM public.thread_2_bookings t2b JOIN public.bookings b ON b.id = t2b.booking_id;

-- Pre-booking enquiries without a booking yet.
INSERT INTO public.threads (id, subject, channel, guest_name, guest_email, priority, is_read, last_message_at, created_at) VALUES
  ('90000000-0000-4000-a000-000000000001', 'Question about parking', 'airbnb', 'Sophie Martin', 'sophie.martin@example.com', 1, false, pg_temp.demo_ts('2026-11-21 18:20+01'), pg_temp.demo_ts('2026-11-21 18:20+01')),
  ('90000000-0000-4000-a000-000000000002', 'Group of 8 in March?', 'direct', 'Jakub Novák', 'jakub.novak@example.com', 2, false, pg_temp.demo_ts('2026-11-20 09:05+01'), pg_temp.demo_ts('2026-11-20 09:05+01'));
INSERT INTO public.thread_2_accommodations (thread_id, accommodation_id) VALUES
  ('90000000-0000-4000-a000-000000000001', '30000000-0000-4000-a000-000000000001'),
  ('90000000-0000-4000-a000-000000000002', '30000000-0000-4000-a000-000000000005'),
  ('90000000-0000-4000-a000-000000000002', '30000000-0000-4000-a000-000000000002');

-- Messages in time order (the trigger keeps each thread's last_message_at and flags).
INSERT INTO public.messages (thread_id, direction, sender_name, author_user_id, body, sent_at)
SELECT m.thread_id, m.direction, m.sender_name, m.author_user_id, m.body, m.sent_at
FROM (
  SELECT t.id AS thread_id, 'incoming' AS direction, b.customer_name AS sender_name, NULL::uuid AS author_user_id,
    'Hello! We just booked ' || a.name || ' for ' || to_char(b.checkin, 'FMMonth FMDD') || '. How do we get the keys?' AS body,
    b.created_at + interval '5 minutes' AS sent_at
  FROM public.threads t JOIN public.thread_2_bookings tb ON tb.thread_id = t.id JOIN public.bookings b ON b.id = tb.booking_id
  JOIN public.accommodations a ON a.id = b.accommodation_id
  UNION ALL
  SELECT t.id, 'outgoing', 'Kata Kommunikátor', '00000000-0000-4000-a000-000000000002'::uuid,
    'Hi ' || split_part(b.customer_name, ' ', 1) || ', thank you for your booking! You will receive the online check-in link 5 days before arrival; the door code comes after check-in.',
    b.created_at + interval '2 hours'
  FROM public.threads t JOIN public.thread_2_bookings tb ON tb.thread_id = t.id JOIN public.bookings b ON b.id = tb.booking_id
  UNION ALL
  SELECT t.id, 'incoming', b.customer_name, NULL,
    (ARRAY['Is early check-in possible around 12:00?', 'Could you recommend a restaurant nearby?', 'Our flight lands at 22:40, is late arrival OK?', 'Is there a hair dryer in the apartment?'])[1 + ('x' || substr(md5('q' || b.id), 1, 2))::bit(8)::int % 4],
    ((b.checkin - 2)::timestamp + interval '10 hours') AT TIME ZONE 'Europe/Budapest'
  FROM public.threads t JOIN public.thread_2_bookings tb ON tb.thread_id = t.id JOIN public.bookings b ON b.id = tb.booking_id
  UNION ALL
  SELECT t.id, 'outgoing', 'Kata Kommunikátor', '00000000-0000-4000-a000-000000000002'::uuid,
    'Sure, no problem - see you soon!',
    ((b.checkin - 2)::timestamp + interval '11 hours') AT TIME ZONE 'Europe/Budapest'
  FROM public.threads t JOIN public.thread_2_bookings tb ON tb.thread_id = t.id JOIN public.bookings b ON b.id = tb.booking_id
  WHERE ('x' || substr(md5('reply' || b.id), 1, 2))::bit(8)::int % 3 <> 0
  UNION ALL
  SELECT '90000000-0000-4000-a000-000000000001', 'incoming', 'Sophie Martin', NULL, 'Hi, is there a parking garage near Váci Loft? We arrive by car.', pg_temp.demo_ts('2026-11-21 18:20+01')
  UNION ALL
  SELECT '90000000-0000-4000-a000-000000000002', 'incoming', 'Jakub Novák', NULL, 'Do you have two flats for 8 people together from 12 to 15 March?', pg_temp.demo_ts('2026-11-20 09:05+01')
  UNION ALL
  SELECT '90000000-0000-4000-a000-000000000002', 'internal', 'Márk Member', '00000000-0000-4000-a000-000000000003'::uuid, 'Ráday Corner 2 + Andrássy Apt 2 are free, check with owner.', pg_temp.demo_ts('2026-11-20 10:00+01')
) m, seed_now
WHERE m.sent_at <= seed_now.now
ORDER BY m.sent_at;

-- Messages stamped in the future are skipped above; threads read if the last word was ours.
UPDATE public.threads t SET is_read = NOT t.needs_reply;

-- A cleaning after every stay: past ones acknowledged, future ones new; cancelled stays' cleanings
-- show as removed or obsolete.
INSERT INTO public.cleanings (id, unit_id, booking_id, date, status, removal_reason, cleaner_user_id, next_guests, next_checkin, notes, price, currency, acknowledged_at, created_at)
SELECT md5('cleaning:' || bu.id)::uuid, bu.unit_id, bu.booking_id, bu.checkout,
  CASE WHEN bu.is_cancelled AND ('x' || substr(md5('cs' || bu.id), 1, 2))::bit(8)::int % 2 = 0 THEN 'REMOVED'
       WHEN bu.is_cancelled THEN 'OBSOLETE'
       WHEN bu.checkout < pg_temp.demo_today() THEN 'ACKNOWLEDGED' ELSE 'NEW' END,
  CASE WHEN bu.is_cancelled AND ('x' || substr(md5('cs' || bu.id), 1, 2))::bit(8)::int % 2 = 0 THEN 'Booking cancelled' END,
  cu.user_id,
  nxt.guests, nxt.checkin,
  CASE WHEN ('x' || substr(md5('cn' || bu.id), 1, 2))::bit(8)::int % 9 = 0 THEN 'Extra towels requested by next guest' END,
  9000 + 1500 * u.occ_adults, 'HUF',
  CASE WHEN bu.checkout < pg_temp.demo_today() AND NOT bu.is_cancelled THEN ((bu.checkout - 1)::timestamp + interval '18 hours') AT TIME ZONE 'Europe/Budapest' END,
  bu.created_at
FROM public.booked_units bu
JOIN public.units u ON u.id = bu.unit_id
LEFT JOIN public.unit_2_users cu ON cu.unit_id = bu.unit_id AND cu.connection_type = 'cleaner'
LEFT JOIN LATERAL (
  SELECT n.checkin, n.adults + n.children AS guests FROM public.booked_units n
  WHERE n.unit_id = bu.unit_id AND NOT n.is_cancelled AND n.checkin >= bu.checkout ORDER BY n.checkin LIMIT 1
) nxt ON true;

-- Tasks: replies owed, per-unit to-dos, notes and cleaning follow-ups.
INSERT INTO public.tasks (type, title, description, thread_id, booking_id, assigned_user_id, created_by_user_id, due_date, created_at)
SELECT 'needsreply', 'Reply to ' || t.guest_name, NULL, t.id, tb.booking_id, '00000000-0000-4000-a000-000000000002', NULL, pg_temp.demo_today(), t.last_message_at
FROM public.threads t LEFT JOIN public.thread_2_bookings tb ON tb.thread_id = t.id
WHERE t.needs_reply;

INSERT INTO public.tasks (type, title, description, unit_id, assigned_user_id, created_by_user_id, due_date, completed, completed_at, created_at)
SELECT x.type, x.title, x.description, u.id, x.assignee, '00000000-0000-4000-a000-000000000003', x.due, x.done,
  CASE WHEN x.done THEN (x.due::timestamp + interval '14 hours') AT TIME ZONE 'Europe/Budapest' END,
  x.due::timestamp - interval '5 days'
FROM public.units u
CROSS JOIN LATERAL (VALUES
  ('todo', 'Replace smoke detector battery', 'Yearly battery change', pg_temp.demo_day('2026-11-10'), true, NULL::uuid),
  ('todo', 'Descale the kettle and coffee machine', NULL, pg_temp.demo_day('2026-11-28'), false, NULL::uuid),
  ('note', 'Neighbour complained about noise on the stairs', 'Remind guests about quiet hours', pg_temp.demo_day('2026-11-15'), true, NULL::uuid)
) AS x (type, title, description, due, done, assignee)
WHERE u.position = 1;

INSERT INTO public.tasks (type, title, description, unit_id, cleaning_id, assigned_user_id, created_by_user_id, due_date, completed, completed_at, created_at)
SELECT 'cleaning', 'Restock coffee capsules and toilet paper', 'Stock ran low at the last cleaning', c.unit_id, c.id, c.cleaner_user_id,
  '00000000-0000-4000-a000-000000000003', c.date, c.date < pg_temp.demo_today(),
  CASE WHEN c.date < pg_temp.demo_today() THEN (c.date::timestamp + interval '13 hours') AT TIME ZONE 'Europe/Budapest' END,
  c.date::timestamp - interval '1 day'
FROM public.cleanings c
WHERE c.status IN ('NEW', 'ACKNOWLEDGED') AND c.date BETWEEN pg_temp.demo_day('2026-11-01') AND pg_temp.demo_day('2026-12-20')
  AND ('x' || substr(md5('ct' || c.id), 1, 2))::bit(8)::int % 4 = 0;

-- Reviews for about a third of past Airbnb and Booking.com stays.
INSERT INTO public.reviews (id, accommodation_id, unit_id, booking_id, channel, author_name, headline, body, is_public, overall, reply, replied_at, penalty, penalty_currency, reviewed_at)
SELECT md5('review:' || b.id)::uuid, b.accommodation_id, bu.unit_id, b.id, b.channel, split_part(b.customer_name, ' ', 1),
  (ARRAY['Perfect location', 'Great stay', 'Lovely flat, a bit noisy', 'Would come again', 'Not as clean as expected'])[1 + q.r % 5],
  (ARRAY['Everything was walking distance, the flat was spotless.', 'Great host communication and easy self check-in.', 'Nice apartment but street noise at night.', 'Comfortable beds and well equipped kitchen.', 'Bathroom needed a better clean on arrival.'])[1 + q.r % 5],
  q.r % 7 <> 0,
  CASE WHEN q.r % 5 = 4 THEN 6.5 WHEN q.r % 5 = 2 THEN 8.0 ELSE 9.5 + (q.r % 2) * 0.5 END,
  CASE WHEN q.r % 3 = 0 THEN 'Thank you for your feedback, ' || split_part(b.customer_name, ' ', 1) || '!' END,
  CASE WHEN q.r % 3 = 0 THEN ((b.checkout + 4)::timestamp + interval '10 hours') AT TIME ZONE 'Europe/Budapest' END,
  CASE WHEN q.r % 5 = 4 THEN 5000 ELSE 0 END,
  CASE WHEN q.r % 5 = 4 THEN 'HUF' END,
  ((b.checkout + 2)::timestamp + interval '19 hours') AT TIME ZONE 'Europe/Budapest'
FROM public.bookings b
JOIN public.booked_units bu ON bu.booking_id = b.id
CROSS JOIN LATERAL (SELECT ('x' || substr(md5('rv' || b.id), 1, 6))::bit(24)::int AS r) q
WHERE b.status <> 'cancelled' AND b.channel IN ('airbnb', 'booking') AND b.checkout + 2 < pg_temp.demo_today() AND q.r % 3 = 0;

INSERT INTO public.review_scores (category_cd, review_id, score)
SELECT c.value, r.id, greatest(1, least(5, round(r.overall / 2)::int - CASE WHEN c.value = 'cleanliness' AND r.overall < 7 THEN 1 ELSE 0 END))
FROM public.reviews r CROSS JOIN public.review_categories c;

-- Monthly inspections: Ildikó inspects accommodations 1-3, István 4-6.
INSERT INTO public.inspections (id, unit_id, inspector_user_id, type, result, notes, inspected_at)
SELECT md5('inspection:' || u.id || ':' || m)::uuid, u.id,
  CASE WHEN right(u.accommodation_id::text, 1)::int <= 3 THEN '00000000-0000-4000-a000-000000000004'::uuid ELSE '00000000-0000-4000-a000-000000000013'::uuid END,
  CASE WHEN extract(month FROM m) = 1 THEN 'onboarding' ELSE 'routine' END,
  CASE WHEN ('x' || substr(md5('ir' || u.id || m), 1, 2))::bit(8)::int % 6 = 0 THEN 'failed' ELSE 'passed' END,
  NULL,
  m + interval '10 days 11 hours'
FROM public.units u
CROSS JOIN generate_series(pg_temp.demo_month('2026-01-01')::timestamp AT TIME ZONE 'Europe/Budapest', pg_temp.demo_month('2026-11-01')::timestamp AT TIME ZONE 'Europe/Budapest', interval '1 month') AS m
CROSS JOIN seed_now
WHERE m + interval '10 days 11 hours' < seed_now.now;
UPDATE public.inspections SET notes = 'Follow-up needed, see failed checks' WHERE result = 'failed';

INSERT INTO public.inspection_checks (inspection_id, check_id, result, notes)
SELECT i.id, c.id,
  CASE WHEN i.result = 'failed' AND c.position = 1 + ('x' || substr(md5('fc' || i.id), 1, 2))::bit(8)::int % 8 THEN 'failed'
       WHEN c.position = 6 AND ('x' || substr(md5('nc' || i.id), 1, 2))::bit(8)::int % 4 = 0 THEN 'not_checked'
       ELSE 'passed' END,
  CASE WHEN i.result = 'failed' AND c.position = 1 + ('x' || substr(md5('fc' || i.id), 1, 2))::bit(8)::int % 8
       THEN (ARRAY['Stain on the duvet cover', 'Limescale on the shower glass', 'Two wine glasses missing', 'Old food left in the fridge', 'Smoke detector beeps, battery low', 'Router restarted, slow connection', 'No welcome pack', 'Scratch on the dining table'])[c.position] END
FROM public.inspections i CROSS JOIN public.checks c;
