// Reason messages in the caller's language, from the same translation files the app loads
// (public/locales/<en|hu>/calendar.json), so the function and the screens never word them apart.
// i18next's plural suffixes (_one, _other) are picked with Intl.PluralRules, like i18next does.
import en from '../../public/locales/en/calendar.json';
import hu from '../../public/locales/hu/calendar.json';
import { reasonKey, reasonValues, type UnbookableReason } from '../../src/domain/pricing';
import type { QuoteLocale } from './input';

const FILES: Record<QuoteLocale, unknown> = { en, hu };

function lookup(file: unknown, path: string): string | undefined {
  let node: unknown = file;
  for (const part of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** The message of a reason in a locale, interpolated ({{name}}); English when a key is missing. */
export function reasonMessage(reason: UnbookableReason, locale: QuoteLocale): string {
  const key = reasonKey(reason.code).split(':')[1];
  const values = reasonValues(reason);
  const find = (lang: QuoteLocale) => {
    const file = FILES[lang];
    if (typeof values.count === 'number') {
      const plural = lookup(file, `${key}_${new Intl.PluralRules(lang).select(values.count)}`) ?? lookup(file, `${key}_other`);
      if (plural) return plural;
    }
    return lookup(file, key);
  };
  const template = find(locale) ?? find('en') ?? reason.code;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? ''));
}
