-- A staff check-in (the booking page's screen, or any communicator/member token through GraphQL)
-- is held to the journey's rules in the database (issue 18; break-it findings), since each check-in
-- is sent to NTAK and VIZA by the registry_guest event trigger:
-- * One document is checked in once per booking, spaces, dashes and case ignored (the journey's
--   normalisation). The unique key (booking_unit_id, document_id) compared the exact text within
--   one booked unit, so the same guest checked in again in another unit of the booking, or as
--   'c01x 00t47', went to both registries twice. Check-ins of one booking wait on the booking row,
--   so two at once cannot both pass. Refused under the unique key's name, which the journey
--   function and the staff screen already answer with 'Guest already checked in'.
-- * A cancelled stay takes no new check-in (the journey is not open for it).
-- Only new rows and changed documents or units are checked; rows stored before are left alone.
-- Named to fire before guest_checkins_capacity (triggers run by name): the booking row is locked
-- before its booked unit, the order booking updates take, so the two cannot deadlock.
CREATE OR REPLACE FUNCTION public.guest_checkins_stay_check() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  stay_booking uuid;
  cancelled boolean;
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.document_id IS NOT DISTINCT FROM OLD.document_id AND NEW.booking_unit_id IS NOT DISTINCT FROM OLD.booking_unit_id THEN
    RETURN NEW;
  END IF;
  SELECT booking_id, is_cancelled INTO stay_booking, cancelled FROM public.booked_units WHERE id = NEW.booking_unit_id;
  IF cancelled AND (TG_OP = 'INSERT' OR NEW.booking_unit_id IS DISTINCT FROM OLD.booking_unit_id) THEN
    RAISE EXCEPTION USING ERRCODE = 'check_violation', CONSTRAINT = 'guest_checkins_stay_open_check',
      MESSAGE = 'A cancelled stay takes no check-in';
  END IF;
  PERFORM 1 FROM public.bookings WHERE id = stay_booking FOR UPDATE;
  IF EXISTS (
    SELECT 1 FROM public.guest_checkins g JOIN public.booked_units u ON u.id = g.booking_unit_id
    WHERE u.booking_id = stay_booking AND g.id <> NEW.id
      AND upper(regexp_replace(g.document_id, '[\s-]+', '', 'g')) = upper(regexp_replace(NEW.document_id, '[\s-]+', '', 'g'))
  ) THEN
    RAISE EXCEPTION USING ERRCODE = 'unique_violation', CONSTRAINT = 'guest_checkins_booking_unit_id_document_id_key',
      MESSAGE = 'duplicate key value violates unique constraint "guest_checkins_booking_unit_id_document_id_key": the document is checked in to this booking already';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER guest_checkins_booking_stay_check BEFORE INSERT OR UPDATE OF document_id, booking_unit_id ON public.guest_checkins
  FOR EACH ROW EXECUTE FUNCTION public.guest_checkins_stay_check();
