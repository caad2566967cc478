// NTAK and VIZA end to end: the e2e backend runs with the local NTAK and VIZA doubles (mutual TLS,
// signed messages, field-by-field checks; scripts/e2e-backend.ts) and their NTAK portal, which
// issues certificates for a CSR. A member makes the key and CSR on the accommodation's NTAK tab,
// the portal issues the certificate, the member uploads it; a booking then flows through the
// reservation (rejected for a bad field, fixed on the booking, re-sent), the guest's own check-in
// on the journey, the check-out and the daily close, each visible on the /ntak dashboard. An
// expired certificate blocks sending with a clear warning. Two rejected fields: the booker's
// country of a booking stored before the country check (`UK`, scripts/e2e-backend.ts: the database
// refuses such a code today, so only an older row can still carry one), caught by the sender's own
// check; and a guest's Hungarian postcode that does not exist (1999), which the app does not
// pre-check: NTAK's double refuses it, the dashboard links to the guest's check-in on the booking
// with the field marked, reception corrects it and the save re-sends it, accepted once.
import fs from 'node:fs';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { addDays } from '../../src/domain/dates';
import { E2E_BACKEND_PORT, E2E_LEGACY_BOOKING, E2E_REGISTRY_FILE } from '../../scripts/e2e-web';
import { signInAs } from './pages/session';

// Every step waits on the registry round trip (queue, signing, mutual TLS, the double) or a page
// reload: 30 s per look, so a loaded machine slows the run instead of failing it.
const expect = baseExpect.configure({ timeout: 30_000 });
const BACKEND = `http://localhost:${E2E_BACKEND_PORT}`;
/** The local NTAK portal of this run (its port is any free one: scripts/e2e-backend.ts writes it). */
const portal = () => (JSON.parse(fs.readFileSync(E2E_REGISTRY_FILE, 'utf8')) as { portal: string }).portal;
const STUDIO = '30000000-0000-4000-a000-000000000004'; // Palace Quarter Studio, NTAK id MA230043

