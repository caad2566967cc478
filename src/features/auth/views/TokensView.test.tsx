import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@/test/render';
import { signUpThrough, startAuthBackend, type AuthBackend } from '../testing/authBackend';
import { TokensView } from './TokensView';

let backend: AuthBackend;
beforeAll(async () => {
  backend = await startAuthBackend();
});
afterAll(async () => {
  await backend?.close();
});

async function createPatDirectly(accessToken: string, name: string, expiresAt: Date): Promise<string> {
  const res = await fetch(`${backend.authUrl}/pat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({ expiresAt: expiresAt.toISOString(), metadata: { name } }),
  });
  return ((await res.json()) as { personalAccessToken: string }).personalAccessToken;
}

async function demoAccessToken(email: string): Promise<string> {
  const res = await fetch(`${backend.authUrl}/signin/email-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'staydesk-demo' }),
  });
  return ((await res.json()) as { session: { accessToken: string } }).session.accessToken;
}

const signInWithPat = (personalAccessToken: string) =>
  fetch(`${backend.authUrl}/signin/pat`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ personalAccessToken }) });

describe('TokensView', () => {
  it('lists the user’s tokens with their dates; a revoked token is gone and no longer signs in', async () => {
    const user = userEvent.setup();
    const { nhost } = renderWithProviders(<TokensView />, { authUrl: backend.authUrl, graphqlUrl: backend.graphqlUrl });
    await signUpThrough(nhost);
    expect(await screen.findByText('You have no personal access tokens.')).toBeTruthy();

    const token = await createPatDirectly(nhost.auth.getAccessToken() ?? '', 'Nightly export', new Date('2031-03-15T12:00:00Z'));
    // The service takes only future expiry dates: this one lapses before the list is read again.
    await createPatDirectly(nhost.auth.getAccessToken() ?? '', 'Old script', new Date(Date.now() + 2000));
    await new Promise((r) => setTimeout(r, 2100));
    // Someone else's token never shows.
    // (Signed in outside this "browser": a second Nhost client here would sync its session into the first.)
    await createPatDirectly(await demoAccessToken('owner@demo.staydesk.test'), 'Owner token', new Date('2031-01-01T00:00:00Z'));

    // Creating one through the form refreshes the list too.
    await user.type(screen.getByLabelText('Token name'), 'Form token');
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByTestId('new-token')).toBeTruthy();

    const list = await screen.findByRole('list', { name: 'Your tokens' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(within(list).getByText('Nightly export')).toBeTruthy();
    expect(within(list).getByText(/^Created .* · expires Mar 15, 2031$/)).toBeTruthy();
    expect(within(list).getByText(/· expired /)).toBeTruthy();
    expect(within(list).getByText('Form token')).toBeTruthy();
    expect(within(list).queryByText('Owner token')).toBeNull();

    expect((await signInWithPat(token)).status).toBe(200);
    await user.click(within(list).getByRole('button', { name: 'Revoke Nightly export' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke token?' });
    expect(within(dialog).getByText(/“Nightly export” will no longer be able to sign in/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(within(list).queryByText('Nightly export')).toBeNull());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    const refused = await signInWithPat(token);
    expect(refused.status).toBe(401);
  });

  it('cancelling keeps the token; the screen is in Hungarian too', async () => {
    const user = userEvent.setup();
    const { nhost } = renderWithProviders(<TokensView />, { authUrl: backend.authUrl, graphqlUrl: backend.graphqlUrl, locale: 'hu' });
    await signUpThrough(nhost);
    const token = await createPatDirectly(nhost.auth.getAccessToken() ?? '', 'Riport', new Date('2031-03-15T12:00:00Z'));
    // A token made through the form refreshes the list, which then shows both.
    await user.type(screen.getByLabelText('A token neve'), 'Második');
    await user.click(screen.getByRole('button', { name: 'Token létrehozása' }));
    const list = await screen.findByRole('list', { name: 'Az Ön tokenjei' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    await user.click(within(list).getByRole('button', { name: 'Riport visszavonása' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Mégse' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(list).getByText('Riport')).toBeTruthy();
    expect((await signInWithPat(token)).status).toBe(200);
  });
});
