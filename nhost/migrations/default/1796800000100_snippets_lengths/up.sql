-- Snippet lengths held by the database, as the editor's form holds them (src/domain/snippets/schema.ts):
-- name <= 100, category <= 50, body <= 5000 characters. Before this a request past the form could store
-- a body of any size, which every communicator's snippet picker then loads.
-- NOT VALID: rows written before are kept as they are (nothing already stored is refused or lost);
-- every new write and every update is checked.
ALTER TABLE public.snippets
  ADD CONSTRAINT snippets_name_length CHECK (char_length(name) <= 100) NOT VALID,
  ADD CONSTRAINT snippets_category_length CHECK (category IS NULL OR char_length(category) <= 50) NOT VALID,
  ADD CONSTRAINT snippets_body_length CHECK (char_length(body) <= 5000) NOT VALID;
