// The account screens' links (back to sign-in, a new reset link, the account's own pages) load their
// page when pointed at or touched, never as they come into view, like sign-in's
// (SignInView.prefetch.test.tsx): Next would fetch each linked page's data and run its module in the
// screen's own load. Counted with Next's Link in production mode (src/test/linksInView.ts).
import { act, fireEvent, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { prefetchLikeProduction } from '@/test/linksInView';
import { renderWithProviders } from '@/test/render';
import { AccountView } from './AccountView';
import { ForgotPasswordView } from './ForgotPasswordView';
import { ResetPasswordView } from './ResetPasswordView';
import { SignUpView } from './SignUpView';
import { VerifyEmailView } from './VerifyEmailView';

await vi.hoisted(async () => (await import('@/test/linksInView')).everyLinkInView());

vi.mock('@/features/shell/useSessionUser', () => ({
  useSessionUser: () => ({ isLoading: false, isAuthenticated: true, user: { id: 'u1', displayName: 'Dana Demo', email: 'dana@example.test', role: 'manager' } }),
}));

prefetchLikeProduction();

const screens: { name: string; view: ReactElement; path: string; links: string[] }[] = [
  { name: 'sign-up', view: <SignUpView />, path: '/sign-up', links: ['/sign-in'] },
  { name: 'forgotten password', view: <ForgotPasswordView />, path: '/forgot-password', links: ['/sign-in'] },
  { name: 'e-mail check', view: <VerifyEmailView />, path: '/verify-email', links: ['/sign-in'] },
  { name: 'password reset without a valid link', view: <ResetPasswordView />, path: '/reset-password', links: ['/forgot-password'] },
  { name: 'account', view: <AccountView />, path: '/account', links: ['/account/security', '/account/tokens'] },
];

describe('account screens', () => {
  for (const [index, { name, view, path, links }] of screens.entries()) {
    it(`${name}: prefetches a linked page on hover, not when the screen is drawn`, async () => {
      // A router locale of its own: next/link prefetches an address in view once per (href, as,
      // locale) for as long as it is loaded, so a second screen's link to /sign-in would go unseen.
      const { router } = renderWithProviders(view, { router: { pathname: path, asPath: path, locale: `en-x-${index}` } });
      const drawn = await screen.findAllByRole('link');
      expect(drawn.map((a) => a.getAttribute('href'))).toEqual(links);
      await act(async () => {}); // the links' effects (where Next watches them come into view) have run
      expect(router.prefetch).not.toHaveBeenCalled();

      fireEvent.mouseEnter(drawn[0]!);
      expect(router.prefetch).toHaveBeenCalledTimes(1);
      expect(router.prefetch).toHaveBeenCalledWith(links[0], links[0], expect.anything());
    });
  }
});
