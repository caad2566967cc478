-- People and properties: groups of staff, owners and contractors (each optionally linked to an
-- auth user), accommodations with their units, unit connections, rates and the calendar.

CREATE TABLE public.groups (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CONSTRAINT groups_name_key UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT groups_name_check CHECK (length(btrim(name)) >= 2)
);

-- Which staff user has which product role in which group (spec: user roles admin, communicator,
-- member, inspector).
CREATE TABLE public.user_groups (
  user_id uuid NOT NULL REFERENCES auth.users (id) ON UPDATE CASCADE ON DELETE CASCADE,
  group_id uuid NOT NULL REFERENCES public.groups (id) ON UPDATE CASCADE ON DELETE CASCADE,
  role_cd text NOT NULL REFERENCES public.user_role_codes (value) ON UPDATE CASCADE ON DELETE RESTRICT,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, group_id, role_cd)
);
CREATE INDEX user_groups_group_id_idx ON public.user_groups (group_id);

CREATE TABLE public.owners (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- The owner's sign-in (role owner); null until the owner is invited.
  user_id uuid CONSTRAINT owners_user_id_key UNIQUE REFERENCES auth.users (id) ON UPDATE CASCADE ON DELETE SET NULL,
  name text NOT NULL,
  email text,
  phone text,
  tax_id text,
  country char(2) NOT NULL DEFAULT 'HU',
  zip text,
  city text,
  address text,
  invoice_currency text NOT NULL DEFAULT 'HUF' REFERENCES public.currencies (value) ON UPDATE CASCADE ON DELETE RESTRICT,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT owners_name_check CHECK (length(btrim(name)) >= 2)
);

-- The owner's contract terms over time: the commission in force from a date until the next range.
CREATE TABLE public.owner_ranges (
  owner_id uuid NOT NULL REFERENCES public.owners (id) ON UPDATE CASCADE ON DELETE CASCADE,
  "from" date NOT NULL,
  commission_percent numeric(5,2) NOT NULL,
  management_fee numeric(12,2) NOT NULL DEFAULT 0,
  currency text NOT NULL DEFAULT 'HUF' REFERENCES public.currencies (value) ON UPDATE CASCADE ON DELETE RESTRICT,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (owner_id, "from"),
  CONSTRAINT owner_ranges_commission_percent_check CHECK (commission_percent >= 0 AND commission_percent <= 100),
  CONSTRAINT owner_ranges_management_fee_check CHECK (management_fee >= 0)
);

CREATE TABLE public.contractors (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid CONSTRAINT contractors_user_id_key UNIQUE REFERENCES auth.users (id) ON UPDATE CASCADE ON DELETE SET NULL,
  full_name text NOT NULL,
  email text,
  phone text,
  tax_id text,
  country char(2) NOT NULL DEFAULT 'HU',
  zip text,
  city text,
  address text,
  bank_name text,
  bank_account text,
  vat_rate numeric(5,2) NOT NULL DEFAULT 27,
  is_vat_included boolean NOT NULL DEFAULT true,
  -- Further bank accounts: [{"bank_name": "...", "bank_account": "...", "currency": "EUR"}].
  extra_banks jsonb NOT NULL DEFAULT '[]'::jsonb,
  is_kata boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT contractors_full_name_check CHECK (length(btrim(full_name)) >= 2),
  CONSTRAINT contractors_vat_rate_check CHECK (vat_rate >= 0 AND vat_rate <= 100),
  CONSTRAINT contractors_extra_banks_check CHECK (jsonb_typeof(extra_banks) = 'array')
);

CREATE TABLE public.labels (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CONSTRAINT labels_name_key UNIQUE,
  color text NOT NULL DEFAULT '#607d8b',
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT labels_color_check CHECK (color ~ '^#[0-9a-fA-F]{6}$')
);

