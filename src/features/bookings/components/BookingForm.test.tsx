import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emptyBookingValues } from '@/domain/bookings/bookingForm';
import { fill, renderWithI18n } from '@/features/accommodations/testing';
import { bookingCapabilitiesFor } from '../capabilities';
import type { BookingUnitOptionFragment } from '../graphql/fragments.generated';
import { capacitiesOf } from '../mappers';
import { BookingForm } from './BookingForm';

const unit: BookingUnitOptionFragment = { id: 'u1', name: 'Loft A', accommodation_id: 'a1', occ_adults: 2, occ_children: 1, occ_infants: 1, accommodation: { id: 'a1', name: 'Váci Loft' }, rates: [{ id: 'r1', name: 'Standard', currency: 'EUR', occupancy: 2 }] };
const values = () => ({ ...emptyBookingValues({ unitId: 'u1', arrival: '2026-05-01', departure: '2026-05-04' }), customerName: 'Kovács Anna' });
const quote = { unitId: 'u1', rateId: 'r1', currency: 'EUR' as const, checkIn: '2026-05-01', checkOut: '2026-05-04', today: '2026-04-01', nights: ['2026-05-01', '2026-05-02', '2026-05-03'].map((date) => ({ date, price: 95, ruleIds: [] })), accommodation: 285, fees: [], feesTotal: 0, touristTax: null, total: 285, bookable: true, reasons: [], warnings: [] };

function renderForm(role: 'member' | 'manager' | 'communicator', overrides: Partial<Parameters<typeof BookingForm>[0]> = {}, language: 'en' | 'hu' = 'en') {
  const onSave = vi.fn().mockResolvedValue(null);
  const onQuote = vi.fn().mockResolvedValue(quote);
  renderWithI18n(<BookingForm initialValues={values()} isNew can={bookingCapabilitiesFor(role)} units={[unit]} capacities={capacitiesOf([unit])} onSave={onSave} onQuote={onQuote} {...overrides} />, language);
  return { onSave, onQuote };
}

describe('BookingForm', () => {
  it("shows the spec's capacity message on the guest count over the unit's capacity", async () => {
    const user = userEvent.setup({ delay: null });
    const { onSave } = renderForm('member');
    await fill(user, 'Adults', '3');
    await user.click(screen.getByRole('button', { name: 'Create booking' }));
    expect(await screen.findByText('The unit reached its maximum capacity')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('shows the overlap refused by the database on the check-in field (Hungarian too)', async () => {
    const user = userEvent.setup({ delay: null });
    renderForm('member', { onSave: vi.fn().mockResolvedValue({ field: 'checkin', messageKey: 'booking:errors.overlap' }) }, 'hu');
    await user.click(screen.getByRole('button', { name: 'Foglalás létrehozása' }));
    expect((await screen.findByText('Ezek a dátumok átfedik az egység egy másik foglalását')).id).toBe('field-checkin-helper-text');
  });

  it('gets a quote for a direct booking and uses its price', async () => {
    const user = userEvent.setup({ delay: null });
    const { onSave, onQuote } = renderForm('member', { initialValues: { ...values(), units: [{ ...values().units[0], rateId: 'r1', adults: 2 }] } });
    await user.click(screen.getByRole('button', { name: 'Get quote' }));
    await waitFor(() => expect(onQuote).toHaveBeenCalledWith({ unitId: 'u1', rateId: 'r1', checkin: '2026-05-01', checkout: '2026-05-04', adults: 2, children: 0, infants: 0, locale: 'en' }));
    expect(await screen.findByText('3 nights: accommodation 285 EUR, total 285 EUR')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Use this price' }));
    await user.click(screen.getByRole('button', { name: 'Create booking' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ accommodationFee: 285, units: [expect.objectContaining({ price: 285, adults: 2 })] })));
  });

  // Staff are warned, not refused: neither SPEC nor issue 15 refuses a stay outside the rate's
  // min/max stay (the host may agree a short stay by phone), and channel imports must always save.
  it("warns about a stay shorter than the rate's minimum and still saves it", async () => {
    const user = userEvent.setup({ delay: null });
    const short = { ...quote, bookable: false, reasons: [{ code: 'minStay' as const, params: { minStay: 5, nights: 3 }, messageKey: 'calendar:quote.reasons.minStay', message: 'Stays arriving on this day must be at least 5 nights' }] };
    const { onSave } = renderForm('member', { onQuote: vi.fn().mockResolvedValue(short), initialValues: { ...values(), units: [{ ...values().units[0], rateId: 'r1', adults: 2 }] } });
    await user.click(screen.getByRole('button', { name: 'Get quote' }));
    expect((await screen.findByText('Stays arriving on this day must be at least 5 nights')).closest('[role="alert"]')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create booking' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ checkin: '2026-05-01', checkout: '2026-05-04' })));
  });

  it('lets a manager change only the notes', () => {
    renderForm('manager');
    expect((screen.getByLabelText('Name') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('Check-in') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('Notes') as HTMLTextAreaElement).disabled).toBe(false);
    expect(screen.queryByRole('button', { name: 'Get quote' })).toBeNull();
  });

  it('lets a communicator change the customer but not the stay', () => {
    renderForm('communicator');
    expect((screen.getByLabelText('Name') as HTMLInputElement).disabled).toBe(false);
    expect((screen.getByLabelText('Check-out') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('Accommodation fee') as HTMLInputElement).disabled).toBe(true);
  });

  it('tells staff an imported booking has no guest count; confirming it clears the flag on save', async () => {
    const user = userEvent.setup({ delay: null });
    const imported = { ...values(), channel: 'airbnb' as const, units: [{ ...values().units[0], id: 'bu1' }], guestsUnknown: true };
    const { onSave } = renderForm('member', { initialValues: imported, isNew: false });
    expect(screen.getByTestId('guests-unknown-notice').textContent).toContain('Guest count unknown — enter the guests.');
    await user.click(screen.getByRole('button', { name: 'The count is right' }));
    expect(screen.queryByTestId('guests-unknown-notice')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ guestsUnknown: false })));
  });

  it('shows a communicator the notice in Hungarian without the confirm button (they cannot set guests)', () => {
    renderForm('communicator', { initialValues: { ...values(), guestsUnknown: true }, isNew: false }, 'hu');
    expect(screen.getByTestId('guests-unknown-notice').textContent).toContain('A vendégszám ismeretlen');
    expect(screen.queryByRole('button', { name: 'A vendégszám helyes' })).toBeNull();
  });
});
