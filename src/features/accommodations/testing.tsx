// Component-test rendering for this area: real i18next with the app's en/hu JSON for the
// accommodation and rate namespaces, and the MUI default theme.
import type { ReactElement } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import enAccommodation from '../../../public/locales/en/accommodation.json';
import enRate from '../../../public/locales/en/rate.json';
import huAccommodation from '../../../public/locales/hu/accommodation.json';
import huRate from '../../../public/locales/hu/rate.json';

export function renderWithI18n(ui: ReactElement, language: 'en' | 'hu' = 'en') {
  const i18n = createInstance();
  void i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en',
    ns: ['accommodation', 'rate'],
    defaultNS: 'accommodation',
    initAsync: false,
    resources: { en: { accommodation: enAccommodation, rate: enRate }, hu: { accommodation: huAccommodation, rate: huRate } },
    interpolation: { escapeValue: false },
  });
  return render(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>);
}

/** Replaces a field's text in one paste (typing key by key into MUI fields is slow in jsdom). */
export async function fill(user: UserEvent, label: string, text: string): Promise<void> {
  const field = screen.getByLabelText(label);
  // Date inputs take no typed or pasted text in jsdom; set their value as the browser would.
  if (field instanceof HTMLInputElement && field.type === 'date') {
    fireEvent.change(field, { target: { value: text } });
    fireEvent.blur(field);
    return;
  }
  await user.clear(field);
  if (text) {
    await user.click(field);
    await user.paste(text);
  }
}
