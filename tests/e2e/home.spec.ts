// The public face: landing page, page titles, languages, not-found page.
import { expect, test } from '@playwright/test';
import { AppShellPage } from './pages/AppShellPage';
import { DEMO_PASSWORD, SignInPage, demoEmail } from './pages/SignInPage';

test('visitors get the landing page in English and Hungarian', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Staydesk');
  await expect(page.getByText('Short-term rentals, run properly.')).toBeVisible();
  await page.getByRole('button', { name: 'Magyar' }).click();
  await expect(page).toHaveURL(/\/hu$/);
  await expect(page.getByText('Rövid távú kiadás, rendesen.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Bejelentkezés' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hu');
});

test('the landing page loads without the signed-in app; a stored session opens the dashboard instead', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Staydesk', level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // No session cookie: the dashboard chunk (MUI, Apollo, Nhost) is never fetched.
  const landingScripts = scripts.length;

  await page.getByRole('link', { name: 'Sign in' }).click();
  await new SignInPage(page).signInWithPassword(demoEmail('owner'), DEMO_PASSWORD);
  await expect(page.getByTestId('current-role')).toHaveText('Your role: Owner');
  await page.goto('/');
  await expect(page.getByTestId('current-role')).toHaveText('Your role: Owner');
  await expect(page.getByText('Short-term rentals, run properly.')).toBeHidden();
  expect(scripts.length).toBeGreaterThan(landingScripts);

  await new AppShellPage(page).signOut();
  await page.goto('/');
  await expect(page.getByText('Short-term rentals, run properly.')).toBeVisible();
});

test('unknown addresses show the not-found page', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle('Page not found · Staydesk');
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page.getByText('Short-term rentals, run properly.')).toBeVisible();
});

test('fits a phone screen', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/sign-in');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
