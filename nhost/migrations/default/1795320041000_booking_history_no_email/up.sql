-- Booking history names the actor by display name only, never by e-mail: managers read the history
-- of managed bookings, and the e-mail of office staff is not theirs to see (docs/data-model.md).
-- Rows written before this migration lose an e-mail they may hold.
CREATE OR REPLACE FUNCTION public.bookings_log_status() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  session jsonb;
  user_id text;
  actor uuid;
  actor_name text;
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status IS NOT DISTINCT FROM NEW.status THEN
    RETURN NEW;
  END IF;
  BEGIN
    session := nullif(current_setting('hasura.user', true), '')::jsonb;
  EXCEPTION WHEN others THEN
    session := NULL;
  END;
  user_id := session ->> 'x-hasura-user-id';
  IF user_id ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN
    SELECT u.id, nullif(btrim(u.display_name), '') INTO actor, actor_name
    FROM auth.users u WHERE u.id = user_id::uuid;
  END IF;
  INSERT INTO public.booking_status_changes (booking_id, old_status, new_status, changed_by_user_id, changed_by_role, changed_by_name)
  VALUES (NEW.id, CASE WHEN TG_OP = 'UPDATE' THEN OLD.status END, NEW.status, actor, session ->> 'x-hasura-role', actor_name);
  RETURN NEW;
END;
$$;

UPDATE public.booking_status_changes c SET changed_by_name = nullif(btrim(u.display_name), '')
FROM auth.users u WHERE u.id = c.changed_by_user_id AND c.changed_by_name = u.email::text;
