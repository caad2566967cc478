-- Bookings, the units they occupy (with the double-booking exclusion constraint), guest
-- check-ins, invoice details and the guests' transfer and adventure orders.

CREATE TABLE public.bookings (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- An accommodation with bookings cannot be deleted (hide it instead).
  accommodation_id uuid NOT NULL REFERENCES public.accommodations (id) ON UPDATE CASCADE ON DELETE RESTRICT,
  ota_code text,
  channel text NOT NULL DEFAULT 'direct' REFERENCES public.booking_channels (value) ON UPDATE CASCADE ON DELETE RESTRICT,
  status text NOT NULL DEFAULT 'new' REFERENCES public.booking_statuses (value) ON UPDATE CASCADE ON DELETE RESTRICT,
  customer_name text NOT NULL,
  customer_phone text,
  customer_email text,
  customer_country char(2),
  language text NOT NULL DEFAULT 'en',
  checkin date NOT NULL,
  checkout date NOT NULL,
  adults smallint NOT NULL DEFAULT 1,
  children smallint NOT NULL DEFAULT 0,
  infants smallint NOT NULL DEFAULT 0,
  currency text NOT NULL DEFAULT 'EUR' REFERENCES public.currencies (value) ON UPDATE CASCADE ON DELETE RESTRICT,
  accommodation_fee numeric(12,2) NOT NULL DEFAULT 0,
  cleaning_fee numeric(12,2) NOT NULL DEFAULT 0,
  -- The unguessable id in the guest's journey link (/journey/<journey_id>); never the primary key.
  journey_id uuid NOT NULL DEFAULT gen_random_uuid() CONSTRAINT bookings_journey_id_key UNIQUE,
  notes text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT bookings_dates_check CHECK (checkout > checkin),
  CONSTRAINT bookings_guests_check CHECK (adults >= 1 AND children >= 0 AND infants >= 0),
  CONSTRAINT bookings_fees_check CHECK (accommodation_fee >= 0 AND cleaning_fee >= 0),
  CONSTRAINT bookings_customer_name_check CHECK (length(btrim(customer_name)) >= 2)
);
CREATE UNIQUE INDEX bookings_channel_ota_code_key ON public.bookings (channel, ota_code) WHERE ota_code IS NOT NULL;
CREATE INDEX bookings_accommodation_id_checkin_idx ON public.bookings (accommodation_id, checkin);
CREATE INDEX bookings_checkin_idx ON public.bookings (checkin, checkout);

-- One row per unit a booking occupies. is_cancelled mirrors the booking's status (trigger), so
-- the exclusion constraint ignores cancelled stays and the rule holds under concurrency.
CREATE TABLE public.booked_units (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  booking_id uuid NOT NULL REFERENCES public.bookings (id) ON UPDATE CASCADE ON DELETE CASCADE,
  -- A unit with stays cannot be deleted.
  unit_id uuid NOT NULL REFERENCES public.units (id) ON UPDATE CASCADE ON DELETE RESTRICT,
  rate_id uuid REFERENCES public.rates (id) ON UPDATE CASCADE ON DELETE SET NULL,
  checkin date NOT NULL,
  checkout date NOT NULL,
  adults smallint NOT NULL DEFAULT 1,
  children smallint NOT NULL DEFAULT 0,
  infants smallint NOT NULL DEFAULT 0,
  price numeric(12,2) NOT NULL DEFAULT 0,
  is_cancelled boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT booked_units_dates_check CHECK (checkout > checkin),
  CONSTRAINT booked_units_guests_check CHECK (adults >= 0 AND children >= 0 AND infants >= 0 AND adults + children >= 1),
  CONSTRAINT booked_units_price_check CHECK (price >= 0),
  CONSTRAINT booked_units_no_overlap EXCLUDE USING gist (
    unit_id WITH =, daterange(checkin, checkout, '[)') WITH &&) WHERE (NOT is_cancelled)
);
CREATE INDEX booked_units_booking_id_idx ON public.booked_units (booking_id);
-- Calendar: stays of a unit in a date window.
CREATE INDEX booked_units_unit_id_dates_idx ON public.booked_units (unit_id, checkin, checkout);

