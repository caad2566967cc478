// Following e-mailed links: the auth service signs the user in by redirecting back with a refresh
// token, which the app uses and then removes from the address (SPEC 2).
import { expect, test, type Page } from '@playwright/test';
import { AppShellPage } from './pages/AppShellPage';
import { linkFromOutbox } from './pages/outbox';
import { SignInPage, chooseTab } from './pages/SignInPage';
import { SignUpPage } from './pages/SignUpPage';

const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.staydesk.test`;

async function signUpAndSignOut(page: Page, email: string, password: string): Promise<void> {
  const signUp = new SignUpPage(page);
  await signUp.goto();
  await signUp.fill({ name: 'Link Tester', email, password, confirm: password });
  await signUp.submit();
  await expect(page.getByRole('heading', { name: 'Welcome, Link Tester' })).toBeVisible();
  await new AppShellPage(page).signOut();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
}

test('a forgotten password is reset through the e-mailed link', async ({ page, request }) => {
  const email = uniqueEmail('reset');
  await signUpAndSignOut(page, email, 'the-old-password');

  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  // The sign-in page has an Email field too: filled before the new page is drawn (its module loads
  // on the click, not ahead), the address went into the old page's field.
  await expect(page.getByRole('heading', { name: 'Forgot password', level: 1 })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('If an account exists for that address, the reset link is on its way.')).toBeVisible();

  await page.goto(await linkFromOutbox(request, email, 'password-reset'));
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expect(page).toHaveURL(/\/reset-password$/); // refreshToken and type are gone
  await page.getByLabel('New password').fill('the-new-password');
  await page.getByLabel('Confirm password').fill('the-new-password');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();
  // The message stays its 5 s for a visitor who asks for less motion, as the specs do: the toast's
  // timer is its progress bar's animation, which the reduced-motion rule ended at once (the message
  // vanished as it appeared, and this check failed when the page was slow to be looked at).
  expect(await page.locator('.Toastify__progress-bar').first().evaluate((bar) => getComputedStyle(bar).animationDuration)).toBe('5s');
  await expect(page.getByRole('heading', { name: 'Welcome, Link Tester' })).toBeVisible();

  await new AppShellPage(page).signOut();
  const signIn = new SignInPage(page);
  await signIn.signInWithPassword(email, 'the-old-password');
  await expect(signIn.error()).toHaveText('Invalid email or password');
  await signIn.signInWithPassword(email, 'the-new-password');
  await expect(page.getByRole('heading', { name: 'Welcome, Link Tester' })).toBeVisible();
});

test('a magic link signs the user in and returns them to the page they asked for', async ({ page, request }) => {
  const email = uniqueEmail('magic');
  await signUpAndSignOut(page, email, 'a-long-password');

  await page.goto('/account');
  await expect(page).toHaveURL(/\/sign-in\?redirectTo=%2Faccount$/);
  await chooseTab(page, 'Magic link');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send magic link' }).click();
  await expect(page.getByText('Check your inbox: the sign-in link is on its way.')).toBeVisible();

  await page.goto(await linkFromOutbox(request, email, 'signin-passwordless'));
  await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/account$/);
});
