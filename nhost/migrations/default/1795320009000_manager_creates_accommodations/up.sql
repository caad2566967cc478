-- A property manager may create accommodations. Until it has units (and so unit_2_users links)
-- a new accommodation is tied to its manager only by who created it: the metadata presets this
-- column from X-Hasura-User-Id and "managed by me" = created it OR is linked as manager to a unit.
ALTER TABLE public.accommodations
  ADD COLUMN created_by_user_id uuid REFERENCES auth.users (id) ON UPDATE CASCADE ON DELETE SET NULL;
-- Used by every manager permission filter.
CREATE INDEX accommodations_created_by_user_id_idx ON public.accommodations (created_by_user_id);
