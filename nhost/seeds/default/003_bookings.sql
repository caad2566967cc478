-- Bookings from about ten months back to four months ahead of today, from Airbnb, Booking.com and
-- direct, generated per unit in weekly slots so no two active stays of a unit overlap; a few
-- cancelled bookings overlap active ones on purpose (the exclusion constraint ignores cancelled
-- stays). Today is the first day of a slot (k = 46), so there are arrivals and departures today.
-- Ids are deterministic: booking md5('booking:<unit_id>:<slot>')::uuid, booked unit
-- md5('bu:<booking_id>')::uuid, journey id md5('journey:<booking_id>')::uuid.
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

CREATE TEMP TABLE seed_stays ON COMMIT DROP AS
WITH slots AS (
  SELECT u.id AS unit_id, u.accommodation_id, u.occ_adults, u.occ_children, k,
    ('x' || substr(md5(u.id || ':' || k), 1, 7))::bit(28)::int AS r
  FROM public.units u CROSS JOIN generate_series(0, 64) AS k
)
SELECT md5('booking:' || unit_id || ':' || k)::uuid AS id, unit_id, accommodation_id, occ_adults, occ_children, k, r,
  pg_temp.demo_day('2026-01-04') + 7 * k + d AS checkin,
  -- Up to the slot's end: a stay from its first day may leave on the next slot's first day.
  -- Slot 46 starts today; every stay of slot 45 runs to its end, so guests leave today too.
  CASE WHEN k = 45 THEN 7 - d ELSE 2 + (r >> 1) % (6 - d) END AS nights
FROM slots CROSS JOIN LATERAL (SELECT CASE WHEN k = 46 THEN 0 ELSE r % 2 END AS d) AS day_in_slot
WHERE (r >> 3) % 6 <> 0 AND pg_temp.demo_day('2026-01-04') + 7 * k + d <= pg_temp.demo_day('2027-03-27');

CREATE TEMP TABLE seed_names ON COMMIT DROP AS
SELECT ARRAY['Emma', 'Lukas', 'Sophie', 'James', 'Marie', 'Luca', 'Olivia', 'Mateo', 'Hannah', 'Noah', 'Chloé', 'Jakub', 'Giulia', 'Daniel', 'Anna', 'Thomas', 'Sara', 'Liam', 'Eva', 'Marco'] AS first_names,
  ARRAY['Müller', 'Smith', 'Rossi', 'Dubois', 'García', 'Novák', 'Kowalski', 'Jansen', 'Schmidt', 'Brown', 'Bianchi', 'Martin', 'Fernández', 'Dvořák', 'Nowak', 'de Vries', 'Weber', 'Taylor', 'Lefèvre', 'Romano'] AS last_names,
  ARRAY['Mueller', 'Smith', 'Rossi', 'Dubois', 'Garcia', 'Novak', 'Kowalski', 'Jansen', 'Schmidt', 'Brown', 'Bianchi', 'Martin', 'Fernandez', 'Dvorak', 'Nowak', 'devries', 'Weber', 'Taylor', 'Lefevre', 'Romano'] AS mail_names,
  ARRAY['DE', 'GB', 'IT', 'FR', 'ES', 'CZ', 'PL', 'NL', 'AT', 'US', 'IT', 'FR', 'ES', 'CZ', 'PL', 'NL', 'DE', 'GB', 'BE', 'IT'] AS countries;

INSERT INTO public.bookings (id, accommodation_id, ota_code, channel, status, customer_name, customer_phone, customer_email, customer_country,
  language, checkin, checkout, adults, children, infants, currency, accommodation_fee, cleaning_fee, journey_id, created_at)
