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

  // Communicators change what the metadata lets them (public_bookings.yaml, public_booked_units.yaml):
  // the customer, the guest counts of each booked unit and notes; never the unit, rate, price, dates or money.
  it('lets a communicator change the customer and the guest counts, not the stay, units or money', () => {
    const saved = { ...values(), units: [{ ...values().units[0], id: 'bu1', rateId: 'r1', price: 285 }] };
    renderForm('communicator', { initialValues: saved, isNew: false });
    // By the inputs' ids (field-<name>, as the form names them): label queries over a whole MUI form are slow.
    const input = (name: string) => document.getElementById(`field-${name}`) as HTMLInputElement;
    for (const name of ['customerName', 'units.0.adults', 'units.0.children', 'units.0.infants', 'notes']) expect(input(name).disabled, name).toBe(false);
    for (const name of ['checkin', 'checkout', 'accommodationFee', 'cleaningFee', 'units.0.price']) expect(input(name).disabled, name).toBe(true);
    // The selects: unit, rate, channel and currency locked, only the booker's language open.
    const selects = screen.getAllByRole('combobox');
    expect(selects.filter((c) => c.getAttribute('aria-disabled') === 'true')).toHaveLength(4);
    expect(selects.filter((c) => c.getAttribute('aria-disabled') !== 'true').map((c) => c.textContent)).toEqual(['English']);
    expect(screen.queryByRole('button', { name: 'Add a unit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Get quote' })).toBeNull();
  });

  it("saves a communicator's guest counts with the booked unit's other values untouched", async () => {
    const user = userEvent.setup({ delay: null });
    const saved = { ...values(), units: [{ ...values().units[0], id: 'bu1', rateId: 'r1', price: 285 }] };
    const { onSave } = renderForm('communicator', { initialValues: saved, isNew: false });
    await fill(user, 'Adults', '2');
    await fill(user, 'Children', '1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ units: [expect.objectContaining({ id: 'bu1', unitId: 'u1', rateId: 'r1', price: 285, adults: 2, children: 1, infants: 0 })] })));
  }, 60_000);

  it("shows a communicator the spec's capacity message in Hungarian and does not save", async () => {
    const user = userEvent.setup({ delay: null });
    const saved = { ...values(), units: [{ ...values().units[0], id: 'bu1' }] };
    const { onSave } = renderForm('communicator', { initialValues: saved, isNew: false }, 'hu');
    await fill(user, 'Gyerekek', '2');
    await user.click(screen.getByRole('button', { name: 'Mentés' }));
    expect((await screen.findByText('Az egység elérte a maximális befogadóképességét')).id).toBe('field-units.0.children-helper-text');
    expect(onSave).not.toHaveBeenCalled();
  }, 60_000);

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

  it('lets a communicator confirm the guest count of an imported booking (Hungarian)', async () => {
    const user = userEvent.setup({ delay: null });
    const imported = { ...values(), channel: 'airbnb' as const, units: [{ ...values().units[0], id: 'bu1' }], guestsUnknown: true };
    const { onSave } = renderForm('communicator', { initialValues: imported, isNew: false }, 'hu');
    expect(screen.getByTestId('guests-unknown-notice').textContent).toContain('A vendégszám ismeretlen');
    await user.click(screen.getByRole('button', { name: 'A vendégszám helyes' }));
    await user.click(screen.getByRole('button', { name: 'Mentés' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ guestsUnknown: false })));
  });

  it('shows a manager the notice without the confirm button (they cannot set guests)', () => {
    renderForm('manager', { initialValues: { ...values(), guestsUnknown: true }, isNew: false });
    expect(screen.getByTestId('guests-unknown-notice').textContent).toContain('a member or communicator sets the guests');
    expect(screen.queryByRole('button', { name: 'The count is right' })).toBeNull();
    expect((screen.getByLabelText('Adults') as HTMLInputElement).disabled).toBe(true);
  });
});
