-- Owners, contractors and six accommodations in Budapest districts V, VI, VII, VIII, IX and XIII
-- with their units, staff connections, rates, taxes, fees, keys and the calendar's days.
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

INSERT INTO public.owners (id, user_id, name, email, phone, tax_id, zip, city, address, invoice_currency) VALUES
  ('10000000-0000-4000-a000-000000000001', '00000000-0000-4000-a000-000000000007', 'Kovács Anna', 'owner@demo.staydesk.test', '+36 30 111 2233', '81234567-1-41', '1052', 'Budapest', 'Petőfi Sándor utca 11.', 'HUF'),
  ('10000000-0000-4000-a000-000000000002', '00000000-0000-4000-a000-000000000009', 'Nagy Péter', 'owner2@demo.staydesk.test', '+36 20 444 5566', '87654321-1-42', '1074', 'Budapest', 'Dohány utca 30.', 'EUR'),
  ('10000000-0000-4000-a000-000000000003', NULL, 'Horváth Eszter', 'eszter.horvath@example.hu', '+36 70 777 8899', NULL, '1092', 'Budapest', 'Erkel utca 4.', 'HUF');

INSERT INTO public.owner_ranges (owner_id, "from", commission_percent, management_fee, currency) VALUES
  ('10000000-0000-4000-a000-000000000001', pg_temp.demo_month('2025-01-01'), 20, 15000, 'HUF'),
  ('10000000-0000-4000-a000-000000000001', pg_temp.demo_month('2026-07-01'), 18, 15000, 'HUF'),
  ('10000000-0000-4000-a000-000000000002', pg_temp.demo_month('2025-06-01'), 22, 40, 'EUR'),
  ('10000000-0000-4000-a000-000000000003', pg_temp.demo_month('2026-01-01'), 25, 0, 'HUF');

INSERT INTO public.contractors (id, user_id, full_name, email, phone, tax_id, zip, city, address, bank_name, bank_account, vat_rate, is_vat_included, extra_banks, is_kata) VALUES
  ('20000000-0000-4000-a000-000000000001', '00000000-0000-4000-a000-000000000008', 'Szabó Gábor (Tiszta Lakás Kft.)', 'contractor@demo.staydesk.test', '+36 30 222 3344', '25123456-2-42', '1081', 'Budapest', 'Népszínház utca 19.', 'OTP Bank', '11773016-12345678-00000000', 27, true, '[{"bank_name": "Wise", "bank_account": "BE68 5390 0754 7034", "currency": "EUR"}]', false),
  ('20000000-0000-4000-a000-000000000002', '00000000-0000-4000-a000-000000000011', 'Tóth Zoltán (Tóth Szerviz)', 'contractor2@demo.staydesk.test', '+36 20 333 4455', '68123456-1-43', '1139', 'Budapest', 'Váci út 88.', 'K&H Bank', '10402142-50526789-12345678', 0, true, '[]', true),
  ('20000000-0000-4000-a000-000000000003', NULL, 'Fehér Mosoda Bt.', 'info@fehermosoda.example.hu', '+36 1 555 6677', '22334455-2-41', '1095', 'Budapest', 'Soroksári út 12.', 'Erste Bank', '11600006-00000000-87654321', 27, false, '[]', false);

INSERT INTO public.labels (id, name, color) VALUES
  ('60000000-0000-4000-a000-000000000001', 'Premium', '#8e24aa'),
  ('60000000-0000-4000-a000-000000000002', 'Pet friendly', '#43a047'),
  ('60000000-0000-4000-a000-000000000003', 'Long stay', '#1e88e5'),
  ('60000000-0000-4000-a000-000000000004', 'New', '#fb8c00');

