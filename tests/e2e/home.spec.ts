// The public face: landing page, page titles, languages, not-found page.
import { expect, test } from '@playwright/test';

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
