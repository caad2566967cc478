// Signed-in setup project: signs in the demo property manager once and saves the browser state,
// so specs that start signed in do not repeat the sign-in.
import { expect, test as setup } from '@playwright/test';
import { SignInPage, DEMO_PASSWORD, demoEmail } from '../pages/SignInPage';
import { MANAGER_STATE } from './state';

setup('sign in as the demo property manager', async ({ page }) => {
  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.signInWithPassword(demoEmail('manager'), DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('current-role')).toHaveText('Your role: Property manager');
  await page.context().storageState({ path: MANAGER_STATE });
});
