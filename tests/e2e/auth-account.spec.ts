// Account security end to end: two-step sign-in switched off again, and personal access tokens
// created, listed and revoked (a revoked token no longer signs in at /signin/pat).
import { expect, test } from '@playwright/test';
import { generate } from 'otplib';
import { AppShellPage } from './pages/AppShellPage';
import { E2E_AUTH_URL } from './pages/codes';
import { DEMO_PASSWORD, SignInPage, demoEmail } from './pages/SignInPage';
import { SignUpPage } from './pages/SignUpPage';

const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.staydesk.test`;

test('a user with two-step sign-in on sees it is on and turns it off with a current code', async ({ page }) => {
  const email = uniqueEmail('mfa-off');
  const password = 'a-long-password';
  const signUp = new SignUpPage(page);
  await signUp.goto();
  await signUp.fill({ name: 'Mfa Off', email, password, confirm: password });
  await signUp.submit();
  await expect(page.getByRole('heading', { name: 'Welcome, Mfa Off' })).toBeVisible();

  await page.goto('/account/security');
  await page.getByRole('button', { name: 'Set up' }).click();
  const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
  await page.getByLabel('Code').fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByText('Two-step sign-in is on.')).toBeVisible();

  // Coming back later, the page reads the state from the service.
  await page.reload();
  await expect(page.getByText('Two-step sign-in is on.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Set up' })).toHaveCount(0);
  await page.getByLabel('Code').fill('000000');
  await page.getByRole('button', { name: 'Turn off' }).click();
  await expect(new SignInPage(page).error()).toHaveText('The code is not correct');
  await page.getByLabel('Code').fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Turn off' }).click();
  await expect(page.getByText('Two-step sign-in is off.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Set up' })).toBeVisible();

  // The password alone signs in again.
  await new AppShellPage(page).signOut();
  const signIn = new SignInPage(page);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await signIn.signInWithPassword(email, password);
  await expect(page.getByRole('heading', { name: 'Welcome, Mfa Off' })).toBeVisible();
});

test('a demo owner creates a personal access token, sees it listed and revokes it', async ({ page, request }) => {
  const signIn = new SignInPage(page);
  await page.goto('/account/tokens');
  await signIn.signInWithPassword(demoEmail('owner'), DEMO_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Personal access tokens', level: 1 })).toBeVisible();

  const name = `Nightly export ${Date.now()}`;
  await page.getByLabel('Token name').fill(name);
  await page.getByRole('button', { name: 'Create token' }).click();
  const token = (await page.getByTestId('new-token').textContent()) ?? '';
  expect(token).toMatch(/^[0-9a-f-]{36}$/);

  const list = page.getByRole('list', { name: 'Your tokens' });
  const item = list.getByRole('listitem').filter({ hasText: name });
  await expect(item).toBeVisible();
  await expect(item).toContainText(/Created .* · expires /);
  const patSignIn = () => request.post(`${E2E_AUTH_URL}/signin/pat`, { data: { personalAccessToken: token } });
  expect((await patSignIn()).status()).toBe(200);

  // The list survives a reload (it comes from the data service, not from the form).
  await page.reload();
  await expect(item).toBeVisible();
  await item.getByRole('button', { name: `Revoke ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Revoke token?' });
  await expect(dialog).toContainText(name);
  await dialog.getByRole('button', { name: 'Revoke' }).click();
  await expect(dialog).toBeHidden();
  await expect(item).toHaveCount(0);

  const refused = await patSignIn();
  expect(refused.status()).toBe(401);
  expect(((await refused.json()) as { error: string }).error).toBe('invalid-pat');
});
