-- A maximum stay per arrival night, beside the minimum stay: on the unit (unit_dates, every rate of
-- it) and on one rate (rate_dates, else rates.max_stay). The pricing engine takes the smaller of the
-- unit's and the rate's for a stay arriving that night (src/domain/pricing/engine.ts). Nights hold
-- 1..365 (the rate editor's and the calendar's bound) and never less than the same row's minimum
-- stay; the web app maps both checks to translated messages (src/domain/uniqueness.ts).
ALTER TABLE public.unit_dates ADD COLUMN max_stay smallint;
ALTER TABLE public.unit_dates ADD CONSTRAINT unit_dates_max_stay_check CHECK (max_stay IS NULL OR max_stay BETWEEN 1 AND 365);
ALTER TABLE public.unit_dates ADD CONSTRAINT unit_dates_stay_order_check CHECK (max_stay IS NULL OR min_stay IS NULL OR max_stay >= min_stay);

ALTER TABLE public.rate_dates ADD COLUMN max_stay smallint;
ALTER TABLE public.rate_dates ADD CONSTRAINT rate_dates_max_stay_check CHECK (max_stay IS NULL OR max_stay BETWEEN 1 AND 365);
ALTER TABLE public.rate_dates ADD CONSTRAINT rate_dates_stay_order_check CHECK (max_stay IS NULL OR min_stay IS NULL OR max_stay >= min_stay);
