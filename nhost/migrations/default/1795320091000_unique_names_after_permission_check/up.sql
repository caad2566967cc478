-- Unique names of units, rates and fees (and a base rate's occupancy/currency pair) are checked at
-- commit, not per row: the GraphQL engine (Hasura, and the embedded one alike) evaluates the
-- role's insert/update check after the row is written, so an immediate unique check answered
-- first and told a manager, one guess at a time, the names another manager's accommodation uses
-- ("Uniqueness violation" for a taken name, "permission-error" for a free one). Deferred, the
-- permission check fails first and the transaction rolls back; a write that may happen still gets
-- the same uniqueness violation, raised at commit. No on_conflict in src/ or functions/ targets
-- these (deferrable constraints cannot be arbiters); upserts use the primary keys.
ALTER TABLE public.units DROP CONSTRAINT units_accommodation_id_name_key;
ALTER TABLE public.units ADD CONSTRAINT units_accommodation_id_name_key UNIQUE (accommodation_id, name) DEFERRABLE INITIALLY DEFERRED;
ALTER TABLE public.rates DROP CONSTRAINT rates_unit_id_name_key;
ALTER TABLE public.rates ADD CONSTRAINT rates_unit_id_name_key UNIQUE (unit_id, name) DEFERRABLE INITIALLY DEFERRED;
ALTER TABLE public.fees DROP CONSTRAINT fees_accommodation_id_name_key;
ALTER TABLE public.fees ADD CONSTRAINT fees_accommodation_id_name_key UNIQUE (accommodation_id, name) DEFERRABLE INITIALLY DEFERRED;
-- A partial unique index cannot be deferred; the same rule as an exclusion constraint can.
DROP INDEX public.rates_unit_id_occupancy_currency_key;
ALTER TABLE public.rates ADD CONSTRAINT rates_unit_id_occupancy_currency_key
  EXCLUDE USING btree (unit_id WITH =, occupancy WITH =, currency WITH =) WHERE (parent_rate_id IS NULL) DEFERRABLE INITIALLY DEFERRED;
