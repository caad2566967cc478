-- Booking history names the role of the user on whose behalf admin-secret work ran ("Sync now":
-- the function writes with the admin secret plus the caller's verified user id and role as the
-- session's x-hasura-user-id and x-hasura-acting-role). Only an admin session can carry
-- x-hasura-acting-role this way (a token's session variables come from its claims), so a user
-- cannot pass themselves off as another role.
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
  VALUES (NEW.id, CASE WHEN TG_OP = 'UPDATE' THEN OLD.status END, NEW.status, actor,
    CASE WHEN session ->> 'x-hasura-role' = 'admin' AND session ->> 'x-hasura-acting-role' ~ '^[a-z][a-z0-9_-]{0,63}$'
      THEN session ->> 'x-hasura-acting-role' ELSE session ->> 'x-hasura-role' END,
    actor_name);
  RETURN NEW;
END;
$$;
