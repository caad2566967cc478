// Component-test helpers for this area: the app's shared render (real en/hu translations, theme,
// router, Nhost and Apollo providers) and a fast way to fill MUI fields.
import type { ReactElement } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { renderWithProviders } from '@/test/render';

export function renderWithI18n(ui: ReactElement, language: 'en' | 'hu' = 'en') {
  return renderWithProviders(ui, { locale: language });
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
