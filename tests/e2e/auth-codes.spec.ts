// One-time code sign-in end to end: the code arrives through the backend's dev outbox (e-mail or
// SMS), a wrong code is refused with the translated message, the right one signs the user in.
import { expect, test } from '@playwright/test';
import { AppShellPage } from './pages/AppShellPage';
import { codeFromOutbox, countMessages } from './pages/codes';
import { SignInPage, chooseTab, demoEmail } from './pages/SignInPage';

/** A wrong code that is surely not the one sent. */
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

test('a demo member signs in with a code sent by e-mail; a wrong code is refused', async ({ page, request }) => {
  const email = demoEmail('member');
  const signIn = new SignInPage(page);
  await page.goto('/account');
  await expect(page).toHaveURL(/\/sign-in\?redirectTo=%2Faccount$/);
  await chooseTab(page, 'Email code');
  const sent = await countMessages(request, email, 'signin-otp');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText(`Enter the code we sent to ${email}.`)).toBeVisible();
  const code = await codeFromOutbox(request, email, 'signin-otp', sent);

  await page.getByRole('textbox', { name: 'Code', exact: true }).fill(otherCode(code));
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(signIn.error()).toHaveText('The code is not correct or has expired');
  await expect(page).toHaveURL(/\/sign-in/);

  await page.getByRole('textbox', { name: 'Code', exact: true }).fill(code);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'Márk Member' })).toBeVisible();
});

test('a guest signs in by SMS code in Hungarian; a wrong code gets the Hungarian message', async ({ page, request }) => {
  const phone = `+3630${String(Math.floor(1_000_000 + Math.random() * 8_999_999))}`;
  const signIn = new SignInPage(page);
  await page.goto('/hu/sign-in');
  await expect(page.getByRole('heading', { name: 'Bejelentkezés' })).toBeVisible();
  await chooseTab(page, 'SMS-kód');
  await page.getByRole('textbox', { name: 'Telefonszám', exact: true }).fill(`${phone.slice(0, 3)} ${phone.slice(3, 5)} ${phone.slice(5)}`);
  await page.getByRole('button', { name: 'Kód küldése' }).click();
  await expect(page.getByText(`Írja be a(z) ${phone} számra küldött kódot.`)).toBeVisible();
  const code = await codeFromOutbox(request, phone, 'signin-passwordless-sms', 0);

  await page.getByRole('textbox', { name: 'Kód', exact: true }).fill(otherCode(code));
  await page.getByRole('button', { name: 'Bejelentkezés' }).click();
  await expect(signIn.error()).toHaveText('A kód nem helyes vagy lejárt');

  await page.getByRole('textbox', { name: 'Kód', exact: true }).fill(code);
  await page.getByRole('button', { name: 'Bejelentkezés' }).click();
  // A phone number nobody used before becomes a new account without a staff role.
  await expect(page.getByRole('heading', { name: `Üdvözöljük, ${phone}` })).toBeVisible();
  await expect(page.getByTestId('current-role')).toHaveText('Szerepkör: Még nincs szerepkör');
  await expect(page).toHaveURL(/\/hu$/);
  await new AppShellPage(page).signOut('Felhasználói menü megnyitása', 'Kijelentkezés');
  await expect(page.getByRole('heading', { name: 'Bejelentkezés' })).toBeVisible();
});
