import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@/test/render';
import { SignInView } from './SignInView';

afterEach(() => window.history.replaceState({}, '', '/'));

describe('SignInView', () => {
  it('shows the error a redirect brought back', async () => {
    window.history.replaceState({}, '', '/sign-in?error=invalid-ticket&errorDescription=The%20link%20has%20expired');
    renderWithProviders(<SignInView />, { router: { pathname: '/sign-in', asPath: '/sign-in' } });
    expect(await screen.findByText('Sign-in failed: The link has expired')).toBeTruthy();
    // The session reports the same error; it must not be shown a second time.
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('ignores "social user already exists"', async () => {
    window.history.replaceState({}, '', '/sign-in#error=x&errorDescription=social%20user%20already%20exists');
    renderWithProviders(<SignInView />);
    await screen.findByRole('button', { name: 'Sign in' });
    expect(screen.queryByText(/Sign-in failed/)).toBeNull();
  });

  it('offers every sign-in method', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SignInView />);
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs).toEqual(['Password', 'Magic link', 'Email code', 'SMS code', 'Security key']);
    await user.click(screen.getByRole('tab', { name: 'SMS code' }));
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Required')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Security key' }));
    expect(screen.getByRole('button', { name: 'Sign in with security key' })).toBeTruthy();
  });

  it('validates the password form and reports an unreachable service', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SignInView />);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findAllByText('Required')).toHaveLength(2);
    await user.type(screen.getByLabelText('Email'), 'manager@demo.staydesk.test');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'staydesk-demo');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveProperty('textContent', 'Network Error: the server cannot be reached');
  });

  it('sends a signed-in visitor on to the page they came for', async () => {
    const { nhost, router } = renderWithProviders(<SignInView />, { router: { query: { redirectTo: '/accommodations/1' } } });
    // Pretend the session arrived (e.g. from another tab): the view must leave for the target.
    nhost.auth.client.interpreter?.send('SESSION_UPDATE', {
      data: { session: { accessToken: 'a.b.c', accessTokenExpiresIn: 900, refreshToken: 'r', user: { id: 'u', displayName: 'U', defaultRole: 'manager', roles: ['manager'] } } },
    });
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith('/accommodations/1'));
  });
});