SELECT s.id, s.accommodation_id,
  CASE ch.channel WHEN 'airbnb' THEN 'HM' || upper(substr(md5('ota' || s.id), 1, 8))
    WHEN 'booking' THEN (1000000000 + (s.r::bigint * 7919) % 899999999)::text END,
  ch.channel,
  CASE WHEN (s.r >> 9) % 15 = 0 THEN 'cancelled' WHEN (s.r >> 9) % 15 IN (1, 2) THEN 'modified' ELSE 'new' END,
  n.first_names[1 + (s.r >> 11) % 20] || ' ' || n.last_names[1 + (s.r >> 16) % 20],
  '+' || (30 + (s.r >> 4) % 20) || ' ' || (100 + (s.r >> 5) % 800) || ' ' || lpad(((s.r >> 2) % 1000000)::text, 6, '0'),
  lower(n.first_names[1 + (s.r >> 11) % 20]) || '.' || lower(n.mail_names[1 + (s.r >> 16) % 20]) || '@example.com',
  n.countries[1 + (s.r >> 16) % 20],
  CASE WHEN n.countries[1 + (s.r >> 16) % 20] IN ('DE', 'AT') THEN 'de' ELSE 'en' END,
  s.checkin, s.checkin + s.nights,
  1 + (s.r >> 12) % s.occ_adults,
  CASE WHEN s.occ_children > 0 AND (s.r >> 14) % 4 = 0 THEN 1 ELSE 0 END,
  0,
  CASE WHEN ch.channel = 'direct' THEN 'HUF' ELSE 'EUR' END,
  round(s.nights * rt.price * (1 + 0.2 * sin(2 * pi() * (extract(month FROM s.checkin) - 4) / 12))::numeric
    * CASE WHEN ch.channel = 'direct' THEN 400 ELSE 1 END, CASE WHEN ch.channel = 'direct' THEN -2 ELSE 0 END),
  CASE WHEN ch.channel = 'direct' THEN 12000 ELSE 30 END,
  md5('journey:' || s.id)::uuid,
  (s.checkin - (5 + (s.r >> 7) % 60))::timestamp + interval '9 hours' + ((s.r % 600) * interval '1 minute')
FROM seed_stays s
CROSS JOIN seed_names n
CROSS JOIN LATERAL (SELECT (ARRAY['airbnb', 'airbnb', 'booking', 'booking', 'direct'])[1 + (s.r >> 6) % 5] AS channel) ch
JOIN public.rates rt ON rt.unit_id = s.unit_id AND rt.name = 'Standard';

-- Cancelled duplicates over active stays (a guest who cancelled, then someone else booked).
INSERT INTO public.bookings (id, accommodation_id, ota_code, channel, status, customer_name, customer_email, customer_country,
  checkin, checkout, adults, currency, accommodation_fee, cleaning_fee, journey_id, created_at)
SELECT md5('booking-cancelled:' || s.unit_id || ':' || s.k)::uuid, s.accommodation_id,
  (2000000000 + (s.r::bigint * 31) % 899999999)::text, 'booking', 'cancelled',
  'Ethan Walker', 'ethan.walker@example.com', 'US', s.checkin, s.checkin + s.nights, 1, 'EUR', 200, 30,
  md5('journey-cancelled:' || s.unit_id || ':' || s.k)::uuid,
  (s.checkin - 70)::timestamp + interval '20 hours'
FROM seed_stays s
WHERE (s.r >> 17) % 11 = 0;

INSERT INTO public.booked_units (id, booking_id, unit_id, rate_id, checkin, checkout, adults, children, infants, price)
SELECT md5('bu:' || b.id)::uuid, b.id, s.unit_id, rt.id, b.checkin, b.checkout, b.adults, b.children, b.infants, b.accommodation_fee
FROM public.bookings b
JOIN seed_stays s ON b.id IN (s.id, md5('booking-cancelled:' || s.unit_id || ':' || s.k)::uuid)
JOIN public.rates rt ON rt.unit_id = s.unit_id AND rt.name = CASE WHEN b.currency = 'HUF' THEN 'Standard HUF' ELSE 'Standard' END;

-- Checked-in guests for the stays that started before today: the lead guest, and for the last
-- seven weeks the second adult too.
INSERT INTO public.guest_checkins (id, booking_unit_id, first_name, last_name, dob, pob, gender, nationality, country, zip, city, address,
  document_id, document_type, email, phone, checkin_time, checkout_time, tourist_tax_status, created_at)
