// Signed-in setup project: signs in the demo property manager once and saves the browser state,
// so specs that start signed in do not repeat the sign-in. Every other spec waits for this one, so
// it signs in through the auth service (pages/session.ts) rather than the screen, which
// auth.spec.ts drives for the same user.
import { expect, test as setup } from '@playwright/test';
import { signInAs } from '../pages/session';
import { MANAGER_STATE } from './state';

setup('sign in as the demo property manager', async ({ page }) => {
  await signInAs(page.context(), 'manager');
  await page.goto('/');
  // The run's first page load: the web server renders its first page and the browser compiles the
  // app cold while the backend finishes starting; 20-30 s on a loaded 2-core machine.
  await expect(page.getByTestId('current-role')).toHaveText('Your role: Property manager', { timeout: 45_000 });
  await page.context().storageState({ path: MANAGER_STATE });
});
