import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@/test/render';
import { NavMenuButton } from './NavMenuButton';

describe('the phone menu button', () => {
  it('carries the unread conversations: the count on the icon and in its name', async () => {
    const onOpen = vi.fn();
    renderWithProviders(<NavMenuButton unread={3} onOpen={onOpen} />);
    const button = screen.getByRole('button', { name: 'Open navigation (3 unread conversations)' });
    expect(screen.getByTestId('menu-unread').textContent).toBe('3');
    await userEvent.setup().click(button);
    expect(onOpen).toHaveBeenCalledOnce();
  });

  it('says one conversation, caps the icon at 99+, and speaks Hungarian', () => {
    const { unmount } = renderWithProviders(<NavMenuButton unread={1} onOpen={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Open navigation (1 unread conversation)' })).toBeTruthy();
    unmount();
    renderWithProviders(<NavMenuButton unread={120} onOpen={vi.fn()} />, { locale: 'hu' });
    expect(screen.getByRole('button', { name: 'Navigáció megnyitása (120 olvasatlan beszélgetés)' })).toBeTruthy();
    expect(screen.getByTestId('menu-unread').textContent).toBe('99+');
  });

  it('is the plain menu button with nothing unread', () => {
    renderWithProviders(<NavMenuButton unread={0} onOpen={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Open navigation' })).toBeTruthy();
    // MUI keeps the badge element but hides it.
    expect(screen.getByTestId('menu-unread').querySelector('.MuiBadge-invisible')).not.toBeNull();
  });
});
