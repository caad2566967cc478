// The accommodation area in Chromium against the real backend with demo data: a property manager
// builds an accommodation (units, rates with a derived one, uniqueness errors, images, tax range
// and preview) and meets the open-editors limit; an owner reads only their own; the list page arrives with
// its heading drawn.
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { signInAs } from './pages/session';
import { expectToastAfter } from './pages/toasts';

/** Opens `next` signed in as the demo user of `role`. */
async function signIn(page: Page, role: string, next = '/accommodations') {
  await signInAs(page.context(), role);
  await page.goto(next);
}

async function choose(page: Page, field: string, option: string) {
  await page.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Runs `save` (a click) and waits for its "Saved" toast. */
async function expectSaved(page: Page, save: () => Promise<unknown>) {
  await expectToastAfter(page, 'Saved', save);
}

function png(r: number, g: number, b: number): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: { r, g, b } } }).png().toBuffer();
}

test("the list's first paint is the page: the server draws its heading, before any script runs", async ({ browser, page, baseURL }) => {
  // What shows before the scripts have loaded and restored the session (a phone's first seconds).
  const served = await browser.newContext({ javaScriptEnabled: false, viewport: page.viewportSize() });
  // A signed-in visitor's stored session (never used: no script runs); without one the server
  // sends the visitor to sign-in (src/middleware.ts).
  await served.addCookies([{ name: 'nhostRefreshToken', value: '11111111-1111-4111-8111-111111111111', url: baseURL! }]);
  const asServed = await served.newPage();
  await asServed.goto(new URL('/hu/accommodations', baseURL).href);
  await expect(asServed.getByRole('heading', { level: 1, name: 'Szálláshelyek' })).toBeVisible();
  await served.close();
});

