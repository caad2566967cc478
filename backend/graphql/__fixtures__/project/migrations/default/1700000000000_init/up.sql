CREATE TABLE public.authors (
  id serial PRIMARY KEY,
  name text NOT NULL,
  user_id uuid UNIQUE,
  profile jsonb NOT NULL DEFAULT '{}'::jsonb,
  born date
);
CREATE TABLE public.article_kinds (value text PRIMARY KEY, comment text);
INSERT INTO public.article_kinds VALUES ('essay', 'An essay'), ('note', 'A short note');
CREATE TABLE public.articles (
  id serial PRIMARY KEY,
  title text NOT NULL,
  body text,
  author_id integer NOT NULL REFERENCES public.authors(id),
  is_published boolean NOT NULL DEFAULT false,
  rating numeric,
  views bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  kind text NOT NULL DEFAULT 'essay' REFERENCES public.article_kinds(value),
  CONSTRAINT title_not_blank CHECK (title <> '')
);
CREATE TABLE public.comments (
  id serial PRIMARY KEY,
  article_id integer NOT NULL REFERENCES public.articles(id) ON DELETE CASCADE,
  text text NOT NULL
);
INSERT INTO public.authors (name, user_id, profile, born) VALUES
  ('Ada', '11111111-1111-1111-1111-111111111111', '{"lang": "en", "tags": ["math"]}', '1815-12-10'),
  ('Béla', '22222222-2222-2222-2222-222222222222', '{"lang": "hu"}', '1881-03-25'),
  ('Cecil', NULL, '{}', NULL);
INSERT INTO public.articles (title, body, author_id, is_published, rating, views, created_at) VALUES
  ('Engines', 'on the analytical engine', 1, true, 4.5, 9007199254740993, '2024-01-01T10:00:00Z'),
  ('Notes', 'draft notes', 1, false, NULL, 10, '2024-01-02T10:00:00Z'),
  ('Bartók', 'folk music', 2, true, 3.25, 5, '2024-01-03T10:00:00Z'),
  ('Draft 100%', 'it''s "quoted"', 2, false, 1, 0, '2024-01-04T10:00:00Z');
INSERT INTO public.comments (article_id, text) VALUES (1, 'great'), (1, 'indeed'), (3, 'szép');
UPDATE public.articles SET kind = 'note' WHERE title = 'Notes';
