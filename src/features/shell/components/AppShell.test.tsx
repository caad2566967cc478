import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@/test/render';
import type { AppRole } from '../roles';
import en from '../../../../public/locales/en/common.json';
import hu from '../../../../public/locales/hu/common.json';
import { navigationFor } from '../navigation';
import { AppShell } from './AppShell';

const userWith = (role: AppRole | null) => ({ id: 'u1', displayName: 'Miklós Manager', email: 'manager@demo.staydesk.test', role });

function navLinks(label = 'Main navigation'): string[] {
  // The permanent (desktop) drawer; the temporary (phone) one renders only when open.
  const nav = screen.getAllByRole('navigation', { name: label })[0]!;
  return within(nav)
    .getAllByRole('link')
    .map((a) => a.textContent ?? '');
}

describe('AppShell', () => {
  it('shows a property manager the accommodations area', () => {
    renderWithProviders(<AppShell user={userWith('manager')} onSignOut={vi.fn()}>page</AppShell>);
    // Every area the role may open, in NAV_AREAS order, home first and the account last.
    const links = navLinks();
    expect(links).toEqual(navigationFor('manager').map((a) => en.nav[a.labelKey.slice(4) as keyof typeof en.nav]));
    expect(links).toEqual(expect.arrayContaining(['Accommodations', 'Calendar', 'Price rules']));
    expect([links[0], links[links.length - 1]]).toEqual(['Home', 'Account']);
  });

  it('does not show a cleaner areas that are not theirs', () => {
    renderWithProviders(<AppShell user={userWith('cleaner')} onSignOut={vi.fn()}>page</AppShell>);
    const links = navLinks();
    expect(links).toEqual(navigationFor('cleaner').map((a) => en.nav[a.labelKey.slice(4) as keyof typeof en.nav]));
    expect(links).not.toContain('Accommodations');
    expect(links).not.toContain('Price rules');
  });

  it('marks the current area', () => {
    renderWithProviders(<AppShell user={userWith('admin')} onSignOut={vi.fn()}>page</AppShell>, { router: { pathname: '/accommodations/[id]' } });
    const nav = screen.getAllByRole('navigation', { name: 'Main navigation' })[0]!;
    expect(within(nav).getByRole('link', { current: 'page' }).textContent).toBe('Accommodations');
  });

  it('switches to Hungarian on the same page', async () => {
    const user = userEvent.setup();
    const { router } = renderWithProviders(<AppShell user={userWith('manager')} onSignOut={vi.fn()}>page</AppShell>, {
      router: { pathname: '/account', asPath: '/account', query: {} },
    });
    await user.click(screen.getByRole('button', { name: 'Magyar' }));
    expect(router.push).toHaveBeenCalledWith({ pathname: '/account', query: {} }, '/account', { locale: 'hu', scroll: false });
    expect(document.cookie).toContain('NEXT_LOCALE=hu');
  });

  it('speaks Hungarian and signs out from the user menu', async () => {
    const user = userEvent.setup();
    const onSignOut = vi.fn();
    renderWithProviders(<AppShell user={userWith('owner')} onSignOut={onSignOut}>page</AppShell>, { locale: 'hu' });
    expect(navLinks('Fő navigáció')).toEqual(navigationFor('owner').map((a) => hu.nav[a.labelKey.slice(4) as keyof typeof hu.nav]));
    expect(navLinks('Fő navigáció')).toEqual(expect.arrayContaining(['Kezdőlap', 'Szálláshelyek', 'Naptár', 'Fiók']));
    await user.click(screen.getByRole('button', { name: 'Felhasználói menü megnyitása' }));
    expect(screen.getByText('Tulajdonos')).toBeTruthy();
    await user.click(screen.getByRole('menuitem', { name: 'Kijelentkezés' }));
    expect(onSignOut).toHaveBeenCalledOnce();
  });
});
