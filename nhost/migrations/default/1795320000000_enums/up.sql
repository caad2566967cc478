-- Shared trigger function and every status/code list of the product as Hasura enum tables
-- (value text primary key, comment text), tracked with is_enum: true. Values are GraphQL enum
-- names, so codes with a hyphen in the spec (VIZA-OFFLINE) use an underscore; the comment keeps
-- the text shown to users.
CREATE EXTENSION IF NOT EXISTS btree_gist;
CREATE EXTENSION IF NOT EXISTS pgcrypto;

CREATE OR REPLACE FUNCTION public.set_current_timestamp_updated_at() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at = now();
  RETURN NEW;
END;
$$;

CREATE TABLE public.currencies (value text PRIMARY KEY, comment text);
INSERT INTO public.currencies VALUES ('EUR', 'Euro'), ('HUF', 'Hungarian forint');

CREATE TABLE public.booking_statuses (value text PRIMARY KEY, comment text);
INSERT INTO public.booking_statuses VALUES ('new', 'New'), ('modified', 'Modified'), ('cancelled', 'Cancelled');

CREATE TABLE public.booking_channels (value text PRIMARY KEY, comment text);
INSERT INTO public.booking_channels VALUES ('airbnb', 'Airbnb'), ('booking', 'Booking.com'), ('direct', 'Direct'), ('other', 'Other');

CREATE TABLE public.cleaning_statuses (value text PRIMARY KEY, comment text);
INSERT INTO public.cleaning_statuses VALUES ('NEW', 'Normal'), ('OBSOLETE', 'Obsolete'), ('ACKNOWLEDGED', 'Acknowledged'), ('REMOVED', 'Removed');

CREATE TABLE public.task_types (value text PRIMARY KEY, comment text);
INSERT INTO public.task_types VALUES ('needsreply', 'Needs reply'), ('note', 'Note'), ('todo', 'To do'), ('cleaning', 'Cleaning');

CREATE TABLE public.inspection_results (value text PRIMARY KEY, comment text);
INSERT INTO public.inspection_results VALUES ('passed', 'Passed'), ('failed', 'Failed'), ('not_checked', 'Not checked');

CREATE TABLE public.inspection_types (value text PRIMARY KEY, comment text);
INSERT INTO public.inspection_types VALUES ('routine', 'Routine inspection'), ('after_cleaning', 'After cleaning'), ('damage', 'Damage report'), ('onboarding', 'New accommodation');

CREATE TABLE public.viza_statuses (value text PRIMARY KEY, comment text);
INSERT INTO public.viza_statuses VALUES
  ('OK', 'OK'), ('WARNING', 'WARNING'), ('ERROR', 'ERROR'), ('VIZA_OFFLINE', 'VIZA-OFFLINE'),
  ('KM_OFFLINE', 'KM-OFFLINE'), ('OUTOFKEYS', 'OUTOFKEYS'), ('RA_OFFLINE', 'RA-OFFLINE'),
  ('CERT_WARNING', 'CERT-WARNING'), ('CERT_EXPIRED', 'CERT-EXPIRED'), ('DATA_REJECTED', 'DATA-REJECTED');

CREATE TABLE public.user_role_codes (value text PRIMARY KEY, comment text);
INSERT INTO public.user_role_codes VALUES ('admin', 'Admin'), ('communicator', 'Communicator'), ('member', 'Member'), ('inspector', 'Inspector');

CREATE TABLE public.key_roles (value text PRIMARY KEY, comment text);
INSERT INTO public.key_roles VALUES ('communicator', 'Communicator'), ('manager', 'Property manager (account)'), ('cleaner', 'Cleaner'), ('inspector', 'Inspector'), ('all', 'Allow all');

CREATE TABLE public.key_types (value text PRIMARY KEY, comment text);
INSERT INTO public.key_types VALUES ('text', 'Text'), ('code', 'Door or lockbox code'), ('wifi', 'Wi-Fi credentials'), ('url', 'Link'), ('note', 'Long note');