test('a property manager builds an accommodation with units, rates, images and a tax range', async ({ page }) => {
  // The longest walk of the suite (units, rates, images, taxes, channels, staff).
  test.setTimeout(120_000);
  // A manager may create accommodations; the new one is theirs through created_by_user_id (nhost/metadata).
  await signIn(page, 'manager');
  await expect(page.getByRole('heading', { name: 'Accommodations' })).toBeVisible();
  await page.getByRole('link', { name: 'New accommodation' }).click();

  const name = `Dob utca ${Date.now() % 100000}`;
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('#field-name-helper-text')).toHaveText('Required');
  // Owner, tax id and VAT rate are office staff's to set.
  await expect(page.getByLabel('VAT rate (%)')).toBeDisabled();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('ZIP code').fill('1072');
  await page.getByLabel('Address').fill('Dob utca 8.');
  await expectSaved(page, () => page.getByRole('button', { name: 'Save' }).click());
  await page.waitForURL(/\/accommodations\/[0-9a-f-]{36}\?tab=units/);
  await expect(page.getByRole('heading', { name })).toBeVisible();

  // Two units; a third with a taken name gets the section 8 message on its field.
  for (const unit of ['Apartment 1', 'Apartment 2', 'Apartment 1']) {
    await page.getByRole('button', { name: 'New unit' }).click();
    await page.getByLabel('Unit name').fill(unit);
    await page.getByRole('button', { name: 'Save unit' }).click();
  }
  await expect(page.getByText('Unit name (per accommodation) must be unique')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('table', { name: 'Units' }).getByRole('row')).toHaveCount(3);

  // Three rates, one derived from the standard rate; then the two rate uniqueness rules.
  await page.getByRole('tab', { name: 'Rates' }).click();
  const addRate = async (rate: string, fill: (page: Page) => Promise<void>) => {
    await page.getByRole('button', { name: 'New rate' }).click();
    await page.getByLabel('Rate name').fill(rate);
    await fill(page);
    await page.getByRole('button', { name: 'Save rate' }).click();
  };
  await expectSaved(page, () => addRate('Standard', (p) => p.getByLabel('Price per night').fill('100')));
  await addRate('Family', async (p) => {
    await p.getByLabel('Occupancy').fill('4');
    await p.getByLabel('Price per night').fill('140');
  });
  await expect(page.getByRole('cell', { name: 'Family', exact: true })).toBeVisible();
  await addRate('Non-refundable', async (p) => {
    await choose(p, 'Derived from', 'Standard (2, EUR)');
    await p.getByLabel('Change', { exact: true }).fill('-10');
  });
  const rates = page.getByRole('table', { name: /Rates of Apartment 1/ });
  await expect(rates.getByRole('row', { name: /Non-refundable/ })).toContainText('€90.00');
  await expect(rates.getByRole('row', { name: /Non-refundable/ })).toContainText('Standard -10%');
  await addRate('Standard', async (p) => {
    await p.getByLabel('Occupancy').fill('3');
    await p.getByLabel('Price per night').fill('120');
  });
  await expect(page.getByText('Rate name (per unit) must be unique')).toBeVisible();
  await page.getByLabel('Rate name').fill('Standard again');
  await page.getByLabel('Occupancy').fill('2');
  await page.getByRole('button', { name: 'Save rate' }).click();
  await expect(page.getByText('Cannot have more than one occupancy/currency pairs')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(rates.getByRole('row')).toHaveCount(4);

  // Images: upload two, make the second the cover.
  await page.getByRole('tab', { name: 'Images' }).click();
  await page.locator('#image-upload').setInputFiles([
    { name: 'red.png', mimeType: 'image/png', buffer: await png(200, 30, 30) },
    { name: 'blue.png', mimeType: 'image/png', buffer: await png(30, 30, 200) },
  ]);
  await expect(page.getByRole('img', { name: 'Image 2' })).toBeVisible();
  const gallery = page.getByRole('list', { name: 'Images' }).getByRole('listitem');
  const second = await gallery.nth(1).getAttribute('data-file-id');
  await page.getByRole('button', { name: 'Make image 2 the cover' }).click();
  await expect(gallery.first()).toHaveAttribute('data-file-id', second ?? '');
  await expect(gallery.first()).toContainText('Cover');
  // Drag and drop: the red image dragged onto the cover takes its place; the order is stored.
  const red = await gallery.nth(1).getAttribute('data-file-id');
  await gallery.nth(1).dragTo(gallery.first());
  await expect(gallery.first()).toHaveAttribute('data-file-id', red ?? '');
  await page.reload();
  await expect(gallery).toHaveCount(2);
  await expect(gallery.first()).toHaveAttribute('data-file-id', red ?? '');
  await expect(gallery.nth(1)).toHaveAttribute('data-file-id', second ?? '');
  // The thumbnail is served resized by the storage image transform.
  const thumbnail = await page.getByRole('img', { name: 'Image 1' }).getAttribute('src');
  expect(thumbnail).toContain('w=400');
  const image = await page.request.get(thumbnail ?? '');
  expect(image.ok()).toBe(true);

  // A Budapest-style 4% tax range and the preview for the sample stay (3 nights, 2 adults, 60 000 HUF).
  await page.getByRole('tab', { name: 'Taxes' }).click();
  await page.getByRole('button', { name: 'New tax range' }).click();
  await page.getByLabel('Valid from').fill('2020-01-01');
  await expectSaved(page, () => page.getByRole('button', { name: 'Save tax range' }).click());
  const preview = page.getByTestId('tax-preview-result');
  await expect(preview).toContainText('Tourist tax: HUF 2,400');
  await page.getByLabel('Children (under 18)').fill('1');
  await expect(preview).toContainText('Tourist tax: HUF 1,600');

  // Channels: a Booking.com id on the first unit; the same id on the second is refused on the field.
  await page.getByRole('tab', { name: 'Channels' }).click();
  const bookingId = String(Date.now()).slice(-9);
  await page.getByLabel('Channel id', { exact: true }).fill(bookingId);
  await page.getByLabel('Listing URL (optional)').fill(`https://www.booking.com/hotel/hu/dob-${bookingId}.html`);
  await expectSaved(page, () => page.getByRole('button', { name: 'Add channel id' }).click());
  await expect(page.getByRole('region', { name: 'Apartment 1' }).getByRole('link', { name: `Booking.com ${bookingId}` })).toBeVisible();
  await choose(page, 'Unit', 'Apartment 2');
  await page.getByLabel('Channel id', { exact: true }).fill(bookingId);
  await page.getByRole('button', { name: 'Add channel id' }).click();
  await expect(page.locator('#field-externalId-helper-text')).toHaveText('Channel id (per channel) must be unique');
  await choose(page, 'Channel', 'Expedia');
  await page.getByRole('button', { name: 'Add channel id' }).click();
  await expect(page.getByRole('region', { name: 'Apartment 2' })).toContainText(`Expedia ${bookingId}`);

  // Staff: the manager finds a cleaner by name (names only; they cannot read other users) and
  // connects her to the units; deleting is not theirs, hiding is.
  await page.getByRole('tab', { name: 'Basics' }).click();
  await expect(page.getByText('Only an administrator can delete an accommodation.', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete accommodation' })).toHaveCount(0);
  await page.getByLabel('Cleaners').fill('cec');
  await page.getByRole('option', { name: 'Cecília Cleaner' }).click();
  // Earlier "Saved" toasts may still show: wait for this save's staff mutation itself.
  const staffSaved = page.waitForResponse((response) => response.url().endsWith('/v1/graphql') && (response.request().postData() ?? '').includes('SetUnitStaff'));
  await page.getByRole('button', { name: 'Save' }).click();
  expect((await staffSaved).ok()).toBe(true);
  await page.reload();
  await expect(page.locator('#field-cleanerIds').locator('..').getByText('Cecília Cleaner')).toBeVisible();
});

test('in Hungarian a property manager sees the staff and owner by name and maps a channel id', async ({ page }) => {
  await signIn(page, 'manager', '/hu/accommodations');
  await expect(page.getByRole('heading', { name: 'Szálláshelyek' })).toBeVisible();
  await page.getByRole('link', { name: 'Váci Loft' }).click();
  await expect(page.getByRole('heading', { name: 'Váci Loft' })).toBeVisible();
  // The seeded connections show names, not "unknown": the manager reads staff names and the owner's.
  await expect(page.getByLabel('Tulajdonos', { exact: true })).toHaveValue('Kovács Anna');
  await expect(page.getByLabel('Tulajdonos', { exact: true })).toBeDisabled();
  await expect(page.getByText('Miklós Manager')).toBeVisible();
  await expect(page.getByText('Cecília Cleaner')).toBeVisible();
  await expect(page.getByText('Szálláshelyet csak adminisztrátor törölhet.', { exact: false })).toBeVisible();

  await page.getByRole('tab', { name: 'Csatornák' }).click();
  const id = `HU-${Date.now() % 1000000}`;
  await page.getByLabel('Csatornaazonosító', { exact: true }).fill(id);
  await expectToastAfter(page, 'Mentve', () => page.getByRole('button', { name: 'Azonosító hozzáadása' }).click());
  await expect(page.getByText(`Booking.com ${id}`)).toBeVisible();
  await page.getByLabel('Csatornaazonosító', { exact: true }).fill(id);
  await page.getByRole('button', { name: 'Azonosító hozzáadása' }).click();
  await expect(page.locator('#field-externalId-helper-text')).toHaveText('A csatornaazonosítónak csatornánként egyedinek kell lennie');
  // Leaving the refused form asks first, in Hungarian too.
  const prompts: string[] = [];
  page.once('dialog', (dialog) => {
    prompts.push(dialog.message());
    void dialog.accept();
  });
  await page.getByRole('tab', { name: 'Képek' }).click();
  await expect.poll(() => prompts).toHaveLength(1);
  await expect(page.getByRole('tabpanel', { name: 'Képek' })).toBeVisible();
});

test('in Hungarian a property manager works through the table, the uniqueness rules, the tax preview and the open limit', async ({ page }) => {
  await signIn(page, 'manager', '/hu/accommodations');
  const table = page.getByRole('table', { name: 'Szálláshelyek' });
  await expect(table.getByRole('link', { name: 'Váci Loft' })).toBeVisible();
  // Search, the column chooser (remembered) and the column headers speak Hungarian.
  await page.getByLabel('Keresés').fill('váci');
  await expect(table.getByRole('link')).toHaveText(['Váci Loft']);
  await page.getByRole('button', { name: 'Oszlopok' }).click();
  await page.getByRole('menuitem', { name: 'Irsz.' }).getByRole('checkbox').check();
  await page.keyboard.press('Escape');
  await expect(table.getByRole('columnheader', { name: 'Irsz.' })).toBeVisible();
  await page.reload();
  await expect(table.getByRole('columnheader', { name: 'Irsz.' })).toBeVisible();
  await table.getByRole('link', { name: 'Váci Loft' }).click();
  await expect(page.getByRole('heading', { name: 'Váci Loft' })).toBeVisible();

  // The section 8 uniqueness messages, in Hungarian, on the fields.
  await page.getByRole('tab', { name: 'Egységek' }).click();
  await page.getByRole('button', { name: 'Új egység' }).click();
  await page.getByLabel('Egység neve').fill('Loft A');
  await page.getByRole('button', { name: 'Egység mentése' }).click();
  await expect(page.getByText('Az egység nevének szálláshelyenként egyedinek kell lennie')).toBeVisible();
  await page.getByRole('button', { name: 'Mégse' }).click();
  page.on('dialog', (dialog) => void dialog.accept());
  await page.getByRole('tab', { name: 'Tarifák' }).click();
  await page.getByRole('button', { name: 'Új tarifa' }).click();
  await page.getByLabel('Tarifa neve').fill('Standard');
  await page.getByLabel('Létszám').fill('3');
  await page.getByLabel('Éjszakai ár').fill('120');
  await page.getByRole('button', { name: 'Tarifa mentése' }).click();
  await expect(page.getByText('A tarifa nevének egységenként egyedinek kell lennie')).toBeVisible();
  await page.getByRole('button', { name: 'Mégse' }).click();

  // The seeded 4% range gives a tax preview.
  await page.getByRole('tab', { name: 'Adók' }).click();
  await expect(page.getByTestId('tax-preview-result')).toContainText('Idegenforgalmi adó:');

  // The open-accommodations limit, in Hungarian.
  const fifteen = Array.from({ length: 15 }, (_, i) => `00000000-0000-4000-9000-${String(i).padStart(12, '0')}`);
  await page.evaluate((ids) => window.localStorage.setItem('accommodations-open', JSON.stringify(ids)), fifteen);
  await page.goto('/hu/accommodations/30000000-0000-4000-a000-000000000002');
  await expect(page.getByText('Egyszerre legfeljebb 15 szálláshely lehet megnyitva.', { exact: false })).toBeVisible();
});

test('a property manager can keep at most 15 accommodations open', async ({ page }) => {
  await signIn(page, 'manager');
  const table = page.getByRole('table', { name: 'Accommodations' });
  // The seeded three they manage (plus any they created), never another manager's.
  await expect(table.getByRole('link', { name: 'Váci Loft' })).toBeVisible();
  await expect(table.getByRole('link', { name: 'Andrássy Residence' })).toBeVisible();
  await expect(table.getByRole('link', { name: 'Palace Quarter Studio' })).toHaveCount(0);
  const fifteen = Array.from({ length: 15 }, (_, i) => `00000000-0000-4000-9000-${String(i).padStart(12, '0')}`);
  await page.evaluate((ids) => window.localStorage.setItem('accommodations-open', JSON.stringify(ids)), fifteen);
  await table.getByRole('link', { name: 'Váci Loft' }).click();
  await expect(page.getByText('At most 15 accommodations can be open at once.', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: /^Close / }).first().click();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Váci Loft' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Open accommodations' })).toContainText('15 of 15 open');

  // A manager may change the NTAK fields; leaving with unsaved changes asks first.
  await page.getByRole('tab', { name: 'NTAK' }).click();
  await page.getByLabel('NTAK name').fill('Váci Loft Apartmanok Kft.');
  const prompts: string[] = [];
  page.once('dialog', (dialog) => {
    prompts.push(dialog.message());
    void dialog.dismiss();
  });
  await page.getByRole('link', { name: 'All accommodations' }).click();
  await expect.poll(() => prompts).toEqual(['You have unsaved changes. Leave without saving?']);
  await expect(page).toHaveURL(/tab=ntak/);
  await expectSaved(page, () => page.getByRole('button', { name: 'Save' }).click());
  await page.reload();
  await expect(page.getByLabel('NTAK name')).toHaveValue('Váci Loft Apartmanok Kft.');
  // The basics are the manager's to change too, except the owner and money settings.
  await page.getByRole('tab', { name: 'Basics' }).click();
  await expect(page.getByText('You can view this accommodation but not change it.')).toHaveCount(0);
  await expect(page.getByLabel('Name', { exact: true })).toBeEnabled();
  await expect(page.getByLabel('VAT rate (%)')).toBeDisabled();
});

