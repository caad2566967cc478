// The values a snippet renders with, from what the inbox knows about a thread's booking: names,
// dates in the guest's language, the unit and accommodation, fact-sheet keys the staff member may
// read, and the journey link. A value that is not known stays out, so rendering names it.
import type { SnippetContext } from './render';

export interface SnippetSource {
  guestName?: string | null;
  checkin?: string | null;
  checkout?: string | null;
  adults?: number | null;
  children?: number | null;
  reference?: string | null;
  unitName?: string | null;
  accommodationName?: string | null;
  address?: string | null;
  checkinTime?: string | null;
  checkoutTime?: string | null;
  journeyUrl?: string | null;
  /** Fact-sheet values by key slug, only those the reader may read. */
  keys?: Readonly<Record<string, string>>;
}

/** 2026-12-03 in the guest's language: "3 December 2026" / "2026. december 3.". */
export function formatStayDate(date: string, language: string): string {
  const [y, m, d] = date.split('-').map(Number);
  if (!y || !m || !d) return date;
  const locale = language === 'hu' ? 'hu-HU' : language === 'en' ? 'en-GB' : language;
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d)));
}

function nightsBetween(checkin: string, checkout: string): number {
  return Math.round((Date.parse(`${checkout}T00:00:00Z`) - Date.parse(`${checkin}T00:00:00Z`)) / 86_400_000);
}

export function snippetContext(source: SnippetSource, language: string): SnippetContext {
  const name = source.guestName?.trim() ?? '';
  const [firstName, ...rest] = name.split(/\s+/);
  const ctx: Record<string, string | number | undefined> = {
    'guest.name': name || undefined,
    'guest.firstName': firstName || undefined,
    'guest.lastName': rest.join(' ') || undefined,
    'booking.checkin': source.checkin ? formatStayDate(source.checkin, language) : undefined,
    'booking.checkout': source.checkout ? formatStayDate(source.checkout, language) : undefined,
    'booking.nights': source.checkin && source.checkout ? nightsBetween(source.checkin, source.checkout) : undefined,
    'booking.guests': source.adults != null ? source.adults + (source.children ?? 0) : undefined,
    'booking.reference': source.reference ?? undefined,
    'unit.name': source.unitName ?? undefined,
    'accommodation.name': source.accommodationName ?? undefined,
    'accommodation.address': source.address ?? undefined,
    'accommodation.checkinTime': source.checkinTime ?? undefined,
    'accommodation.checkoutTime': source.checkoutTime ?? undefined,
    'journey.url': source.journeyUrl ?? undefined,
  };
  for (const [slug, value] of Object.entries(source.keys ?? {})) ctx[`key.${slug}`] = value;
  return ctx;
}
