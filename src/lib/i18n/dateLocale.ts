// The date picker speaks the browser's language (SPEC 1): Hungarian or British English when the
// browser asks for them, US English otherwise. Locales are imported one by one, never the whole pack.
import type { Locale as DateFnsLocale } from 'date-fns';
import { enGB } from 'date-fns/locale/en-GB';
import { enUS } from 'date-fns/locale/en-US';
import { hu } from 'date-fns/locale/hu';

const SUPPORTED: Record<string, DateFnsLocale> = { hu, 'en-GB': enGB, 'en-US': enUS };

export function pickDateLocale(browserLanguages: readonly string[]): DateFnsLocale {
  for (const language of browserLanguages) {
    const exact = SUPPORTED[language];
    if (exact) return exact;
    const base = language.split('-')[0]?.toLowerCase();
    if (base === 'hu') return hu;
    if (base === 'en') return enUS;
  }
  return enUS;
}

export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}
