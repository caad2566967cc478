// Sign-in's links (the app name, "Forgot password?", "Sign up") load their page when pointed at or
// touched, never as they come into view: Next fetched each page's data and then ran its module (the
// landing's, forgotten password's and sign-up's) in sign-in's own load on a phone
// (docs/performance.md). Next's Link prefetches on view only in a production build, so the test
// runs it with NODE_ENV=production and counts the router's prefetches. jsdom has no
// IntersectionObserver: this one reports every link in view as soon as it is watched (set before
// next/link loads, which checks for it once).
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { AuthCard } from '@/features/shell/components/AuthCard';
import { SignInView } from './SignInView';

vi.hoisted(() => {
  class InView {
    constructor(private readonly report: (entries: Partial<IntersectionObserverEntry>[]) => void) {}
    observe(target: Element) {
      this.report([{ target, isIntersecting: true, intersectionRatio: 1 }]);
    }
    unobserve() {}
    disconnect() {}
  }
  vi.stubGlobal('IntersectionObserver', InView);
});

beforeEach(() => {
  vi.stubEnv('NODE_ENV', 'production');
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

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
