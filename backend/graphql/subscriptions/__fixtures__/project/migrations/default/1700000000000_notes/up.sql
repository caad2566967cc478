-- Fixture for the WebSocket integration tests: notes owned by users, two users' rows.
CREATE TABLE public.notes (
  id integer PRIMARY KEY,
  owner_id uuid NOT NULL,
  title text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

INSERT INTO public.notes (id, owner_id, title) VALUES
  (1, '11111111-1111-1111-1111-111111111111', 'alice first'),
  (2, '11111111-1111-1111-1111-111111111111', 'alice second'),
  (3, '22222222-2222-2222-2222-222222222222', 'bob only');
