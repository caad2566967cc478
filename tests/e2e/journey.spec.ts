// The guest journey on a phone (390 px): a guest opens the link of a booking arriving in two days,
// checks in two guests (the first by photographing a generated passport: the MRZ is read on the
// server and fills the form), gives invoice details and orders an airport transfer; then the
// property manager sees all of it in the booking editor's "Guests & check-in" section.
import { expect, test } from '@playwright/test';
import { composeMrz } from '../../src/domain/mrz/compose';
import { addDays } from '../../src/domain/dates';
import { renderDocumentPhoto } from '../../scripts/mrz/render';
import { signInAs } from './pages/session';

const BACKEND = `http://localhost:${process.env.E2E_BACKEND_PORT ?? 1437}`;
const VACI_LOFT = '30000000-0000-4000-a000-000000000001';

async function admin<T>(query: string, variables: Record<string, unknown>): Promise<T> {
  const res = await fetch(`${BACKEND}/v1/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-hasura-admin-secret': 'nhost-admin-secret' }, body: JSON.stringify({ query, variables }) });
  const body = (await res.json()) as { data: T; errors?: { message: string }[] };
  if (body.errors?.length) throw new Error(body.errors[0].message);
  return body.data;
}

/** A new unit of the Váci Loft (managed by manager@) with a booking for two arriving in two days. */
async function makeBooking() {
  const tag = Math.random().toString(36).slice(2, 8);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Budapest' }).format(new Date());
  const checkin = addDays(today, 2);
  const { insert_units_one: unit } = await admin<{ insert_units_one: { id: string } }>(`mutation($o: units_insert_input!) { insert_units_one(object: $o) { id } }`, { o: { accommodation_id: VACI_LOFT, name: `Journey ${tag}`, occ_adults: 2 } });
  // The demo fact sheet's Wi-Fi key is readable by everyone: guests see it once checked in.
  await admin(`mutation($o: unit_keys_insert_input!) { insert_unit_keys_one(object: $o) { key_id } }`, { o: { key_id: '70000000-0000-4000-a000-000000000002', unit_id: unit.id, value: 'VaciLoft-Guest / danube2026' } });
  const { insert_bookings_one: booking } = await admin<{ insert_bookings_one: { id: string; journey_id: string } }>(
    `mutation($o: bookings_insert_input!) { insert_bookings_one(object: $o) { id journey_id } }`,
    { o: { accommodation_id: VACI_LOFT, customer_name: 'Anna Kovacs', customer_email: `anna.${tag}@example.test`, channel: 'direct', checkin, checkout: addDays(checkin, 3), adults: 2, booked_units: { data: [{ unit_id: unit.id, adults: 2 }] } } },
  );
  return { ...booking, checkin, checkout: addDays(checkin, 3) };
}

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('a guest checks in two guests (one by scanning a passport), asks for an invoice and orders a transfer; staff see it on the booking', async ({ page }) => {
  test.setTimeout(180_000);
  const booking = await makeBooking();
  const passport = composeMrz({ kind: 'passport', issuingCountry: 'HU', nationality: 'HU', lastName: 'Kovács', firstName: 'Anna Mária', documentNumber: 'BA1234567', birthDate: '1985-04-12', expiryDate: '2031-05-01', sex: 'female' });
  const photo = await renderDocumentPhoto(passport, 'photo', 1001);

  const opened = await page.goto(`/journey/${booking.journey_id}`);
  // Server-rendered: the first HTML already holds the stay (no spinner, script and request first),
  // and the personal page is kept out of shared caches and Referer headers.
  const html = (await opened?.text()) ?? '';
  expect(html).toContain('Váci utca 34., 1052 Budapest');
  expect(html).toContain('Anna Kovacs');
  expect(opened?.headers()['cache-control']).toBe('private, no-store');
  expect(opened?.headers()['referrer-policy']).toBe('no-referrer');
  await expect(page.getByRole('heading', { name: 'Váci Loft', level: 1 })).toBeVisible();
  await expect(page.getByText('Váci utca 34., 1052 Budapest')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get directions' })).toHaveAttribute('href', /google\.com\/maps\/dir/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

  // Guest 1: the passport photo fills the form; the guest adds what an MRZ does not hold.
  await page.getByRole('link', { name: /Guest check-in/ }).click();
  await expect(page).toHaveURL(new RegExp(`/journey/${booking.journey_id}/checkin$`));
  await page.getByLabel('Scan a passport or ID card (JPG or PNG)', { exact: true }).setInputFiles({ name: 'passport.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(page.getByText('We read your document. Please check every field, then send.')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByLabel('Last name *', { exact: true })).toHaveValue('Kovacs');
  await expect(page.getByLabel('First name *', { exact: true })).toHaveValue('Anna Maria');
  await expect(page.getByLabel('Document number *', { exact: true })).toHaveValue('BA1234567');
  await expect(page.getByLabel('Date of birth *', { exact: true })).toHaveValue('1985-04-12');
  await page.getByLabel('Last name *', { exact: true }).fill('Kovács');
  await page.getByLabel("Mother's last name *", { exact: true }).fill('Tóth');
  await page.getByLabel("Mother's first name *", { exact: true }).fill('Mária');
  await page.getByLabel('Place of birth *', { exact: true }).fill('Debrecen');
  await page.getByRole('button', { name: 'Check in this guest' }).click();
  await expect(page.getByText('Anna Maria Kovács is checked in.')).toBeVisible();

  // Guest 2, typed in. A name with markup is refused on the spot.
  await page.getByLabel('Last name *', { exact: true }).fill('Kovács<script>');
  await page.getByLabel('First name *', { exact: true }).fill('Péter');
  await page.getByRole('button', { name: 'Check in this guest' }).click();
  await expect(page.getByText('Use only letters')).toBeVisible();
  await page.getByLabel('Last name *', { exact: true }).fill('Kovács');
  await page.getByLabel("Mother's last name *", { exact: true }).fill('Szabó');
  await page.getByLabel("Mother's first name *", { exact: true }).fill('Éva');
  await page.getByLabel('Date of birth *', { exact: true }).fill('1983-09-30');
  await page.getByLabel('Place of birth *', { exact: true }).fill('Budapest');
  await page.getByLabel('Gender *', { exact: true }).selectOption('male');
  await page.getByLabel('Nationality *', { exact: true }).selectOption('HU');
  await page.getByLabel('Country *', { exact: true }).selectOption('HU');
  await page.getByLabel('Document type *', { exact: true }).selectOption('id_card');
  await page.getByLabel('Document number *', { exact: true }).fill('123456AB');
  await page.getByRole('button', { name: 'Check in this guest' }).click();
  await expect(page.getByText('Every guest of this booking is checked in. Thank you!')).toBeVisible();

  // Invoice details.
  await page.getByRole('link', { name: '← Back to your stay' }).click();
  await expect(page.getByText('VaciLoft-Guest / danube2026')).toBeVisible();
  await page.getByRole('link', { name: /Invoice details/ }).click();
  await page.getByLabel('Name or company *', { exact: true }).fill('Kovács Kft.');
  await page.getByLabel('Country *', { exact: true }).selectOption('HU');
  await page.getByLabel('Postcode *', { exact: true }).fill('4024');
  await page.getByLabel('City *', { exact: true }).fill('Debrecen');
  await page.getByLabel('Address *', { exact: true }).fill('Piac utca 1.');
  await page.getByLabel('Tax number (optional)', { exact: true }).fill('12345678-2-42');
  await page.getByRole('button', { name: 'Save invoice details' }).click();
  await expect(page.getByText('Your invoice details are saved.')).toBeVisible();

  // Airport transfer to a flight leaving at 13:05 on the check-out day: pickup 3 hours before.
  await page.goto(`/travel/${booking.journey_id}/transfer`);
  await page.getByLabel('E-mail *', { exact: true }).fill('anna@example.test');
  await page.getByLabel('Phone *', { exact: true }).fill('+36 30 123 4567');
  await page.getByLabel('Flight number *', { exact: true }).fill('W6 2201');
  await page.getByLabel('Take-off time *', { exact: true }).fill('13:05');
  await expect(page.getByText(/Pickup: .* at 10:05/)).toBeVisible();
  await page.getByRole('button', { name: 'Order transfer' }).click();
  await expect(page.getByText(/Transfer ordered\. Pickup: .* at 10:05/)).toBeVisible();

  // Staff: the property manager sees the guests, the invoice details and the order on the booking.
  await page.context().clearCookies();
  await signInAs(page.context(), 'manager');
  await page.goto(`/bookings/${booking.id}?section=guests`);
  await expect(page.getByTestId('checked-in-guest')).toHaveCount(2);
  await expect(page.getByTestId('checked-in-guest').first()).toContainText('Anna Maria Kovács');
  await expect(page.getByTestId('checked-in-guest').first()).toContainText('scanned');
  await expect(page.getByTestId('checked-in-guest').nth(1)).toContainText('Péter Kovács');
  await expect(page.getByTestId('invoice-details')).toContainText('Kovács Kft.');
  await expect(page.getByTestId('transfer-order')).toContainText('W62201');
  await expect(page.getByTestId('transfer-order')).toContainText('10:05');
});
