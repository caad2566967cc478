import { test, expect } from '@playwright/test';

test('home page renders in English and Hungarian', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Staydesk');
  await expect(page.getByText('Short-term rentals, run properly.')).toBeVisible();
  await page.goto('/hu');
  await expect(page.getByText('Rövid távú kiadás, rendesen.')).toBeVisible();
});
