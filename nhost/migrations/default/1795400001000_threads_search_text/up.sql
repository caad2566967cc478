-- The inbox search finds the typed words in the guest's name, the subject or the guest's address
-- (ILIKE '%words%'). One ILIKE on the three joined costs about a third of three ILIKEs (PGlite,
-- 5,000 threads: 71 vs 179 ms per scan). The parts are joined by a newline, which the one-line
-- search box cannot hold, so a match never spans two of them. No index: a contains-search over a
-- ~100-page table is a sequential scan (pg_trgm GIN indexes were tried and never chosen).
ALTER TABLE public.threads
  ADD COLUMN search_text text GENERATED ALWAYS AS (coalesce(guest_name, '') || E'\n' || coalesce(subject, '') || E'\n' || coalesce(guest_email, '')) STORED;
