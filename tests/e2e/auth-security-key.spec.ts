// Security keys (WebAuthn) end to end in Chromium with a virtual authenticator: a demo user adds a
// key and signs in with it (with and without e-mail); a new user signs up with a key alone.
import { expect, test, type Page } from '@playwright/test';
import { AppShellPage } from './pages/AppShellPage';
import { DEMO_PASSWORD, SignInPage, demoEmail } from './pages/SignInPage';
import { SignUpPage } from './pages/SignUpPage';
import { addVirtualAuthenticator } from './pages/virtualAuthenticator';

const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.staydesk.test`;

async function signInWithSecurityKey(page: Page, email?: string): Promise<void> {
  await page.getByRole('tab', { name: 'Security key' }).click();
  if (email) await page.getByLabel('Email (optional)').fill(email);
  await page.getByRole('button', { name: 'Sign in with security key' }).click();
}

test('a demo cleaner adds a security key, signs out and signs in with it', async ({ page }) => {
  const authenticator = await addVirtualAuthenticator(page);
  const signIn = new SignInPage(page);
  const shell = new AppShellPage(page);
  await signIn.goto();
  await signIn.signInWithPassword(demoEmail('cleaner'), DEMO_PASSWORD);
  await shell.expectSignedInAs('Cecília Cleaner');

  await page.goto('/account/security');
  await page.getByLabel('Key name (optional)').fill('Work laptop');
  await page.getByRole('button', { name: 'Add security key' }).click();
  await expect(page.getByText('Security key added.')).toBeVisible();
  const [credential] = await authenticator.credentials();
  expect(credential).toMatchObject({ rpId: 'localhost', isResidentCredential: true });

  await shell.signOut();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await signInWithSecurityKey(page, demoEmail('cleaner'));
  await shell.expectSignedInAs('Cecília Cleaner');
  await expect(page.getByTestId('current-role')).toHaveText('Your role: Cleaner');
  expect(await shell.navigationLabels()).toEqual(expect.arrayContaining(['Home', 'Account']));
  expect((await authenticator.credentials())[0].signCount).toBeGreaterThan(credential.signCount);

  // The passkey is discoverable: no e-mail needed.
  await shell.signOut();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await signInWithSecurityKey(page);
  await shell.expectSignedInAs('Cecília Cleaner');
});

test('a new user signs up with a security key alone and signs in with it later', async ({ page }) => {
  const authenticator = await addVirtualAuthenticator(page);
  const email = uniqueEmail('passkey');
  const signUp = new SignUpPage(page);
  await signUp.goto();
  await page.getByRole('tab', { name: 'Security key' }).click();
  await page.getByRole('button', { name: 'Create account with security key' }).click();
  await expect(page.getByText('Required')).toHaveCount(2);
  await page.getByLabel('Name').fill('Petra Passkey');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Create account with security key' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome, Petra Passkey' })).toBeVisible();
  await expect(page.getByTestId('current-role')).toHaveText('Your role: No role yet');
  expect(await authenticator.credentials()).toHaveLength(1);

  const shell = new AppShellPage(page);
  await shell.signOut();
  const signIn = new SignInPage(page);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  // Her passkey does not open someone else's account.
  await signInWithSecurityKey(page, demoEmail('owner'));
  await expect(signIn.error()).toHaveText('This security key is not registered for that account. Try another key or sign-in method.');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();

  await page.getByLabel('Email (optional)').fill(email);
  await page.getByRole('button', { name: 'Sign in with security key' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome, Petra Passkey' })).toBeVisible();
});
