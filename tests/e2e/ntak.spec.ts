// The NTAK dashboard as a member sees it: the queue counts, the daily close per day, a submission
// NTAK rejected with the registry's message and the field to fix (linked to where it is edited),
// and a re-send that runs the delivery again (this e2e backend has no NTAK endpoint configured, so
// the new outcome is "blocked" with that reason; delivery to the NTAK double is covered by the
// integration tests in backend/doubles).
import crypto from 'node:crypto';
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, SignInPage, demoEmail } from './pages/SignInPage';

const BACKEND = `http://localhost:${process.env.E2E_BACKEND_PORT ?? 1437}`;
const STUDIO = '30000000-0000-4000-a000-000000000004';

test('shows the NTAK queue, a rejected submission with the field to fix, and re-sends it', async ({ page, request }) => {
  // No role inserts submissions (the queue does): the rejected one is put in place with the admin secret.
  const id = crypto.randomUUID();
  const res = await request.post(`${BACKEND}/v1/graphql`, {
    headers: { 'x-hasura-admin-secret': 'nhost-admin-secret' },
    data: {
      query: `mutation ($s: registry_submissions_insert_input!) { insert_registry_submissions_one(object: $s) { id } }`,
      variables: {
        s: {
          id, accommodation_id: STUDIO, service: 'ntak', message_type: 'reservation', status: 'error', attempts: 1, event_key: `e2e:${id}`,
          reason: 'rejected: header.szallashelySzolgaltatoAdoszam: the tax number is not registered for this accommodation',
          field_errors: [{ path: 'header.szallashelySzolgaltatoAdoszam', code: 'unknown', message: 'the tax number is not registered for this accommodation', fix: { table: 'accommodations', id: STUDIO, column: 'tax_id' } }],
        },
      },
    },
  });
  expect(((await res.json()) as { errors?: unknown }).errors).toBeUndefined();

  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.signInWithPassword(demoEmail('member'), DEMO_PASSWORD);
  await expect(page.getByTestId('current-role')).toBeVisible();
  await page.goto(`/ntak?accommodation=${STUDIO}`);
  await expect(page.getByRole('heading', { name: 'NTAK reporting' })).toBeVisible();
  await expect(page.getByTestId('registry-count-failed')).not.toContainText(/^0/);
  await expect(page.getByTestId('daily-close-day')).toHaveCount(14);

  const row = page.locator(`[data-id="${id}"]`);
  await expect(row).toHaveAttribute('data-status', 'error');
  await expect(row.getByTestId('registry-reason')).toHaveText('rejected: header.szallashelySzolgaltatoAdoszam: the tax number is not registered for this accommodation');
  await expect(row.getByTestId('registry-field-error')).toContainText('Fix the field Tax number: the tax number is not registered for this accommodation');
  await expect(row.getByRole('link', { name: 'Open to fix' })).toHaveAttribute('href', `/accommodations/${STUDIO}`);

  await row.getByRole('button', { name: 'Re-send' }).click();
  await expect(row).toHaveAttribute('data-status', 'blocked');
  await expect(row).toContainText('The NTAK or VIZA address is not configured on the server.');
  await expect(row).toContainText('Attempts: 2');
});
