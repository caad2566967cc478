// Compact money for calendar cells: whole units, grouped per locale, currency shown once per row.
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