CREATE TABLE public.accommodations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  external_name text,
  -- An owner cannot be deleted while they own accommodations.
  owner_id uuid REFERENCES public.owners (id) ON UPDATE CASCADE ON DELETE RESTRICT,
  owner_name text,
  tax_id text,
  vat_rate numeric(5,2) NOT NULL DEFAULT 18,
  country char(2) NOT NULL DEFAULT 'HU',
  zip text NOT NULL,
  city text NOT NULL DEFAULT 'Budapest',
  -- Budapest district (V = 5 ...), used by the comparison page; null outside Budapest.
  district smallint,
  address text NOT NULL,
  ntak_id text,
  ntak_name text,
  ntak_cert text,
  ntak_signing_cert text,
  ntak_auth_cert text,
  ntak_csr text,
  ntak_signing_csr text,
  -- Private key behind the CSRs: readable by admin only (see metadata).
  ntak_private_key text,
  skip_ntak boolean NOT NULL DEFAULT false,
  viza_status text REFERENCES public.viza_statuses (value) ON UPDATE CASCADE ON DELETE RESTRICT,
  viza_status_at timestamptz,
  is_hidden boolean NOT NULL DEFAULT false,
  pm_contract_file_id uuid REFERENCES storage.files (id) ON UPDATE CASCADE ON DELETE SET NULL,
  manager_contract_file_id uuid REFERENCES storage.files (id) ON UPDATE CASCADE ON DELETE SET NULL,
  checkin_time time NOT NULL DEFAULT '15:00',
  checkout_time time NOT NULL DEFAULT '10:00',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT accommodations_name_key UNIQUE (name),
  CONSTRAINT accommodations_name_check CHECK (length(btrim(name)) >= 2),
  CONSTRAINT accommodations_vat_rate_check CHECK (vat_rate >= 0 AND vat_rate <= 100),
  CONSTRAINT accommodations_district_check CHECK (district BETWEEN 1 AND 23),
  CONSTRAINT accommodations_country_check CHECK (country ~ '^[A-Z]{2}$')
);
CREATE INDEX accommodations_owner_id_idx ON public.accommodations (owner_id);

CREATE TABLE public.accommodation_labels (
  accommodation_id uuid NOT NULL REFERENCES public.accommodations (id) ON UPDATE CASCADE ON DELETE CASCADE,
  label_id uuid NOT NULL REFERENCES public.labels (id) ON UPDATE CASCADE ON DELETE CASCADE,
  PRIMARY KEY (accommodation_id, label_id)
);
CREATE INDEX accommodation_labels_label_id_idx ON public.accommodation_labels (label_id);

-- Images of an accommodation (storage files), in display order.
CREATE TABLE public.accommodation_files (
  accommodation_id uuid NOT NULL REFERENCES public.accommodations (id) ON UPDATE CASCADE ON DELETE CASCADE,
  file_id uuid NOT NULL REFERENCES storage.files (id) ON UPDATE CASCADE ON DELETE CASCADE,
  position integer NOT NULL DEFAULT 0,
  caption text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (accommodation_id, file_id)
);
CREATE INDEX accommodation_files_file_id_idx ON public.accommodation_files (file_id);

CREATE TABLE public.units (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  accommodation_id uuid NOT NULL REFERENCES public.accommodations (id) ON UPDATE CASCADE ON DELETE CASCADE,
  name text NOT NULL,
  external_name text,
  category text NOT NULL DEFAULT 'APARTMAN',
  single_beds smallint NOT NULL DEFAULT 0,
  double_beds smallint NOT NULL DEFAULT 0,
  temp_beds smallint NOT NULL DEFAULT 0,
  occ_adults smallint NOT NULL DEFAULT 2,
  occ_children smallint NOT NULL DEFAULT 0,
  occ_infants smallint NOT NULL DEFAULT 0,
  position integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT units_accommodation_id_name_key UNIQUE (accommodation_id, name),
  CONSTRAINT units_name_check CHECK (length(btrim(name)) >= 1),
  CONSTRAINT units_beds_check CHECK (single_beds >= 0 AND double_beds >= 0 AND temp_beds >= 0),
  CONSTRAINT units_occupancy_check CHECK (occ_adults >= 1 AND occ_children >= 0 AND occ_infants >= 0),
  CONSTRAINT units_category_check CHECK (category IN ('STANDARD', 'APARTMAN', 'SUPERIOR', 'STUDIO', 'LAKOSZTALY', 'EGYEB'))
);

-- Staff connected to a unit: cleaners clean it, property managers manage its accommodation.
CREATE TABLE public.unit_2_users (
  unit_id uuid NOT NULL REFERENCES public.units (id) ON UPDATE CASCADE ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES auth.users (id) ON UPDATE CASCADE ON DELETE CASCADE,
  connection_type text NOT NULL REFERENCES public.unit_connection_types (value) ON UPDATE CASCADE ON DELETE RESTRICT,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (unit_id, user_id, connection_type)
);
CREATE INDEX unit_2_users_user_id_idx ON public.unit_2_users (user_id, connection_type);

