import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fill, renderWithI18n } from '../testing';
import type { ChannelListingRow, UnitRow } from '../types';
import { ChannelsTab, type ChannelsTabProps } from './ChannelsTab';

const unit = (id: string, name: string): UnitRow => ({ id, name, external_name: null, category: 'APARTMAN', single_beds: 0, double_beds: 1, temp_beds: 0, occ_adults: 2, occ_children: 0, occ_infants: 0, rates: [] });
const units = [unit('u1', 'Apartment 1'), unit('u2', 'Apartment 2')];

function setup(props: Partial<ChannelsTabProps> = {}, language: 'en' | 'hu' = 'en') {
  const handlers = { onLink: vi.fn().mockResolvedValue(undefined), onUnlink: vi.fn().mockResolvedValue(undefined), onAddListing: vi.fn().mockResolvedValue(null), onRemoveListing: vi.fn().mockResolvedValue(undefined) };
  renderWithI18n(<ChannelsTab units={units} airbnbLinks={[]} listings={[]} {...handlers} {...props} />, language);
  return handlers;
}

describe('ChannelsTab', () => {
  it('links an Airbnb listing by URL and refuses other text with the spec message', async () => {
    const user = userEvent.setup({ delay: null });
    const { onLink } = setup({ units: [units[0]] });
    expect(screen.getByText('No listings linked.')).toBeTruthy();
    await fill(user, 'Airbnb listing ID or URL', 'https://booking.com/hotel/x');
    await user.click(screen.getByRole('button', { name: 'Link' }));
    expect(screen.getByText("You've entered an invalid url")).toBeTruthy();
    expect(onLink).not.toHaveBeenCalled();
    await fill(user, 'Airbnb listing ID or URL', 'https://www.airbnb.com/rooms/53912345?guests=2');
    await user.click(screen.getByRole('button', { name: 'Link' }));
    await waitFor(() => expect(onLink).toHaveBeenCalledWith('u1', { id: '53912345', url: 'https://www.airbnb.com/rooms/53912345' }));
  });

  it('shows Airbnb and other channel ids per unit, and unlinks them', async () => {
    const user = userEvent.setup({ delay: null });
    const listing: ChannelListingRow = { id: 'l1', unit_id: 'u2', channel: 'booking', external_id: '1234567', url: 'https://www.booking.com/hotel/hu/x.html' };
    const { onUnlink, onRemoveListing } = setup({ airbnbLinks: [{ unit_id: 'u1', airbnb_id: '777888', airbnb: { id: '777888', url: null, title: 'x' } }], listings: [listing] });
    const first = within(screen.getByRole('region', { name: 'Apartment 1' }));
    const second = within(screen.getByRole('region', { name: 'Apartment 2' }));
    expect(first.getByText('Airbnb 777888')).toBeTruthy();
    expect(first.queryByText('Booking.com 1234567')).toBeNull();
    expect(second.getByText('Booking.com 1234567').closest('a')?.getAttribute('href')).toBe('https://www.booking.com/hotel/hu/x.html');
    await user.click(first.getByTestId('CancelIcon'));
    expect(onUnlink).toHaveBeenCalledWith('u1', '777888');
    await user.click(second.getByTestId('CancelIcon'));
    expect(onRemoveListing).toHaveBeenCalledWith(listing);
  });

  it('maps a channel id to a unit, validates it and shows the uniqueness error on the id', async () => {
    const user = userEvent.setup({ delay: null });
    const onAddListing = vi.fn().mockResolvedValueOnce({ field: 'externalId', messageKey: 'accommodation:errors.channelIdUnique' }).mockResolvedValue(null);
    setup({ onAddListing });
    const form = within(screen.getByRole('form', { name: 'Map a channel id to a unit' }));
    await user.click(form.getByRole('button', { name: 'Add channel id' }));
    expect(await form.findByText('Required')).toBeTruthy();
    await fill(user, 'Channel id', '1234567');
    await fill(user, 'Listing URL (optional)', 'ftp://example');
    await user.click(form.getByRole('button', { name: 'Add channel id' }));
    expect(await form.findByText("You've entered an invalid url")).toBeTruthy();
    expect(onAddListing).not.toHaveBeenCalled();
    await fill(user, 'Listing URL (optional)', '');
    await user.click(form.getByRole('combobox', { name: 'Unit' }));
    await user.click(screen.getByRole('option', { name: 'Apartment 2' }));
    await user.click(form.getByRole('combobox', { name: 'Channel' }));
    await user.click(screen.getByRole('option', { name: 'Expedia' }));
    await user.click(form.getByRole('button', { name: 'Add channel id' }));
    await waitFor(() => expect(onAddListing).toHaveBeenCalledWith('u2', { channel: 'expedia', externalId: '1234567', url: null }));
    expect(await form.findByText('Channel id (per channel) must be unique')).toBeTruthy();
    await user.click(form.getByRole('button', { name: 'Add channel id' }));
    await waitFor(() => expect(onAddListing).toHaveBeenCalledTimes(2));
    // Saved: the form starts over for the next id.
    await waitFor(() => expect((screen.getByLabelText('Channel id') as HTMLInputElement).value).toBe(''));
  });

  it('is read-only for owners: no Airbnb section, no forms, in Hungarian too', () => {
    setup({ airbnbLinks: null, readOnly: true, listings: [{ id: 'l1', unit_id: 'u1', channel: 'szallas_hu', external_id: 'SZ-9', url: null }] }, 'hu');
    expect(screen.getByText('Szallas.hu SZ-9')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByTestId('CancelIcon')).toBeNull();
    expect(screen.getByText('Nincs kapcsolt hirdetés.')).toBeTruthy();
  });
});