CREATE TABLE public.unit_connection_types (value text PRIMARY KEY, comment text);
INSERT INTO public.unit_connection_types VALUES ('cleaner', 'Cleaner'), ('manager', 'Property manager');

CREATE TABLE public.contractor_types (value text PRIMARY KEY, comment text);
INSERT INTO public.contractor_types VALUES ('cleaning', 'Cleaning'), ('laundry', 'Laundry'), ('maintenance', 'Maintenance'), ('plumbing', 'Plumbing'), ('electrical', 'Electrical');

CREATE TABLE public.review_categories (value text PRIMARY KEY, comment text);
INSERT INTO public.review_categories VALUES ('cleanliness', 'Cleanliness'), ('accuracy', 'Accuracy'), ('checkin', 'Check-in'), ('communication', 'Communication'), ('location', 'Location'), ('value', 'Value');

CREATE TABLE public.amount_types (value text PRIMARY KEY, comment text);
INSERT INTO public.amount_types VALUES ('FIX', 'Fixed amount'), ('PERCENT', 'Percent');

CREATE TABLE public.price_rule_types (value text PRIMARY KEY, comment text);
INSERT INTO public.price_rule_types VALUES ('simple', 'Simple'), ('matrix', 'Matrix');

CREATE TABLE public.expense_types (value text PRIMARY KEY, comment text);
INSERT INTO public.expense_types VALUES ('cleaning', 'Cleaning'), ('laundry', 'Laundry'), ('maintenance', 'Maintenance'), ('utilities', 'Utilities'), ('consumables', 'Consumables'), ('commission', 'Commission'), ('other', 'Other');

CREATE TABLE public.document_types (value text PRIMARY KEY, comment text);
INSERT INTO public.document_types VALUES ('id_card', 'Identity card'), ('passport', 'Passport'), ('driving_licence', 'Driving licence'), ('other', 'Other');

CREATE TABLE public.genders (value text PRIMARY KEY, comment text);
INSERT INTO public.genders VALUES ('male', 'Male'), ('female', 'Female'), ('other', 'Other or unknown');

CREATE TABLE public.registry_services (value text PRIMARY KEY, comment text);
INSERT INTO public.registry_services VALUES ('ntak', 'NTAK'), ('viza', 'VIZA');

CREATE TABLE public.registry_message_types (value text PRIMARY KEY, comment text);
INSERT INTO public.registry_message_types VALUES ('reservation', 'Reservation'), ('room_change', 'Room change'), ('check_in', 'Check-in'), ('check_out', 'Check-out'), ('scheduler', 'Scheduler'), ('daily_close', 'Daily close');

CREATE TABLE public.submission_statuses (value text PRIMARY KEY, comment text);
INSERT INTO public.submission_statuses VALUES ('pending', 'Pending'), ('success', 'Success'), ('error', 'Error');

CREATE TABLE public.closing_statuses (value text PRIMARY KEY, comment text);
INSERT INTO public.closing_statuses VALUES ('draft', 'Draft'), ('closed', 'Closed'), ('paid', 'Paid');

CREATE TABLE public.invoice_statuses (value text PRIMARY KEY, comment text);
INSERT INTO public.invoice_statuses VALUES ('draft', 'Draft'), ('issued', 'Issued'), ('paid', 'Paid'), ('cancelled', 'Cancelled');

CREATE TABLE public.order_statuses (value text PRIMARY KEY, comment text);
INSERT INTO public.order_statuses VALUES ('new', 'New'), ('confirmed', 'Confirmed'), ('done', 'Done'), ('cancelled', 'Cancelled');

CREATE TABLE public.message_directions (value text PRIMARY KEY, comment text);
INSERT INTO public.message_directions VALUES ('incoming', 'From the guest'), ('outgoing', 'To the guest'), ('internal', 'Internal note');
