import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@/test/render';
import { signUpThrough, startAuthBackend, type AuthBackend } from '../testing/authBackend';
import { SecurityKeyList } from './SecurityKeyList';

let backend: AuthBackend;
beforeAll(async () => {
  backend = await startAuthBackend();
});
afterAll(async () => {
  await backend?.close();
});

/**
 * A registered key for the signed-in user. The WebAuthn ceremony itself is covered by the auth
 * integration tests and the e2e suite (jsdom cannot run it); here the row is written as the auth
 * service would write it, through GraphQL with the admin secret.
 */
async function registerKey(accessToken: string, nickname?: string): Promise<void> {
  const userId = (JSON.parse(atob(accessToken.split('.')[1])) as { sub: string }).sub;
  const res = await fetch(backend.graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hasura-admin-secret': 'nhost-admin-secret' },
    body: JSON.stringify({
      query: 'mutation ($object: authUserSecurityKeys_insert_input!) { insertAuthUserSecurityKey(object: $object) { id } }',
      variables: { object: { userId, credentialId: crypto.randomUUID(), nickname: nickname ?? null, counter: 0, transports: 'usb' } },
    }),
  });
  const body = (await res.json()) as { data?: { insertAuthUserSecurityKey: { id: string } }; errors?: unknown };
  expect(body.errors).toBeUndefined();
}

function Shown({ show }: { show: boolean }) {
  return show ? <SecurityKeyList /> : null;
}

describe('SecurityKeyList', () => {
  it('lists the user’s keys by name; renames one and removes another after confirming', async () => {
    const user = userEvent.setup();
    const { nhost, rerender } = renderWithProviders(<Shown show={false} />, { authUrl: backend.authUrl, graphqlUrl: backend.graphqlUrl });
    await signUpThrough(nhost);
    await registerKey(nhost.auth.getAccessToken() ?? '', 'Office YubiKey');
    await registerKey(nhost.auth.getAccessToken() ?? '');
    rerender(<Shown show />);

    const list = await screen.findByRole('list', { name: 'Your security keys' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringContaining('Office YubiKey'),
      expect.stringContaining('Unnamed security key'),
    ]);

    await user.click(within(list).getByRole('button', { name: 'Rename Unnamed security key' }));
    const renameDialog = await screen.findByRole('dialog', { name: 'Rename security key' });
    await user.type(within(renameDialog).getByLabelText('Key name (optional)'), 'Phone passkey');
    await user.click(within(renameDialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(list).getByText('Phone passkey')).toBeTruthy());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(within(list).getByRole('button', { name: 'Remove Office YubiKey' }));
    const removeDialog = await screen.findByRole('dialog', { name: 'Remove security key?' });
    expect(within(removeDialog).getByText(/no longer be able to sign in with “Office YubiKey”/)).toBeTruthy();
    await user.click(within(removeDialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(list).queryByText('Office YubiKey')).toBeNull());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual([expect.stringContaining('Phone passkey')]);
  });

  it('says when there are none, and refuses an over-long name, in Hungarian too', async () => {
    const user = userEvent.setup();
    const { nhost, rerender } = renderWithProviders(<Shown show={false} />, { authUrl: backend.authUrl, graphqlUrl: backend.graphqlUrl, locale: 'hu' });
    await signUpThrough(nhost);
    rerender(<Shown show />);
    expect(await screen.findByText('Még nincs biztonsági kulcsa.')).toBeTruthy();

    await registerKey(nhost.auth.getAccessToken() ?? '', 'Laptop');
    rerender(<Shown show={false} />);
    rerender(<Shown show />);
    const list = await screen.findByRole('list', { name: 'Az Ön biztonsági kulcsai' });
    await user.click(within(list).getByRole('button', { name: 'Laptop átnevezése' }));
    const dialog = await screen.findByRole('dialog', { name: 'Biztonsági kulcs átnevezése' });
    const field = within(dialog).getByRole('textbox');
    await user.clear(field);
    await user.click(field);
    await user.paste('x'.repeat(65));
    await user.click(within(dialog).getByRole('button', { name: 'Mentés' }));
    expect(await within(dialog).findByText('Legfeljebb 64 karakter')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Mégse' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(list).getByText('Laptop')).toBeTruthy();
  });
});
