// The variables a snippet body may use, as `{{name}}`. Keys from the fact sheet are
// `{{key.<slug>}}` (slug as in the keys table: door-code, wifi, lockbox...).
export const SNIPPET_VARIABLES = [
  'guest.firstName',
  'guest.lastName',
  'guest.name',
  'booking.checkin',
  'booking.checkout',
  'booking.nights',
  'booking.guests',
  'booking.reference',
  'unit.name',
  'accommodation.name',
  'accommodation.address',
  'accommodation.checkinTime',
  'accommodation.checkoutTime',
  'journey.url',
] as const;

export type SnippetVariable = (typeof SNIPPET_VARIABLES)[number];

/** A fact-sheet key variable: `key.` and a lowercase slug (the keys_slug_check shape). */
export const KEY_VARIABLE = /^key\.[a-z0-9]+(-[a-z0-9]+)*$/;

export function isKnownVariable(name: string): boolean {
  return (SNIPPET_VARIABLES as readonly string[]).includes(name) || KEY_VARIABLE.test(name);
}
