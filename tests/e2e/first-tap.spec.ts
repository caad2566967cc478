// A first tap while a page starts is never lost. The server's HTML shows a page's controls well
// before its scripts have loaded and React has started (1-4 s on /hu/sign-in with the CPU
// throttled 6x): a press then had no handler and did nothing, and a form's submit button sent the
// form the browser's way (its fields in the address) and reloaded the page. Each test holds the
// page's own script until after the press (Next starts React only once it is there), so the press
// surely lands before React, then lets it load and checks the press took effect
// (src/lib/earlyTaps.ts; docs/performance.md, "A first tap during start-up").
import { expect, test, type Locator, type Page } from '@playwright/test';
import { addDays } from '../../src/domain/dates';
import { E2E_BACKEND_PORT } from '../../scripts/e2e-web';
import { signInAs } from './pages/session';

/** A phone's CPU: Chromium runs the page's scripts this many times slower. */
async function throttleCpu(page: Page, rate = 4): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}

/** Holds the script of the page at `route` (e.g. `/journey/[id]/checkin`) until the returned function is called. */
async function holdPageScript(page: Page, route: string): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const prefix = `/_next/static/chunks/pages${route}-`;
  await page.route(
    (url) => decodeURIComponent(url.pathname).startsWith(prefix),
    async (held) => {
      await released;
      await held.continue();
    },
  );
  return release;
}

/** Whether React has started on the page (it marks the root element it listens on). */
const reactListens = (page: Page) => page.locator('#__next').evaluate((root) => Object.keys(root).some((key) => key.startsWith('_reactListening')));

/**
 * Opens `url` with its page's script (of the page at `route`) held, so React cannot start, does
 * `before` (typing, say) and presses `control` there, then lets the script load.
 */
async function pressBeforeReact(page: Page, url: string, control: Locator, { route = url, before = async () => {}, tap = false } = {}): Promise<void> {
  const release = await holdPageScript(page, route);
  await page.goto(url, { waitUntil: 'commit' });
  await before();
  await (tap ? control.tap() : control.click());
  expect(await reactListens(page)).toBe(false);
  release();
}

test.beforeEach(async ({ page }) => throttleCpu(page));

test('a sign-in method tab pressed before the page started is chosen once it has', async ({ page }) => {
  const tab = page.getByRole('tab', { name: 'Magic link', exact: true });
  await pressBeforeReact(page, '/sign-in', tab);
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('button', { name: 'Send magic link' })).toBeVisible();
});

test('e-mail and password typed and "Sign in" pressed before the page started: signed in, the password never in the address', async ({ page }) => {
  await pressBeforeReact(page, '/sign-in', page.getByRole('button', { name: 'Sign in', exact: true }), {
    before: async () => {
      await page.getByLabel('Email').fill('manager@demo.staydesk.test');
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill('staydesk-demo');
    },
  });
  expect(page.url()).not.toContain('staydesk-demo');
  await expect(page.getByTestId('current-role')).toHaveText('Your role: Property manager');
  expect(page.url()).not.toContain('staydesk-demo');
});

test('a sign-up method tab pressed before the page started is chosen once it has', async ({ page }) => {
  const tab = page.getByRole('tab', { name: 'Security key', exact: true });
  await pressBeforeReact(page, '/sign-up', tab);
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('button', { name: 'Create account with security key' })).toBeVisible();
});

test('the language switch pressed before the forgotten-password page started turns it Hungarian', async ({ page }) => {
  await pressBeforeReact(page, '/forgot-password', page.getByRole('button', { name: 'Magyar' }));
  await expect(page.getByRole('heading', { name: 'Elfelejtett jelszó' })).toBeVisible();
  await expect(page).toHaveURL(/\/hu\/forgot-password$/);
});

// The server draws this page's spinner (no session there); the browser's first render drew the
// "invalid link" message instead, so React threw the served page away and drew it anew, and the
// pressed button with it.
test('the language switch pressed before the password-reset page started turns it Hungarian', async ({ page }) => {
  await pressBeforeReact(page, '/reset-password', page.getByRole('button', { name: 'Magyar' }));
  await expect(page.getByRole('heading', { name: 'Új jelszó választása' })).toBeVisible();
  await expect(page).toHaveURL(/\/hu\/reset-password$/);
  await expect(page.getByRole('alert').filter({ hasText: 'érvényes jelszó-visszaállító link' })).toBeVisible();
});