INSERT INTO public.accommodations (id, name, external_name, owner_id, owner_name, tax_id, vat_rate, zip, city, district, address, ntak_id, ntak_name, skip_ntak, viza_status, viza_status_at, is_hidden) VALUES
  ('30000000-0000-4000-a000-000000000001', 'Váci Loft', 'Designer loft on Váci Street', '10000000-0000-4000-a000-000000000001', 'Kovács Anna', '81234567-1-41', 18, '1052', 'Budapest', 5, 'Váci utca 34.', 'MA240012', 'Váci Loft Apartmanok', false, 'OK', pg_temp.demo_ts('2026-11-21 06:00+01'), false),
  ('30000000-0000-4000-a000-000000000002', 'Andrássy Residence', 'Elegant flats on Andrássy Avenue', '10000000-0000-4000-a000-000000000001', 'Kovács Anna', '81234567-1-41', 18, '1061', 'Budapest', 6, 'Andrássy út 45.', 'MA240056', 'Andrássy Residence', false, 'CERT_WARNING', pg_temp.demo_ts('2026-11-21 06:00+01'), false),
  ('30000000-0000-4000-a000-000000000003', 'Király Garden Flats', 'Garden flats in the Jewish Quarter', '10000000-0000-4000-a000-000000000002', 'Nagy Péter', '87654321-1-42', 18, '1077', 'Budapest', 7, 'Király utca 52.', 'MA230098', 'Király Garden', false, 'OK', pg_temp.demo_ts('2026-11-21 06:00+01'), false),
  ('30000000-0000-4000-a000-000000000004', 'Palace Quarter Studio', 'Quiet studio in the Palace Quarter', '10000000-0000-4000-a000-000000000002', 'Nagy Péter', '87654321-1-42', 18, '1088', 'Budapest', 8, 'Krúdy Gyula utca 8.', 'MA230043', 'Palota Stúdió', false, 'VIZA_OFFLINE', pg_temp.demo_ts('2026-11-21 06:00+01'), false),
  ('30000000-0000-4000-a000-000000000005', 'Ráday Corner', 'Corner flats on Ráday Street', '10000000-0000-4000-a000-000000000003', 'Horváth Eszter', NULL, 18, '1092', 'Budapest', 9, 'Ráday utca 27.', 'MA250011', 'Ráday Corner', false, 'OK', pg_temp.demo_ts('2026-11-21 06:00+01'), false),
  ('30000000-0000-4000-a000-000000000006', 'Újlipótváros Riverside', 'Riverside flat near Margaret Island', '10000000-0000-4000-a000-000000000001', 'Kovács Anna', '81234567-1-41', 18, '1137', 'Budapest', 13, 'Pozsonyi út 21.', NULL, NULL, true, NULL, NULL, false);

INSERT INTO public.accommodation_labels (accommodation_id, label_id) VALUES
  ('30000000-0000-4000-a000-000000000001', '60000000-0000-4000-a000-000000000001'),
  ('30000000-0000-4000-a000-000000000002', '60000000-0000-4000-a000-000000000001'),
  ('30000000-0000-4000-a000-000000000003', '60000000-0000-4000-a000-000000000002'),
  ('30000000-0000-4000-a000-000000000005', '60000000-0000-4000-a000-000000000003'),
  ('30000000-0000-4000-a000-000000000006', '60000000-0000-4000-a000-000000000004');