-- Fills a booked unit's dates and cancelled flag from its booking and holds the unit's capacity.
CREATE OR REPLACE FUNCTION public.booked_units_before_write() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  b public.bookings%ROWTYPE;
  u public.units%ROWTYPE;
BEGIN
  SELECT * INTO b FROM public.bookings WHERE id = NEW.booking_id;
  IF TG_OP = 'INSERT' THEN
    NEW.checkin := coalesce(NEW.checkin, b.checkin);
    NEW.checkout := coalesce(NEW.checkout, b.checkout);
    NEW.is_cancelled := (b.status = 'cancelled');
  END IF;
  SELECT * INTO u FROM public.units WHERE id = NEW.unit_id;
  IF NEW.adults > u.occ_adults OR NEW.children > u.occ_children OR NEW.infants > u.occ_infants THEN
    RAISE EXCEPTION USING ERRCODE = 'check_violation', CONSTRAINT = 'booked_units_capacity_check',
      MESSAGE = 'The unit reached its maximum capacity',
      DETAIL = format('unit %s takes %s adults, %s children, %s infants', u.name, u.occ_adults, u.occ_children, u.occ_infants);
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER booked_units_before_write BEFORE INSERT OR UPDATE ON public.booked_units
  FOR EACH ROW EXECUTE FUNCTION public.booked_units_before_write();

-- A status or date change of a booking carries over to its booked units (those that followed
-- the booking's dates). Re-activating a cancelled booking fails if its nights were taken since.
CREATE OR REPLACE FUNCTION public.bookings_after_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE public.booked_units bu SET
    is_cancelled = (NEW.status = 'cancelled'),
    checkin = CASE WHEN bu.checkin = OLD.checkin AND bu.checkout = OLD.checkout THEN NEW.checkin ELSE bu.checkin END,
    checkout = CASE WHEN bu.checkin = OLD.checkin AND bu.checkout = OLD.checkout THEN NEW.checkout ELSE bu.checkout END
  WHERE bu.booking_id = NEW.id;
  RETURN NEW;
END;
$$;
CREATE TRIGGER bookings_after_update AFTER UPDATE OF status, checkin, checkout ON public.bookings
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.checkin <> NEW.checkin OR OLD.checkout <> NEW.checkout)
  EXECUTE FUNCTION public.bookings_after_update();

-- One checked-in guest of a booked unit (the data VIZA and NTAK need).
CREATE TABLE public.guest_checkins (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  booking_unit_id uuid NOT NULL REFERENCES public.booked_units (id) ON UPDATE CASCADE ON DELETE CASCADE,
  first_name text NOT NULL,
  last_name text NOT NULL,
  birth_first_name text,
  birth_last_name text,
  mother_first_name text,
  mother_last_name text,
  dob date NOT NULL,
  pob text,
  gender text REFERENCES public.genders (value) ON UPDATE CASCADE ON DELETE RESTRICT,
  nationality char(2) NOT NULL,
  country char(2) NOT NULL,
  zip text,
  city text,
  address text,
  document_id text NOT NULL,
  document_type text NOT NULL REFERENCES public.document_types (value) ON UPDATE CASCADE ON DELETE RESTRICT,
  visa_number text,
  visa_date_of_entry date,
  visa_place_of_entry text,
  email text,
  phone text,
  checkin_time timestamptz NOT NULL,
  checkout_time timestamptz NOT NULL,
  -- Anonymous, stable guest number for NTAK (never derived from the name).
  ntak_guest_id uuid NOT NULL DEFAULT gen_random_uuid() CONSTRAINT guest_checkins_ntak_guest_id_key UNIQUE,
  -- NTAK tourist-tax status: KOTELES (liable) or an exemption code IM1..IM11.
  tourist_tax_status text NOT NULL DEFAULT 'KOTELES',
  -- What the document scan read, unmodified (VIZA "scanned" block).
  scanned jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT guest_checkins_names_check CHECK (length(btrim(first_name)) >= 1 AND length(btrim(last_name)) >= 1),
  CONSTRAINT guest_checkins_dob_check CHECK (dob > DATE '1900-01-01'),
  CONSTRAINT guest_checkins_times_check CHECK (checkout_time > checkin_time),
  CONSTRAINT guest_checkins_country_check CHECK (nationality ~ '^[A-Z]{2}$' AND country ~ '^[A-Z]{2}$'),
  CONSTRAINT guest_checkins_tourist_tax_status_check CHECK (tourist_tax_status ~ '^(KOTELES|IM([1-9]|1[01]))$'),
  CONSTRAINT guest_checkins_booking_unit_id_document_id_key UNIQUE (booking_unit_id, document_id)
);
CREATE INDEX guest_checkins_checkin_time_idx ON public.guest_checkins (checkin_time);

