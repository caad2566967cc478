// A booking's check-out moves (through GraphQL, as a member): the server marks its cleaning
// OBSOLETE and creates the new one; the cleaner sees both on the phone and acknowledges the new one.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { CleaningsPage } from './pages/CleaningsPage';
import { violations } from './pages/axe';
import { signInAs } from './pages/session';
import { DEMO_PASSWORD, demoEmail } from './pages/SignInPage';

const BACKEND = `http://localhost:${process.env.E2E_BACKEND_PORT ?? 1437}`;
const LOFT_A = '40000000-0000-4000-a000-000000000101';

async function tokenOf(request: APIRequestContext, role: string): Promise<string> {
  const res = await request.post(`${BACKEND}/v1/auth/signin/email-password`, { data: { email: demoEmail(role), password: DEMO_PASSWORD } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { session: { accessToken: string } }).session.accessToken;
}

async function gql<T>(request: APIRequestContext, token: string, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await request.post(`${BACKEND}/v1/graphql`, { headers: { authorization: `Bearer ${token}` }, data: { query, variables } });
  const body = (await res.json()) as { data?: T; errors?: { message: string }[] };
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data as T;
}

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

test('moving a booking re-plans its cleaning, and the cleaner acknowledges the new one on the phone', async ({ page, request }) => {
  const member = await tokenOf(request, 'member');
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Budapest' }).format(new Date());
  // The next stay in Loft A of at least two nights: its check-out moves one day earlier.
  const { booked_units: stays } = await gql<{ booked_units: { booking_id: string; checkin: string; checkout: string }[] }>(
    request, member,
    `query ($unit: uuid!, $after: date!) { booked_units(where: {unit_id: {_eq: $unit}, is_cancelled: {_eq: false}, checkin: {_gt: $after}}, order_by: {checkin: asc}, limit: 5) { booking_id checkin checkout } }`,
    { unit: LOFT_A, after: today },
  );
  const stay = stays.find((s) => addDays(s.checkin, 2) <= s.checkout)!;
  expect(stay).toBeTruthy();
  const moved = addDays(stay.checkout, -1);
  await gql(request, member, `mutation ($id: uuid!, $out: date!) { update_bookings_by_pk(pk_columns: {id: $id}, _set: {checkout: $out}) { id } }`, { id: stay.booking_id, out: moved });

  const cleaningsOf = () =>
    gql<{ cleanings: { date: string; status: string }[] }>(request, member, `query ($b: uuid!) { cleanings(where: {booking_id: {_eq: $b}}, order_by: {created_at: asc}) { date status } }`, { b: stay.booking_id });
  await expect.poll(async () => (await cleaningsOf()).cleanings, { timeout: 15_000 }).toEqual([
    { date: stay.checkout, status: 'OBSOLETE' },
    { date: moved, status: 'NEW' },
  ]);

  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page.context(), 'cleaner');
  const cleanings = new CleaningsPage(page);
  await cleanings.goto();

  await expect(cleanings.card('Loft A', stay.checkout, 'OBSOLETE').first()).toContainText('No cleaning needed on this day');
  const fresh = cleanings.card('Loft A', moved, 'NEW');
  await expect(fresh).toContainText('Normal');
  await fresh.getByRole('button', { name: 'Acknowledge' }).click();
  await expect(cleanings.card('Loft A', moved, 'ACKNOWLEDGED')).toContainText('Acknowledged');
  // Nothing on the phone screen runs wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expect.poll(async () => (await cleaningsOf()).cleanings.map((c) => c.status)).toEqual(['OBSOLETE', 'ACKNOWLEDGED']);
});

test('the cleaning board and the task list fit a phone for a property manager (they scroll inside, the page does not)', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInAs(page.context(), 'manager');
  const overflow = () => page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - window.innerWidth));

  await page.goto('/cleanings');
  await expect(page.getByRole('heading', { name: 'Cleaning board' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Cleaning board' }).locator('tr[data-unit="Loft A"]')).toBeVisible();
  expect(await overflow(), '/cleanings').toBe(0);

  await page.goto('/tasks?state=all');
  await expect(page.getByRole('heading', { name: 'Tasks', level: 1 })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Tasks' }).getByRole('listitem').first()).toBeVisible();
  expect(await overflow(), '/tasks').toBe(0);
});

test('/tasks has no WCAG A/AA violations (list, filters, a validation error) and fits 360 and 390 px phones', async ({ page }) => {
  // Five axe scans (about 10 s each on a loaded 2-core machine) do not fit the default 60 s.
  test.setTimeout(150_000);
  const noViolations = async (what: string) => expect(await violations(page), what).toEqual([]);
  await signInAs(page.context(), 'manager');
  await page.goto('/tasks?state=all');
  await expect(page.getByRole('heading', { name: 'Tasks', level: 1 })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Tasks' }).getByRole('listitem').first()).toBeVisible();
  // The navigation's unread badge is labelled on pages that do not load the inbox's translations.
  await expect(page.getByTestId('inbox-unread')).toHaveAttribute('aria-label', /^\d+ unread conversations?$/);
  await noViolations('/tasks');
  // A task without a title: the form's translated error, still accessible.
  await page.getByRole('button', { name: 'Add task' }).click();
  await expect(page.getByText('Say what is to be done')).toBeVisible();
  await noViolations('/tasks with a validation error');

  for (const width of [360, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/tasks?state=all');
    // A full page load (session, list query) at each width: up to 15 s on a loaded machine.
    await expect(page.getByRole('list', { name: 'Tasks' }).getByRole('listitem').first()).toBeVisible({ timeout: 15_000 });
    expect(await page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - window.innerWidth)), `/tasks at ${width} px`).toBe(0);
    await noViolations(`/tasks at ${width} px`);
  }
});
