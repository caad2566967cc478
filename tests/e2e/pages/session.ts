// Starts a browser context signed in as a demo user without going through the sign-in screen: the
// auth service's e-mail and password sign-in over HTTP, its refresh token stored where the session
// client keeps it (@nhost/nextjs cookies), so the next page load restores the session exactly as
// after signing in on the screen. For specs whose subject is not signing in; the sign-in screen
// itself is driven by auth*.spec.ts, email-links.spec.ts and home.spec.ts. Saves each spec the
// sign-in page and the home page loads (2-4 s on a loaded 2-core machine).
import { expect, type BrowserContext } from '@playwright/test';
import { E2E_BACKEND_PORT } from '../../../scripts/e2e-web';
import { DEMO_PASSWORD, demoEmail } from './SignInPage';

interface SignInAnswer {
  session: { refreshToken: string; refreshTokenId?: string } | null;
}

/** Signs `context` in as the demo user of `role` (manager, member, owner, ...); the next page load is signed in. */
export async function signInAs(context: BrowserContext, role: string): Promise<void> {
  const res = await fetch(`http://localhost:${E2E_BACKEND_PORT}/v1/auth/signin/email-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: demoEmail(role), password: DEMO_PASSWORD }),
  });
  expect(res.status, `signing in as ${role}`).toBe(200);
  const { session } = (await res.json()) as SignInAnswer;
  expect(session?.refreshToken, `the session of ${role}`).toBeTruthy();
  const cookie = { domain: 'localhost', path: '/', sameSite: 'Lax' as const };
  await context.addCookies([
    { ...cookie, name: 'nhostRefreshToken', value: session?.refreshToken ?? '' },
    ...(session?.refreshTokenId ? [{ ...cookie, name: 'nhostRefreshTokenId', value: session.refreshTokenId }] : []),
  ]);
}