-- Units: 40000000-0000-4000-a000-000000000<accommodation><unit>; base prices feed the rates.
CREATE TEMP TABLE seed_units (id uuid, accommodation_id uuid, name text, category text, single_beds int, double_beds int, temp_beds int, occ_adults int, occ_children int, base_eur numeric) ON COMMIT DROP;
INSERT INTO seed_units VALUES
  ('40000000-0000-4000-a000-000000000101', '30000000-0000-4000-a000-000000000001', 'Loft A', 'APARTMAN', 0, 1, 1, 3, 1, 95),
  ('40000000-0000-4000-a000-000000000102', '30000000-0000-4000-a000-000000000001', 'Loft B', 'APARTMAN', 2, 1, 0, 4, 2, 120),
  ('40000000-0000-4000-a000-000000000201', '30000000-0000-4000-a000-000000000002', 'Apartment 1', 'SUPERIOR', 0, 1, 0, 2, 0, 110),
  ('40000000-0000-4000-a000-000000000202', '30000000-0000-4000-a000-000000000002', 'Apartment 2', 'SUPERIOR', 2, 1, 1, 5, 2, 150),
  ('40000000-0000-4000-a000-000000000203', '30000000-0000-4000-a000-000000000002', 'Apartment 3', 'APARTMAN', 0, 1, 1, 3, 1, 100),
  ('40000000-0000-4000-a000-000000000301', '30000000-0000-4000-a000-000000000003', 'Garden 1', 'APARTMAN', 1, 1, 0, 3, 1, 85),
  ('40000000-0000-4000-a000-000000000302', '30000000-0000-4000-a000-000000000003', 'Garden 2', 'APARTMAN', 0, 1, 0, 2, 1, 75),
  ('40000000-0000-4000-a000-000000000401', '30000000-0000-4000-a000-000000000004', 'Studio', 'STUDIO', 0, 1, 0, 2, 0, 65),
  ('40000000-0000-4000-a000-000000000501', '30000000-0000-4000-a000-000000000005', 'Corner 1', 'APARTMAN', 1, 1, 0, 3, 1, 80),
  ('40000000-0000-4000-a000-000000000502', '30000000-0000-4000-a000-000000000005', 'Corner 2', 'APARTMAN', 2, 2, 0, 6, 2, 135),
  ('40000000-0000-4000-a000-000000000601', '30000000-0000-4000-a000-000000000006', 'Riverside', 'APARTMAN', 0, 1, 1, 3, 1, 105),
  ('40000000-0000-4000-a000-000000000602', '30000000-0000-4000-a000-000000000006', 'Riverside Studio', 'STUDIO', 0, 1, 0, 2, 0, 70);

INSERT INTO public.units (id, accommodation_id, name, external_name, category, single_beds, double_beds, temp_beds, occ_adults, occ_children, occ_infants, position)
SELECT id, accommodation_id, name, name || ' (' || category || ')', category, single_beds, double_beds, temp_beds, occ_adults, occ_children, 1,
  row_number() OVER (PARTITION BY accommodation_id ORDER BY id)
FROM seed_units;

-- Cleaners and property managers: the first of each serves accommodations 1-3, the second 4-6.
INSERT INTO public.unit_2_users (unit_id, user_id, connection_type)
SELECT u.id, c.user_id, c.connection_type
FROM public.units u
JOIN (VALUES
  ('00000000-0000-4000-a000-000000000006'::uuid, 'cleaner', 1, 3),
  ('00000000-0000-4000-a000-000000000010'::uuid, 'cleaner', 4, 6),
  ('00000000-0000-4000-a000-000000000005'::uuid, 'manager', 1, 3),
  ('00000000-0000-4000-a000-000000000012'::uuid, 'manager', 4, 6)
) AS c (user_id, connection_type, acc_from, acc_to)
  ON right(u.accommodation_id::text, 1)::int BETWEEN c.acc_from AND c.acc_to;

INSERT INTO public.unit_contractors (unit_id, contractor_id, contractor_type_cd)
SELECT u.id, c.contractor_id, c.type
FROM public.units u
JOIN (VALUES
  ('20000000-0000-4000-a000-000000000001'::uuid, 'cleaning', 1, 3),
  ('20000000-0000-4000-a000-000000000002'::uuid, 'maintenance', 1, 6),
  ('20000000-0000-4000-a000-000000000002'::uuid, 'plumbing', 4, 6),
  ('20000000-0000-4000-a000-000000000003'::uuid, 'laundry', 1, 6)
) AS c (contractor_id, type, acc_from, acc_to)
  ON right(u.accommodation_id::text, 1)::int BETWEEN c.acc_from AND c.acc_to;

INSERT INTO public.airbnbs (id, url, title, gg_stars) VALUES
  ('51234567', 'https://www.airbnb.com/rooms/51234567', 'Designer loft on Váci Street', 4.92),
  ('51234568', 'https://www.airbnb.com/rooms/51234568', 'Spacious loft for families, Váci utca', 4.85),
  ('62345678', 'https://www.airbnb.com/rooms/62345678', 'Andrássy Avenue superior flat', 4.97),
  ('73456789', 'https://www.airbnb.com/rooms/73456789', 'Garden flat in the party district', 4.71),
  ('84567890', 'https://www.airbnb.com/rooms/84567890', 'Riverside flat by Margaret Island', 4.88);
