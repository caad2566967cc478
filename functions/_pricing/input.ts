// The quote function's input: checked field by field, every refusal a 400 with a machine-readable
// code and the field it is about, before anything is read.
import { parseIsoDay } from '../../src/domain/pricing/days';

/** The longest stay (or calendar range) one quote answers: a year and a leap day. */
export const MAX_QUOTE_NIGHTS = 366;
export const MAX_GUESTS = 50;
export const MAX_FEES = 20;
export const LOCALES = ['en', 'hu'] as const;
export type QuoteLocale = (typeof LOCALES)[number];

export interface QuoteInput {
  unitId: string;
  rateId: string;
  checkIn: string;
  checkOut: string;
  adults: number;
  children: number;
  infants: number;
  /** Extra fees of the accommodation the guest takes (fees.id). */
  fees: string[];
  /** The booking being edited: its own nights do not count as booked. */
  excludeBookingId: string | null;
  locale: QuoteLocale;
}

export type InputErrorCode =
  | 'invalid-body'
  | 'unknown-field'
  | 'invalid-uuid'
  | 'invalid-date'
  | 'dates-out-of-order'
  | 'stay-too-long'
  | 'invalid-guests'
  | 'too-many-fees'
  | 'invalid-locale';
// The function adds, after reading: unknown-unit, unknown-rate, unknown-fee (also 400).

export interface InputError {
  code: InputErrorCode;
  field?: string;
  message: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const FIELDS = new Set(['unitId', 'rateId', 'checkIn', 'checkOut', 'adults', 'children', 'infants', 'fees', 'excludeBookingId', 'locale']);
/** Dates a quote may be about (the calendar's axis is a few years; this only stops nonsense). */
const MIN_YEAR = 2000;
const MAX_YEAR = 2100;

/** Picks the locale: the body's, else the first en/hu of Accept-Language, else en. */
export function localeOf(bodyLocale: unknown, acceptLanguage: string | undefined): QuoteLocale | null {
  if (bodyLocale !== undefined) return (LOCALES as readonly unknown[]).includes(bodyLocale) ? (bodyLocale as QuoteLocale) : null;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.trim().slice(0, 2).toLowerCase();
    if ((LOCALES as readonly string[]).includes(tag)) return tag as QuoteLocale;
  }
  return 'en';
}

export function parseQuoteInput(body: unknown, acceptLanguage?: string): { ok: true; input: QuoteInput } | { ok: false; error: InputError } {
  const fail = (code: InputErrorCode, message: string, field?: string) => ({ ok: false as const, error: { code, message, ...(field ? { field } : {}) } });
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return fail('invalid-body', 'Send a JSON object (content-type: application/json)');
  const b = body as Record<string, unknown>;
  const unknown = Object.keys(b).find((k) => !FIELDS.has(k));
  if (unknown !== undefined) return fail('unknown-field', `Unknown field ${unknown.slice(0, 40)}`, unknown.slice(0, 40));

  for (const field of ['unitId', 'rateId'] as const) {
    if (typeof b[field] !== 'string' || !UUID.test(b[field] as string)) return fail('invalid-uuid', `${field} must be a UUID`, field);
  }
  if (b.excludeBookingId !== undefined && b.excludeBookingId !== null && (typeof b.excludeBookingId !== 'string' || !UUID.test(b.excludeBookingId))) {
    return fail('invalid-uuid', 'excludeBookingId must be a UUID', 'excludeBookingId');
  }
  const days: Record<string, number> = {};
  for (const field of ['checkIn', 'checkOut'] as const) {
    const day = parseIsoDay(b[field]);
    const year = typeof b[field] === 'string' ? Number((b[field] as string).slice(0, 4)) : 0;
    if (day === null || year < MIN_YEAR || year > MAX_YEAR) return fail('invalid-date', `${field} must be a date YYYY-MM-DD between ${MIN_YEAR} and ${MAX_YEAR}`, field);
    days[field] = day;
  }
  if (days.checkOut <= days.checkIn) return fail('dates-out-of-order', 'checkOut must be after checkIn', 'checkOut');
  if (days.checkOut - days.checkIn > MAX_QUOTE_NIGHTS) return fail('stay-too-long', `A quote covers at most ${MAX_QUOTE_NIGHTS} nights`, 'checkOut');

  const guests: Record<string, number> = {};
  for (const [field, min] of [['adults', 1], ['children', 0], ['infants', 0]] as const) {
    const value = b[field] ?? (field === 'adults' ? undefined : 0);
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > MAX_GUESTS) return fail('invalid-guests', `${field} must be a whole number from ${min} to ${MAX_GUESTS}`, field);
    guests[field] = value;
  }

  const fees = b.fees ?? [];
  if (!Array.isArray(fees)) return fail('invalid-uuid', 'fees must be a list of fee ids', 'fees');
  if (fees.length > MAX_FEES) return fail('too-many-fees', `At most ${MAX_FEES} fees`, 'fees');
  if (fees.some((f) => typeof f !== 'string' || !UUID.test(f))) return fail('invalid-uuid', 'fees must be a list of fee ids', 'fees');

  const locale = localeOf(b.locale, acceptLanguage);
  if (!locale) return fail('invalid-locale', `locale must be one of ${LOCALES.join(', ')}`, 'locale');

  return {
    ok: true,
    input: {
      unitId: (b.unitId as string).toLowerCase(),
      rateId: (b.rateId as string).toLowerCase(),
      checkIn: b.checkIn as string,
      checkOut: b.checkOut as string,
      adults: guests.adults,
      children: guests.children,
      infants: guests.infants,
      fees: [...new Set((fees as string[]).map((f) => f.toLowerCase()))],
      excludeBookingId: typeof b.excludeBookingId === 'string' ? b.excludeBookingId.toLowerCase() : null,
      locale,
    },
  };
}
