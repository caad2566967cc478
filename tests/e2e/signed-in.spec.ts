// Starting signed in (state saved by the setup project): the session is restored on a fresh page
// load, the account page shows who is signed in, and a personal access token can be made.
// One test only: the saved refresh token rotates on first use, so a second test could not reuse it.
import { expect, test } from '@playwright/test';
import { MANAGER_STATE } from './setup/state';

test.use({ storageState: MANAGER_STATE });

test('the saved session opens the account pages directly', async ({ page }) => {
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Miklós Manager' })).toBeVisible();
  await expect(page.getByText('manager@demo.staydesk.test')).toBeVisible();

  await page.getByRole('link', { name: 'Personal access tokens' }).click();
  await expect(page.getByRole('heading', { name: 'Personal access tokens', level: 1 })).toBeVisible();
  await page.getByLabel('Token name').fill('Channel manager sync');
  await page.getByRole('button', { name: 'Create token' }).click();
  await expect(page.getByTestId('new-token')).toHaveText(/^[0-9a-f-]{36}$/);
});
