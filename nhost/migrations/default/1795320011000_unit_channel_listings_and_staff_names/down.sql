DROP VIEW IF EXISTS public.staff_users;
DROP TABLE IF EXISTS public.unit_channel_listings;
DROP TABLE IF EXISTS public.listing_channels;
