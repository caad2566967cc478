// The calendar in Chromium: the demo member drags three free nights of a unit, closes them, sets a
// nightly price by keyboard selection, and the owner of the unit, looking at the same calendar in
// another browser, sees the change without reloading and cannot edit. The nights stay closed
// after a reload.
import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, SignInPage, demoEmail } from './pages/SignInPage';

const UNIT = 'Apartment 1';

/** A Monday about ten months ahead: free in the demo data, and no weekend or January rule on it. */
function futureMonday(): string {
  const d = new Date();
  d.setUTCHours(0, 0, 0, 0);
  d.setUTCDate(d.getUTCDate() + 300);
  while (d.getUTCDay() !== 1 || d.getUTCMonth() === 0) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

function plusDays(iso: string, n: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

async function openCalendar(page: Page, role: string, date: string): Promise<void> {
  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.signInWithPassword(demoEmail(role), DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/sign-in/);
  await page.goto(`/calendar?date=${date}`);
  await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible();
}

/** The unit's row key, read from the owner's calendar (one accommodation); staff see several units of that name. */
let unitRowKey: string | null = null;
const cell = (page: Page, date: string) =>
  (unitRowKey
    ? page.locator(`[data-row-key="${unitRowKey}"]`)
    : page.locator('[data-row-key]').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${UNIT}\\b`) }) })
  ).locator(`[data-date="${date}"]`);

test('close three nights and price them; the owner sees it live and read-only', async ({ page, browser }) => {
  const monday = futureMonday();
  const nights = [monday, plusDays(monday, 1), plusDays(monday, 2)];

  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await openCalendar(owner, 'owner', monday);
  await expect(cell(owner, monday)).toBeVisible();
  unitRowKey = await owner.locator('[data-row-key]').filter({ has: owner.getByRole('rowheader', { name: new RegExp(`^${UNIT}\\b`) }) }).getAttribute('data-row-key');
  expect(unitRowKey).toBeTruthy();
  await expect(owner.getByText("You can look at this calendar; changes are made by the property's managers.")).toBeVisible();

  await openCalendar(page, 'member', monday);
  // Drag across three nights.
  await cell(page, nights[0]).hover();
  await page.mouse.down();
  await cell(page, nights[2]).hover();
  await page.mouse.up();
  const bar = page.getByTestId('selection-bar');
  await expect(bar).toContainText(`${UNIT}: ${nights[0]} – ${plusDays(monday, 3)} (3 nights)`);
  await expect(bar.getByRole('link', { name: 'New booking' })).toHaveAttribute('href', new RegExp(`/bookings/new\\?unit=[0-9a-f-]+&arrival=${nights[0]}&departure=${plusDays(monday, 3)}`));
  await bar.getByRole('button', { name: 'Close', exact: true }).click();
  for (const night of nights) await expect(cell(page, night)).toHaveAttribute('data-closed', 'true');

  // The owner's calendar follows without a reload.
  for (const night of nights) await expect(cell(owner, night)).toHaveAttribute('data-closed', 'true', { timeout: 5000 });

  // Keyboard: the first night, Shift+Right extends to two; price them.
  await cell(page, nights[0]).click();
  await page.keyboard.press('Shift+ArrowRight');
  await expect(bar).toContainText('(2 nights)');
  await bar.getByRole('button', { name: 'Set price' }).click();
  const dialog = page.getByRole('dialog', { name: 'Price per night' });
  await dialog.getByLabel('Price (EUR)').fill('-5');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Enter an amount such as 85 or 85.50')).toBeVisible();
  await dialog.getByLabel('Price (EUR)').fill('123');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(cell(page, nights[0])).toContainText('123');
  await expect(cell(page, nights[1])).toContainText('123');
  await expect(cell(owner, nights[1])).toContainText('123', { timeout: 5000 });

  // The owner selects nights too, but gets nothing to change them with.
  await cell(owner, nights[0]).click();
  await expect(owner.getByTestId('selection-bar')).toBeVisible();
  await expect(owner.getByTestId('selection-bar').getByRole('button', { name: 'Close', exact: true })).toHaveCount(0);
  await expect(owner.getByTestId('selection-bar').getByRole('button', { name: 'Set price' })).toHaveCount(0);

  await page.reload();
  // A reload restores the session first, then opens the window's subscription.
  await expect(cell(page, nights[0])).toHaveAttribute('data-closed', 'true', { timeout: 20_000 });
  for (const night of nights.slice(1)) await expect(cell(page, night)).toHaveAttribute('data-closed', 'true');
  await ownerContext.close();
});
