-- Money: contractor expenses (cleaning, maintenance, laundry), the owners' and contractors'
-- monthly closings for the ten months before this one with their invoices, guest invoices, and NTAK/VIZA
-- submission records. EUR amounts are converted at a fixed demo rate of 400 HUF/EUR.
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


-- Cleaning done by Tiszta Lakás (contractor 1) in accommodations 1-3; Csilla's cleanings (4-6)
-- are booked without a contractor (an employee).
INSERT INTO public.expenses (id, accommodation_id, unit_id, contractor_id, cleaning_id, date, expense_type, description, amount, currency, created_by_user_id, created_at)
SELECT md5('expense-cleaning:' || c.id)::uuid, u.accommodation_id, c.unit_id,
  CASE WHEN right(u.accommodation_id::text, 1)::int <= 3 THEN '20000000-0000-4000-a000-000000000001'::uuid END,
  c.id, c.date, 'cleaning', 'Cleaning ' || u.name || ' ' || to_char(c.date, 'YYYY-MM-DD'), c.price, 'HUF',
  CASE WHEN right(u.accommodation_id::text, 1)::int <= 3 THEN '00000000-0000-4000-a000-000000000008'::uuid ELSE '00000000-0000-4000-a000-000000000003'::uuid END,
  c.date::timestamp + interval '20 hours'
FROM public.cleanings c JOIN public.units u ON u.id = c.unit_id
WHERE c.status = 'ACKNOWLEDGED' AND c.date < pg_temp.demo_today();

-- Maintenance by Tóth Szerviz (contractor 2) and laundry by Fehér Mosoda (contractor 3).
INSERT INTO public.expenses (id, accommodation_id, unit_id, contractor_id, date, expense_type, description, amount, currency, created_by_user_id, created_at)
SELECT md5('expense-maint:' || u.id || ':' || m)::uuid, u.accommodation_id, u.id, '20000000-0000-4000-a000-000000000002',
  m::date + 7 + q.r % 14, 'maintenance',
  (ARRAY['Dripping tap repaired', 'Boiler service', 'Door lock battery replaced', 'Bulbs replaced', 'Washing machine filter cleaned', 'Silicone resealed in shower'])[1 + q.r % 6],
  (6000 + (q.r % 20) * 1000)::numeric, 'HUF', '00000000-0000-4000-a000-000000000011', m + interval '20 days'
FROM public.units u
CROSS JOIN generate_series(pg_temp.demo_month('2026-01-01'), pg_temp.demo_month('2026-11-01'), interval '1 month') AS m
CROSS JOIN LATERAL (SELECT ('x' || substr(md5('mt' || u.id || m), 1, 6))::bit(24)::int AS r) q
WHERE q.r % 3 = 0 AND m::date + 7 + q.r % 14 < pg_temp.demo_today();

INSERT INTO public.expenses (id, accommodation_id, contractor_id, date, expense_type, description, amount, currency, created_by_user_id, created_at)
SELECT md5('expense-laundry:' || a.id || ':' || m)::uuid, a.id, '20000000-0000-4000-a000-000000000003',
  (m + interval '1 month' - interval '1 day')::date, 'laundry', 'Laundry ' || to_char(m, 'YYYY-MM') || ' ' || a.name,
  (SELECT 1800 * count(*) FROM public.cleanings c JOIN public.units u ON u.id = c.unit_id
    WHERE u.accommodation_id = a.id AND c.status = 'ACKNOWLEDGED' AND date_trunc('month', c.date) = m) + 2500,
  'HUF', '00000000-0000-4000-a000-000000000003', m + interval '1 month'
FROM public.accommodations a
CROSS JOIN generate_series(pg_temp.demo_month('2026-01-01')::timestamp, pg_temp.demo_month('2026-10-01')::timestamp, interval '1 month') AS m;