INSERT INTO public.airbnb_units (unit_id, airbnb_id) VALUES
  ('40000000-0000-4000-a000-000000000101', '51234567'),
  ('40000000-0000-4000-a000-000000000102', '51234568'),
  ('40000000-0000-4000-a000-000000000201', '62345678'),
  ('40000000-0000-4000-a000-000000000301', '73456789'),
  ('40000000-0000-4000-a000-000000000601', '84567890');
-- Ids on other channels, as the channels tab maps them to units.
INSERT INTO public.unit_channel_listings (unit_id, channel, external_id, url) VALUES
  ('40000000-0000-4000-a000-000000000101', 'booking', '9182736', 'https://www.booking.com/hotel/hu/designer-loft-vaci.html'),
  ('40000000-0000-4000-a000-000000000102', 'booking', '9182737', NULL),
  ('40000000-0000-4000-a000-000000000201', 'szallas_hu', '158203', 'https://szallas.hu/andrassy-superior-budapest'),
  ('40000000-0000-4000-a000-000000000601', 'expedia', '44120987', NULL);

-- Rates: per unit a base EUR and HUF rate at full occupancy, a one-guest rate, and a
-- non-refundable rate derived from the EUR base (10% off). Ids are md5('rate:<unit>:<name>').
INSERT INTO public.rates (id, unit_id, name, occupancy, currency, price, min_price, max_price, min_stay, max_stay)
SELECT md5('rate:' || su.id || ':' || r.name)::uuid, su.id, r.name,
  CASE WHEN r.single THEN 1 ELSE su.occ_adults END, r.currency,
  round(su.base_eur * r.factor, CASE WHEN r.currency = 'HUF' THEN -2 ELSE 0 END),
  round(su.base_eur * r.factor * 0.7, CASE WHEN r.currency = 'HUF' THEN -2 ELSE 0 END),
  round(su.base_eur * r.factor * 2, CASE WHEN r.currency = 'HUF' THEN -2 ELSE 0 END),
  2, 30
FROM seed_units su
CROSS JOIN (VALUES ('Standard', 'EUR', 1.0, false), ('Standard HUF', 'HUF', 400.0, false), ('Single', 'EUR', 0.85, true)) AS r (name, currency, factor, single)
WHERE NOT (r.single AND su.occ_adults = 1);

INSERT INTO public.rates (id, unit_id, name, occupancy, currency, price, min_stay, parent_rate_id, derived_change_type, derived_change_value, inherit_closed_to_arrival, inherit_closed_to_departure)
SELECT md5('rate:' || p.unit_id || ':Non-refundable')::uuid, p.unit_id, 'Non-refundable', p.occupancy, p.currency, round(p.price * 0.9), 2, p.id, 'PERCENT', -10, true, true
FROM public.rates p WHERE p.name = 'Standard';

-- One rate with a standing weekend-style modifier, to show the field in use.
UPDATE public.rates SET modifier_direction = 'increase', modifier_type = 'FIX', modifier_value = 10
WHERE unit_id = '40000000-0000-4000-a000-000000000202' AND name = 'Standard';

-- The calendar's day axis (three years around today) with Hungarian public holidays.
INSERT INTO public.dates (date, is_weekend)
SELECT d::date, extract(isodow FROM d) IN (6, 7) FROM generate_series(pg_temp.demo_month('2025-01-01'), pg_temp.demo_month('2027-12-01') + interval '1 month - 1 day', interval '1 day') AS d;
UPDATE public.dates d SET is_holiday = true, holiday_name = h.name
FROM (VALUES ('01-01', 'New Year''s Day'), ('03-15', 'National Day'), ('05-01', 'Labour Day'), ('08-20', 'State Foundation Day'),
  ('10-23', 'Republic Day'), ('11-01', 'All Saints'' Day'), ('12-24', 'Christmas Eve'), ('12-25', 'Christmas'), ('12-26', 'Christmas')) AS h (md, name)
WHERE to_char(d.date, 'MM-DD') = h.md;