-- Refuses more checked-in guests than the booked unit holds ('capacity reached for booked guests').
CREATE OR REPLACE FUNCTION public.guest_checkins_capacity() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  allowed integer;
  taken integer;
BEGIN
  SELECT adults + children + infants INTO allowed FROM public.booked_units WHERE id = NEW.booking_unit_id FOR UPDATE;
  SELECT count(*) INTO taken FROM public.guest_checkins WHERE booking_unit_id = NEW.booking_unit_id AND id <> NEW.id;
  IF taken >= allowed THEN
    RAISE EXCEPTION USING ERRCODE = 'check_violation', CONSTRAINT = 'guest_checkins_capacity_check',
      MESSAGE = 'capacity reached for booked guests';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER guest_checkins_capacity BEFORE INSERT ON public.guest_checkins
  FOR EACH ROW EXECUTE FUNCTION public.guest_checkins_capacity();

CREATE TABLE public.invoice_details (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  booking_id uuid NOT NULL CONSTRAINT invoice_details_booking_id_key UNIQUE REFERENCES public.bookings (id) ON UPDATE CASCADE ON DELETE CASCADE,
  name text NOT NULL,
  country char(2) NOT NULL,
  zip text NOT NULL,
  city text NOT NULL,
  address text NOT NULL,
  tax_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT invoice_details_name_check CHECK (length(btrim(name)) >= 2)
);

CREATE TABLE public.transfer_orders (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  booking_id uuid REFERENCES public.bookings (id) ON UPDATE CASCADE ON DELETE SET NULL,
  name text NOT NULL,
  email text NOT NULL,
  phone text NOT NULL,
  flight_number text,
  date date NOT NULL,
  landing_time time,
  -- Pickup 3 hours before the flight for departures (computed by the order function).
  pickup_time time,
  payment text NOT NULL DEFAULT 'cash',
  passengers smallint NOT NULL,
  from_address text NOT NULL,
  to_address text NOT NULL,
  status text NOT NULL DEFAULT 'new' REFERENCES public.order_statuses (value) ON UPDATE CASCADE ON DELETE RESTRICT,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT transfer_orders_passengers_check CHECK (passengers BETWEEN 1 AND 16),
  CONSTRAINT transfer_orders_payment_check CHECK (payment IN ('cash', 'card', 'transfer'))
);
CREATE INDEX transfer_orders_booking_id_idx ON public.transfer_orders (booking_id);

CREATE TABLE public.adventure_orders (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  booking_id uuid REFERENCES public.bookings (id) ON UPDATE CASCADE ON DELETE SET NULL,
  name text NOT NULL,
  email text NOT NULL,
  phone text NOT NULL,
  date date NOT NULL,
  adventure_type text NOT NULL,
  guests smallint NOT NULL,
  message text,
  status text NOT NULL DEFAULT 'new' REFERENCES public.order_statuses (value) ON UPDATE CASCADE ON DELETE RESTRICT,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT adventure_orders_guests_check CHECK (guests BETWEEN 1 AND 30)
);
CREATE INDEX adventure_orders_booking_id_idx ON public.adventure_orders (booking_id);

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['bookings', 'booked_units', 'guest_checkins', 'invoice_details', 'transfer_orders', 'adventure_orders']
  LOOP
    EXECUTE format('CREATE TRIGGER set_%1$s_updated_at BEFORE UPDATE ON public.%1$I
      FOR EACH ROW EXECUTE FUNCTION public.set_current_timestamp_updated_at()', t);
  END LOOP;
END;
$$;
