// Loads a booking by its journey id with the admin secret (guests have no role; see
// docs/data-model.md "Guests use functions, not a role"): only what the journey functions need.
import { graphql } from '../_pricing/graphql';

export interface JourneyBooking {
  id: string;
  status: string;
  checkin: string;
  checkout: string;
  customer_name: string;
  /** Where order confirmations go: never an address typed into an order form. */
  customer_email: string | null;
  language: string;
  adults: number;
  children: number;
  infants: number;
  accommodation: { name: string; address: string; zip: string; city: string; country: string; checkin_time: string; checkout_time: string };
  booked_units: {
    id: string;
    checkin: string;
    checkout: string;
    adults: number;
    children: number;
    infants: number;
    unit: { name: string; unit_keys: { value: string; key: { slug: string; name: string; type: string; position: number; key_reads: { role_cd: string }[] } }[] };
    guest_checkins: { id: string; first_name: string; last_name: string; document_id: string }[];
  }[];
  invoice_details: { name: string; country: string; zip: string; city: string; address: string; tax_id: string | null } | null;
  transfer_orders: { id: string; direction: string; date: string; flight_number: string | null; pickup_date: string | null; pickup_time: string | null; passengers: number; status: string }[];
  adventure_orders: { id: string; date: string; adventure_type: string; guests: number; status: string }[];
}

const QUERY = `query JourneyBooking($journeyId: uuid!) {
  bookings(where: {journey_id: {_eq: $journeyId}}, limit: 1) {
    id status checkin checkout customer_name customer_email language adults children infants
    accommodation { name address zip city country checkin_time checkout_time }
    booked_units(where: {is_cancelled: {_eq: false}}, order_by: {unit: {name: asc}}) {
      id checkin checkout adults children infants
      unit { name unit_keys { value key { slug name type position key_reads { role_cd } } } }
      guest_checkins(order_by: {created_at: asc}) { id first_name last_name document_id }
    }
    invoice_details { name country zip city address tax_id }
    transfer_orders(order_by: {created_at: asc}) { id direction date flight_number pickup_date pickup_time passengers status }
    adventure_orders(order_by: {created_at: asc}) { id date adventure_type guests status }
  }
}`;

/** The booking, or null when no (active) booking has this journey id. */
export async function loadJourneyBooking(journeyId: string): Promise<JourneyBooking | null> {
  const answer = await graphql<{ bookings: JourneyBooking[] }>({ admin: true }, QUERY, { journeyId });
  if (answer.errors.length) throw new Error(`journey lookup failed: ${answer.errors[0].message}`);
  const booking = answer.data?.bookings[0];
  return booking && booking.status !== 'cancelled' ? booking : null;
}

export const capacityOf = (u: { adults: number; children: number; infants: number }) => u.adults + u.children + u.infants;