CREATE TABLE public.unit_contractors (
  unit_id uuid NOT NULL REFERENCES public.units (id) ON UPDATE CASCADE ON DELETE CASCADE,
  contractor_id uuid NOT NULL REFERENCES public.contractors (id) ON UPDATE CASCADE ON DELETE CASCADE,
  contractor_type_cd text NOT NULL REFERENCES public.contractor_types (value) ON UPDATE CASCADE ON DELETE RESTRICT,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (unit_id, contractor_id, contractor_type_cd)
);
CREATE INDEX unit_contractors_contractor_id_idx ON public.unit_contractors (contractor_id);

CREATE TABLE public.airbnbs (
  id text PRIMARY KEY,
  url text,
  title text NOT NULL,
  gg_stars numeric(3,2),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT airbnbs_gg_stars_check CHECK (gg_stars >= 0 AND gg_stars <= 5)
);

CREATE TABLE public.airbnb_units (
  unit_id uuid NOT NULL REFERENCES public.units (id) ON UPDATE CASCADE ON DELETE CASCADE,
  airbnb_id text NOT NULL REFERENCES public.airbnbs (id) ON UPDATE CASCADE ON DELETE CASCADE,
  PRIMARY KEY (unit_id, airbnb_id)
);
CREATE INDEX airbnb_units_airbnb_id_idx ON public.airbnb_units (airbnb_id);

-- The calendar's day axis (one row per day, holidays marked), so a calendar query can left-join
-- days without data.
CREATE TABLE public.dates (
  date date PRIMARY KEY,
  is_weekend boolean NOT NULL,
  is_holiday boolean NOT NULL DEFAULT false,
  holiday_name text
);

-- Per unit and day: availability and stay restrictions set in the calendar.
CREATE TABLE public.unit_dates (
  unit_id uuid NOT NULL REFERENCES public.units (id) ON UPDATE CASCADE ON DELETE CASCADE,
  date date NOT NULL,
  is_closed boolean NOT NULL DEFAULT false,
  min_stay smallint,
  note text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (unit_id, date),
  CONSTRAINT unit_dates_min_stay_check CHECK (min_stay IS NULL OR min_stay >= 1)
);

CREATE TABLE public.rates (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  unit_id uuid NOT NULL REFERENCES public.units (id) ON UPDATE CASCADE ON DELETE CASCADE,
  name text NOT NULL,
  occupancy smallint NOT NULL,
  currency text NOT NULL REFERENCES public.currencies (value) ON UPDATE CASCADE ON DELETE RESTRICT,
  price numeric(12,2) NOT NULL,
  min_price numeric(12,2),
  max_price numeric(12,2),
  min_stay smallint NOT NULL DEFAULT 1,
  max_stay smallint,
  -- Standing modifier on the price: increase or decrease by an amount or a percent.
  modifier_direction text,
  modifier_type text REFERENCES public.amount_types (value) ON UPDATE CASCADE ON DELETE RESTRICT,
  modifier_value numeric(12,2),
  -- A derived rate follows its parent's daily price changed by a percent or an amount, and may
  -- inherit the parent's closed-to-arrival/departure days.
  parent_rate_id uuid REFERENCES public.rates (id) ON UPDATE CASCADE ON DELETE CASCADE,
  derived_change_type text REFERENCES public.amount_types (value) ON UPDATE CASCADE ON DELETE RESTRICT,
  derived_change_value numeric(12,2),
  inherit_closed_to_arrival boolean NOT NULL DEFAULT false,
  inherit_closed_to_departure boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT rates_unit_id_name_key UNIQUE (unit_id, name),
  CONSTRAINT rates_name_check CHECK (length(btrim(name)) >= 1),
  CONSTRAINT rates_occupancy_check CHECK (occupancy >= 1 AND occupancy <= 50),
  CONSTRAINT rates_price_check CHECK (price >= 0),
  CONSTRAINT rates_min_max_price_check CHECK (
    (min_price IS NULL OR min_price >= 0) AND (max_price IS NULL OR max_price >= 0)
    AND (min_price IS NULL OR max_price IS NULL OR min_price <= max_price)),
  CONSTRAINT rates_stay_check CHECK (min_stay >= 1 AND (max_stay IS NULL OR max_stay >= min_stay)),
  CONSTRAINT rates_modifier_check CHECK (
    (modifier_direction IS NULL AND modifier_type IS NULL AND modifier_value IS NULL)
    OR (modifier_direction IN ('increase', 'decrease') AND modifier_type IS NOT NULL AND modifier_value > 0
        AND (modifier_type <> 'PERCENT' OR modifier_value <= 100))),
  CONSTRAINT rates_derived_check CHECK (
    (parent_rate_id IS NULL AND derived_change_type IS NULL AND derived_change_value IS NULL)
    OR (parent_rate_id IS NOT NULL AND parent_rate_id <> id AND derived_change_type IS NOT NULL AND derived_change_value IS NOT NULL
        AND (derived_change_type <> 'PERCENT' OR derived_change_value BETWEEN -100 AND 1000)))
);
-- A unit has at most one base (non-derived) rate per occupancy/currency pair, so the calendar
-- shows one price per pair and day. UI message: 'Cannot have more than one occupancy/currency pairs'.
CREATE UNIQUE INDEX rates_unit_id_occupancy_currency_key ON public.rates (unit_id, occupancy, currency) WHERE parent_rate_id IS NULL;
CREATE INDEX rates_parent_rate_id_idx ON public.rates (parent_rate_id);

