CREATE TABLE public.notes (
  id serial PRIMARY KEY,
  body text NOT NULL,
  status text NOT NULL DEFAULT 'open',
  views integer NOT NULL DEFAULT 0,
  extra json
);
CREATE TABLE public.tags (
  id serial PRIMARY KEY,
  name text NOT NULL
);
-- The same shape without an event trigger (the benchmark's baseline).
CREATE TABLE public.drafts (
  id serial PRIMARY KEY,
  body text NOT NULL,
  status text NOT NULL DEFAULT 'open',
  views integer NOT NULL DEFAULT 0,
  extra json
);
