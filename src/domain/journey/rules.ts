// The guest journey's business rules (SPEC 9): the page opens 5 days before check-in and closes
// 3 days after check-out; an airport transfer to a departing flight picks the guest up 3 hours
// before the flight.
import { addDays } from '../dates';

export const JOURNEY_OPENS_DAYS_BEFORE = 5;
/**
 * The spec gives no end; without one a journey link (Wi-Fi password, door facts, the guests'
 * names) works forever. Three days after check-out leave time for a late invoice request or a
 * transfer two days after the stay (the latest an order may be for), and no more.
 */
export const JOURNEY_CLOSES_DAYS_AFTER = 3;
export const PICKUP_HOURS_BEFORE_FLIGHT = 3;

/** The first day the journey page shows the stay (YYYY-MM-DD). */
export function journeyOpensOn(checkin: string): string {
  return addDays(checkin, -JOURNEY_OPENS_DAYS_BEFORE);
}

/** The last day the journey page shows the stay and takes check-ins, orders and invoice details. */
export function journeyLastDay(checkout: string): string {
  return addDays(checkout, JOURNEY_CLOSES_DAYS_AFTER);
}

export type JourneyPhase = 'not-yet' | 'open' | 'closed';

export function journeyPhase(stay: { checkin: string; checkout: string }, today: string): JourneyPhase {
  if (today < journeyOpensOn(stay.checkin)) return 'not-yet';
  return today > journeyLastDay(stay.checkout) ? 'closed' : 'open';
}

export function isJourneyOpen(stay: { checkin: string; checkout: string }, today: string): boolean {
  return journeyPhase(stay, today) === 'open';
}

export type TransferDirection = 'arrival' | 'departure';

/**
 * When the driver picks the guest up: at landing for an arrival, 3 hours before take-off for a
 * departure (the day before when the flight leaves before 03:00). Times are HH:MM local.
 */
export function transferPickup(direction: TransferDirection, flightDate: string, flightTime: string): { date: string; time: string } {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(flightTime);
  if (!match) throw new Error(`Not a time: ${flightTime}`);
  if (direction === 'arrival') return { date: flightDate, time: flightTime };
  let minutes = Number(match[1]) * 60 + Number(match[2]) - PICKUP_HOURS_BEFORE_FLIGHT * 60;
  let date = flightDate;
  if (minutes < 0) {
    minutes += 24 * 60;
    date = addDays(flightDate, -1);
  }
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return { date, time: `${hh}:${mm}` };
}

/** A map search and a directions link for an address (no API key: plain Google Maps URLs). */
export function mapLinks(address: { address: string; zip: string; city: string; country: string }): { map: string; directions: string } {
  const query = encodeURIComponent(`${address.address}, ${address.zip} ${address.city}, ${address.country}`);
  return {
    map: `https://www.google.com/maps/search/?api=1&query=${query}`,
    directions: `https://www.google.com/maps/dir/?api=1&destination=${query}`,
  };
}
