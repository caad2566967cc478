-- Transfer orders say which way they go: from the airport after landing (landing_time) or to the
-- airport for a departing flight (departure_time), where the pickup is 3 hours before take-off and
-- may fall on the day before (pickup_date). Computed by src/domain/journey (transferPickup).
ALTER TABLE public.transfer_orders
  ADD COLUMN direction text NOT NULL DEFAULT 'arrival',
  ADD COLUMN departure_time time,
  ADD COLUMN pickup_date date,
  ADD CONSTRAINT transfer_orders_direction_check CHECK (direction IN ('arrival', 'departure'));
