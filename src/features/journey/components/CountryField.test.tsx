// The guest cards' country selects list their ~250 countries only when the guest is about to use
// them (a lighter first screen on phones), yet a guest sees and sends the same: the chosen country
// shows before the list exists, pressing, focusing or typing into the select lists every country
// in the page language, focusing another field of the form lists them too (autofill), and the
// chosen country is what the card sends.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { RouterContext } from 'next/dist/shared/lib/router-context.shared-runtime';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JourneyStay, JourneyView } from '@/lib/functions/journey';
import { createTestI18n, createTestRouter, renderWithProviders } from '@/test/render';
import { CountryField, useCountryLists } from './CountryField';
import { TextField, useGuestForm } from './formKit';
import { InvoiceCard } from './InvoiceCard';

const noSchema = () => new Promise<never>(() => undefined);

function Form({ initial = '' }: { initial?: string }) {
  const form = useGuestForm(noSchema, { city: '', country: initial });
  const countries = useCountryLists();
  return (
    <form onFocus={countries.buildSoon}>
      <TextField name="city" label="City" form={form} />
      <CountryField name="country" label="Country" form={form} required lists={countries} />
      <output data-testid="value">{form.values.country}</output>
    </form>
  );
}

const select = () => screen.getByRole('combobox', { name: 'Country *' }) as HTMLSelectElement;
const optionTexts = (s: HTMLSelectElement) => [...s.options].map((o) => o.text);

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('country select of the guest cards', () => {
  it('holds only "Choose…" until the guest presses it, then every country by name; the choice is kept', async () => {
    renderWithProviders(<Form />);
    expect(optionTexts(select())).toEqual(['Choose…']);
    fireEvent.pointerDown(select());
    expect(select().options.length).toBeGreaterThan(200);
    expect(optionTexts(select())).toContain('Hungary');
    await userEvent.selectOptions(select(), 'Hungary');
    expect(select().value).toBe('HU');
    expect(screen.getByTestId('value').textContent).toBe('HU');
  });

  it('lists every country when the select gets the keyboard focus (type-ahead, screen readers)', async () => {
    renderWithProviders(<Form />);
    await userEvent.tab(); // the city field: the lists build in the background
    await userEvent.tab();
    expect(document.activeElement).toBe(select());
    expect(select().options.length).toBeGreaterThan(200);
  });

  it('lists the countries when the guest focuses another field of the form (browser autofill)', async () => {
    renderWithProviders(<Form />);
    await userEvent.click(screen.getByRole('textbox', { name: 'City' }));
    await waitFor(() => expect(select().options.length).toBeGreaterThan(200));
  });

  it('shows a country chosen before (a scanned passport, saved details) by name, in the page language', () => {
    renderWithProviders(<Form initial="HU" />, { locale: 'hu' });
    expect(select().value).toBe('HU');
    expect(select().selectedOptions[0].text).toBe('Magyarország');
    expect(optionTexts(select())).toEqual(['Válasszon…', 'Magyarország']);
  });

  it('keeps the server HTML small, and a press before the page hydrated still lists every country', async () => {
    const i18n = createTestI18n('en');
    const router = createTestRouter();
    const tree = (
      <I18nextProvider i18n={i18n}>
        <RouterContext.Provider value={router}>
          <Form />
        </RouterContext.Provider>
      </I18nextProvider>
    );
    const html = renderToString(tree);
    expect(html).not.toContain('Hungary');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);
    await act(async () => {
      root = hydrateRoot(container, tree);
    });
    fireEvent.pointerDown(select());
    expect(optionTexts(select())).toContain('Hungary');
  });
});

const stay = { customerName: 'Anna Kovács', invoice: null } as unknown as JourneyStay;

describe('invoice card', () => {
  it('sends the country the guest chose from the list built on open', async () => {
    const sent: unknown[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (_url, init) => {
      sent.push(JSON.parse(String(init?.body)));
      return new Response(JSON.stringify({ ok: true }), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    renderWithProviders(<InvoiceCard journeyId="5f0c7a4e-3b1d-4c39-9d5e-2a6f1b8c9d01" journey={{} as JourneyView} stay={stay} reload={async () => undefined} />);
    fireEvent.pointerDown(select());
    await userEvent.selectOptions(select(), 'Austria');
    await userEvent.type(screen.getByRole('textbox', { name: 'Postcode *' }), '1010');
    await userEvent.type(screen.getByRole('textbox', { name: 'City *' }), 'Wien');
    await userEvent.type(screen.getByRole('textbox', { name: 'Address *' }), 'Ring 1');
    await userEvent.click(screen.getByRole('button', { name: 'Save invoice details' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ country: 'AT', name: 'Anna Kovács', zip: '1010', city: 'Wien' });
  });
});
