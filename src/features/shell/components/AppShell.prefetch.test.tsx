// The navigation's links load an area's page when pointed at or touched, never as they come into
// view: Next prefetched (and once idle, ran) every area's page module at each load of a staff page
// on a wide screen, and each time a phone opened the menu (docs/performance.md). Next's Link
// prefetches on view only in a production build, so the test runs it with NODE_ENV=production and
// counts the router's prefetches. jsdom has no IntersectionObserver: this one reports every link in
// view as soon as it is watched (set before next/link loads, which checks for it once).
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { prefetchLikeProduction } from '@/test/linksInView';
import { renderWithProviders } from '@/test/render';
import { navigationFor } from '../navigation';
import { AppShell } from './AppShell';

// Before next/link loads (it looks for an IntersectionObserver once).
await vi.hoisted(async () => (await import('@/test/linksInView')).everyLinkInView());

prefetchLikeProduction();

const manager = { id: 'u1', displayName: 'Miklós Manager', email: 'manager@demo.staydesk.test', role: 'manager' as const };

describe('staff navigation', () => {
  it('prefetches an area’s page on hover, not when the navigation is drawn', () => {
    const { router } = renderWithProviders(
      <AppShell user={manager} onSignOut={vi.fn()}>
        page
      </AppShell>,
    );
    // The permanent (wide) drawer, every area of the role in view.
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(navigationFor('manager').map((area) => area.href));
    expect(router.prefetch).not.toHaveBeenCalled();

    fireEvent.mouseEnter(within(nav).getByRole('link', { name: /^Accommodations/ }));
    expect(router.prefetch).toHaveBeenCalledTimes(1);
    expect(router.prefetch).toHaveBeenCalledWith('/accommodations', '/accommodations', expect.anything());
  });
});
