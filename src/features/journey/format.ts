// Dates for guests in their page language, without a date library.
type Language = 'en' | 'hu';
const languageOf = (locale: string | undefined): Language => (locale === 'hu' ? 'hu' : 'en');

// One formatter per language: making an Intl formatter loads ICU data, and a new one per date was
// ~45 ms of the stay card's render on a phone (one piece of hydration that cannot be sliced).
const dayFormats = new Map<Language, Intl.DateTimeFormat>();
function dayFormat(language: Language): Intl.DateTimeFormat {
  let format = dayFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language === 'hu' ? 'hu-HU' : 'en-GB', { year: 'numeric', month: 'long', day: 'numeric', weekday: 'short', timeZone: 'UTC' });
    dayFormats.set(language, format);
  }
  return format;
}

// Days the server already wrote for this page, per language (`withDays`, pageProps). The browser's
// first Intl.DateTimeFormat loads ICU's calendar and time-zone data: tens of milliseconds in the
// middle of hydration on a phone, just to print the two dates the server's HTML already shows.
const knownDays = new Map<Language, Map<string, string>>();

/** Keeps days formatted on the server (day -> text) for formatDay in the same language. */
export function rememberDays(locale: string | undefined, days: Readonly<Record<string, string>>): void {
  const language = languageOf(locale);
  let known = knownDays.get(language);
  if (!known) knownDays.set(language, (known = new Map()));
  for (const [day, text] of Object.entries(days)) known.set(day, text);
}

export function formatDay(day: string, locale: string | undefined): string {
  const known = knownDays.get(languageOf(locale))?.get(day);
  if (known !== undefined) return known;
  const date = new Date(`${day}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return dayFormat(languageOf(locale)).format(date);
}

// One Intl.DisplayNames per language: making one loads ICU data, and the country lists asked for
// ~250 names (a new one per name was most of the check-in card's first render on a phone).
const displayNames = new Map<Language, Intl.DisplayNames | null>();
function namesIn(language: Language): Intl.DisplayNames | null {
  if (!displayNames.has(language)) {
    try {
      displayNames.set(language, new Intl.DisplayNames([language], { type: 'region' }));
    } catch {
      displayNames.set(language, null);
    }
  }
  return displayNames.get(language) ?? null;
}

/** A country's name in the page language ("HU" -> "Hungary" / "Magyarország"). */
export function countryName(code: string, locale: string | undefined): string {
  try {
    return namesIn(languageOf(locale))?.of(code) ?? code;
  } catch {
    return code;
  }
}

type CountryOption = { value: string; label: string };
// The list per set of codes and language, built once: the cards render on every keystroke, and
// naming and sorting ~250 countries took tens of milliseconds on a phone each time.
const optionLists = new WeakMap<Iterable<string>, Map<Language, readonly CountryOption[]>>();

/** Every country the registries accept, named in the page language and sorted by name. */
export function countryOptions(codes: Iterable<string>, locale: string | undefined): readonly CountryOption[] {
  const language = languageOf(locale);
  let lists = optionLists.get(codes);
  if (!lists) optionLists.set(codes, (lists = new Map()));
  let list = lists.get(language);
  if (!list) {
    const collator = new Intl.Collator(language);
    list = [...codes].map((code) => ({ value: code, label: countryName(code, language) })).sort((a, b) => collator.compare(a.label, b.label));
    lists.set(language, list);
  }
  return list;
}