-- Christmas and New Year prices on the EUR base rates; a closed week for renovation.
INSERT INTO public.rate_dates (rate_id, date, price, closed_to_arrival, min_stay)
SELECT r.id, d::date, round(r.price * 1.6), d::date = pg_temp.demo_year('2026-12-31'), 3
FROM public.rates r CROSS JOIN generate_series(pg_temp.demo_year('2026-12-27'), pg_temp.demo_year('2027-01-02'), interval '1 day') AS d
WHERE r.name = 'Standard';
INSERT INTO public.rate_dates (rate_id, date, price)
SELECT r.id, d::date, round(r.price * 1.25)
FROM public.rates r CROSS JOIN generate_series(pg_temp.demo_year('2026-08-15'), pg_temp.demo_year('2026-08-23'), interval '1 day') AS d
WHERE r.name = 'Standard' AND r.currency = 'EUR';
INSERT INTO public.unit_dates (unit_id, date, is_closed, note)
SELECT '40000000-0000-4000-a000-000000000401', d::date, true, 'Bathroom renovation'
FROM generate_series(pg_temp.demo_day('2027-02-08'), pg_temp.demo_day('2027-02-14'), interval '1 day') AS d;
INSERT INTO public.unit_dates (unit_id, date, min_stay, note)
SELECT u.id, pg_temp.demo_year('2026-12-31'), 3, 'New Year''s Eve' FROM public.units u;

INSERT INTO public.price_rules (id, name, type, priority, conditions, results) VALUES
  ('61000000-0000-4000-a000-000000000001', 'Weekend +15%', 'simple', 10, '[{"field": "weekday", "op": "in", "value": [5, 6]}]'::jsonb, '{"type": "PERCENT", "value": 15}'),
  ('61000000-0000-4000-a000-000000000002', 'Low season January', 'simple', 5, '[{"field": "month", "op": "eq", "value": 1}]'::jsonb, '{"type": "PERCENT", "value": -12}'),
  ('61000000-0000-4000-a000-000000000003', 'Length of stay x lead time', 'matrix', 1, jsonb_build_array(jsonb_build_object('field', 'date', 'op', 'between', 'value', jsonb_build_array(pg_temp.demo_month('2026-01-01'), pg_temp.demo_month('2027-03-31')))),
   '{"rows": {"field": "nights", "values": [1, 3, 7]}, "columns": {"field": "leadDays", "values": [0, 14, 60]}, "cells": [[5, 0, -5], [0, -3, -8], [-5, -10, -15]], "type": "PERCENT"}');
INSERT INTO public.price_rule_assignments (price_rule_id, rate_id)
SELECT '61000000-0000-4000-a000-000000000001'::uuid, id FROM public.rates WHERE name = 'Standard'
UNION ALL SELECT '61000000-0000-4000-a000-000000000002'::uuid, id FROM public.rates WHERE name IN ('Standard', 'Standard HUF')
UNION ALL SELECT '61000000-0000-4000-a000-000000000003'::uuid, id FROM public.rates WHERE name = 'Standard' AND unit_id IN (SELECT id FROM public.units WHERE accommodation_id = '30000000-0000-4000-a000-000000000002');

INSERT INTO public.expense_factories (name, unit_id, type, minimum, value, currency, expense_type)
SELECT 'Laundry per stay', id, 'FIX', 0, 3500 + 500 * occ_adults, 'HUF', 'laundry' FROM public.units
UNION ALL SELECT 'Consumables', id, 'PERCENT', 1000, 2, 'HUF', 'consumables' FROM public.units;

-- Tourist tax: 4% of the accommodation fee since January of the demo's first year; Andrássy
-- Residence had a fixed rate the year before.
INSERT INTO public.tourist_tax_ranges (accommodation_id, type, currency, inclusive, value, valid_from, valid_to, max_nights, issue_on_cleaning)
SELECT id, 'PERCENT', 'HUF', false, 4, pg_temp.demo_month('2026-01-01'), NULL, NULL, false FROM public.accommodations;
INSERT INTO public.tourist_tax_ranges (accommodation_id, type, currency, inclusive, value, valid_from, valid_to, max_nights, issue_on_cleaning) VALUES
  ('30000000-0000-4000-a000-000000000002', 'FIX', 'HUF', false, 680, pg_temp.demo_month('2025-01-01'), pg_temp.demo_month('2026-01-01') - 1, 30, true);

