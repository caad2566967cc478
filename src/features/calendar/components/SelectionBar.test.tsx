// The bulk-edit bar on a selected range: close/open, a price with the currency's rules (a bad
// value shows the translated message and saves nothing), a minimum or maximum stay on the unit or a
// rate, "new booking" only for a
// free range, and nothing to change for a read-only user.
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@/test/render';
import { SelectionBar, type SelectionSummary } from './SelectionBar';

const summary: SelectionSummary = {
  unitId: 'u1',
  unitName: 'Apartment 1',
  arrival: '2027-06-07',
  departure: '2027-06-10',
  nights: 3,
  free: true,
  rates: [
    { id: 'r1', name: 'Standard', currency: 'EUR' },
    { id: 'r2', name: 'Standard HUF', currency: 'HUF' },
  ],
  rateId: 'r1',
  rateRow: false,
  newBookingHref: '/bookings/new?unit=u1&arrival=2027-06-07&departure=2027-06-10',
};

function setup(over: Partial<Parameters<typeof SelectionBar>[0]> = {}) {
  const props = { summary, canEdit: true, tooLong: false, onClose: vi.fn(), onOpen: vi.fn(), onPrice: vi.fn(), onStayLimit: vi.fn(), onArrivalDeparture: vi.fn(), onClear: vi.fn(), ...over };
  renderWithProviders(<SelectionBar {...props} />);
  return props;
}

describe('SelectionBar', () => {
  it('closes and opens the range, and offers a new booking for free nights', async () => {
    const user = userEvent.setup();
    const p = setup();
    expect(screen.getByText('Apartment 1: Jun 7, 2027 – Jun 10, 2027 (3 nights)')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(p.onClose).toHaveBeenCalledOnce();
    expect(p.onOpen).toHaveBeenCalledOnce();
    expect(screen.getByRole('link', { name: 'New booking' }).getAttribute('href')).toBe(summary.newBookingHref);
  });

  it('checks a price against the chosen rate currency before saving it', async () => {
    const user = userEvent.setup();
    const p = setup();
    await user.click(screen.getByRole('button', { name: 'Set price' }));
    await user.type(screen.getByLabelText('Price (EUR)'), '85.555');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Enter an amount such as 85 or 85.50')).toBeTruthy();
    expect(p.onPrice).not.toHaveBeenCalled();
    await user.clear(screen.getByLabelText('Price (EUR)'));
    await user.type(screen.getByLabelText('Price (EUR)'), '85,50');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(p.onPrice).toHaveBeenCalledWith('r1', 85.5);
  });

  it('sets or clears a minimum stay', async () => {
    const user = userEvent.setup();
    const p = setup();
    await user.click(screen.getByRole('button', { name: 'Minimum stay' }));
    await user.type(screen.getByLabelText('Nights'), '0');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Enter a number of nights from 1 to 365')).toBeTruthy();
    await user.clear(screen.getByLabelText('Nights'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(p.onStayLimit).toHaveBeenCalledWith('minStay', null, null);
  });

  it('sets a maximum stay on the whole unit, or on one rate, checking the number first', async () => {
    const user = userEvent.setup();
    const p = setup();
    await user.click(screen.getByRole('button', { name: 'Maximum stay' }));
    expect(screen.getByRole('heading', { name: 'Maximum stay for arrivals' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Applies to' }).textContent).toBe('The unit (every rate)');
    await user.type(screen.getByLabelText('Nights'), '2.5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Enter a whole number of nights')).toBeTruthy();
    expect(p.onStayLimit).not.toHaveBeenCalled();
    await user.clear(screen.getByLabelText('Nights'));
    await user.type(screen.getByLabelText('Nights'), '7');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(p.onStayLimit).toHaveBeenLastCalledWith('maxStay', 7, null);

    await user.click(screen.getByRole('button', { name: 'Maximum stay' }));
    await user.click(screen.getByRole('combobox', { name: 'Applies to' }));
    await user.click(screen.getByRole('option', { name: 'Standard HUF' }));
    await user.type(screen.getByLabelText('Nights'), '14');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(p.onStayLimit).toHaveBeenLastCalledWith('maxStay', 14, 'r2');
  });

  it("starts a rate row's stay limit on that rate", async () => {
    const user = userEvent.setup();
    setup({ summary: { ...summary, rateId: 'r2', rateRow: true } });
    await user.click(screen.getByRole('button', { name: 'Minimum stay' }));
    expect(screen.getByRole('combobox', { name: 'Applies to' }).textContent).toBe('Standard HUF');
  });

  it('closes a rate to arrival and opens it to departure, refusing a save that changes nothing', async () => {
    const user = userEvent.setup();
    const p = setup();
    await user.click(screen.getByRole('button', { name: 'Arrival / departure' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Choose what to change')).toBeTruthy();
    expect(p.onArrivalDeparture).not.toHaveBeenCalled();
    await user.click(screen.getByRole('combobox', { name: 'Rate' }));
    await user.click(screen.getByRole('option', { name: 'Standard HUF' }));
    await user.click(screen.getByRole('combobox', { name: 'Closed to arrival' }));
    await user.click(screen.getByRole('option', { name: 'Closed' }));
    await user.click(screen.getByRole('combobox', { name: 'Closed to departure' }));
    await user.click(screen.getByRole('option', { name: 'Open' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(p.onArrivalDeparture).toHaveBeenCalledWith('r2', { closedToArrival: true, closedToDeparture: false });
  });

  it('speaks Hungarian: labels, dates as Hungarians write them', () => {
    renderWithProviders(<SelectionBar summary={summary} canEdit tooLong={false} onClose={vi.fn()} onOpen={vi.fn()} onPrice={vi.fn()} onStayLimit={vi.fn()} onArrivalDeparture={vi.fn()} onClear={vi.fn()} />, { locale: 'hu' });
    expect(screen.getByText('Apartment 1: 2027. jún. 7. – 2027. jún. 10. (3 éjszaka)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Maximális tartózkodás' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Új foglalás' })).toBeTruthy();
  });

  it('shows a read-only user no edits, and no new booking over a stay', () => {
    setup({ canEdit: false, summary: { ...summary, free: false } });
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Set price' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Arrival / departure' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'New booking' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Clear selection' })).toBeTruthy();
  });
});
