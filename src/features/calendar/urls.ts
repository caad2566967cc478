// Typed URLs of the calendar and the screens it links to (the booking URLs are the seam agreed
// with the bookings area: /bookings/<id>, /bookings/new?unit=&arrival=&departure=).

export const CALENDAR_PATH = '/calendar';

/** The calendar, optionally focused on a date (YYYY-MM-DD). */
export function calendarUrl(date?: string): string {
  return date ? `${CALENDAR_PATH}?date=${encodeURIComponent(date)}` : CALENDAR_PATH;
}

export function bookingUrl(bookingId: string): string {
  return `/bookings/${encodeURIComponent(bookingId)}`;
}

export function newBookingUrl(unitId: string, arrival: string, departure: string): string {
  const params = new URLSearchParams({ unit: unitId, arrival, departure });
  return `/bookings/new?${params.toString()}`;
}
