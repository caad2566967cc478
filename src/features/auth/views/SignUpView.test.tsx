import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@/test/render';
import { SignUpView } from './SignUpView';

describe('SignUpView', () => {
  it('asks for 8+ characters and a matching confirmation before calling the service', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SignUpView />);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findAllByText('Required')).toHaveLength(4);

    await user.type(screen.getByLabelText('Name'), 'A');
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.type(screen.getByLabelText('Confirm password'), 'different');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('The name must be at least 2 characters')).toBeTruthy();
    expect(screen.getByText('Invalid email')).toBeTruthy();
    expect(screen.getByText('Minimum 8 characters')).toBeTruthy();
    expect(screen.getByText('The passwords do not match')).toBeTruthy();
  });

  it('shows the messages in Hungarian', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SignUpView />, { locale: 'hu' });
    await user.type(screen.getByLabelText('Jelszó'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Fiók létrehozása' }));
    expect(await screen.findByText('Legalább 8 karakter')).toBeTruthy();
    expect(screen.getAllByText('Kötelező').length).toBeGreaterThan(0);
    await user.clear(screen.getByLabelText('Jelszó'));
    await user.paste('ű'.repeat(40));
    await user.click(screen.getByRole('button', { name: 'Fiók létrehozása' }));
    expect(await screen.findByText('Túl hosszú: legfeljebb 72 bájt (egy ékezetes betű kettőnek, egy emoji négynek számít)')).toBeTruthy();
  });

  it('says a password over 72 bytes is too long before calling the service (the service refuses to store it)', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SignUpView />);
    await user.click(screen.getByLabelText('Password'));
    await user.paste('ő'.repeat(37));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Too long: at most 72 bytes (an accented letter counts as two, an emoji as four)')).toBeTruthy();
  });

  it('reports an unreachable auth service as a network error', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SignUpView />);
    await user.type(screen.getByLabelText('Name'), 'Anna Kovács');
    await user.type(screen.getByLabelText('Email'), 'anna@example.com');
    await user.type(screen.getByLabelText('Password'), 'long-enough');
    await user.type(screen.getByLabelText('Confirm password'), 'long-enough');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Network Error: the server cannot be reached', {}, { timeout: 10_000 })).toBeTruthy();
  });

  it('offers sign-up with a security key: name and e-mail, no password', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SignUpView />);
    await user.click(screen.getByRole('tab', { name: 'Security key' }));
    expect(screen.queryByLabelText('Password')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Create account with security key' }));
    expect(await screen.findAllByText('Required')).toHaveLength(2);
    await user.type(screen.getByLabelText('Email'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Create account with security key' }));
    expect(await screen.findByText('Invalid email')).toBeTruthy();
  });
});
