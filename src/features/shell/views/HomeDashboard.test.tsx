// The signed-in home's area cards load an area's page when pointed at or touched, never as they come
// into view: Next prefetched every card's page (its JSON and scripts) in the busiest stretch of the
// home's load, a long task on a phone (docs/performance.md). Next's Link prefetches on view only in
// a production build, so the test runs it with NODE_ENV=production and counts the router's prefetches.
// jsdom has no IntersectionObserver: this one reports every link in view as soon as it is watched
// (set before next/link loads, which checks for it once).
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { prefetchLikeProduction } from '@/test/linksInView';
import { renderWithProviders } from '@/test/render';
import { navigationFor } from '../navigation';
import { HomeDashboard } from './HomeDashboard';

// Before next/link loads (it looks for an IntersectionObserver once).
await vi.hoisted(async () => (await import('@/test/linksInView')).everyLinkInView());

vi.mock('../useSessionUser', () => ({
  useSessionUser: () => ({ isLoading: false, isAuthenticated: true, user: { id: 'u1', displayName: 'Miklós Manager', email: 'manager@demo.staydesk.test', role: 'manager' } }),
}));

prefetchLikeProduction();

describe('signed-in home', () => {
  it('prefetches an area card’s page on hover, not when the cards are drawn', async () => {
    const { router } = renderWithProviders(<HomeDashboard />);
    const card = await screen.findByRole('link', { name: /^Accommodations/ });
    const areas = navigationFor('manager').filter((area) => area.id !== 'home');
    expect(screen.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(areas.map((area) => area.href));
    expect(router.prefetch).not.toHaveBeenCalled();

    fireEvent.mouseEnter(card);
    expect(router.prefetch).toHaveBeenCalledTimes(1);
    expect(router.prefetch).toHaveBeenCalledWith('/accommodations', '/accommodations', expect.anything());
  });
});
