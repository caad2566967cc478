// The guest conversation end to end: a guest writes from the journey page's "Message the host"
// card; the communicator, with the inbox open, sees the conversation arrive live (no reload) and
// the unread count rise, answers with a snippet rendered for the guest, and the guest reads the
// answer on the card; the reply also went out by e-mail (dev outbox) with threading headers.
import { expect, test, type Page } from '@playwright/test';
import { addDays } from '../../src/domain/dates';
import { violations } from './pages/axe';
import { signInAs } from './pages/session';
import { DEMO_PASSWORD, demoEmail } from './pages/SignInPage';

// Never two at once: the first test counts the communicator's unread conversations, which the
// second (a new unread conversation) and the third (opening the newest one reads it) change. A spec
// that adds or reads guest conversations takes the same lock.
test.describe.configure({ lock: 'inbox-unread' });

const BACKEND = `http://localhost:${process.env.E2E_BACKEND_PORT ?? 1437}`;
const VACI_LOFT = '30000000-0000-4000-a000-000000000001';

async function admin<T>(query: string, variables: Record<string, unknown>): Promise<T> {
  const res = await fetch(`${BACKEND}/v1/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-hasura-admin-secret': 'nhost-admin-secret' }, body: JSON.stringify({ query, variables }) });
  const body = (await res.json()) as { data: T; errors?: { message: string }[] };
  if (body.errors?.length) throw new Error(body.errors[0].message);
  return body.data;
}

/** A booking of a new Váci Loft unit arriving in two days (its journey page is open). */
async function makeBooking() {
  const tag = Math.random().toString(36).slice(2, 8);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Budapest' }).format(new Date());
  const checkin = addDays(today, 2);
  const { insert_units_one: unit } = await admin<{ insert_units_one: { id: string } }>(`mutation($o: units_insert_input!) { insert_units_one(object: $o) { id } }`, { o: { accommodation_id: VACI_LOFT, name: `Inbox ${tag}`, occ_adults: 2 } });
  const email = `zoe.${tag}@example.test`;
  const { insert_bookings_one: booking } = await admin<{ insert_bookings_one: { id: string; journey_id: string } }>(
    `mutation($o: bookings_insert_input!) { insert_bookings_one(object: $o) { id journey_id } }`,
    { o: { accommodation_id: VACI_LOFT, customer_name: `Zoe Inbox${tag}`, customer_email: email, channel: 'direct', checkin, checkout: addDays(checkin, 3), adults: 2, booked_units: { data: [{ unit_id: unit.id, adults: 2 }] } } },
  );
  return { ...booking, email, guestName: `Zoe Inbox${tag}` };
}

/**
 * The communicator's unread open conversations as the server counts them (the badge's own
 * subscription, read over HTTP with the communicator's token).
 */
async function serverUnreadCount(): Promise<number> {
  const signIn = await fetch(`${BACKEND}/v1/auth/signin/email-password`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: demoEmail('communicator'), password: DEMO_PASSWORD }) });
  const { session } = (await signIn.json()) as { session: { accessToken: string } };
  const res = await fetch(`${BACKEND}/v1/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${session.accessToken}` },
    body: JSON.stringify({ query: '{ threads_aggregate(where: { is_read: { _eq: false }, is_archived: { _eq: false } }) { aggregate { count } } }' }),
  });
  return ((await res.json()) as { data: { threads_aggregate: { aggregate: { count: number } } } }).data.threads_aggregate.aggregate.count;
}

async function unreadCount(page: Page): Promise<number> {
  // The label holds the exact count (the badge itself shows 99+ beyond 99).
  const label = (await page.getByTestId('inbox-unread').first().getAttribute('aria-label')) ?? '';
  return Number(label.match(/\d+/)?.[0] ?? Number.NaN);
}

test('a guest writes from the journey page, the communicator sees it live and answers with a snippet, the guest reads the answer', async ({ browser }) => {
  test.setTimeout(120_000);
  const booking = await makeBooking();

  const staff = await browser.newPage();
  await signInAs(staff.context(), 'communicator');
  await staff.goto('/inbox');
  await expect(staff.getByRole('heading', { name: 'Inbox', level: 1 })).toBeVisible();
  await expect(staff.getByTestId('inbox-thread').first()).toBeVisible();
  await expect(staff.getByTestId('inbox-thread').filter({ hasText: booking.guestName })).toHaveCount(0);
  // The badge shows 0 until its subscription's first answer, which can come after the list's: it
  // is read once it shows the server's count (CI read 0 on a busy machine, then failed on 32 != 1).
  const unreadBefore = await serverUnreadCount();
  await expect.poll(() => unreadCount(staff), { timeout: 10_000 }).toBe(unreadBefore);

  // The guest, on the journey page: the card, a message with markup (kept as text).
  const guest = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await guest.goto(`/journey/${booking.journey_id}`);
  await guest.getByRole('link', { name: /Message the host/ }).click();
  await expect(guest.getByText('No messages yet.')).toBeVisible();
  await guest.getByLabel('Your message').fill('Hello! Can we <b>check in</b> early?');
  await guest.getByRole('button', { name: 'Send message' }).click();
  await expect(guest.getByText('Message sent. We will answer here and by e-mail.')).toBeVisible();
  await expect(guest.getByTestId('guest-messages')).toContainText('Hello! Can we <b>check in</b> early?');

  // The communicator's open inbox shows it without a reload, unread, and the badge counts it.
  const row = staff.getByTestId('inbox-thread').filter({ hasText: booking.guestName });
  await expect(row).toBeVisible({ timeout: 10_000 });
  await expect(row).toContainText('Unread');
  await expect.poll(() => unreadCount(staff), { timeout: 10_000 }).toBe(unreadBefore + 1);
  await row.click();
  await staff.waitForURL((url) => url.searchParams.has('thread'));
  const panel = staff.getByTestId('thread-panel');
  // The conversation's first load (its query, subscription and task panel) after the navigation.
  await expect(panel.getByTestId('message-incoming')).toContainText('Hello! Can we <b>check in</b> early?', { timeout: 15_000 });
  await expect(panel.getByTestId('thread-booking')).toContainText(booking.guestName);
  // Opening it reads it.
  await expect.poll(() => unreadCount(staff), { timeout: 10_000 }).toBe(unreadBefore);
  // The thread's tasks: the server made a needsreply task for the unanswered guest.
  const tasks = panel.getByRole('region', { name: 'Tasks' });
  const needsReply = tasks.locator(`[data-task="Reply to ${booking.guestName}"]`);
  await expect(needsReply).toHaveAttribute('data-completed', 'false', { timeout: 10_000 });
  await expect(needsReply).toContainText('Needs reply');

  // A snippet, rendered for this guest, edited and sent.
  await panel.getByRole('button', { name: 'Insert snippet' }).click();
  await staff.getByRole('menuitem', { name: 'Thank you' }).click();
  const box = panel.getByRole('textbox', { name: 'Write a reply to the guest' });
  await expect(box).toHaveValue('Thank you for staying with us, Zoe! We would love to welcome you again in Budapest.');
  await box.fill(`${await box.inputValue()} Early check-in from 13:00 is fine.`);
  await panel.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(panel.getByTestId('message-outgoing')).toContainText('Early check-in from 13:00 is fine.');
  await expect(panel.getByTestId('message-outgoing')).toContainText('e-mail sent', { timeout: 15_000 });
  // Answering closed the needsreply task, and the thread's panel shows it done.
  await expect(needsReply).toHaveAttribute('data-completed', 'true', { timeout: 15_000 });

  // The guest reads the answer on the card (it polls; a reload shows it at once too).
  await guest.reload();
  await expect(guest.getByTestId('guest-messages').locator('li[data-direction="outgoing"]')).toContainText('Early check-in from 13:00 is fine.');

  // And by e-mail, threaded: the reply carries its Message-ID and the booking reference.
  const outbox = (await (await fetch(`${BACKEND}/dev/outbox.json`)).json()) as { to: string; subject?: string; text?: string; headers?: Record<string, string> }[];
  const mail = outbox.filter((e) => e.to === booking.email).pop();
  expect(mail?.text).toContain('Early check-in from 13:00 is fine.');
  expect(mail?.subject).toContain(`SD-${booking.id.slice(0, 8).toUpperCase()}`);
  expect(mail?.headers?.['Message-ID']).toMatch(/^<[0-9a-f-]{36}@staydesk\.local>$/);
});

test('an unmatched e-mail conversation is linked to its booking from the thread view, and unlinked', async ({ page }) => {
  test.setTimeout(120_000);
  const booking = await makeBooking();
  const { insert_threads_one: thread } = await admin<{ insert_threads_one: { id: string } }>(
    `mutation($o: threads_insert_input!) { insert_threads_one(object: $o) { id } }`,
    { o: { subject: 'Parking near the flat?', channel: 'direct', guest_name: 'Zoe from another address', guest_email: `other.${booking.email}`, messages: { data: [{ direction: 'incoming', sender_name: 'Zoe', body: 'Is there parking nearby?' }] } } },
  );
  await signInAs(page.context(), 'communicator');
  await page.goto(`/inbox?thread=${thread.id}`);
  const panel = page.getByTestId('thread-panel');
  await expect(panel.getByText('This conversation is not linked to a booking yet.')).toBeVisible({ timeout: 15_000 });
  await expect(panel.getByTestId('thread-booking')).toHaveCount(0);
  expect(await violations(page), 'the link screen').toEqual([]);

  const picker = panel.getByLabel('Find a booking (guest, e-mail or booking code)');
  await picker.click();
  await picker.fill(booking.guestName);
  await page.getByRole('option', { name: new RegExp(booking.guestName) }).click();
  await panel.getByRole('button', { name: 'Link to booking' }).click();
  await expect(panel.getByTestId('thread-booking')).toContainText(booking.guestName);
  await expect(panel.getByText('Accommodation: Váci Loft')).toBeVisible();

  await panel.getByRole('button', { name: `Unlink the conversation from the booking of ${booking.guestName}` }).click();
  await expect(panel.getByText('This conversation is not linked to a booking yet.')).toBeVisible();
  await expect(panel.getByTestId('thread-booking')).toHaveCount(0);
});

test('the inbox, a conversation, the snippets and the e-mail log have no WCAG A/AA violations and fit a phone', async ({ page }) => {
  // Four axe scans and two phone widths: more than the default 60 s on a loaded machine.
  test.setTimeout(150_000);
  const noViolations = async (what: string) => expect(await violations(page), what).toEqual([]);
  await signInAs(page.context(), 'communicator');
  await page.goto('/inbox');
  await page.getByTestId('inbox-thread').first().click();
  await page.waitForURL((url) => url.searchParams.has('thread'));
  await expect(page.getByTestId('thread-panel')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('thread-panel').getByRole('region', { name: 'Tasks' })).toBeVisible();
  await noViolations('inbox with a conversation and its task panel');
  await page.goto('/snippets');
  await expect(page.getByRole('table', { name: 'Snippets' })).toBeVisible();
  await page.getByRole('button', { name: 'New snippet' }).click();
  await page.getByLabel('Body').fill('Hi {{guest.firstName');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Body has invalid variable')).toBeVisible();
  await noViolations('snippet editor');
  await page.goto('/inbox/emails');
  await expect(page.getByRole('heading', { name: 'Inbound e-mail', level: 1 })).toBeVisible();
  await noViolations('e-mail log');

  for (const width of [360, 390]) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto('/inbox');
    await page.getByTestId('inbox-thread').first().click();
    await page.waitForURL((url) => url.searchParams.has('thread'));
    await expect(page.getByTestId('thread-panel')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('thread-panel').getByRole('region', { name: 'Tasks' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `thread at ${width} px`).toBeLessThanOrEqual(0);
  }
});

test('on a phone the menu button carries the unread count, live, with the menu closed', async ({ browser }) => {
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await signInAs(phone.context(), 'communicator');
  await phone.goto('/bookings');
  await expect(phone.getByRole('heading', { name: 'Bookings', level: 1 })).toBeVisible();
  const before = await serverUnreadCount();
  expect(before, 'the demo data has unread conversations').toBeGreaterThan(0);
  const menuButton = (count: number) => phone.getByRole('button', { name: `Open navigation (${count} unread conversation${count === 1 ? '' : 's'})` });
  await expect(menuButton(before)).toBeVisible({ timeout: 10_000 });
  await expect(phone.getByTestId('menu-unread')).toContainText(String(Math.min(before, 99)));

  // A guest writes: the count rises on the closed menu's button without a reload.
  await admin(`mutation($o: threads_insert_input!) { insert_threads_one(object: $o) { id } }`, {
    o: { subject: 'Late arrival', channel: 'direct', guest_name: 'Zoe on the phone', guest_email: `zoe.${Date.now()}@example.test`, messages: { data: [{ direction: 'incoming', sender_name: 'Zoe', body: 'We land at 23:40.' }] } },
  });
  await expect(menuButton(before + 1)).toBeVisible({ timeout: 10_000 });
  // Opened, the menu's inbox link shows the same count.
  await menuButton(before + 1).click();
  await expect(phone.getByTestId('inbox-unread')).toHaveAttribute('aria-label', `${before + 1} unread conversations`);
  await phone.close();
});
