// Country lists of the guest forms: named and sorted in the page's language, built once per
// language (the cards render on every keystroke).
import { describe, expect, it, vi } from 'vitest';
import { COUNTRY_CODES } from '@/domain/ntak/enums';
import { countryName, countryOptions, formatDay } from './format';

describe('country options', () => {
  it('name every accepted country in the page language, sorted as that language sorts', () => {
    for (const locale of ['en', 'hu']) {
      const list = countryOptions(COUNTRY_CODES, locale);
      expect(list.map((o) => o.value).sort()).toEqual([...COUNTRY_CODES].sort());
      const labels = list.map((o) => o.label);
      expect(labels).toEqual([...labels].sort(new Intl.Collator(locale).compare));
    }
    expect(countryOptions(COUNTRY_CODES, 'en').find((o) => o.value === 'HU')?.label).toBe('Hungary');
    expect(countryOptions(COUNTRY_CODES, 'hu').find((o) => o.value === 'HU')?.label).toBe('Magyarország');
    expect(countryName('DE', 'hu')).toBe('Németország');
  });

  it('are built once per language', () => {
    expect(countryOptions(COUNTRY_CODES, 'hu')).toBe(countryOptions(COUNTRY_CODES, 'hu'));
    expect(countryOptions(COUNTRY_CODES, 'en')).not.toBe(countryOptions(COUNTRY_CODES, 'hu'));
  });
});

describe('stay dates', () => {
  it('read in the page language, and a value that is not a day is shown as it came', () => {
    expect(formatDay('2026-11-27', 'en')).toBe('Fri, 27 November 2026');
    expect(formatDay('2026-11-27', 'hu')).toBe('2026. november 27., P');
    expect(formatDay('2026-12-01', 'hu')).toBe('2026. december 1., K');
    expect(formatDay('not a day', 'en')).toBe('not a day');
  });
});

describe('days the server formatted for the page', () => {
  it('are printed as the server wrote them, without the browser making a date formatter (ICU data on a phone)', async () => {
    vi.resetModules();
    const fresh = await import('./format');
    const Real = Intl.DateTimeFormat;
    const made = vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (locales?: Intl.LocalesArgument, options?: Intl.DateTimeFormatOptions) {
      return new Real(locales, options);
    });
    try {
      fresh.rememberDays('hu', { '2026-11-27': '2026. november 27., P' });
      expect(fresh.formatDay('2026-11-27', 'hu')).toBe('2026. november 27., P');
      expect(made).not.toHaveBeenCalled();
      // Another language, or a day the server did not print, is formatted here.
      expect(fresh.formatDay('2026-11-27', 'en')).toBe('Fri, 27 November 2026');
      expect(fresh.formatDay('2026-11-28', 'hu')).toBe('2026. november 28., Szo');
      expect(made).toHaveBeenCalled();
    } finally {
      made.mockRestore();
    }
  });
});
