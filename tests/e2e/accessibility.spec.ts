// Accessibility: axe-core's WCAG 2.1 A and AA rules find no violation on the public pages and on
// the screens a property manager uses (in English and Hungarian).
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, SignInPage, demoEmail } from './pages/SignInPage';

const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The violations on the page as it is now: rule, impact, and each offending element with why. */
async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(WCAG_AA).analyze();
  return result.violations.map((v) => {
    const nodes = v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)} (${n.failureSummary ?? ''})`);
    return `${v.id} (${v.impact}): ${v.help}: ${nodes.join(' | ')}`;
  });
}

test('the public pages have no WCAG A/AA violations', async ({ page }) => {
  for (const path of ['/', '/hu', '/sign-in', '/hu/sign-in', '/sign-up', '/forgot-password']) {
    await page.goto(path);
    await expect(page.getByRole('heading').first()).toBeVisible();
    expect(await violations(page), path).toEqual([]);
  }
});

test("a property manager's screens have no WCAG A/AA violations", async ({ page }) => {
  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.signInWithPassword(demoEmail('manager'), DEMO_PASSWORD);
  await expect(page.getByTestId('current-role')).toBeVisible();
  expect(await violations(page), 'home').toEqual([]);

  await page.goto('/accommodations');
  await expect(page.getByRole('link', { name: 'Váci Loft' })).toBeVisible();
  expect(await violations(page), 'accommodation table').toEqual([]);

  await page.getByRole('link', { name: 'Váci Loft' }).click();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Váci Loft');
  for (const tab of ['Basics', 'Units', 'Rates', 'NTAK', 'Taxes', 'Images', 'Fees', 'Channels']) {
    await page.getByRole('tab', { name: tab, exact: true }).click();
    await expect(page.getByRole('tab', { name: tab, exact: true })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toBeVisible();
    expect(await violations(page), `editor tab ${tab}`).toEqual([]);
  }

  for (const path of ['/account', '/account/security', '/account/tokens', '/hu/accommodations']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await violations(page), path).toEqual([]);
  }
});
