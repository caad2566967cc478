-- Country codes that go to NTAK and VIZA (the booker's country, a guest's nationality and country of
-- residence) hold only codes NTAK knows (issue 18): ISO 3166-1 alpha-2 plus XK, the list NTAK
-- documents (ntak-viza-fields.md §3; the same list as COUNTRY_CODES in src/domain/ntak/enums.ts, a
-- test compares the two). Before, any two capital letters passed ('XX', or 'UK' for Britain) and
-- the message carried them to a registry that refuses them.
-- Checked by triggers, not CHECK constraints, so that a row stored before this migration with an
-- old value is not blocked: it can still be cancelled or edited; only a new or changed code is
-- checked (the sender reports the old value as a field error to fix, with a link to the field).
CREATE OR REPLACE FUNCTION public.is_ntak_country(code text) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT code = ANY (ARRAY[
    'AD','AE','AF','AG','AI','AL','AM','AO','AQ','AR','AS','AT','AU','AW','AX','AZ','BA','BB','BD','BE','BF','BG','BH','BI','BJ',
    'BL','BM','BN','BO','BQ','BR','BS','BT','BV','BW','BY','BZ','CA','CC','CD','CF','CG','CH','CI','CK','CL','CM','CN','CO','CR',
    'CU','CV','CW','CX','CY','CZ','DE','DJ','DK','DM','DO','DZ','EC','EE','EG','EH','ER','ES','ET','FI','FJ','FK','FM','FO','FR',
    'GA','GB','GD','GE','GF','GG','GH','GI','GL','GM','GN','GP','GQ','GR','GS','GT','GU','GW','GY','HK','HM','HN','HR','HT','HU',
    'ID','IE','IL','IM','IN','IO','IQ','IR','IS','IT','JE','JM','JO','JP','KE','KG','KH','KI','KM','KN','KP','KR','KW','KY','KZ',
    'LA','LB','LC','LI','LK','LR','LS','LT','LU','LV','LY','MA','MC','MD','ME','MF','MG','MH','MK','ML','MM','MN','MO','MP','MQ',
    'MR','MS','MT','MU','MV','MW','MX','MY','MZ','NA','NC','NE','NF','NG','NI','NL','NO','NP','NR','NU','NZ','OM','PA','PE','PF',
    'PG','PH','PK','PL','PM','PN','PR','PS','PT','PW','PY','QA','RE','RO','RS','RU','RW','SA','SB','SC','SD','SE','SG','SH','SI',
    'SJ','SK','SL','SM','SN','SO','SR','SS','ST','SV','SX','SY','SZ','TC','TD','TF','TG','TH','TJ','TK','TL','TM','TN','TO','TR',
    'TT','TV','TW','TZ','UA','UG','UM','US','UY','UZ','VA','VC','VE','VG','VI','VN','VU','WF','WS','YE','YT','ZA','ZM','ZW','XK'
  ]::text[])
$$;

CREATE OR REPLACE FUNCTION public.bookings_country_check() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.customer_country IS NOT NULL AND (TG_OP = 'INSERT' OR NEW.customer_country IS DISTINCT FROM OLD.customer_country)
     AND NOT public.is_ntak_country(NEW.customer_country) THEN
    RAISE EXCEPTION USING ERRCODE = 'check_violation', CONSTRAINT = 'bookings_customer_country_ntak_check',
      MESSAGE = 'The booker''s country is not a country code NTAK accepts';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER bookings_country_check BEFORE INSERT OR UPDATE OF customer_country ON public.bookings
  FOR EACH ROW EXECUTE FUNCTION public.bookings_country_check();

CREATE OR REPLACE FUNCTION public.guest_checkins_country_check() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF (TG_OP = 'INSERT' OR NEW.nationality IS DISTINCT FROM OLD.nationality) AND NOT public.is_ntak_country(NEW.nationality) THEN
    RAISE EXCEPTION USING ERRCODE = 'check_violation', CONSTRAINT = 'guest_checkins_nationality_ntak_check',
      MESSAGE = 'The guest''s nationality is not a country code NTAK accepts';
  END IF;
  IF (TG_OP = 'INSERT' OR NEW.country IS DISTINCT FROM OLD.country) AND NOT public.is_ntak_country(NEW.country) THEN
    RAISE EXCEPTION USING ERRCODE = 'check_violation', CONSTRAINT = 'guest_checkins_country_ntak_check',
      MESSAGE = 'The guest''s country of residence is not a country code NTAK accepts';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER guest_checkins_country_check BEFORE INSERT OR UPDATE OF nationality, country ON public.guest_checkins
  FOR EACH ROW EXECUTE FUNCTION public.guest_checkins_country_check();
