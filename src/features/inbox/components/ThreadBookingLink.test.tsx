import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SearchOptions } from '@/components/SearchPicker';
import { renderWithProviders } from '@/test/render';
import type { BookingRow } from '../types';
import { ThreadBookingLink } from './ThreadBookingLink';

const options = [
  { id: 'b1', label: 'Anna Kovács · 12 Dec 2026 – 15 Dec 2026 · Váci Loft' },
  { id: 'b2', label: 'Anna Kovács · 1 Mar 2027 – 3 Mar 2027 · Palace Quarter (has a conversation)' },
];
const search = vi.fn<SearchOptions>((text) => Promise.resolve({ options: options.filter((o) => o.label.toLowerCase().includes(text.toLowerCase())), more: false }));

const booking = {
  id: 'b1', ota_code: null, channel: 'direct', status: 'new', customer_name: 'Anna Kovács', customer_email: 'anna@example.test', language: 'hu',
  checkin: '2026-12-12', checkout: '2026-12-15', adults: 2, children: 0, journey_id: 'j1',
  accommodation: { id: 'a1', name: 'Váci Loft', address: 'Váci utca 1', zip: '1052', city: 'Budapest', checkin_time: '15:00', checkout_time: '10:00' },
  booked_units: [],
} as unknown as BookingRow;

describe('ThreadBookingLink', () => {
  it('en: an unlinked conversation asks for a booking, searches, links the chosen one, and shows the one-thread-per-booking refusal', async () => {
    const user = userEvent.setup({ delay: null });
    const onLink = vi.fn().mockResolvedValueOnce({ field: 'bookingId', messageKey: 'inbox:link.errors.bookingHasThread' }).mockResolvedValueOnce(null);
    renderWithProviders(<ThreadBookingLink bookings={[]} search={search} onLink={onLink} onUnlink={vi.fn()} />);
    expect(screen.getByText('This conversation is not linked to a booking yet.')).toBeTruthy();
    // Nothing chosen: a translated message, no request.
    await user.click(screen.getByRole('button', { name: 'Link to booking' }));
    expect(await screen.findByText('Choose a booking to link.')).toBeTruthy();
    expect(onLink).not.toHaveBeenCalled();

    const input = screen.getByLabelText('Find a booking (guest, e-mail or booking code)');
    await user.click(input);
    await user.type(input, 'palace');
    await waitFor(() => expect(search).toHaveBeenLastCalledWith('palace'));
    await user.click(await screen.findByRole('option', { name: options[1].label }));
    await user.click(screen.getByRole('button', { name: 'Link to booking' }));
    await waitFor(() => expect(onLink).toHaveBeenCalledWith('b2'));
    expect(await screen.findByText('This booking already has a conversation (one per booking). Open that one, or unlink it first.')).toBeTruthy();

    await user.clear(input);
    await user.type(input, 'loft');
    await user.click(await screen.findByRole('option', { name: options[0].label }));
    await user.click(screen.getByRole('button', { name: 'Link to booking' }));
    await waitFor(() => expect(onLink).toHaveBeenLastCalledWith('b1'));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    // Two searches typed key by key: 12 s on a quiet machine, over 30 s at load 30.
  }, 90_000);

  it('en: a linked conversation offers to unlink its booking', async () => {
    const onUnlink = vi.fn().mockResolvedValue(null);
    renderWithProviders(<ThreadBookingLink bookings={[booking]} search={search} onLink={vi.fn()} onUnlink={onUnlink} />);
    expect(screen.queryByLabelText('Find a booking (guest, e-mail or booking code)')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Unlink the conversation from the booking of Anna Kovács' }));
    expect(onUnlink).toHaveBeenCalledWith(booking);
  });

  it('hu: the same screen and refusals in Hungarian', async () => {
    const user = userEvent.setup({ delay: null });
    const onLink = vi.fn().mockResolvedValue({ field: 'bookingId', messageKey: 'inbox:link.errors.threadHasBooking' });
    renderWithProviders(<ThreadBookingLink bookings={[]} search={search} onLink={onLink} onUnlink={vi.fn()} />, { locale: 'hu' });
    expect(screen.getByText('Ez a beszélgetés még nincs foglaláshoz kapcsolva.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Kapcsolás a foglaláshoz' }));
    expect(await screen.findByText('Válassz foglalást a kapcsoláshoz.')).toBeTruthy();
    const input = screen.getByLabelText('Foglalás keresése (vendég, e-mail vagy foglalási kód)');
    await user.click(input);
    await user.click(await screen.findByRole('option', { name: options[0].label }));
    await user.click(screen.getByRole('button', { name: 'Kapcsolás a foglaláshoz' }));
    await waitFor(() => expect(onLink).toHaveBeenCalledWith('b1'));
    expect(await screen.findByText('Ez a beszélgetés már egy foglaláshoz tartozik. Előbb válaszd le róla.')).toBeTruthy();
  });

  it('hu: unlink in Hungarian', async () => {
    const onUnlink = vi.fn().mockResolvedValue(null);
    renderWithProviders(<ThreadBookingLink bookings={[booking]} search={search} onLink={vi.fn()} onUnlink={onUnlink} />, { locale: 'hu' });
    await userEvent.click(screen.getByRole('button', { name: 'A beszélgetés leválasztása Anna Kovács foglalásáról' }));
    expect(onUnlink).toHaveBeenCalledWith(booking);
  });
});