SELECT md5('checkin:' || bu.id || ':' || g)::uuid, bu.id,
  CASE WHEN g = 1 THEN split_part(b.customer_name, ' ', 1) ELSE n.first_names[1 + (s.r >> 19) % 20] END,
  substr(b.customer_name, length(split_part(b.customer_name, ' ', 1)) + 2),
  DATE '1955-01-01' + ((s.r >> g) % 18000),
  (ARRAY['Berlin', 'London', 'Milano', 'Lyon', 'Madrid', 'Praha', 'Kraków', 'Utrecht', 'Wien', 'Boston'])[1 + (s.r >> 8) % 10],
  CASE WHEN (s.r + g) % 2 = 0 THEN 'female' ELSE 'male' END,
  b.customer_country, b.customer_country,
  lpad(((s.r >> 3) % 90000 + 10000)::text, 5, '0'),
  (ARRAY['Berlin', 'London', 'Milano', 'Lyon', 'Madrid', 'Praha', 'Kraków', 'Utrecht', 'Wien', 'Boston'])[1 + (s.r >> 10) % 10],
  (1 + s.r % 120) || ' Main Street',
  upper(substr(md5('doc:' || bu.id || ':' || g), 1, 9)),
  CASE WHEN (s.r >> g) % 3 = 0 THEN 'id_card' ELSE 'passport' END,
  CASE WHEN g = 1 THEN b.customer_email END,
  CASE WHEN g = 1 THEN b.customer_phone END,
  (b.checkin::timestamp + interval '15 hours' + ((s.r % 300) * interval '1 minute')) AT TIME ZONE 'Europe/Budapest',
  (b.checkout::timestamp + interval '10 hours') AT TIME ZONE 'Europe/Budapest',
  'KOTELES',
  (b.checkin::timestamp + interval '12 hours') AT TIME ZONE 'Europe/Budapest'
FROM public.booked_units bu
JOIN public.bookings b ON b.id = bu.booking_id
JOIN seed_stays s ON s.id = b.id
CROSS JOIN seed_names n
CROSS JOIN generate_series(1, 2) AS g
WHERE b.status <> 'cancelled' AND b.checkin < pg_temp.demo_today()
  AND (g = 1 OR (bu.adults >= 2 AND b.checkin >= pg_temp.demo_day('2026-10-01')));

INSERT INTO public.invoice_details (booking_id, name, country, zip, city, address, tax_id)
SELECT b.id,
  CASE WHEN (s.r >> 20) % 2 = 0 THEN b.customer_name ELSE split_part(b.customer_name, ' ', 2) || ' Consulting GmbH' END,
  b.customer_country, lpad(((s.r >> 4) % 90000 + 10000)::text, 5, '0'), 'Berlin', (1 + s.r % 80) || ' Hauptstraße',
  CASE WHEN (s.r >> 20) % 2 = 1 THEN 'DE' || lpad((s.r % 1000000000)::text, 9, '0') END
FROM public.bookings b JOIN seed_stays s ON s.id = b.id
WHERE b.channel = 'direct' AND (s.r >> 20) % 3 = 0;

INSERT INTO public.transfer_orders (booking_id, name, email, phone, flight_number, date, landing_time, pickup_time, payment, passengers, from_address, to_address, status, created_at)
SELECT b.id, b.customer_name, b.customer_email, coalesce(b.customer_phone, '+49 151 0000000'),
  (ARRAY['LH1340', 'W62284', 'FR8432', 'BA864', 'KL1975'])[1 + (s.r >> 5) % 5], b.checkin,
  time '12:00' + ((s.r % 16) * interval '30 minutes'), NULL, (ARRAY['cash', 'card', 'transfer'])[1 + s.r % 3],
  b.adults + b.children, 'Budapest Ferenc Liszt International Airport (BUD)', a.address || ', ' || a.zip || ' Budapest',
  CASE WHEN b.checkin < pg_temp.demo_today() THEN 'done' ELSE 'confirmed' END,
  b.created_at + interval '1 day'
FROM public.bookings b JOIN seed_stays s ON s.id = b.id JOIN public.accommodations a ON a.id = b.accommodation_id
WHERE b.status <> 'cancelled' AND b.checkin BETWEEN pg_temp.demo_day('2026-10-15') AND pg_temp.demo_day('2027-01-31') AND (s.r >> 21) % 5 = 0;

INSERT INTO public.adventure_orders (booking_id, name, email, phone, date, adventure_type, guests, message, status, created_at)
SELECT b.id, b.customer_name, b.customer_email, coalesce(b.customer_phone, '+44 7700 900000'), b.checkin + 1,
  (ARRAY['Danube kayaking', 'Buda Hills cave tour', 'Segway city tour', 'Thermal bath evening'])[1 + (s.r >> 3) % 4],
  b.adults, CASE WHEN s.r % 2 = 0 THEN 'We are beginners, is that fine?' END,
  CASE WHEN b.checkin < pg_temp.demo_today() THEN 'done' ELSE 'new' END, b.created_at + interval '2 days'
FROM public.bookings b JOIN seed_stays s ON s.id = b.id
WHERE b.status <> 'cancelled' AND b.checkin BETWEEN pg_temp.demo_day('2026-09-01') AND pg_temp.demo_day('2027-03-31') AND (s.r >> 22) % 7 = 0;
