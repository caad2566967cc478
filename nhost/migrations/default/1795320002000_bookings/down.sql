DROP TABLE IF EXISTS public.adventure_orders, public.transfer_orders, public.invoice_details,
  public.guest_checkins, public.booked_units, public.bookings;
DROP FUNCTION IF EXISTS public.guest_checkins_capacity();
DROP FUNCTION IF EXISTS public.bookings_after_update();
DROP FUNCTION IF EXISTS public.booked_units_before_write();
