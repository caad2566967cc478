// Guest journey URLs: /journey/<journeyId>[/checkin|/invoice] and the /travel/<journeyId> family
// (/travel/<id>/<card> opens any card). A page keeps the family it was opened in.
export type JourneyBase = 'journey' | 'travel';

/** Cards with their own route under /journey; every card opens under /travel/<id>/<card>. */
const JOURNEY_CARD_ROUTES = new Set(['checkin', 'invoice']);

export function journeyUrl(journeyId: string, base: JourneyBase = 'journey'): string {
  return `/${base}/${encodeURIComponent(journeyId)}`;
}

export function journeyCardUrl(journeyId: string, card: string, base: JourneyBase = 'journey'): string {
  const family = base === 'journey' && !JOURNEY_CARD_ROUTES.has(card) ? 'travel' : base;
  return `${journeyUrl(journeyId, family)}/${encodeURIComponent(card)}`;
}

export function findBookingUrl(base: JourneyBase = 'journey'): string {
  return `/${base}/find`;
}

/** The guest check-in form's fields by the guest_checkins column they save to (an NTAK/VIZA field error names the column). */
export const CHECKIN_FORM_FIELDS: Readonly<Record<string, string>> = {
  first_name: 'firstName', last_name: 'lastName', birth_first_name: 'birthFirstName', birth_last_name: 'birthLastName',
  mother_first_name: 'motherFirstName', mother_last_name: 'motherLastName', dob: 'dob', pob: 'pob', gender: 'gender',
  nationality: 'nationality', country: 'country', zip: 'zip', city: 'city', address: 'address',
  document_type: 'documentType', document_id: 'documentId', checkin_time: 'arrivalTime', checkout_time: 'departureTime',
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A booking's guests section with one check-in open for correction and the field a registry
 * refused (`/bookings/<id>?section=guests&guest=<id>&field=<column>`), the /ntak and /viza link.
 */
export function guestFixUrl(bookingId: string, guestId?: string, column?: string | null): string {
  const q = new URLSearchParams({ section: 'guests' });
  if (guestId) q.set('guest', guestId);
  if (guestId && column) q.set('field', column);
  return `/bookings/${encodeURIComponent(bookingId)}?${q.toString()}`;
}

/** The check-in to open and the form field to point at, from a guestFixUrl's query (malformed values dropped). */
export function guestFixOf(query: Record<string, string | string[] | undefined>): { guestId: string | null; field: string | null } {
  const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? '';
  const guestId = UUID.test(one(query.guest)) ? one(query.guest) : null;
  // Own keys only: `?field=constructor` or `__proto__` named Object's function or prototype.
  const column = one(query.field);
  const field = guestId && Object.hasOwn(CHECKIN_FORM_FIELDS, column) ? CHECKIN_FORM_FIELDS[column] : null;
  return { guestId, field };
}