// After React has started, the part of the page inside a Suspense boundary (the account screens'
// card) hydrates in the background; a press there hydrates it at once, effects and all. /hu/sign-in's
// tabs are wider than the card: a visitor scrolls the tab list to the fourth, and MUI's Tabs, when
// they hydrate, scroll the selected first tab back into view, moving the pressed tab from under the
// pointer before it went up (the click went elsewhere: auth-codes failed so in CI).
test('a sign-in tab scrolled into view and pressed while the page hydrates is chosen', async ({ page }) => {
  const release = await holdPageScript(page, '/sign-in');
  await page.goto('/hu/sign-in', { waitUntil: 'commit' });
  const tab = page.getByRole('tab', { name: 'SMS-kód', exact: true });
  await tab.scrollIntoViewIfNeeded();
  const box = (await tab.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  release();
  // React has hydrated the tabs: the list is back at its start, the tab no longer under the pointer.
  await expect.poll(async () => (await tab.boundingBox())?.x).not.toBe(box.x);
  await page.mouse.up();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('textbox', { name: 'Telefonszám', exact: true })).toBeVisible();
});

// Staff pages are drawn by the browser once the session is there (the server sends a spinner), so
// their first controls appear with React already running: a tap as soon as one shows must work.
test('a staff page: the first navigation link tapped as soon as it shows opens its page', async ({ page }) => {
  await signInAs(page.context(), 'manager');
  await page.goto('/accommodations', { waitUntil: 'commit' });
  await page.getByRole('link', { name: 'Calendar', exact: true }).click();
  await expect(page).toHaveURL(/\/calendar$/);
  await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a guest check-in card: "Check in" tapped before the page started checks the form, and nothing typed leaves the page', async ({ page }) => {
    const journeyId = await makeBooking();
    await pressBeforeReact(page, `/journey/${journeyId}/checkin`, page.getByRole('button', { name: 'Check in this guest' }), {
      route: '/journey/[id]/checkin',
      before: () => page.getByRole('textbox', { name: 'Last name *', exact: true }).fill('Kovács'),
      tap: true,
    });
    // The form was not sent the browser's way (a GET of this address with every field in it).
    await expect(page.getByText('Required').first()).toBeVisible();
    expect(new URL(page.url()).search).toBe('');
    await expect(page.getByRole('textbox', { name: 'Last name *', exact: true })).toHaveValue('Kovács');
  });
});

/** A booking of the demo Váci Loft arriving in two days, on a unit of its own; its journey id. */
async function makeBooking(): Promise<string> {
  const admin = async <T,>(query: string, variables: Record<string, unknown>): Promise<T> => {
    const res = await fetch(`http://localhost:${E2E_BACKEND_PORT}/v1/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-hasura-admin-secret': 'nhost-admin-secret' }, body: JSON.stringify({ query, variables }) });
    const body = (await res.json()) as { data: T; errors?: { message: string }[] };
    if (body.errors?.length) throw new Error(body.errors[0].message);
    return body.data;
  };
  const vaciLoft = '30000000-0000-4000-a000-000000000001';
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Budapest' }).format(new Date());
  const { insert_units_one: unit } = await admin<{ insert_units_one: { id: string } }>(`mutation($o: units_insert_input!) { insert_units_one(object: $o) { id } }`, { o: { accommodation_id: vaciLoft, name: `First tap ${Date.now()}`, occ_adults: 2 } });
  const { insert_bookings_one: booking } = await admin<{ insert_bookings_one: { journey_id: string } }>(`mutation($o: bookings_insert_input!) { insert_bookings_one(object: $o) { journey_id } }`, {
    o: { accommodation_id: vaciLoft, customer_name: 'Anna Kovacs', customer_email: `anna.${Date.now()}@example.test`, channel: 'direct', checkin: addDays(today, 2), checkout: addDays(today, 5), adults: 2, booked_units: { data: [{ unit_id: unit.id, adults: 2 }] } },
  });
  return booking.journey_id;
}
