// Checks what a user types into the calendar's bulk-edit dialogs. Messages are keys of the
// calendar namespace (both languages); an empty field clears the nights' own value.
import { MINOR_DIGITS, type Currency } from '@/domain/money';

export const MAX_NIGHTLY_PRICE = 10_000_000;
/** The longest minimum or maximum stay a night can hold (the database's bound too). */
export const MAX_STAY_NIGHTS = 365;
/** The longest range one bulk edit writes (a year and a day: one row per night). */
export const MAX_EDIT_NIGHTS = 366;

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

/** A nightly price: empty clears it; otherwise a non-negative amount with the currency's decimals. */
export function parsePrice(text: string, currency: Currency): Parsed<number | null> {
  const trimmed = text.trim().replace(/\s/g, '').replace(',', '.');
  if (trimmed === '') return { ok: true, value: null };
  const decimals = MINOR_DIGITS[currency];
  const pattern = decimals > 0 ? new RegExp(`^\\d+(\\.\\d{1,${decimals}})?$`) : /^\d+$/;
  if (!pattern.test(trimmed)) return { ok: false, error: decimals > 0 ? 'calendar:edit.errors.priceFormat' : 'calendar:edit.errors.priceWhole' };
  const value = Number(trimmed);
  if (value > MAX_NIGHTLY_PRICE) return { ok: false, error: 'calendar:edit.errors.priceTooHigh' };
  return { ok: true, value };
}

/** A minimum or maximum stay: empty clears it; otherwise a whole number of nights from 1 to MAX_STAY_NIGHTS. */
export function parseNights(text: string): Parsed<number | null> {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: null };
  if (!/^\d+$/.test(trimmed)) return { ok: false, error: 'calendar:edit.errors.nightsWhole' };
  const value = Number(trimmed);
  if (value < 1 || value > MAX_STAY_NIGHTS) return { ok: false, error: 'calendar:edit.errors.nightsRange' };
  return { ok: true, value };
}

/** What a bulk edit does to one restriction: leave the nights' value, set it, or clear it. */
export type Toggle = 'keep' | 'closed' | 'open';
export interface ArrivalDeparture {
  closedToArrival: boolean | null;
  closedToDeparture: boolean | null;
}

/** Closed to arrival / departure as chosen in the dialog (null: unchanged); at least one must change. */
export function parseArrivalDeparture(arrival: Toggle, departure: Toggle): Parsed<ArrivalDeparture> {
  if (arrival === 'keep' && departure === 'keep') return { ok: false, error: 'calendar:edit.errors.nothingChosen' };
  const of = (t: Toggle) => (t === 'keep' ? null : t === 'closed');
  return { ok: true, value: { closedToArrival: of(arrival), closedToDeparture: of(departure) } };
}