async function admin<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await fetch(`${BACKEND}/v1/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-hasura-admin-secret': 'nhost-admin-secret' }, body: JSON.stringify({ query, variables }) });
  const body = (await res.json()) as { data: T; errors?: { message: string }[] };
  if (body.errors?.length) throw new Error(body.errors[0].message);
  return body.data;
}

interface Submission {
  id: string;
  service: string;
  message_type: string;
  status: string;
  report_date: string | null;
}

/** The submissions matching `where`, oldest first (to find the row the dashboard shows). */
async function submissions(where: Record<string, unknown>): Promise<Submission[]> {
  const d = await admin<{ registry_submissions: Submission[] }>(`query ($w: registry_submissions_bool_exp!) { registry_submissions(where: $w, order_by: {created_at: asc}) { id service message_type status report_date } }`, { w: where });
  return d.registry_submissions;
}

async function waitForSubmission(where: Record<string, unknown>): Promise<Submission> {
  let found: Submission | undefined;
  await expect.poll(async () => (found = (await submissions(where))[0])?.id ?? null, { timeout: 30_000 }).not.toBeNull();
  return found as Submission;
}

/** Makes a key and CSR on the NTAK tab (the CSR downloads), has the portal issue a certificate, uploads it. */
async function installCertificate(page: Page, accommodationId: string, ntakId: string, lifetime: { validDays?: number; startedDaysAgo?: number } = {}) {
  await page.goto(`/accommodations/${accommodationId}?tab=ntak`);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Generate key and CSR' }).click();
  const csr = fs.readFileSync((await (await download).path()) ?? '', 'utf8');
  expect(csr).toContain('BEGIN CERTIFICATE REQUEST');
  await expect(page.getByRole('button', { name: 'Download CSR' })).toBeVisible({ timeout: 30_000 });
  const issued = await fetch(`${portal()}/issue`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ csr, ntakId, name: `Staydesk ${ntakId}`, ...lifetime }) });
  expect(issued.status).toBe(200);
  const certificate = Buffer.from(await issued.text());
  const uploaded = page.waitForResponse((r) => r.url().includes('/v1/functions/ntak/certificate') && (r.request().postData() ?? '').includes('"upload"'));
  await page.locator('input[type="file"][aria-label="Upload certificate"]').setInputFiles({ name: `ntak-${ntakId}.cer`, mimeType: 'application/x-pem-file', buffer: certificate });
  expect((await uploaded).status()).toBe(200);
  // The tab reloads the accommodation after the upload (slow on a loaded machine).
  await expect(page.getByTestId('ntak-certificate')).toContainText(ntakId, { timeout: 30_000 });
  await expect(page.getByTestId('ntak-certificate')).toContainText('Expires on');
}

/**
 * An accommodation of its own for the certificate's expiry (a fresh NTAK id, the second demo owner,
 * no property manager): its warning banner shows to admins and members only, never on the screens
 * other specs check as the demo property manager or owner while this one runs beside them.
 */
async function newAccommodation(): Promise<{ id: string; name: string; ntakId: string }> {
  const tag = String(Math.floor(Math.random() * 1e6)).padStart(6, '0');
  const name = `Rumbach Flats ${tag}`;
  const ntakId = `MA${tag}`;
  const { insert_accommodations_one: row } = await admin<{ insert_accommodations_one: { id: string } }>(`mutation($o: accommodations_insert_input!) { insert_accommodations_one(object: $o) { id } }`, {
    o: { name, owner_id: '10000000-0000-4000-a000-000000000002', owner_name: 'Nagy Péter', tax_id: '87654321-1-42', zip: '1075', district: 7, address: 'Rumbach Sebestyén utca 9.', ntak_id: ntakId, ntak_name: `Rumbach ${tag}` },
  });
  return { id: row.id, name, ntakId };
}

async function newBooking(accommodationId: string, checkin: string, customerCountry: string) {
  const tag = Math.random().toString(36).slice(2, 8);
  const { insert_units_one: unit } = await admin<{ insert_units_one: { id: string } }>(`mutation($o: units_insert_input!) { insert_units_one(object: $o) { id } }`, { o: { accommodation_id: accommodationId, name: `NTAK ${tag}`, category: 'APARTMAN', double_beds: 1, occ_adults: 2 } });
  const { insert_bookings_one: booking } = await admin<{ insert_bookings_one: { id: string; journey_id: string } }>(
    `mutation($o: bookings_insert_input!) { insert_bookings_one(object: $o) { id journey_id } }`,
    { o: { accommodation_id: accommodationId, customer_name: 'Lena Fischer', customer_email: `lena.${tag}@example.test`, customer_country: customerCountry, channel: 'direct', checkin, checkout: addDays(checkin, 2), adults: 1, currency: 'HUF', accommodation_fee: 64000, booked_units: { data: [{ unit_id: unit.id, adults: 1 }] } } },
  );
  return booking;
}

async function signInAsMember(page: Page) {
  // One handler for the whole test: replacing a key asks first (the first key does not).
  page.on('dialog', (d) => void d.accept());
  await signInAs(page.context(), 'member');
}

/** The /ntak dashboard of one accommodation (NTAK submissions; VIZA's are on /viza). */
const ntakFor = (accommodationId: string) => `/ntak?accommodation=${accommodationId}`;

/**
 * A submission's row on a dashboard page with the status. The queue's own record is asked first
 * (a small query every 250-1,000 ms), then the page is loaded once: the dashboard is not live, and
 * reloading it until the row changed cost a full page load (session, queries, render) per look.
 */
async function expectRow(page: Page, dashboard: string, id: string, status: string, timeout = 90_000) {
  await expect.poll(async () => (await submissions({ id: { _eq: id } }))[0]?.status ?? null, { timeout, intervals: [250, 500, 1_000] }).toBe(status);
  await page.goto(dashboard);
  const row = page.locator(`[data-id="${id}"]`);
  await expect(row).toHaveAttribute('data-status', status);
  return row;
}

test('a booking flows through reservation (a rejected field fixed and re-sent), the guest check-in (refused by NTAK, corrected, re-sent), check-out and the daily close', async ({ page }) => {
  test.setTimeout(420_000);
  await signInAsMember(page);
  await installCertificate(page, STUDIO, 'MA230043');

  // A booking stored before the country check names its booker's country `UK`: its reservation,
  // held back until the certificate came, is refused with the field to fix.
  const legacy = await waitForSubmission({ booking_id: { _eq: E2E_LEGACY_BOOKING }, message_type: { _eq: 'reservation' } });
  // Re-queued and sent by the upload itself, not a minute later by the tick.
  const rejected = await expectRow(page, ntakFor(STUDIO), legacy.id, 'error', 15_000);
  await expect(rejected.getByTestId('registry-field-error')).toContainText("Fix the field Booker's country");
  await expect(rejected.getByRole('link', { name: 'Open to fix' })).toHaveAttribute('href', `/bookings/${E2E_LEGACY_BOOKING}`);

  // Fixed where the link leads, then re-sent from the dashboard: accepted.
  await rejected.getByRole('link', { name: 'Open to fix' }).click();
  await expect(page).toHaveURL(new RegExp(`/bookings/${E2E_LEGACY_BOOKING}`));
  const country = page.getByLabel('Country (two letters, e.g. HU)', { exact: true });
  // The form refuses another code NTAK does not know, with its message.
  await country.fill('XX');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('A two-letter country code NTAK knows, e.g. HU or GB (the United Kingdom is GB)')).toBeVisible();
  await country.fill('GB');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('A two-letter country code NTAK knows')).toBeHidden();
  await page.reload();
  await expect(page.getByLabel('Country (two letters, e.g. HU)', { exact: true })).toHaveValue('GB');
  const row = await expectRow(page, ntakFor(STUDIO), legacy.id, 'error');
  await row.getByRole('button', { name: 'Re-send' }).click();
  await expect(row).toHaveAttribute('data-status', 'success');

  // A new booking flows through: its reservation is accepted at once.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Budapest' }).format(new Date());
  // Arriving today just after midnight: a departure can be recorded only after the arrival.
  const booking = await newBooking(STUDIO, today, 'AT');
  const reservation = await waitForSubmission({ booking_id: { _eq: booking.id }, message_type: { _eq: 'reservation' } });
  await expectRow(page, ntakFor(STUDIO), reservation.id, 'success');

  // The guest checks in on the journey; NTAK (anonymised) and VIZA get the check-in.
  await page.goto(`/journey/${booking.journey_id}`);
  await page.getByRole('link', { name: /Guest check-in/ }).click();
  await page.getByLabel('Last name *', { exact: true }).fill('Fischer');
  await page.getByLabel('First name *', { exact: true }).fill('Lena');
  await page.getByLabel("Mother's last name *", { exact: true }).fill('Wagner');
  await page.getByLabel("Mother's first name *", { exact: true }).fill('Maria');
  await page.getByLabel('Date of birth *', { exact: true }).fill('1988-06-21');
  await page.getByLabel('Place of birth *', { exact: true }).fill('Wien');
  await page.getByLabel('Gender *', { exact: true }).selectOption('female');
  await page.getByLabel('Nationality *', { exact: true }).selectOption('AT');
  // She lives in Budapest, but the postcode she typed names no Budapest district.
  await page.getByLabel('Country *', { exact: true }).selectOption('HU');
  await page.getByLabel('Postcode', { exact: true }).fill('1999');
  await page.getByLabel('Document type *', { exact: true }).selectOption('id_card');
  await page.getByLabel('Document number *', { exact: true }).fill('C01X00T47');
  await page.getByLabel('Arrival time *', { exact: true }).fill('00:01');
  await page.getByRole('button', { name: 'Check in this guest' }).click();
  await expect(page.getByText('Every guest of this booking is checked in. Thank you!')).toBeVisible();
  const checkIn = await waitForSubmission({ booking_id: { _eq: booking.id }, message_type: { _eq: 'check_in' }, service: { _eq: 'ntak' } });
  const vizaIn = await waitForSubmission({ booking_id: { _eq: booking.id }, message_type: { _eq: 'check_in' }, service: { _eq: 'viza' } });
  await expectRow(page, '/viza', vizaIn.id, 'success');

  // NTAK itself refuses the postcode (the sender's check lets 1999 through): the answer names the
  // field, and the link opens the guest's check-in on the booking with that field marked.
  const refused = await expectRow(page, ntakFor(STUDIO), checkIn.id, 'error');
  await expect(refused.getByTestId('registry-reason')).toContainText('rejected: guests[0].residencePostCode: 1999 is not a Hungarian postcode');
  await expect(refused.getByTestId('registry-field-error')).toContainText('Fix the field Postcode of residence');
  await refused.getByRole('link', { name: 'Open to fix' }).click();
  await expect(page).toHaveURL(new RegExp(`/bookings/${booking.id}\\?section=guests&guest=[0-9a-f-]+&field=zip`));
  const correction = page.getByRole('form', { name: 'Correct the check-in' });
  const postcode = correction.getByLabel('Postcode', { exact: true });
  await expect(postcode).toBeFocused();
  await expect(postcode).toHaveAttribute('aria-invalid', 'true');
  await expect(correction.getByText('NTAK or VIZA refused this field: correct it from the document.')).toBeVisible();
  await expect(page.getByTestId('checked-in-guest').filter({ hasText: 'Lena Fischer' }).getByTestId('registry-refused')).toHaveText('Refused by NTAK');
  await postcode.fill('1051');
  await correction.getByRole('button', { name: 'Save and re-send' }).click();
  await expect(page.getByText('The check-in of Lena Fischer is corrected and the registry accepted it.')).toBeVisible();
  await expect(page.getByTestId('registry-refused')).toHaveCount(0);
  // Green on the dashboard: the same submission, accepted; the correction queued no second check-in.
  await expectRow(page, ntakFor(STUDIO), checkIn.id, 'success');
  expect((await submissions({ booking_id: { _eq: booking.id }, message_type: { _eq: 'check_in' } })).map((s) => `${s.service}:${s.status}`).sort()).toEqual(['ntak:success', 'viza:success']);

  // Reception records the departure on the booking page; NTAK and VIZA get the check-out.
  await page.goto(`/bookings/${booking.id}?section=guests`);
  const guestRow = page.getByTestId('checked-in-guest').filter({ hasText: 'Lena Fischer' });
  await guestRow.getByRole('button', { name: 'Record check-out' }).click();
  await expect(page.getByText('Lena Fischer is checked out: the check-out goes to NTAK and VIZA.')).toBeVisible();
  await expect(guestRow.getByTestId('checked-out')).toBeVisible();
  const checkOut = await waitForSubmission({ booking_id: { _eq: booking.id }, message_type: { _eq: 'check_out' }, service: { _eq: 'ntak' } });
  await expectRow(page, ntakFor(STUDIO), checkOut.id, 'success');

  // The daily close: the cron asks NTAK's scheduler which days to close and closes each.
  const cron = await fetch(`${BACKEND}/v1/functions/ntak/daily-close`, { method: 'POST', headers: { 'content-type': 'application/json', 'nhost-webhook-secret': 'nhost-webhook-secret' }, body: '{}' });
  expect(cron.status).toBe(200);
  // Every day NTAK asked for is sent; a day whose nights belong to demo bookings NTAK never received
  // is refused (as NTAK would), the others are closed and show so on the dashboard.
  let closes: Submission[] = [];
  await expect.poll(async () => {
    closes = await submissions({ accommodation_id: { _eq: STUDIO }, message_type: { _eq: 'daily_close' } });
    return closes.length > 0 && closes.every((c) => c.status !== 'pending');
  }, { timeout: 60_000 }).toBe(true);
  const closed = closes.filter((c) => c.status === 'success').pop();
  expect(closed, JSON.stringify(closes)).toBeDefined();
  // The closes only (a week of them and the day's other messages exceed one page).
  await expectRow(page, `${ntakFor(STUDIO)}&type=daily_close`, closed?.id ?? '', 'success');
  await expect(page.locator(`[data-testid="daily-close-day"][data-day="${closed?.report_date}"]`)).toHaveAttribute('data-state', 'closed');
});

test('a certificate close to expiry is warned about; an expired one blocks sending with a clear warning', async ({ page }) => {
  test.setTimeout(360_000);
  const acc = await newAccommodation();
  await signInAsMember(page);
  // 30 days ahead the tab warns (a task is made too: backend/doubles/daily-close.integration.test.ts).
  await installCertificate(page, acc.id, acc.ntakId, { validDays: 20 });
  await expect(page.getByText(/The NTAK certificate expires in (19|20) days: renew it\./)).toBeVisible({ timeout: 30_000 });
  // The warning follows the member to every page, with the way to renew.
  await page.goto('/bookings');
  const banner = page.getByTestId('ntak-certificate-banner');
  await expect(banner).toContainText(new RegExp(`The NTAK certificate of ${acc.name} expires in (19|20) days\\.`), { timeout: 30_000 });
  await expect(banner.getByRole('link', { name: 'Renew it on the NTAK tab' })).toHaveAttribute('href', `/accommodations/${acc.id}?tab=ntak`);
  await installCertificate(page, acc.id, acc.ntakId, { validDays: 30, startedDaysAgo: 40 });
  await expect(page.getByText('The NTAK certificate has expired: nothing is sent to NTAK or VIZA until a new one is uploaded.')).toBeVisible({ timeout: 30_000 });

  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Budapest' }).format(new Date());
  const booking = await newBooking(acc.id, addDays(today, 20), 'DE');
  const reservation = await waitForSubmission({ booking_id: { _eq: booking.id }, message_type: { _eq: 'reservation' } });
  const row = await expectRow(page, ntakFor(acc.id), reservation.id, 'blocked');
  await expect(row).toContainText('The certificate has expired; upload a new one.');

  // A renewed certificate sends what waited for it, and the warning is gone.
  await installCertificate(page, acc.id, acc.ntakId);
  // Sent by the upload itself, not a minute later by the tick.
  await expectRow(page, ntakFor(acc.id), reservation.id, 'success', 15_000);
  await expect(page.getByTestId('ntak-certificate-banner')).toHaveCount(0);
});
