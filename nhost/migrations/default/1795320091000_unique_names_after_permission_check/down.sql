ALTER TABLE public.rates DROP CONSTRAINT rates_unit_id_occupancy_currency_key;
CREATE UNIQUE INDEX rates_unit_id_occupancy_currency_key ON public.rates (unit_id, occupancy, currency) WHERE parent_rate_id IS NULL;
ALTER TABLE public.fees DROP CONSTRAINT fees_accommodation_id_name_key;
ALTER TABLE public.fees ADD CONSTRAINT fees_accommodation_id_name_key UNIQUE (accommodation_id, name);
ALTER TABLE public.rates DROP CONSTRAINT rates_unit_id_name_key;
ALTER TABLE public.rates ADD CONSTRAINT rates_unit_id_name_key UNIQUE (unit_id, name);
ALTER TABLE public.units DROP CONSTRAINT units_accommodation_id_name_key;
ALTER TABLE public.units ADD CONSTRAINT units_accommodation_id_name_key UNIQUE (accommodation_id, name);
