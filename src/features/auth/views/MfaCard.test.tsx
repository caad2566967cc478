import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { generate } from 'otplib';
import { renderWithProviders } from '@/test/render';
import { signUpThrough, startAuthBackend } from '../testing/authBackend';
import { MfaCard } from './MfaCard';

let backend: Awaited<ReturnType<typeof startAuthBackend>>;
beforeAll(async () => {
  backend = await startAuthBackend();
});
afterAll(async () => {
  await backend?.close();
});

const render = (locale: 'en' | 'hu' = 'en') => renderWithProviders(<MfaCard />, { authUrl: backend.authUrl, graphqlUrl: backend.graphqlUrl, locale });

describe('MfaCard', () => {
  it('turns two-step sign-in on, shows it is on after a reload, and turns it off with a current code', async () => {
    const user = userEvent.setup();
    const first = render();
    await signUpThrough(first.nhost);

    await user.click(await screen.findByRole('button', { name: 'Set up' }));
    const secret = (await screen.findByTestId('totp-secret')).textContent ?? '';
    expect(secret).not.toBe('');
    await user.type(screen.getByLabelText('Code'), await generate({ secret }));
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('Two-step sign-in is on.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Turn off' })).toBeTruthy();

    // A fresh screen for the same session reads the state from the service.
    const session = first.nhost.auth.getSession();
    first.unmount();
    const second = render();
    await second.nhost.auth.refreshSession(session?.refreshToken ?? '');
    expect(await screen.findByText('Two-step sign-in is on.')).toBeTruthy();

    await user.type(screen.getByLabelText('Code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('The code is not correct')).toBeTruthy();

    await user.clear(screen.getByLabelText('Code'));
    await user.type(screen.getByLabelText('Code'), await generate({ secret }));
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Two-step sign-in is off.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Set up' })).toBeTruthy();

    const res = await fetch(`${backend.authUrl}/user`, { headers: { Authorization: `Bearer ${second.nhost.auth.getAccessToken()}` } });
    expect(((await res.json()) as { activeMfaType: string | null }).activeMfaType).toBeNull();
  });

  it('asks for a code before calling the service, in Hungarian too', async () => {
    const user = userEvent.setup();
    const { nhost } = render('hu');
    await signUpThrough(nhost);
    await user.click(await screen.findByRole('button', { name: 'Beállítás' }));
    await user.click(await screen.findByRole('button', { name: 'Bekapcsolás' }));
    expect(await screen.findByText('Kötelező')).toBeTruthy();
  });
});
