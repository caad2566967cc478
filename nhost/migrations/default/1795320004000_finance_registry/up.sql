-- Money and reporting: contractor and owner expenses, monthly closings, invoices, contracts,
-- NTAK/VIZA submission records and the district market statistics of the comparison page.

CREATE TABLE public.monthly_closings (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- Exactly one of owner_id (an owner's statement for one accommodation) or contractor_id
  -- (a contractor's monthly settlement).
  owner_id uuid REFERENCES public.owners (id) ON UPDATE CASCADE ON DELETE RESTRICT,
  accommodation_id uuid REFERENCES public.accommodations (id) ON UPDATE CASCADE ON DELETE RESTRICT,
  contractor_id uuid REFERENCES public.contractors (id) ON UPDATE CASCADE ON DELETE RESTRICT,
  month date NOT NULL,
  currency text NOT NULL DEFAULT 'HUF' REFERENCES public.currencies (value) ON UPDATE CASCADE ON DELETE RESTRICT,
  revenue numeric(14,2) NOT NULL DEFAULT 0,
  expenses_total numeric(14,2) NOT NULL DEFAULT 0,
  commission numeric(14,2) NOT NULL DEFAULT 0,
  tourist_tax numeric(14,2) NOT NULL DEFAULT 0,
  payout numeric(14,2) NOT NULL DEFAULT 0,
  nights integer NOT NULL DEFAULT 0,
  status text NOT NULL DEFAULT 'draft' REFERENCES public.closing_statuses (value) ON UPDATE CASCADE ON DELETE RESTRICT,
  closed_at timestamptz,
  notes text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT monthly_closings_party_check CHECK (
    (owner_id IS NOT NULL AND accommodation_id IS NOT NULL AND contractor_id IS NULL)
    OR (owner_id IS NULL AND accommodation_id IS NULL AND contractor_id IS NOT NULL)),
  CONSTRAINT monthly_closings_month_check CHECK (month = date_trunc('month', month)::date),
  CONSTRAINT monthly_closings_amounts_check CHECK (revenue >= 0 AND expenses_total >= 0 AND commission >= 0 AND tourist_tax >= 0 AND nights >= 0),
  CONSTRAINT monthly_closings_closed_check CHECK (status = 'draft' OR closed_at IS NOT NULL)
);
CREATE UNIQUE INDEX monthly_closings_owner_id_accommodation_id_month_key ON public.monthly_closings (owner_id, accommodation_id, month) WHERE owner_id IS NOT NULL;
CREATE UNIQUE INDEX monthly_closings_contractor_id_month_key ON public.monthly_closings (contractor_id, month) WHERE contractor_id IS NOT NULL;
CREATE INDEX monthly_closings_month_idx ON public.monthly_closings (month);

CREATE TABLE public.invoices (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  number text NOT NULL CONSTRAINT invoices_number_key UNIQUE,
  -- Who the invoice is between: a contractor billing us, us billing an owner, or a guest's stay.
  contractor_id uuid REFERENCES public.contractors (id) ON UPDATE CASCADE ON DELETE RESTRICT,
  owner_id uuid REFERENCES public.owners (id) ON UPDATE CASCADE ON DELETE RESTRICT,
  booking_id uuid REFERENCES public.bookings (id) ON UPDATE CASCADE ON DELETE RESTRICT,
  closing_id uuid REFERENCES public.monthly_closings (id) ON UPDATE CASCADE ON DELETE SET NULL,
  issued_on date NOT NULL,
  due_on date NOT NULL,
  currency text NOT NULL REFERENCES public.currencies (value) ON UPDATE CASCADE ON DELETE RESTRICT,
  net_amount numeric(14,2) NOT NULL,
  vat_amount numeric(14,2) NOT NULL DEFAULT 0,
  gross_amount numeric(14,2) NOT NULL,
  status text NOT NULL DEFAULT 'issued' REFERENCES public.invoice_statuses (value) ON UPDATE CASCADE ON DELETE RESTRICT,
  szamlazz_number text,
  file_id uuid REFERENCES storage.files (id) ON UPDATE CASCADE ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT invoices_party_check CHECK (num_nonnulls(contractor_id, owner_id, booking_id) = 1),
  CONSTRAINT invoices_amounts_check CHECK (net_amount >= 0 AND vat_amount >= 0 AND abs(gross_amount - net_amount - vat_amount) <= 1),
  CONSTRAINT invoices_dates_check CHECK (due_on >= issued_on)
);
CREATE INDEX invoices_contractor_id_idx ON public.invoices (contractor_id, issued_on DESC);
CREATE INDEX invoices_owner_id_idx ON public.invoices (owner_id, issued_on DESC);
CREATE INDEX invoices_booking_id_idx ON public.invoices (booking_id);

CREATE TABLE public.expenses (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  accommodation_id uuid NOT NULL REFERENCES public.accommodations (id) ON UPDATE CASCADE ON DELETE RESTRICT,
  unit_id uuid REFERENCES public.units (id) ON UPDATE CASCADE ON DELETE SET NULL,
  contractor_id uuid REFERENCES public.contractors (id) ON UPDATE CASCADE ON DELETE RESTRICT,
  cleaning_id uuid REFERENCES public.cleanings (id) ON UPDATE CASCADE ON DELETE SET NULL,
  expense_factory_id uuid REFERENCES public.expense_factories (id) ON UPDATE CASCADE ON DELETE SET NULL,
  -- The owner closing that passed this expense on, and the contractor's own settlement.
  closing_id uuid REFERENCES public.monthly_closings (id) ON UPDATE CASCADE ON DELETE SET NULL,
  contractor_closing_id uuid REFERENCES public.monthly_closings (id) ON UPDATE CASCADE ON DELETE SET NULL,
  invoice_id uuid REFERENCES public.invoices (id) ON UPDATE CASCADE ON DELETE SET NULL,
  file_id uuid REFERENCES storage.files (id) ON UPDATE CASCADE ON DELETE SET NULL,
  date date NOT NULL,
  expense_type text NOT NULL REFERENCES public.expense_types (value) ON UPDATE CASCADE ON DELETE RESTRICT,
  description text NOT NULL,
  amount numeric(12,2) NOT NULL,
  currency text NOT NULL REFERENCES public.currencies (value) ON UPDATE CASCADE ON DELETE RESTRICT,
  created_by_user_id uuid REFERENCES auth.users (id) ON UPDATE CASCADE ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT expenses_amount_check CHECK (amount > 0),
  CONSTRAINT expenses_description_check CHECK (length(btrim(description)) >= 2)
);
CREATE INDEX expenses_accommodation_id_date_idx ON public.expenses (accommodation_id, date);
CREATE INDEX expenses_contractor_id_date_idx ON public.expenses (contractor_id, date);
CREATE INDEX expenses_closing_id_idx ON public.expenses (closing_id);
CREATE INDEX expenses_contractor_closing_id_idx ON public.expenses (contractor_closing_id);

-- Contracts: the property-management and manager contracts of an accommodation, and the
-- számlázz.hu agent accounts invoices are issued through.
CREATE TABLE public.contracts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind text NOT NULL,
  name text NOT NULL,
  owner_id uuid REFERENCES public.owners (id) ON UPDATE CASCADE ON DELETE CASCADE,
  accommodation_id uuid REFERENCES public.accommodations (id) ON UPDATE CASCADE ON DELETE CASCADE,
  starts_on date NOT NULL,
  ends_on date,
  commission_percent numeric(5,2),
  -- számlázz.hu agent key: a secret, readable by admin only.
  szamlazz_agent_key text,
  szamlazz_prefix text,
  file_id uuid REFERENCES storage.files (id) ON UPDATE CASCADE ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT contracts_kind_check CHECK (kind IN ('pm', 'manager', 'szamlazz')),
  CONSTRAINT contracts_dates_check CHECK (ends_on IS NULL OR ends_on >= starts_on),
  CONSTRAINT contracts_commission_check CHECK (commission_percent IS NULL OR (commission_percent >= 0 AND commission_percent <= 100))
);
CREATE INDEX contracts_owner_id_idx ON public.contracts (owner_id);
CREATE INDEX contracts_accommodation_id_idx ON public.contracts (accommodation_id);

-- Every message sent to NTAK or VIZA, with its payload and the answer, so a failure can be
-- retried or shown on the status pages.
CREATE TABLE public.registry_submissions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  accommodation_id uuid NOT NULL REFERENCES public.accommodations (id) ON UPDATE CASCADE ON DELETE RESTRICT,
  booking_id uuid REFERENCES public.bookings (id) ON UPDATE CASCADE ON DELETE SET NULL,
  guest_checkin_id uuid REFERENCES public.guest_checkins (id) ON UPDATE CASCADE ON DELETE SET NULL,
  service text NOT NULL REFERENCES public.registry_services (value) ON UPDATE CASCADE ON DELETE RESTRICT,
  message_type text NOT NULL REFERENCES public.registry_message_types (value) ON UPDATE CASCADE ON DELETE RESTRICT,
  status text NOT NULL DEFAULT 'pending' REFERENCES public.submission_statuses (value) ON UPDATE CASCADE ON DELETE RESTRICT,
  viza_status text REFERENCES public.viza_statuses (value) ON UPDATE CASCADE ON DELETE RESTRICT,
  -- The day a daily close reports.
  report_date date,
  message_id text,
  reason text,
  payload jsonb NOT NULL DEFAULT '{}'::jsonb,
  response jsonb,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz,
  sent_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT registry_submissions_attempts_check CHECK (attempts >= 0),
  CONSTRAINT registry_submissions_viza_check CHECK (viza_status IS NULL OR service = 'viza'),
  CONSTRAINT registry_submissions_daily_close_check CHECK (message_type <> 'daily_close' OR report_date IS NOT NULL)
);
CREATE INDEX registry_submissions_accommodation_id_created_at_idx ON public.registry_submissions (accommodation_id, created_at DESC);
CREATE INDEX registry_submissions_retry_idx ON public.registry_submissions (status, next_attempt_at);
CREATE INDEX registry_submissions_booking_id_idx ON public.registry_submissions (booking_id);

-- Monthly averages of Budapest short-term rentals per district (comparison page).
CREATE TABLE public.market_stats (
  district smallint NOT NULL,
  month date NOT NULL,
  avg_price_eur numeric(10,2) NOT NULL,
  occupancy_percent numeric(5,2) NOT NULL,
  listings integer NOT NULL,
  PRIMARY KEY (district, month),
  CONSTRAINT market_stats_district_check CHECK (district IN (5, 6, 7, 8, 9, 13)),
  CONSTRAINT market_stats_values_check CHECK (avg_price_eur >= 0 AND occupancy_percent BETWEEN 0 AND 100 AND listings >= 0),
  CONSTRAINT market_stats_month_check CHECK (month = date_trunc('month', month)::date)
);

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['monthly_closings', 'invoices', 'expenses', 'contracts', 'registry_submissions']
  LOOP
    EXECUTE format('CREATE TRIGGER set_%1$s_updated_at BEFORE UPDATE ON public.%1$I
      FOR EACH ROW EXECUTE FUNCTION public.set_current_timestamp_updated_at()', t);
  END LOOP;
END;
$$;
