// Security keys (WebAuthn) end to end in Chromium with a virtual authenticator: a demo user adds a
// key and signs in with it (with and without e-mail); a new user signs up with a key alone; a key
// can be renamed and removed, and a removed key no longer signs in.
import { expect, test, type Page } from '@playwright/test';
import { AppShellPage } from './pages/AppShellPage';
import { DEMO_PASSWORD, SignInPage, chooseTab, demoEmail } from './pages/SignInPage';
import { SignUpPage } from './pages/SignUpPage';
import { addVirtualAuthenticator } from './pages/virtualAuthenticator';

const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.staydesk.test`;

async function signInWithSecurityKey(page: Page, email?: string): Promise<void> {
  await chooseTab(page, 'Security key');
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
  // The authenticator is read over a separate DevTools channel, which can lag the page under load.
  await expect.poll(async () => (await authenticator.credentials()).length).toBe(1);
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
  await chooseTab(page, 'Security key');
  await page.getByRole('button', { name: 'Create account with security key' }).click();
  await expect(page.getByText('Required')).toHaveCount(2);
  await page.getByLabel('Name').fill('Petra Passkey');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Create account with security key' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome, Petra Passkey' })).toBeVisible();
  await expect(page.getByTestId('current-role')).toHaveText('Your role: No role yet');
  await expect.poll(async () => (await authenticator.credentials()).length).toBe(1);

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

test('a demo contractor sees, renames and removes a key; a removed key no longer signs in', async ({ page }) => {
  await addVirtualAuthenticator(page);
  const signIn = new SignInPage(page);
  const shell = new AppShellPage(page);
  await signIn.goto();
  await signIn.signInWithPassword(demoEmail('contractor'), DEMO_PASSWORD);
  await shell.expectSignedInAs('Szabó Gábor');

  await page.goto('/account/security');
  await expect(page.getByText('You have no security keys yet.')).toBeVisible();
  await page.getByLabel('Key name (optional)').fill('Office YubiKey');
  await page.getByRole('button', { name: 'Add security key' }).click();
  const keys = page.getByRole('list', { name: 'Your security keys' });
  await expect(keys.getByRole('listitem')).toHaveCount(1);
  await expect(keys).toContainText('Office YubiKey');
  // The form is ready for the next key.
  await expect(page.getByLabel('Key name (optional)')).toHaveValue('');

  await keys.getByRole('button', { name: 'Rename Office YubiKey' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename security key' });
  await rename.getByLabel('Key name (optional)').fill('Lost key');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(keys).toContainText('Lost key');

  await keys.getByRole('button', { name: 'Remove Lost key' }).click();
  await page.getByRole('dialog', { name: 'Remove security key?' }).getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('You have no security keys yet.')).toBeVisible();
  await page.reload();
  await expect(page.getByText('You have no security keys yet.')).toBeVisible();

  await shell.signOut();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await signInWithSecurityKey(page, demoEmail('contractor'));
  await expect(signIn.error()).toHaveText('This security key is not registered for that account. Try another key or sign-in method.');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});
