import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fill, renderWithI18n } from '../testing';
import type { UnitRow } from '../types';
import { ChannelsTab } from './ChannelsTab';

const unit: UnitRow = { id: 'u1', name: 'Apartment 1', external_name: null, category: 'APARTMAN', single_beds: 0, double_beds: 1, temp_beds: 0, occ_adults: 2, occ_children: 0, occ_infants: 0, expense_factories: [], rates: [] };

describe('ChannelsTab', () => {
  it('links an Airbnb listing by URL and refuses other text with the spec message', async () => {
    const user = userEvent.setup({ delay: null });
    const onLink = vi.fn().mockResolvedValue(undefined);
    renderWithI18n(<ChannelsTab units={[unit]} links={[]} onLink={onLink} onUnlink={vi.fn()} />);
    expect(screen.getByText('No listings linked.')).toBeTruthy();
    await fill(user, 'Airbnb listing ID or URL', 'https://booking.com/hotel/x');
    await user.click(screen.getByRole('button', { name: 'Link' }));
    expect(screen.getByText("You've entered an invalid url")).toBeTruthy();
    expect(onLink).not.toHaveBeenCalled();
    await fill(user, 'Airbnb listing ID or URL', 'https://www.airbnb.com/rooms/53912345?guests=2');
    await user.click(screen.getByRole('button', { name: 'Link' }));
    await waitFor(() => expect(onLink).toHaveBeenCalledWith('u1', { id: '53912345', url: 'https://www.airbnb.com/rooms/53912345' }));
  });

  it('shows linked listings per unit and unlinks', async () => {
    const user = userEvent.setup({ delay: null });
    const onUnlink = vi.fn().mockResolvedValue(undefined);
    renderWithI18n(<ChannelsTab units={[unit]} links={[{ unit_id: 'u1', airbnb_id: '777888', airbnb: { id: '777888', url: null, title: 'x' } }]} onLink={vi.fn()} onUnlink={onUnlink} />);
    expect(screen.getByText('Airbnb 777888')).toBeTruthy();
    await user.click(screen.getByTestId('CancelIcon'));
    expect(onUnlink).toHaveBeenCalledWith('u1', '777888');
  });
});
