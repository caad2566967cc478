-- NTAK and VIZA reporting (issue 18): stored EUR/HUF day rates for the HUF amounts NTAK takes,
-- the certificate's subject and validity beside it, the actual check-out of a guest (the VIZA and
-- NTAK check-out event), and what the durable submission queue needs: an idempotency key per
-- event, a delivery lease (so a restart neither loses nor doubles a send), the field errors with
-- the row and column to fix, and the rows the message was built from.

INSERT INTO public.submission_statuses VALUES
  ('skipped', 'Not sent: NTAK reporting is switched off for the accommodation'),
  ('blocked', 'Not sent: the certificate or the configuration must be fixed first')
ON CONFLICT (value) DO NOTHING;

CREATE TABLE public.exchange_rates (
  date date NOT NULL,
  currency text NOT NULL REFERENCES public.currencies (value) ON UPDATE CASCADE ON DELETE RESTRICT,
  -- HUF for one unit of the currency (e.g. 395.5 for EUR).
  rate_huf numeric(12,4) NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (date, currency),
  CONSTRAINT exchange_rates_rate_huf_check CHECK (rate_huf > 0),
  CONSTRAINT exchange_rates_currency_check CHECK (currency <> 'HUF')
);

ALTER TABLE public.accommodations
  ADD COLUMN ntak_cert_subject jsonb,
  ADD COLUMN ntak_cert_valid_from timestamptz,
  ADD COLUMN ntak_cert_valid_to timestamptz,
  ADD COLUMN ntak_key_created_at timestamptz;

-- When the guest actually left (staff, or the planned time once it has passed).
ALTER TABLE public.guest_checkins ADD COLUMN checked_out_at timestamptz;

ALTER TABLE public.registry_submissions
  ADD COLUMN event_key text,
  ADD COLUMN claimed_until timestamptz,
  ADD COLUMN field_errors jsonb,
  ADD COLUMN sources jsonb,
  ADD CONSTRAINT registry_submissions_event_key_key UNIQUE (event_key);
CREATE INDEX registry_submissions_due_idx ON public.registry_submissions (next_attempt_at) WHERE status = 'pending';
CREATE INDEX registry_submissions_report_date_idx ON public.registry_submissions (accommodation_id, report_date) WHERE message_type = 'daily_close';
