// Phone width (360 px, the narrowest common Android screen): no page scrolls sideways, the
// navigation folds into a menu button, and the accommodation area stays usable.
import { expect, test, type Page } from '@playwright/test';
import { signInAs } from './pages/session';

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

/** How many CSS pixels the page is wider than the screen (0 when it fits). */
async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - window.innerWidth));
}

const PUBLIC_PAGES: { path: string; heading: RegExp }[] = [
  { path: '/', heading: /Staydesk/ },
  { path: '/hu', heading: /Staydesk/ },
  { path: '/sign-in', heading: /^Sign in$/ },
  { path: '/sign-up', heading: /^Sign up$/ },
  { path: '/forgot-password', heading: /^Forgot password$/ },
];

test('the public pages fit a phone screen', async ({ page }) => {
  for (const { path, heading } of PUBLIC_PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
    expect(await sidewaysOverflow(page), path).toBe(0);
  }
});

test('a property manager works on a phone: menu navigation, the accommodation table and editor', async ({ page }) => {
  await signInAs(page.context(), 'manager');
  await page.goto('/');
  await expect(page.getByTestId('current-role')).toHaveText('Your role: Property manager');
  expect(await sidewaysOverflow(page), 'home').toBe(0);

  // The side navigation is folded away and opens from the menu button.
  const openNavigation = page.getByRole('button', { name: 'Open navigation' });
  await expect(openNavigation).toBeVisible();
  await openNavigation.click();
  await page.getByRole('link', { name: 'Accommodations' }).click();
  await expect(page.getByRole('heading', { name: 'Accommodations', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Váci Loft' })).toBeVisible();
  expect(await sidewaysOverflow(page), 'accommodation table').toBe(0);

  await page.getByRole('link', { name: 'Váci Loft' }).click();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Váci Loft');
  expect(await sidewaysOverflow(page), 'accommodation editor').toBe(0);
  // Tabs beyond the screen edge are reachable (the tab strip scrolls, the page does not).
  await page.getByRole('tab', { name: 'Channels' }).click();
  await expect(page.getByRole('tab', { name: 'Channels' })).toHaveAttribute('aria-selected', 'true');
  expect(await sidewaysOverflow(page), 'channels tab').toBe(0);

  await page.goto('/account/security');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await sidewaysOverflow(page), 'account security').toBe(0);
});
