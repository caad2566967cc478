import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fill, renderWithI18n } from '@/features/accommodations/testing';
import type { IcalFeedFragment } from '../graphql/fragments.generated';
import type { UnitSync } from '../hooks/useIcalSync';
import { IcalUnitCard } from './IcalUnitCard';

const feed = (over: Partial<IcalFeedFragment>): IcalFeedFragment => ({ id: 'f1', unit_id: 'u1', channel: 'airbnb', url: 'https://www.airbnb.com/calendar/ical/1.ics?s=x', is_active: true, status: 'ok', last_polled_at: '2026-05-01T10:00:00Z', last_success_at: null, last_error: null, conflicts: [], ...over });
const unit = (feeds: IcalFeedFragment[]): UnitSync => ({ id: 'u1', name: 'Loft A', accommodationName: 'Váci Loft', exportUrl: 'https://x.functions.eu-central-1.nhost.run/v1/ical/export?token=abc', feeds });

function renderCard(u: UnitSync, language: 'en' | 'hu' = 'en') {
  const props = { onAdd: vi.fn().mockResolvedValue(null), onSetActive: vi.fn().mockResolvedValue(null), onRemove: vi.fn().mockResolvedValue(null), onRotate: vi.fn().mockResolvedValue(null), onSyncNow: vi.fn().mockResolvedValue({ status: 'ok', created: 2, moved: 1, cancelled: 0, conflicts: 0 }) };
  renderWithI18n(<IcalUnitCard unit={u} {...props} />, language);
  return props;
}

describe('IcalUnitCard', () => {
  it('shows a conflict with the stay and a link to the other booking, and a failing feed with its reason', () => {
    renderCard(unit([feed({ status: 'conflict', conflicts: [{ uid: 'a@airbnb.com', start: '2026-05-10', end: '2026-05-12', summary: 'Reserved', conflictingBookingId: 'b-9' }] }), feed({ id: 'f2', status: 'error', last_error: 'The feed answered HTTP 404' })]));
    expect(screen.getByText(/The channel has a stay 2026-05-10 – 2026-05-12 \(Reserved\) over another booking/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the other booking' }).getAttribute('href')).toBe('/bookings/b-9');
    expect(screen.getByText('The last poll failed: The feed answered HTTP 404')).toBeTruthy();
    expect(screen.getByText('Conflict')).toBeTruthy();
    expect(screen.getByText('Failing')).toBeTruthy();
  });

  it('adds an import only with an http(s) URL and syncs a feed now', async () => {
    const user = userEvent.setup({ delay: null });
    const props = renderCard(unit([feed({})]));
    await fill(user, 'Channel iCal URL', 'file:///etc/passwd');
    await user.click(screen.getByRole('button', { name: 'Add import' }));
    expect(await screen.findByText('Enter an http or https URL (without a user name or password)')).toBeTruthy();
    expect(props.onAdd).not.toHaveBeenCalled();
    await fill(user, 'Channel iCal URL', 'https://admin.booking.com/hotel/ical.html?t=1');
    await user.click(screen.getByRole('button', { name: 'Add import' }));
    await waitFor(() => expect(props.onAdd).toHaveBeenCalledWith('u1', { channel: 'airbnb', url: 'https://admin.booking.com/hotel/ical.html?t=1' }));
    await user.click(screen.getByRole('button', { name: 'Sync now' }));
    expect(await screen.findByText('Synced: 2 new, 1 moved, 0 cancelled, 0 conflicts.')).toBeTruthy();
  });

  it('asks before drawing a new export URL (Hungarian)', async () => {
    const user = userEvent.setup({ delay: null });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const props = renderCard(unit([]), 'hu');
    expect(screen.getByText('Ehhez az egységhez nincs importált csatornanaptár.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Új URL' }));
    expect(props.onRotate).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Új URL' }));
    expect(confirm).toHaveBeenCalledTimes(2);
    expect(props.onRotate).toHaveBeenCalledWith('u1');
  });
});
