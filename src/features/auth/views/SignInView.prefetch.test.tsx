// Sign-in's links (the app name, "Forgot password?", "Sign up") load their page when pointed at or
// touched, never as they come into view: Next fetched each page's data and then ran its module (the
// landing's, forgotten password's and sign-up's) in sign-in's own load on a phone
// (docs/performance.md). Next's Link prefetches on view only in a production build, so the test
// runs it with NODE_ENV=production and counts the router's prefetches. jsdom has no
// IntersectionObserver: this one reports every link in view as soon as it is watched (set before
// next/link loads, which checks for it once).
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { prefetchLikeProduction } from '@/test/linksInView';
import { renderWithProviders } from '@/test/render';
import { AuthCard } from '@/features/shell/components/AuthCard';
import { SignInView } from './SignInView';

// Before next/link loads (it looks for an IntersectionObserver once).
await vi.hoisted(async () => (await import('@/test/linksInView')).everyLinkInView());

prefetchLikeProduction();

describe('sign-in', () => {
  it('prefetches a linked page on hover, not when the screen is drawn', async () => {
    const { router } = renderWithProviders(
      <AuthCard>
        <SignInView />
      </AuthCard>,
      { router: { pathname: '/sign-in', asPath: '/sign-in' } },
    );
    await screen.findByRole('button', { name: 'Sign in' });
    expect(screen.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/', '/forgot-password', '/sign-up']);
    expect(router.prefetch).not.toHaveBeenCalled();

    fireEvent.mouseEnter(screen.getByRole('link', { name: 'Forgot your password?' }));
    expect(router.prefetch).toHaveBeenCalledTimes(1);
    expect(router.prefetch).toHaveBeenCalledWith('/forgot-password', '/forgot-password', expect.anything());
  });
});