INSERT INTO public.expenses (accommodation_id, date, expense_type, description, amount, currency, created_by_user_id)
SELECT a.id, m::date + 14, 'utilities', 'Electricity and gas ' || to_char(m, 'YYYY-MM'), 28000 + 6000 * cos(2 * pi() * extract(month FROM m) / 12)::numeric(6,2), 'HUF', '00000000-0000-4000-a000-000000000003'
FROM public.accommodations a CROSS JOIN generate_series(pg_temp.demo_month('2026-01-01'), pg_temp.demo_month('2026-10-01'), interval '1 month') AS m;

-- Contractor settlements per month: paid up to two months ago, last month closed and awaiting payment.
INSERT INTO public.monthly_closings (id, contractor_id, month, currency, expenses_total, payout, status, closed_at)
SELECT md5('closing-contractor:' || e.contractor_id || ':' || m)::uuid, e.contractor_id, m, 'HUF', sum(e.amount), sum(e.amount),
  CASE WHEN m < pg_temp.demo_month('2026-10-01') THEN 'paid' ELSE 'closed' END,
  (m + interval '1 month 3 days')::timestamp AT TIME ZONE 'Europe/Budapest'
FROM public.expenses e
CROSS JOIN LATERAL (SELECT date_trunc('month', e.date)::date AS m) mm
WHERE e.contractor_id IS NOT NULL AND e.date < pg_temp.demo_month('2026-11-01')
GROUP BY e.contractor_id, m;
UPDATE public.expenses e SET contractor_closing_id = c.id
FROM public.monthly_closings c
WHERE c.contractor_id = e.contractor_id AND c.month = date_trunc('month', e.date)::date;

-- Owner statements per accommodation and month.
INSERT INTO public.monthly_closings (id, owner_id, accommodation_id, month, currency, revenue, expenses_total, commission, tourist_tax, payout, nights, status, closed_at)
SELECT md5('closing-owner:' || a.id || ':' || m1.m)::uuid, a.owner_id, a.id, m1.m, o.invoice_currency,
  round(x.revenue / f.rate, 2), round(x.expenses / f.rate, 2), round(x.revenue * cr.pct / 100 / f.rate, 2), round(x.revenue * 0.04 / f.rate, 2),
  round((x.revenue - x.expenses - x.revenue * cr.pct / 100 - x.revenue * 0.04) / f.rate, 2), x.nights,
  CASE WHEN m1.m < pg_temp.demo_month('2026-10-01') THEN 'paid' ELSE 'closed' END,
  (m1.m + interval '1 month 5 days')::timestamp AT TIME ZONE 'Europe/Budapest'
FROM public.accommodations a
JOIN public.owners o ON o.id = a.owner_id
CROSS JOIN generate_series(pg_temp.demo_month('2026-01-01'), pg_temp.demo_month('2026-10-01'), interval '1 month') AS mm
CROSS JOIN LATERAL (SELECT mm::date AS m) m1
CROSS JOIN LATERAL (SELECT CASE WHEN o.invoice_currency = 'EUR' THEN 400 ELSE 1 END AS rate) f
CROSS JOIN LATERAL (
  SELECT coalesce((SELECT sum(b.accommodation_fee * CASE WHEN b.currency = 'EUR' THEN 400 ELSE 1 END) FROM public.bookings b
           WHERE b.accommodation_id = a.id AND b.status <> 'cancelled' AND date_trunc('month', b.checkin)::date = m1.m), 0) AS revenue,
         coalesce((SELECT sum(b.checkout - b.checkin) FROM public.bookings b
           WHERE b.accommodation_id = a.id AND b.status <> 'cancelled' AND date_trunc('month', b.checkin)::date = m1.m), 0)::int AS nights,
         coalesce((SELECT sum(e.amount) FROM public.expenses e
           WHERE e.accommodation_id = a.id AND date_trunc('month', e.date)::date = m1.m), 0) AS expenses
) x
CROSS JOIN LATERAL (
  SELECT r.commission_percent AS pct FROM public.owner_ranges r WHERE r.owner_id = a.owner_id AND r."from" <= m1.m ORDER BY r."from" DESC LIMIT 1
) cr;
UPDATE public.expenses e SET closing_id = c.id
FROM public.monthly_closings c
WHERE c.accommodation_id = e.accommodation_id AND c.month = date_trunc('month', e.date)::date;

