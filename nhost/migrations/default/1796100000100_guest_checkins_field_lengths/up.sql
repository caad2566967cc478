-- Staff (communicators, members, property managers) write guest check-ins straight through
-- GraphQL: the booking page's check-in and correction forms hold the journey's limits, but a token
-- does not have to use the form, and every stored field goes to VIZA (names, birth place,
-- document) and NTAK (postcode). The journey's own limits (src/lib/functions/journey.ts
-- guestSchema) are held here for new and changed values; rows stored before are left alone.
CREATE OR REPLACE FUNCTION public.guest_checkins_lengths_check() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  limits constant jsonb := '{"first_name": 80, "last_name": 80, "birth_first_name": 80, "birth_last_name": 80, "mother_first_name": 80, "mother_last_name": 80, "pob": 80, "zip": 20, "city": 80, "address": 200, "document_id": 40, "visa_number": 40, "visa_place_of_entry": 80, "email": 200, "phone": 25}';
  new_row jsonb := to_jsonb(NEW);
  old_row jsonb := CASE WHEN TG_OP = 'UPDATE' THEN to_jsonb(OLD) ELSE '{}'::jsonb END;
  col text;
  max_len integer;
BEGIN
  FOR col, max_len IN SELECT key, value::integer FROM jsonb_each_text(limits) LOOP
    IF new_row ->> col IS DISTINCT FROM old_row ->> col AND length(new_row ->> col) > max_len THEN
      RAISE EXCEPTION USING ERRCODE = 'check_violation', CONSTRAINT = 'guest_checkins_field_length_check',
        MESSAGE = format('%s is longer than %s characters', col, max_len);
    END IF;
  END LOOP;
  RETURN NEW;
END;
$$;
CREATE TRIGGER guest_checkins_lengths_check BEFORE INSERT OR UPDATE ON public.guest_checkins
  FOR EACH ROW EXECUTE FUNCTION public.guest_checkins_lengths_check();
