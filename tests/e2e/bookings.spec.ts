// The bookings area in Chromium against the real backend with demo data: a member creates a
// booking prefilled from a calendar-style link, finds it by guest name in the list, edits it, meets
// the overlap message on a second booking over the same nights, cancels and re-activates it, and
// reads who did it in the history.
import { expect, test } from '@playwright/test';
import { signInAs } from './pages/session';
import { expectToastAfter } from './pages/toasts';

const LOFT_A = '40000000-0000-4000-a000-000000000101';

function day(offset: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Budapest', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
}

test('a member finds, edits, double-books, cancels and re-activates a booking with its history', async ({ page }) => {
  test.setTimeout(90_000);
  page.on('dialog', (dialog) => void dialog.accept());
  const guest = `Szabó Éva ${Date.now() % 100000}`;
  const [arrival, departure] = [day(520), day(524)];

  await signInAs(page.context(), 'member');
  await page.goto('/bookings');
  await expect(page.getByRole('heading', { name: 'Bookings' })).toBeVisible();

  // A new booking from a calendar range link: unit and dates arrive filled in.
  await page.goto(`/bookings/new?unit=${LOFT_A}&arrival=${arrival}&departure=${departure}`);
  await expect(page.getByLabel('Check-in')).toHaveValue(arrival);
  await expect(page.getByLabel('Check-out')).toHaveValue(departure);
  await page.getByLabel('Name', { exact: true }).fill(guest);
  await page.getByLabel('E-mail').fill('eva.szabo@example.hu');
  await page.getByRole('button', { name: 'Create booking' }).click();
  await page.waitForURL(/\/bookings\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: `Booking of ${guest}` })).toBeVisible();

  // Find it in the list by the guest's name (server-side search, kept in the URL).
  await page.getByRole('link', { name: 'Back to bookings' }).click();
  await page.getByLabel('Guest name, e-mail, phone or OTA code').fill(guest);
  await expect(page).toHaveURL(/q=/);
  await page.getByRole('link', { name: guest }).click();
  await expect(page.getByRole('heading', { name: `Booking of ${guest}` })).toBeVisible();
  const bookingUrl = page.url();

  // Edit: a note and the cleaning fee.
  await page.getByLabel('Notes').fill('Arrives by train around 22:00');
  await page.getByLabel('Cleaning fee').fill('35');
  await expectToastAfter(page, 'Saved', () => page.getByRole('button', { name: 'Save', exact: true }).click());
  await expect(page.getByTestId('booking-status')).toHaveText('Modified');

  // A second booking over the same nights is refused with the overlap message on its dates.
  await page.goto(`/bookings/new?unit=${LOFT_A}&arrival=${day(522)}&departure=${day(526)}`);
  await page.getByLabel('Name', { exact: true }).fill('Double Booker');
  await page.getByRole('button', { name: 'Create booking' }).click();
  await expect(page.locator('#field-checkin-helper-text')).toHaveText('These dates overlap another booking of this unit');

  // Cancel and re-activate; the history names who did it.
  await page.goto(bookingUrl);
  await page.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(page.getByTestId('booking-status')).toHaveText('Cancelled');
  await page.getByRole('button', { name: 'Re-activate' }).click();
  await expect(page.getByTestId('booking-status')).toHaveText('Modified');
  await page.getByRole('tab', { name: 'History' }).click();
  const history = page.getByRole('table', { name: 'History' });
  await expect(history.getByRole('row')).toHaveCount(5);
  await expect(history.getByRole('row').nth(1)).toContainText('Cancelled → Modified');
  await expect(history.getByRole('row').nth(1)).toContainText('Márk Member');
  await expect(history.getByRole('row').nth(2)).toContainText('Modified → Cancelled');
  await expect(history.getByRole('row').nth(4)).toContainText('Created as New');
});

test("a booking made from the list's New booking button is in the list the member goes back to", async ({ page }) => {
  const guest = `Kiss Ádám ${Date.now() % 100000}`;
  await signInAs(page.context(), 'member');
  await page.goto('/bookings');
  const table = page.getByRole('table', { name: 'Bookings' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  // All within the app: the list's first page stays in its cache meanwhile.
  await page.getByRole('link', { name: 'New booking' }).click();
  await page.waitForURL(/\/bookings\/new$/);
  await expect(page.getByRole('button', { name: 'Create booking' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Unit' }).click();
  await page.getByRole('option', { name: 'Váci Loft · Loft A' }).click();
  await page.getByLabel('Check-in').fill(day(600));
  await page.getByLabel('Check-out').fill(day(602));
  await page.getByLabel('Name', { exact: true }).fill(guest);
  await page.getByRole('button', { name: 'Create booking' }).click();
  await page.waitForURL(/\/bookings\/[0-9a-f-]{36}$/);
  await page.getByRole('link', { name: 'Back to bookings' }).click();
  // Newest check-in first: the new booking heads the list without a search.
  await expect(table.getByRole('link', { name: guest })).toBeVisible();
});
