// Dates for guests in their page language, without a date library.
export function formatDay(day: string, locale: string | undefined): string {
  const date = new Date(`${day}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(locale === 'hu' ? 'hu-HU' : 'en-GB', { year: 'numeric', month: 'long', day: 'numeric', weekday: 'short', timeZone: 'UTC' }).format(date);
}

/** A country's name in the page language ("HU" -> "Hungary" / "Magyarország"). */
export function countryName(code: string, locale: string | undefined): string {
  try {
    return new Intl.DisplayNames([locale === 'hu' ? 'hu' : 'en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Every country the registries accept, named in the page language and sorted by name. */
export function countryOptions(codes: Iterable<string>, locale: string | undefined): { value: string; label: string }[] {
  return [...codes].map((code) => ({ value: code, label: countryName(code, locale) })).sort((a, b) => a.label.localeCompare(b.label, locale));
}
