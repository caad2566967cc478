ALTER TABLE public.accommodations
  DROP CONSTRAINT IF EXISTS accommodations_ntak_id_check,
  DROP CONSTRAINT IF EXISTS accommodations_ntak_name_check,
  DROP CONSTRAINT IF EXISTS accommodations_tax_id_check;
