// POST /v1/functions/journey/get {journeyId}: what the guest journey page shows. Before the journey
// opens (5 days before check-in) and once it closed (3 days after check-out: `closed`) only the
// dates, the place's name and the opening day; in between the stay,
// who has checked in, invoice details and orders. Fact sheet items readable by everyone (key_reads
// "all") appear once a guest has checked in; house rules and directions from the start.
// 400 invalid-body (not a uuid), 404 not-found (no such or a cancelled booking), 405, 429.
import type { Request, Response } from 'express';
import { journeyOpensOn, journeyPhase, mapLinks } from '../../src/domain/journey/rules';
import { checkRequest } from '../../src/lib/functions/contract';
import { journeyGetFunction, type JourneyView } from '../../src/lib/functions/journey';
import { capacityOf, loadJourneyBooking, type JourneyBooking } from '../_journey/load';
import { allow } from '../_journey/rateLimit';
import { clientAddress, fail, failInvalid, requirePost } from '../_journey/respond';
import { hhmm, todayInBudapest } from '../_journey/time';

const ALWAYS_SHOWN = new Set(['house-rules', 'directions']);

function facts(booking: JourneyBooking, checkedIn: boolean) {
  const several = booking.booked_units.length > 1;
  const all = booking.booked_units.flatMap((bu) =>
    bu.unit.unit_keys
      .filter((k) => k.key.key_reads.some((r) => r.role_cd === 'all'))
      .sort((a, b) => a.key.position - b.key.position)
      .map((k) => ({ slug: k.key.slug, name: several ? `${bu.unit.name}: ${k.key.name}` : k.key.name, type: k.key.type, value: k.value })),
  );
  const first = (slug: string) => all.find((f) => f.slug === slug)?.value ?? null;
  return { houseRules: first('house-rules'), directions: first('directions'), facts: checkedIn ? all.filter((f) => !ALWAYS_SHOWN.has(f.slug)) : [] };
}

export function journeyView(booking: JourneyBooking, today: string): JourneyView {
  const a = booking.accommodation;
  const base = { opensOn: journeyOpensOn(booking.checkin), checkin: booking.checkin, checkout: booking.checkout, accommodationName: a.name };
  const phase = journeyPhase(booking, today);
  if (phase !== 'open') return { ...base, open: false, closed: phase === 'closed', stay: null };
  const checkedIn = booking.booked_units.some((u) => u.guest_checkins.length > 0);
  const links = mapLinks(a);
  const invoice = booking.invoice_details;
  return {
    ...base,
    open: true,
    closed: false,
    stay: {
      customerName: booking.customer_name,
      guests: booking.adults + booking.children + booking.infants,
      checkinTime: hhmm(a.checkin_time, '15:00'),
      checkoutTime: hhmm(a.checkout_time, '10:00'),
      address: a.address,
      zip: a.zip,
      city: a.city,
      country: a.country,
      mapUrl: links.map,
      directionsUrl: links.directions,
      units: booking.booked_units.map((u) => ({ id: u.id, name: u.unit.name, capacity: capacityOf(u), guests: u.guest_checkins.map((g) => ({ id: g.id, firstName: g.first_name, lastName: g.last_name })) })),
      ...facts(booking, checkedIn),
      invoice: invoice && { name: invoice.name, country: invoice.country, zip: invoice.zip, city: invoice.city, address: invoice.address, taxId: invoice.tax_id },
      transfers: booking.transfer_orders.map((t) => ({ id: t.id, direction: t.direction, date: t.date, flightNumber: t.flight_number, pickupDate: t.pickup_date, pickupTime: t.pickup_time && t.pickup_time.slice(0, 5), passengers: t.passengers, status: t.status })),
      adventures: booking.adventure_orders.map((o) => ({ id: o.id, date: o.date, adventureType: o.adventure_type, guests: o.guests, status: o.status })),
    },
  };
}

export default async function get(req: Request, res: Response): Promise<void> {
  if (!requirePost(req, res)) return;
  // Looking journeys up by id is guessing 122 random bits; the limit is against hammering, not guessing.
  if (!allow('read', clientAddress(req))) return fail(res, 429, 'too-many-attempts', 'Too many attempts; wait a few minutes');
  const checked = checkRequest(journeyGetFunction, req.body);
  if (!checked.ok) return failInvalid(res, checked.error);
  const booking = await loadJourneyBooking(checked.value.journeyId);
  if (!booking) return fail(res, 404, 'not-found', "Can't find booking with the provided information");
  const view = journeyView(booking, todayInBudapest());
  res.status(200).json(view);
}
