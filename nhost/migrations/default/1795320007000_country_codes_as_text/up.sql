-- ISO country codes as text with a format check instead of char(2): clients bind values as
-- text, and a cast to bare `character` (char(1)) would silently cut a code to one letter.
ALTER TABLE public.owners ALTER COLUMN country TYPE text;
ALTER TABLE public.contractors ALTER COLUMN country TYPE text;
ALTER TABLE public.accommodations ALTER COLUMN country TYPE text;
ALTER TABLE public.bookings ALTER COLUMN customer_country TYPE text;
ALTER TABLE public.guest_checkins ALTER COLUMN nationality TYPE text, ALTER COLUMN country TYPE text;
ALTER TABLE public.invoice_details ALTER COLUMN country TYPE text;
ALTER TABLE public.owners ADD CONSTRAINT owners_country_check CHECK (country ~ '^[A-Z]{2}$');
ALTER TABLE public.contractors ADD CONSTRAINT contractors_country_check CHECK (country ~ '^[A-Z]{2}$');
ALTER TABLE public.bookings ADD CONSTRAINT bookings_customer_country_check CHECK (customer_country ~ '^[A-Z]{2}$');
ALTER TABLE public.invoice_details ADD CONSTRAINT invoice_details_country_check CHECK (country ~ '^[A-Z]{2}$');
