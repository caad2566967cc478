// Accessibility: axe-core's WCAG 2.1 A and AA rules find no violation on the public pages and on
// the screens a property manager uses (in English and Hungarian).
import { expect, test } from '@playwright/test';
import { violations } from './pages/axe';
import { signInAs } from './pages/session';

test('the scan finds what a page gets wrong', async ({ page }) => {
  // The scanner itself, as every check below runs it: an image without a text alternative and an
  // unlabelled field are reported by rule.
  await page.setContent('<html lang="en"><head><title>Scan</title></head><body><main><h1>Scan</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><input type="text"></main></body></html>');
  const found = await violations(page);
  expect(found.map((v) => v.split(' ')[0])).toEqual(expect.arrayContaining(['image-alt', 'label']));
});

test('the public pages have no WCAG A/AA violations', async ({ page }) => {
  for (const path of ['/', '/hu', '/sign-in', '/hu/sign-in', '/sign-up', '/forgot-password']) {
    await page.goto(path);
    await expect(page.getByRole('heading').first()).toBeVisible();
    expect(await violations(page), path).toEqual([]);
  }
});

// Each staff page's name in both languages, as the browser tab and a screen reader announce it.
const STAFF_PAGE_TITLES: Record<string, [en: string, hu: string]> = {
  '/accommodations': ['Accommodations', 'Szálláshelyek'],
  '/bookings': ['Bookings', 'Foglalások'],
  '/bookings/sync': ['Calendar sync', 'Naptárszinkron'],
  '/calendar': ['Calendar', 'Naptár'],
  '/cleanings': ['Cleanings', 'Takarítások'],
  '/inbox': ['Inbox', 'Beérkezett üzenetek'],
  '/inbox/emails': ['Inbound e-mail', 'Beérkező e-mailek'],
  '/ntak': ['NTAK reporting', 'NTAK adatszolgáltatás'],
  '/viza': ['VIZA guest registration', 'VIZA vendégnyilvántartás'],
  '/price-rules': ['Price rules', 'Árszabályok'],
  '/snippets': ['Snippets', 'Sablonválaszok'],
  '/tasks': ['Tasks', 'Feladatok'],
  '/account': ['Account', 'Fiók'],
  '/account/security': ['Security', 'Biztonság'],
  '/account/tokens': ['Personal access tokens', 'Személyes hozzáférési tokenek'],
  // Until the editor has loaded the record and names it.
  '/accommodations/00000000-0000-4000-8000-000000000000': ['Accommodations', 'Szálláshelyek'],
  '/bookings/00000000-0000-4000-8000-000000000000': ['Bookings', 'Foglalások'],
  '/tfh/00000000-0000-4000-8000-000000000000': ['Owner statement', 'Tulajdonosi kimutatás'],
};

test("a staff page's HTML names the page in its title before any script runs, in both languages", async ({ request }) => {
  // The page's own content renders only once the session is known in the browser; the title comes
  // with the server's HTML (the tab, history and a screen reader name the page at once). The cookie
  // stands for a signed-in visitor (the pages are for them).
  const headers = { cookie: 'nhostRefreshToken=11111111-1111-4111-8111-111111111111' };
  for (const [path, [en, hu]] of Object.entries(STAFF_PAGE_TITLES)) {
    for (const [url, name] of [[path, en], [`/hu${path}`, hu]]) {
      const html = await (await request.get(url, { headers, maxRedirects: 0 })).text();
      expect(html.match(/<title[^>]*>([^<]*)<\/title>/)?.[1], url).toBe(`${name} · Staydesk`);
    }
  }
});

test('visitors who ask for less motion get no transitions; others keep them', async ({ page }) => {
  // The specs run with reduced motion (playwright.config.ts), so this one sets both preferences itself.
  const button = page.getByRole('button', { name: 'Sign in', exact: true });
  const transitions = () => button.evaluate((el) => getComputedStyle(el).transitionDuration.split(', ').map(parseFloat));
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await page.goto('/sign-in');
  await expect(button).toBeVisible();
  expect(Math.min(...(await transitions()))).toBeGreaterThanOrEqual(0.1);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(Math.max(...(await transitions()))).toBeLessThan(0.001);
});

test("a property manager's screens have no WCAG A/AA violations", async ({ page }) => {
  // Thirteen axe scans and five page loads: 35 s on CI's quiet 2 cores, over 60 s at load 20.
  test.setTimeout(150_000);
  await signInAs(page.context(), 'manager');
  await page.goto('/');
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