-- Invoices: each contractor bills its settlement; we bill each owner our commission; and
-- invoices for direct guests who gave invoice details.
INSERT INTO public.invoices (number, contractor_id, closing_id, issued_on, due_on, currency, net_amount, vat_amount, gross_amount, status)
SELECT ct.tax_id || '/' || to_char(c.month, 'YYYY-MM'), c.contractor_id, c.id, (c.month + interval '1 month')::date + 2, (c.month + interval '1 month')::date + 17, 'HUF',
  round(c.expenses_total / (1 + ct.vat_rate / 100), 2), c.expenses_total - round(c.expenses_total / (1 + ct.vat_rate / 100), 2), c.expenses_total,
  CASE c.status WHEN 'paid' THEN 'paid' ELSE 'issued' END
FROM public.monthly_closings c JOIN public.contractors ct ON ct.id = c.contractor_id;

INSERT INTO public.invoices (number, owner_id, closing_id, issued_on, due_on, currency, net_amount, vat_amount, gross_amount, status, szamlazz_number)
SELECT 'SD-' || to_char(c.month, 'YYYY') || '-' || lpad(row_number() OVER (ORDER BY c.month, c.accommodation_id)::text, 4, '0'), c.owner_id, c.id,
  (c.month + interval '1 month')::date + 5, (c.month + interval '1 month')::date + 20, c.currency,
  c.commission, round(c.commission * 0.27, 2), c.commission + round(c.commission * 0.27, 2),
  CASE c.status WHEN 'paid' THEN 'paid' ELSE 'issued' END,
  'E-STAYD-' || to_char(c.month, 'YYYY') || '-' || lpad(row_number() OVER (ORDER BY c.month, c.accommodation_id)::text, 4, '0')
FROM public.monthly_closings c WHERE c.owner_id IS NOT NULL;

INSERT INTO public.invoices (number, booking_id, issued_on, due_on, currency, net_amount, vat_amount, gross_amount, status)
SELECT 'SD-G-' || to_char(b.checkout, 'YYYY') || '-' || lpad(row_number() OVER (ORDER BY b.checkout, b.id)::text, 4, '0'), b.id, b.checkout, b.checkout, b.currency,
  round((b.accommodation_fee + b.cleaning_fee) / 1.18, 2), (b.accommodation_fee + b.cleaning_fee) - round((b.accommodation_fee + b.cleaning_fee) / 1.18, 2),
  b.accommodation_fee + b.cleaning_fee, 'paid'
FROM public.bookings b JOIN public.invoice_details d ON d.booking_id = b.id
WHERE b.status <> 'cancelled' AND b.checkout < pg_temp.demo_today();

-- NTAK and VIZA: reservations and check-ins/outs of the last three weeks, daily closes of the
-- last three weeks, and a few failures to show retries and status pages.
INSERT INTO public.registry_submissions (accommodation_id, booking_id, service, message_type, status, message_id, payload, response, attempts, sent_at, created_at)
SELECT b.accommodation_id, b.id, 'ntak', 'reservation', 'success', 'res-' || substr(md5('res' || b.id), 1, 12),
  jsonb_build_object('reservationNumber', b.id, 'arrival', b.checkin, 'departure', b.checkout, 'cancelled', b.status = 'cancelled',
    'guestCount', b.adults + b.children + b.infants, 'salesChannel', CASE b.channel WHEN 'direct' THEN 'DIREKT_ONLINE' ELSE 'KOZVETITO_ONLINE' END),
  '{"foglalasEsemenyResponse": []}', 1, b.created_at + interval '1 minute', b.created_at + interval '1 minute'
FROM public.bookings b JOIN public.accommodations a ON a.id = b.accommodation_id
WHERE NOT a.skip_ntak AND b.created_at BETWEEN pg_temp.demo_ts('2026-11-01 00:00+01') AND pg_temp.demo_ts('2026-11-22 08:00+01');

