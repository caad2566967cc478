// Remembers the chosen interface language: Next.js reads the NEXT_LOCALE cookie on the next visit.
import type { Locale } from './namespaces';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

export function rememberLocale(locale: Locale): void {
  document.cookie = `NEXT_LOCALE=${locale}; path=/; max-age=${ONE_YEAR_SECONDS}; samesite=lax`;
}