INSERT INTO public.fees (accommodation_id, name, type, value, currency, per_night, per_guest)
SELECT id, 'Late check-out', 'FIX', 25, 'EUR', false, false FROM public.accommodations
UNION ALL SELECT id, 'Pet fee', 'FIX', 10, 'EUR', true, false FROM public.accommodations WHERE id = '30000000-0000-4000-a000-000000000003'
UNION ALL SELECT id, 'Early check-in', 'FIX', 20, 'EUR', false, false FROM public.accommodations WHERE district IN (5, 6);

-- Keys / fact sheet with who may read and write each.
INSERT INTO public.keys (id, slug, name, type, description, position) VALUES
  ('70000000-0000-4000-a000-000000000001', 'door-code', 'Door code', 'code', 'Front door keypad code', 1),
  ('70000000-0000-4000-a000-000000000002', 'wifi', 'Wi-Fi', 'wifi', 'Network name and password', 2),
  ('70000000-0000-4000-a000-000000000003', 'lockbox', 'Lockbox code', 'code', 'Key safe at the entrance', 3),
  ('70000000-0000-4000-a000-000000000004', 'house-rules', 'House rules', 'note', 'Quiet hours and rubbish', 4),
  ('70000000-0000-4000-a000-000000000005', 'owner-emergency', 'Owner emergency contact', 'text', 'Only for property managers', 5);
INSERT INTO public.key_reads (key_id, role_cd) VALUES
  ('70000000-0000-4000-a000-000000000001', 'communicator'), ('70000000-0000-4000-a000-000000000001', 'manager'),
  ('70000000-0000-4000-a000-000000000001', 'cleaner'), ('70000000-0000-4000-a000-000000000001', 'inspector'),
  ('70000000-0000-4000-a000-000000000002', 'all'),
  ('70000000-0000-4000-a000-000000000003', 'manager'), ('70000000-0000-4000-a000-000000000003', 'cleaner'),
  ('70000000-0000-4000-a000-000000000004', 'all'),
  ('70000000-0000-4000-a000-000000000005', 'manager');
INSERT INTO public.key_writes (key_id, role_cd) VALUES
  ('70000000-0000-4000-a000-000000000001', 'manager'),
  ('70000000-0000-4000-a000-000000000002', 'manager'), ('70000000-0000-4000-a000-000000000002', 'communicator'),
  ('70000000-0000-4000-a000-000000000003', 'manager'), ('70000000-0000-4000-a000-000000000003', 'cleaner'),
  ('70000000-0000-4000-a000-000000000004', 'all');
INSERT INTO public.unit_keys (key_id, unit_id, value)
SELECT k.id, u.id, CASE k.slug
    WHEN 'door-code' THEN lpad(((('x' || substr(md5('door' || u.id), 1, 6))::bit(24)::int) % 10000)::text, 4, '0') || '#'
    WHEN 'wifi' THEN 'Staydesk-' || replace(u.name, ' ', '') || ' / ' || substr(md5('wifi' || u.id), 1, 10)
    WHEN 'lockbox' THEN lpad(((('x' || substr(md5('box' || u.id), 1, 6))::bit(24)::int) % 1000)::text, 3, '0')
    WHEN 'house-rules' THEN 'Quiet hours 22:00-07:00. Selective waste bins in the courtyard. No parties.'
    ELSE 'Owner: +36 30 999 0000' END
FROM public.keys k CROSS JOIN public.units u;

INSERT INTO public.checks (id, name, category, position) VALUES
  ('80000000-0000-4000-a000-000000000001', 'Bed linen clean and complete', 'bedroom', 1),
  ('80000000-0000-4000-a000-000000000002', 'Bathroom clean, no hair or limescale', 'bathroom', 2),
  ('80000000-0000-4000-a000-000000000003', 'Kitchen equipment complete', 'kitchen', 3),
  ('80000000-0000-4000-a000-000000000004', 'Fridge empty and clean', 'kitchen', 4),
  ('80000000-0000-4000-a000-000000000005', 'Smoke detector works', 'safety', 5),
  ('80000000-0000-4000-a000-000000000006', 'Wi-Fi works', 'general', 6),
  ('80000000-0000-4000-a000-000000000007', 'Welcome pack in place', 'general', 7),
  ('80000000-0000-4000-a000-000000000008', 'No damage to walls and furniture', 'general', 8);

