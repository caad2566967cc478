ALTER TABLE public.transfer_orders DROP CONSTRAINT transfer_orders_direction_check, DROP COLUMN pickup_date, DROP COLUMN departure_time, DROP COLUMN direction;
