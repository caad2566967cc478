-- Benchmark data: 100 hosts, 200 accommodations, 1 000 units, 6 000 bookings, generated
-- deterministically so every run (and the hand-written SQL it is compared with) sees the same rows.
CREATE TABLE public.accommodations (
  id uuid PRIMARY KEY,
  host_id uuid NOT NULL,
  name text NOT NULL,
  city text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX accommodations_host_id_idx ON public.accommodations (host_id);

CREATE TABLE public.units (
  id integer PRIMARY KEY,
  accommodation_id uuid NOT NULL REFERENCES public.accommodations (id),
  name text NOT NULL,
  capacity integer NOT NULL,
  nightly_price numeric(10, 2) NOT NULL
);
CREATE INDEX units_accommodation_id_idx ON public.units (accommodation_id);

CREATE TABLE public.bookings (
  id integer PRIMARY KEY,
  unit_id integer NOT NULL REFERENCES public.units (id),
  guest_name text NOT NULL,
  check_in date NOT NULL,
  check_out date NOT NULL,
  status text NOT NULL,
  total numeric(12, 2) NOT NULL
);
CREATE INDEX bookings_unit_id_check_in_idx ON public.bookings (unit_id, check_in);
CREATE INDEX bookings_status_check_in_idx ON public.bookings (status, check_in);

INSERT INTO public.accommodations (id, host_id, name, city, created_at)
SELECT md5('acc' || a)::uuid,
       md5('host' || (a % 100))::uuid,
       'Accommodation ' || lpad(a::text, 3, '0'),
       (ARRAY['Budapest', 'Debrecen', 'Szeged', 'Pécs', 'Győr'])[1 + a % 5],
       timestamptz '2024-01-01 00:00:00+00' + a * interval '1 hour'
FROM generate_series(0, 199) AS a;

INSERT INTO public.units (id, accommodation_id, name, capacity, nightly_price)
SELECT a * 5 + u + 1,
       md5('acc' || a)::uuid,
       'Unit ' || (u + 1),
       2 + (a + u) % 5,
       15000 + ((a * 7 + u * 13) % 40) * 500
FROM generate_series(0, 199) AS a, generate_series(0, 4) AS u;

INSERT INTO public.bookings (id, unit_id, guest_name, check_in, check_out, status, total)
SELECT (un - 1) * 6 + b + 1,
       un,
       'Guest ' || un || '-' || b,
       date '2025-01-01' + ((un * 17 + b * 29) % 300),
       date '2025-01-01' + ((un * 17 + b * 29) % 300) + 1 + (b % 5),
       (ARRAY['confirmed', 'confirmed', 'confirmed', 'cancelled', 'pending'])[1 + (un + b) % 5],
       (1 + b % 5) * (15000 + ((un * 7) % 40) * 500)
FROM generate_series(1, 1000) AS un, generate_series(0, 5) AS b;
