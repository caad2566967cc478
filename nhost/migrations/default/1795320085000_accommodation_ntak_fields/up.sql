-- The accommodation's NTAK fields hold only what the NTAK sender accepts (issue 18), so no client
-- can store an id the sender then refuses: the same rules as src/domain/ntak/validate.ts (NTAK_ID,
-- TAX_NUMBER) and the editor's form. Existing values are tidied first (blank -> NULL, id trimmed
-- and upper-cased); the checks are NOT VALID so a database with an older, unfixable value still
-- migrates, while every insert and update from now on is checked.
UPDATE public.accommodations SET ntak_id = NULLIF(upper(btrim(ntak_id)), '') WHERE ntak_id IS NOT NULL AND ntak_id IS DISTINCT FROM NULLIF(upper(btrim(ntak_id)), '');
UPDATE public.accommodations SET ntak_name = NULLIF(btrim(ntak_name), '') WHERE ntak_name IS NOT NULL AND ntak_name IS DISTINCT FROM NULLIF(btrim(ntak_name), '');
UPDATE public.accommodations SET tax_id = NULLIF(btrim(tax_id), '') WHERE tax_id IS NOT NULL AND tax_id IS DISTINCT FROM NULLIF(btrim(tax_id), '');
ALTER TABLE public.accommodations
  ADD CONSTRAINT accommodations_ntak_id_check CHECK (ntak_id ~ '^[A-Z0-9]{8}$') NOT VALID,
  ADD CONSTRAINT accommodations_ntak_name_check CHECK (char_length(ntak_name) BETWEEN 1 AND 200) NOT VALID,
  -- A Hungarian accommodation's tax number is sent in every NTAK header (szallashelySzolgaltatoAdoszam).
  ADD CONSTRAINT accommodations_tax_id_check CHECK (country <> 'HU' OR tax_id IS NULL OR tax_id = '' OR tax_id ~ '^[0-9]{8}-[0-9]-[0-9]{2}$') NOT VALID;