INSERT INTO public.registry_submissions (accommodation_id, booking_id, guest_checkin_id, service, message_type, status, viza_status, reason, message_id, payload, response, attempts, next_attempt_at, sent_at, created_at)
SELECT b.accommodation_id, b.id, g.id, svc.service, 'check_in',
  CASE WHEN svc.service = 'viza' AND b.accommodation_id = '30000000-0000-4000-a000-000000000004' THEN 'error' ELSE 'success' END,
  CASE WHEN svc.service = 'viza' THEN CASE WHEN b.accommodation_id = '30000000-0000-4000-a000-000000000004' THEN 'VIZA_OFFLINE' ELSE 'OK' END END,
  CASE WHEN svc.service = 'viza' AND b.accommodation_id = '30000000-0000-4000-a000-000000000004' THEN 'VIZA storage unreachable, will retry' END,
  svc.service || '-' || substr(md5(svc.service || g.id), 1, 12),
  jsonb_build_object('occurredAt', g.checkin_time, 'guestId', g.ntak_guest_id),
  CASE WHEN svc.service = 'ntak' THEN '{"esemenyvezereltAdatkuldesResponse": []}'::jsonb END,
  CASE WHEN svc.service = 'viza' AND b.accommodation_id = '30000000-0000-4000-a000-000000000004' THEN 3 ELSE 1 END,
  CASE WHEN svc.service = 'viza' AND b.accommodation_id = '30000000-0000-4000-a000-000000000004' THEN pg_temp.demo_ts('2026-11-22 08:15+01') END,
  g.checkin_time + interval '2 minutes', g.checkin_time + interval '1 minute'
FROM public.guest_checkins g
JOIN public.booked_units bu ON bu.id = g.booking_unit_id
JOIN public.bookings b ON b.id = bu.booking_id
JOIN public.accommodations a ON a.id = b.accommodation_id
CROSS JOIN (VALUES ('ntak'), ('viza')) AS svc (service)
WHERE NOT a.skip_ntak AND g.checkin_time >= pg_temp.demo_ts('2026-11-01 00:00+01');

INSERT INTO public.registry_submissions (accommodation_id, service, message_type, status, report_date, message_id, payload, response, attempts, sent_at, created_at)
SELECT a.id, 'ntak', 'daily_close', 'success', d::date, 'dc-' || substr(md5(a.id || d::text), 1, 12),
  jsonb_build_object('closedDay', d::date, 'residentialUnits', jsonb_build_object('all', (SELECT count(*) FROM public.units u WHERE u.accommodation_id = a.id))),
  '{"esemenyvezereltAdatkuldesResponse": []}', 1,
  (d + interval '1 day 4 hours')::timestamp AT TIME ZONE 'Europe/Budapest', (d + interval '1 day 4 hours')::timestamp AT TIME ZONE 'Europe/Budapest'
FROM public.accommodations a CROSS JOIN generate_series(pg_temp.demo_day('2026-11-01'), pg_temp.demo_day('2026-11-20'), interval '1 day') AS d
WHERE NOT a.skip_ntak;

INSERT INTO public.registry_submissions (accommodation_id, service, message_type, status, viza_status, reason, report_date, payload, attempts, created_at) VALUES
  ('30000000-0000-4000-a000-000000000002', 'viza', 'check_in', 'error', 'DATA_REJECTED', 'documentNumber: invalid format', NULL,
    jsonb_build_object('occurredAt', to_char(pg_temp.demo_ts('2026-11-19 15:12+01') AT TIME ZONE 'Europe/Budapest', 'YYYY-MM-DD HH24:MI:SS')), 1, pg_temp.demo_ts('2026-11-19 15:13+01')),
  ('30000000-0000-4000-a000-000000000003', 'ntak', 'daily_close', 'error', NULL, 'residentialUnits.all must equal the number of registered units', pg_temp.demo_day('2026-11-21'),
    jsonb_build_object('closedDay', pg_temp.demo_day('2026-11-21')), 2, pg_temp.demo_ts('2026-11-22 04:00+01'));