test('an administrator finds an owner by search, deletes an unused accommodation and learns why a booked one stays', async ({ page }) => {
  await signIn(page, 'admin');
  await page.getByRole('link', { name: 'New accommodation' }).click();
  const name = `Temporary ${Date.now() % 100000}`;
  await page.getByLabel('Name', { exact: true }).fill(name);
  // The owner picker searches the server as one types.
  await page.getByLabel('Owner', { exact: true }).fill('nagy');
  await page.getByRole('option', { name: 'Nagy Péter' }).click();
  await page.getByLabel('ZIP code').fill('1011');
  await page.getByLabel('Address').fill('Fő utca 1.');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(/\/accommodations\/[0-9a-f-]{36}\?tab=units/);
  await page.getByRole('tab', { name: 'Basics' }).click();
  await expect(page.getByLabel('Owner', { exact: true })).toHaveValue('Nagy Péter');
  // Back to the list in the app (its first page was loaded before the new one existed): it is there.
  const table = page.getByRole('table', { name: 'Accommodations' });
  await page.getByRole('navigation', { name: 'Main navigation' }).first().getByRole('link', { name: 'Accommodations', exact: true }).click();
  await expect(table.getByRole('link', { name })).toBeVisible();
  await table.getByRole('link', { name }).click();
  await expect(page.getByText('Only an administrator can delete an accommodation.', { exact: false })).toHaveCount(0);
  page.on('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Delete accommodation' }).click();
  await page.waitForURL((url) => url.pathname === '/accommodations');
  // The list it comes back to has dropped it, before any search.
  await expect(table.getByRole('link', { name: 'Váci Loft' })).toBeVisible();
  await expect(table.getByRole('link', { name })).toHaveCount(0);
  await page.getByLabel('Search').fill(name);
  await expect(table).toContainText('No accommodations match.');
  // One with bookings cannot go (the database restricts); the message says to hide it.
  await page.goto('/accommodations/30000000-0000-4000-a000-000000000001');
  await page.getByRole('button', { name: 'Delete accommodation' }).click();
  await expect(page.getByText('This accommodation has bookings, expenses or registry reports and cannot be deleted.', { exact: false })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Váci Loft' })).toBeVisible();
});

test('an owner sees only their own accommodations, read-only, also in Hungarian', async ({ page }) => {
  await signIn(page, 'owner');
  const table = page.getByRole('table', { name: 'Accommodations' });
  await expect(table.getByRole('link')).toHaveText(['Andrássy Residence', 'Váci Loft', 'Újlipótváros Riverside']);
  await table.getByRole('link', { name: 'Váci Loft' }).click();
  await expect(page.getByText('You can view this accommodation but not change it.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await page.goto('/hu/accommodations');
  await expect(page.getByRole('heading', { name: 'Szálláshelyek' })).toBeVisible();
});
