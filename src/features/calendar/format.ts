// Calendar texts in the user's language: compact money for cells (whole units, grouped per locale,
// currency shown once per row) and dates (a day header's month start, a selection's nights).
import { fromMinor, type Currency, type Minor } from '@/domain/money';

const formatters = new Map<string, Intl.NumberFormat>();

export function cellPrice(minor: Minor, currency: Currency, locale: string): string {
  let f = formatters.get(locale);
  if (!f) {
    f = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    formatters.set(locale, f);
  }
  return f.format(Math.round(fromMinor(minor, currency)));
}

const dateFormatters = new Map<string, Intl.DateTimeFormat>();

function dateFormatter(locale: string, kind: 'date' | 'monthDay'): Intl.DateTimeFormat {
  const key = `${locale}|${kind}`;
  let f = dateFormatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, kind === 'date' ? { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' } : { month: 'short', day: 'numeric', timeZone: 'UTC' });
    dateFormatters.set(key, f);
  }
  return f;
}

/** A YYYY-MM-DD day as the locale writes it: "Jun 7, 2027", "2027. jún. 7."; the text itself when not a date. */
export function formatDate(iso: string, locale: string): string {
  const d = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? iso : dateFormatter(locale, 'date').format(d);
}

/** Month and day without the year, for the first day of a month in the day header: "Jun 1", "jún. 1.". */
export function formatMonthDay(year: number, month: number, day: number, locale: string): string {
  return dateFormatter(locale, 'monthDay').format(new Date(Date.UTC(year, month - 1, day)));
}
