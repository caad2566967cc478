import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@/test/render';
import type { CleaningFragment } from '../graphql/fragments.generated';
import { CleanerCleaningCard } from './CleanerCleaningCard';
import { CleaningDialog } from './CleaningDialog';

const cleaning: CleaningFragment = {
  id: 'c1', unit_id: 'u1', date: '2026-12-04', status: 'NEW', cleaner_user_id: 'anna', next_guests: 3, next_checkin: '2026-12-05',
  next_arrival_at: '2026-12-05T13:30:00Z', notes: null, acknowledged_at: null, removal_reason: null,
  unit: { id: 'u1', name: 'Loft A', accommodation: { id: 'a1', name: 'Váci Loft' } },
};

describe('CleanerCleaningCard', () => {
  it('shows NEW as Normal with the next guests and arrival, and acknowledges', async () => {
    const onAcknowledge = vi.fn();
    renderWithProviders(<CleanerCleaningCard cleaning={cleaning} onAcknowledge={onAcknowledge} onReport={vi.fn()} />);
    const card = screen.getByRole('article', { name: 'Cleaning of Loft A on Friday, December 4' });
    expect(within(card).getByText('Normal')).toBeTruthy();
    expect(card.textContent).toContain('Next guests: 3 · check-in Sat, Dec 5, arriving 2:30 PM');
    await userEvent.click(within(card).getByRole('button', { name: 'Acknowledge' }));
    expect(onAcknowledge).toHaveBeenCalledWith('c1');
  });

  it('an obsolete cleaning says so and offers no action; Hungarian labels', () => {
    renderWithProviders(<CleanerCleaningCard cleaning={{ ...cleaning, status: 'OBSOLETE' }} onAcknowledge={vi.fn()} onReport={vi.fn()} />, { locale: 'hu' });
    expect(screen.getByText('Elavult')).toBeTruthy();
    expect(screen.getByText(/Ezen a napon nem kell takarítani/)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('CleaningDialog', () => {
  it('removes only with a reason', async () => {
    const user = userEvent.setup({ delay: null });
    const onRemove = vi.fn().mockResolvedValue(null);
    const onClose = vi.fn();
    renderWithProviders(<CleaningDialog cleaning={cleaning} cleanerNames={{ anna: 'Anna' }} onClose={onClose} onRemove={onRemove} />);
    await user.click(screen.getByRole('button', { name: 'Remove cleaning' }));
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Give a reason for removing the cleaning')).toBeTruthy();
    expect(onRemove).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Why is it removed?'), 'Owner stays');
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(onRemove).toHaveBeenCalledWith('c1', 'Owner stays'));
    expect(onClose).toHaveBeenCalled();
  });

  it('offers no removal for an obsolete cleaning', () => {
    renderWithProviders(<CleaningDialog cleaning={{ ...cleaning, status: 'OBSOLETE' }} cleanerNames={{}} onClose={vi.fn()} onRemove={vi.fn()} />);
    expect(screen.queryByRole('button', { name: 'Remove cleaning' })).toBeNull();
  });
});
