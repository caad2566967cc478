// A country select that lists its ~250 countries only once the guest is about to use it. Chromium
// measures the text of every option of a closed select to size it, so two full country lists made
// the check-in card's first layout (and its hydration: ~500 option elements) one of the page's long
// tasks on a phone. Until then the select holds "Choose…" and the chosen country, so it shows the
// same value (a scanned nationality, saved invoice details) and the server's HTML stays small.
// The list is built when the select is pressed, focused or typed into (before the browser opens
// it: React applies a discrete event's update in the same task), and, as a transition, when the
// guest focuses any field of the form, so autofill and type-ahead find every country.
import { startTransition, useCallback, useMemo, useState } from 'react';
import { useRouter } from 'next/router';
import { COUNTRY_CODES } from '@/domain/ntak/enums';
import { countryName, countryOptions } from '../format';
import { SelectField, type FieldProps } from './formKit';

/** Whether the form's country lists are built yet, and the two ways to build them. */
export function useCountryLists(): { built: boolean; build: () => void; buildSoon: () => void } {
  const [built, setBuilt] = useState(false);
  const build = useCallback(() => setBuilt(true), []);
  const buildSoon = useCallback(() => startTransition(() => setBuilt(true)), []);
  return { built, build, buildSoon };
}

export function CountryField({ lists, ...field }: Omit<FieldProps, 'type' | 'autoComplete' | 'inputMode'> & { lists: ReturnType<typeof useCountryLists> }) {
  const { locale } = useRouter();
  const value = field.form.values[field.name] ?? '';
  const options = useMemo(
    () => (lists.built ? countryOptions(COUNTRY_CODES, locale) : value ? [{ value, label: countryName(value, locale) }] : []),
    [lists.built, value, locale],
  );
  return <SelectField {...field} options={options} onOpen={lists.built ? undefined : lists.build} />;
}
