ALTER TABLE public.snippets
  DROP CONSTRAINT IF EXISTS snippets_name_length,
  DROP CONSTRAINT IF EXISTS snippets_category_length,
  DROP CONSTRAINT IF EXISTS snippets_body_length;