INSERT INTO public.snippets (name, language, category, body) VALUES
  ('Check-in instructions', 'en', 'checkin', 'Hi {{guest.firstName}}, welcome to {{accommodation.name}}! The address is {{accommodation.address}}. Check-in is from {{accommodation.checkinTime}}. Please complete online check-in: {{journey.url}}'),
  ('Check-in instructions', 'hu', 'checkin', 'Kedves {{guest.firstName}}! Üdvözöljük a(z) {{accommodation.name}} szálláson. Cím: {{accommodation.address}}. Bejelentkezés {{accommodation.checkinTime}}-tól. Kérjük, töltse ki az online bejelentkezést: {{journey.url}}'),
  ('Check-out reminder', 'en', 'checkout', 'Hi {{guest.firstName}}, a reminder that check-out is at {{accommodation.checkoutTime}} tomorrow. Please leave the keys in the lockbox. Safe travels!'),
  ('Thank you', 'en', 'after', 'Thank you for staying with us, {{guest.firstName}}! We would love to welcome you again in Budapest.'),
  ('Airport transfer', 'en', 'upsell', 'We can arrange an airport transfer for you; order it here: {{journey.url}}');

INSERT INTO public.contracts (kind, name, owner_id, accommodation_id, starts_on, ends_on, commission_percent, szamlazz_agent_key, szamlazz_prefix) VALUES
  ('pm', 'Property management contract - Váci Loft', '10000000-0000-4000-a000-000000000001', '30000000-0000-4000-a000-000000000001', pg_temp.demo_month('2025-01-01'), NULL, 20, NULL, NULL),
  ('pm', 'Property management contract - Király Garden', '10000000-0000-4000-a000-000000000002', '30000000-0000-4000-a000-000000000003', pg_temp.demo_month('2025-06-01'), pg_temp.demo_month('2027-06-01') - 1, 22, NULL, NULL),
  ('manager', 'Manager agreement - Andrássy Residence', '10000000-0000-4000-a000-000000000001', '30000000-0000-4000-a000-000000000002', pg_temp.demo_month('2025-03-01'), NULL, NULL, NULL, NULL),
  ('szamlazz', 'Számlázz.hu agent - Kovács Anna', '10000000-0000-4000-a000-000000000001', NULL, pg_temp.demo_month('2025-01-01'), NULL, NULL, 'demo-agent-key-not-real-1', 'KA'),
  ('szamlazz', 'Számlázz.hu agent - Nagy Péter', '10000000-0000-4000-a000-000000000002', NULL, pg_temp.demo_month('2025-06-01'), NULL, NULL, 'demo-agent-key-not-real-2', 'NP');

-- District market averages for the comparison page (36 months, seasonal).
INSERT INTO public.market_stats (district, month, avg_price_eur, occupancy_percent, listings)
SELECT d, m::date,
  round((CASE d WHEN 5 THEN 105 WHEN 6 THEN 95 WHEN 7 THEN 88 WHEN 8 THEN 72 WHEN 9 THEN 76 ELSE 80 END)
    * (1 + 0.25 * sin(2 * pi() * (extract(month FROM m) - 4) / 12))::numeric * (1 + 0.04 * extract(year FROM age(m, pg_temp.demo_month('2024-01-01')))), 2),
  round(least(95, 55 + 25 * sin(2 * pi() * (extract(month FROM m) - 4) / 12) + d % 5)::numeric, 2),
  (CASE d WHEN 5 THEN 2100 WHEN 6 THEN 2400 WHEN 7 THEN 3300 WHEN 8 THEN 1500 WHEN 9 THEN 1200 ELSE 900 END)
FROM unnest(ARRAY[5, 6, 7, 8, 9, 13]) AS d
CROSS JOIN generate_series(pg_temp.demo_month('2024-01-01'), pg_temp.demo_month('2026-12-01'), interval '1 month') AS m;
