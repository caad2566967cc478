// The new-password form of the reset link and the account page: a password the auth service would
// refuse to store (over bcrypt's 72 bytes) is a field message, in English and Hungarian, not a send.
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@/test/render';
import { NewPasswordForm } from './NewPasswordForm';

async function fill(labels: [string, string], password: string) {
  const user = userEvent.setup();
  for (const label of labels) {
    await user.click(screen.getByLabelText(label));
    await user.paste(password);
  }
  return user;
}

describe('NewPasswordForm', () => {
  it('says a password over 72 bytes is too long (37 × ő: 37 characters, 74 bytes) and sends 72 bytes', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<NewPasswordForm loading={false} onSubmit={onSubmit} />);
    const user = await fill(['New password', 'Confirm password'], 'ő'.repeat(37));
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText('Too long: at most 72 bytes (an accented letter counts as two, an emoji as four)')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    for (const label of ['New password', 'Confirm password']) await user.type(screen.getByLabelText(label), '{Backspace}');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledWith('ő'.repeat(36)));
  });

  it('says so in Hungarian, and over 50 characters too', async () => {
    renderWithProviders(<NewPasswordForm loading={false} onSubmit={vi.fn()} />, { locale: 'hu' });
    const user = await fill(['Új jelszó', 'Jelszó megerősítése'], '😀'.repeat(19));
    await user.click(screen.getByRole('button', { name: 'Jelszó mentése' }));
    expect(await screen.findByText('Túl hosszú: legfeljebb 72 bájt (egy ékezetes betű kettőnek, egy emoji négynek számít)')).toBeTruthy();
    await user.clear(screen.getByLabelText('Új jelszó'));
    await user.paste('x'.repeat(51));
    await user.click(screen.getByRole('button', { name: 'Jelszó mentése' }));
    expect(await screen.findByText('Legfeljebb 50 karakter')).toBeTruthy();
  });
});
