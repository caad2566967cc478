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
  await expect(page.getByRole('heading', { level: 1, name: 'Your areas in Staydesk' })).toBeVisible();
  await expect(page.getByTestId('current-role')).toHaveText('Your role: Owner');
  await expect(page.getByText('Short-term rentals, run properly.')).toBeHidden();
  expect(scripts.length).toBeGreaterThan(landingScripts);

  await new AppShellPage(page).signOut();
  await page.goto('/');
  await expect(page.getByText('Short-term rentals, run properly.')).toBeVisible();
});

test("a signed-in visitor's first paint is the dashboard's frame and heading, before any script chunk runs", async ({ context, page, baseURL }) => {
  // What a phone shows while the dashboard's code, the session and the data are on their way: the
  // head script sees the session cookie, and the server's HTML has the frame's skeleton to show.
  await context.addCookies([{ name: 'nhostRefreshToken', value: 'a-stored-session', url: baseURL ?? '' }]);
  await page.route('**/_next/static/**/*.js', (route) => route.abort());
  await page.goto('/hu');
  await expect(page.getByRole('heading', { level: 1, name: 'Az Ön területei a Staydeskben' })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Betöltés…' })).toBeVisible();
  await expect(page.getByText('Rövid távú kiadás, rendesen.')).toBeHidden();
});

test("on a phone, the signed-in home's largest paint stays the skeleton's heading once the dashboard is there", async ({ page }) => {
  // Lighthouse takes the largest text painted as the page's LCP: a larger one arriving with the
  // dashboard (its heading, a name, an area's description) would move the LCP to its late render.
  await page.setViewportSize({ width: 412, height: 823 });
  await page.addInitScript(() => {
    const seen: { text: string | null; time: number }[] = [];
    (window as unknown as { largestPaints: typeof seen }).largestPaints = seen;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { element: Element | null; size: number })[]) seen.push({ text: entry.element?.textContent ?? null, time: entry.startTime });
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    // When the dashboard itself (past the skeleton) first shows: its role line.
    new MutationObserver((_, observer) => {
      if (!document.querySelector('[data-testid="current-role"]')) return;
      (window as unknown as { dashboardShown: number }).dashboardShown = performance.now();
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  await new SignInPage(page).goto();
  await new SignInPage(page).signInWithPassword(demoEmail('manager'), DEMO_PASSWORD);
  await expect(page.getByTestId('current-role')).toHaveText('Your role: Property manager');
  await page.goto('/');
  await expect(page.getByTestId('current-role')).toHaveText('Your role: Property manager');
  await expect(page.getByRole('main').getByRole('link', { name: /^Calendar/ })).toBeVisible();
  // Two frames after the dashboard's paint, so an entry for it would have been reported.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  const { paints, dashboardShown } = await page.evaluate(() => ({
    paints: (window as unknown as { largestPaints: { text: string | null; time: number }[] }).largestPaints,
    dashboardShown: (window as unknown as { dashboardShown: number }).dashboardShown,
  }));
  // No larger paint came with the dashboard. Entries come smallest first, each larger than the
  // last, so none may follow the heading's once the dashboard is in the page. (On a busy machine the
  // page's first paint itself may land after the dashboard went in: the top bar's smaller
  // "Staydesk" is then reported just before the heading, and a skeleton element already replaced
  // reads null.)
  const largest = paints.at(-1);
  const heading = paints.findIndex((p) => p.text === 'Your areas in Staydesk');
  const late = paints.slice(heading + 1).filter((p) => p.time >= dashboardShown && p.text !== null);
  expect(late, JSON.stringify({ paints, dashboardShown })).toEqual([]);
  expect(largest, JSON.stringify({ paints, dashboardShown })).toBeDefined();
  if (largest?.text !== null) expect(largest?.text).toBe('Your areas in Staydesk');
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