-- Per rate and day: the price and restrictions that differ from the rate's defaults.
CREATE TABLE public.rate_dates (
  rate_id uuid NOT NULL REFERENCES public.rates (id) ON UPDATE CASCADE ON DELETE CASCADE,
  date date NOT NULL,
  price numeric(12,2),
  is_closed boolean NOT NULL DEFAULT false,
  closed_to_arrival boolean NOT NULL DEFAULT false,
  closed_to_departure boolean NOT NULL DEFAULT false,
  min_stay smallint,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (rate_id, date),
  CONSTRAINT rate_dates_price_check CHECK (price IS NULL OR price >= 0),
  CONSTRAINT rate_dates_min_stay_check CHECK (min_stay IS NULL OR min_stay >= 1)
);

CREATE TABLE public.price_rules (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CONSTRAINT price_rules_name_key UNIQUE,
  type text NOT NULL DEFAULT 'simple' REFERENCES public.price_rule_types (value) ON UPDATE CASCADE ON DELETE RESTRICT,
  priority integer NOT NULL DEFAULT 0,
  -- [{"field": "weekday"|"date"|"month"|..., "op": "eq"|"in"|"between", "value": ...}]
  conditions jsonb NOT NULL DEFAULT '[]'::jsonb,
  -- simple: {"type": "PERCENT"|"FIX", "value": n}; matrix: {"rows": [...], "columns": [...], "cells": [[...]]}
  results jsonb NOT NULL DEFAULT '{}'::jsonb,
  is_active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT price_rules_conditions_check CHECK (jsonb_typeof(conditions) = 'array'),
  CONSTRAINT price_rules_results_check CHECK (jsonb_typeof(results) = 'object')
);

CREATE TABLE public.price_rule_assignments (
  price_rule_id uuid NOT NULL REFERENCES public.price_rules (id) ON UPDATE CASCADE ON DELETE CASCADE,
  rate_id uuid NOT NULL REFERENCES public.rates (id) ON UPDATE CASCADE ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (price_rule_id, rate_id)
);
CREATE INDEX price_rule_assignments_rate_id_idx ON public.price_rule_assignments (rate_id);

-- Generates an expense per booking or cleaning of a unit (e.g. laundry per stay).
CREATE TABLE public.expense_factories (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  unit_id uuid NOT NULL REFERENCES public.units (id) ON UPDATE CASCADE ON DELETE CASCADE,
  type text NOT NULL REFERENCES public.amount_types (value) ON UPDATE CASCADE ON DELETE RESTRICT,
  minimum numeric(12,2) NOT NULL DEFAULT 0,
  value numeric(12,2) NOT NULL,
  currency text NOT NULL REFERENCES public.currencies (value) ON UPDATE CASCADE ON DELETE RESTRICT,
  expense_type text NOT NULL REFERENCES public.expense_types (value) ON UPDATE CASCADE ON DELETE RESTRICT,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT expense_factories_unit_id_name_key UNIQUE (unit_id, name),
  CONSTRAINT expense_factories_amount_check CHECK (minimum >= 0 AND value >= 0 AND (type <> 'PERCENT' OR value <= 100))
);

