-- Channels tab: the ids a unit has on channels other than Airbnb (Airbnb listings keep their own
-- tables, airbnbs/airbnb_units, because they carry a title and ratings and one listing may cover
-- several units). A channel manager maps an incoming reservation to a unit by (channel, external
-- id), so that pair is unique across all units.
CREATE TABLE public.listing_channels (value text PRIMARY KEY, comment text);
INSERT INTO public.listing_channels VALUES
  ('booking', 'Booking.com'),
  ('expedia', 'Expedia'),
  ('vrbo', 'Vrbo'),
  ('szallas_hu', 'Szallas.hu'),
  ('google', 'Google Vacation Rentals'),
  ('other', 'Other');

CREATE TABLE public.unit_channel_listings (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  unit_id uuid NOT NULL REFERENCES public.units (id) ON UPDATE CASCADE ON DELETE CASCADE,
  channel text NOT NULL REFERENCES public.listing_channels (value) ON UPDATE CASCADE ON DELETE RESTRICT,
  external_id text NOT NULL,
  url text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT unit_channel_listings_channel_external_id_key UNIQUE (channel, external_id),
  -- No blank ids or stray spaces (the channel's own id is matched exactly).
  CONSTRAINT unit_channel_listings_external_id_check CHECK (external_id ~ '^\S(.*\S)?$' AND char_length(external_id) <= 200),
  CONSTRAINT unit_channel_listings_url_check CHECK (url IS NULL OR (url ~* '^https?://[^\s/]+\.[^\s/]+(/\S*)?$' AND char_length(url) <= 2000))
);
-- Used by every permission filter (unit -> accommodation) and the channels tab.
CREATE INDEX unit_channel_listings_unit_id_idx ON public.unit_channel_listings (unit_id);
CREATE TRIGGER set_unit_channel_listings_updated_at BEFORE UPDATE ON public.unit_channel_listings
  FOR EACH ROW EXECUTE FUNCTION public.set_current_timestamp_updated_at();

-- Staff pickers (basics tab): the people who can be connected to units as property managers or
-- cleaners, with nothing but their id and display name. Roles that must not read other users'
-- auth rows (email, phone, sign-in data) read this view instead.
CREATE VIEW public.staff_users AS
SELECT u.id,
  u.display_name,
  EXISTS (SELECT 1 FROM auth.user_roles r WHERE r.user_id = u.id AND r.role = 'manager') AS is_manager,
  EXISTS (SELECT 1 FROM auth.user_roles r WHERE r.user_id = u.id AND r.role = 'cleaner') AS is_cleaner
FROM auth.users u
WHERE NOT u.disabled
  AND EXISTS (SELECT 1 FROM auth.user_roles r WHERE r.user_id = u.id AND r.role IN ('manager', 'cleaner'));