-- Tourist tax (IFA) in force for an accommodation; ranges of one accommodation never overlap.
CREATE TABLE public.tourist_tax_ranges (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  accommodation_id uuid NOT NULL REFERENCES public.accommodations (id) ON UPDATE CASCADE ON DELETE CASCADE,
  type text NOT NULL REFERENCES public.amount_types (value) ON UPDATE CASCADE ON DELETE RESTRICT,
  currency text NOT NULL DEFAULT 'HUF' REFERENCES public.currencies (value) ON UPDATE CASCADE ON DELETE RESTRICT,
  -- Whether the tax is included in the accommodation fee (true) or charged on top.
  inclusive boolean NOT NULL DEFAULT false,
  value numeric(12,2) NOT NULL,
  valid_from date NOT NULL,
  valid_to date,
  max_nights smallint,
  issue_on_cleaning boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT tourist_tax_ranges_value_check CHECK (value > 0 AND (type <> 'PERCENT' OR value <= 100)),
  CONSTRAINT tourist_tax_ranges_valid_check CHECK (valid_to IS NULL OR valid_to >= valid_from),
  CONSTRAINT tourist_tax_ranges_max_nights_check CHECK (max_nights IS NULL OR max_nights >= 1),
  CONSTRAINT tourist_tax_ranges_no_overlap EXCLUDE USING gist (
    accommodation_id WITH =, daterange(valid_from, valid_to, '[]') WITH &&)
);

-- Extra fees of an accommodation (e.g. late check-out, pet fee).
CREATE TABLE public.fees (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  accommodation_id uuid NOT NULL REFERENCES public.accommodations (id) ON UPDATE CASCADE ON DELETE CASCADE,
  name text NOT NULL,
  type text NOT NULL DEFAULT 'FIX' REFERENCES public.amount_types (value) ON UPDATE CASCADE ON DELETE RESTRICT,
  value numeric(12,2) NOT NULL,
  currency text NOT NULL DEFAULT 'EUR' REFERENCES public.currencies (value) ON UPDATE CASCADE ON DELETE RESTRICT,
  per_night boolean NOT NULL DEFAULT false,
  per_guest boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT fees_accommodation_id_name_key UNIQUE (accommodation_id, name),
  CONSTRAINT fees_value_check CHECK (value >= 0 AND (type <> 'PERCENT' OR value <= 100))
);

-- Keys / fact sheet: a key is a named fact (door code, Wi-Fi password...); its value lives per
-- unit in unit_keys; key_reads/key_writes say which roles may read or write it.
CREATE TABLE public.keys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  slug text NOT NULL CONSTRAINT keys_slug_key UNIQUE,
  name text NOT NULL,
  type text NOT NULL DEFAULT 'text' REFERENCES public.key_types (value) ON UPDATE CASCADE ON DELETE RESTRICT,
  description text,
  position integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT keys_slug_check CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
);

CREATE TABLE public.key_reads (
  key_id uuid NOT NULL REFERENCES public.keys (id) ON UPDATE CASCADE ON DELETE CASCADE,
  role_cd text NOT NULL REFERENCES public.key_roles (value) ON UPDATE CASCADE ON DELETE RESTRICT,
  PRIMARY KEY (key_id, role_cd)
);

CREATE TABLE public.key_writes (
  key_id uuid NOT NULL REFERENCES public.keys (id) ON UPDATE CASCADE ON DELETE CASCADE,
  role_cd text NOT NULL REFERENCES public.key_roles (value) ON UPDATE CASCADE ON DELETE RESTRICT,
  PRIMARY KEY (key_id, role_cd)
);

CREATE TABLE public.unit_keys (
  key_id uuid NOT NULL REFERENCES public.keys (id) ON UPDATE CASCADE ON DELETE CASCADE,
  unit_id uuid NOT NULL REFERENCES public.units (id) ON UPDATE CASCADE ON DELETE CASCADE,
  value text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (key_id, unit_id)
);
CREATE INDEX unit_keys_unit_id_idx ON public.unit_keys (unit_id);

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['groups', 'owners', 'owner_ranges', 'contractors', 'accommodations', 'units',
    'airbnbs', 'unit_dates', 'rates', 'rate_dates', 'price_rules', 'expense_factories',
    'tourist_tax_ranges', 'fees', 'keys', 'unit_keys']
  LOOP
    EXECUTE format('CREATE TRIGGER set_%1$s_updated_at BEFORE UPDATE ON public.%1$I
      FOR EACH ROW EXECUTE FUNCTION public.set_current_timestamp_updated_at()', t);
  END LOOP;
END;
$$;
