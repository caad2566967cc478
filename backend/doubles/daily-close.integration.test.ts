// The daily close (napi zárás) and the certificate-expiry reminders on the real embedded backend
// and the local NTAK double (real mutual TLS). The cron function queues one scheduler call per
// accommodation and day; NTAK's answer lists the days not closed (back to when the double first
// saw the accommodation, at most 60) and each becomes its own daily close. Re-runs and redelivered
// events send nothing twice; one rejected day blocks no other. Both cron functions refuse callers
// without the webhook secret.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningBackend } from '../server';
import { startTestBackend } from '../../tests/helpers/backend';
import { fileEnv } from '../../tests/helpers/env';
import { eventsSettled } from '../../tests/helpers/events';
import { budapestDate } from '../../src/domain/ntak';
import { startRegistryDoubles, type RegistryDoubles } from './server';

let backend: RunningBackend;
let doubles: RegistryDoubles;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'staydesk-close-'));
const ADMIN = 'daily-close-test-admin-secret';
const HOOK = 'daily-close-test-webhook-secret';
const KEY = crypto.randomBytes(32).toString('hex');
const USER = crypto.randomUUID();
const ids = { owner: crypto.randomUUID(), acc: crypto.randomUUID(), unit: crypto.randomUUID(), unit2: crypto.randomUUID(), booking: crypto.randomUUID(), bu: crypto.randomUUID(), skip: crypto.randomUUID(), certAcc: crypto.randomUUID(), certUnit: crypto.randomUUID() };
const dayOffset = (n: number) => budapestDate(new Date(Date.now() + n * 86_400_000));
const today = budapestDate(new Date());
const BACK = 5;

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

async function gql(query: string, variables: Record<string, unknown> = {}, role?: string): Promise<{ data?: Json; errors?: { message: string }[] }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (role) headers.authorization = `Bearer ${await token(role)}`;
  else headers['x-hasura-admin-secret'] = ADMIN;
  const res = await fetch(`${backend.url}/v1/graphql`, { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
  return (await res.json()) as { data?: Json; errors?: { message: string }[] };
}

function token(role: string): Promise<string> {
  return backend.ctx.jwt.sign({ 'https://hasura.io/jwt/claims': { 'x-hasura-allowed-roles': [role], 'x-hasura-default-role': role, 'x-hasura-user-id': USER, 'x-hasura-user-is-anonymous': 'false' }, sub: USER }, 900);
}

async function call(fn: string, body: unknown, headers: Record<string, string>) {
  const res = await fetch(`${backend.url}/v1/functions/${fn}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json().catch(() => null)) as Json };
}
const cron = (fn: string) => call(fn, { id: crypto.randomUUID(), name: fn, scheduled_time: new Date().toISOString(), payload: {}, comment: null }, { 'nhost-webhook-secret': HOOK });

async function waitFor<T>(fn: () => Promise<T | null | undefined | false>, ms = 40_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function rows(where: Record<string, unknown>): Promise<Json[]> {
  const d = await gql(`query ($w: registry_submissions_bool_exp!) { registry_submissions(where: $w, order_by: [{report_date: asc}, {created_at: asc}]) { id message_type status report_date reason attempts response event_key } }`, { w: where });
  return d.data.registry_submissions;
}

async function certify(accommodationId: string, name: string, ntakId: string) {
  const gen = await call('ntak/certificate', { action: 'generate', accommodationId }, { authorization: `Bearer ${await token('member')}` });
  expect(gen.status).toBe(200);
  const cert = await doubles.issueCertificate(gen.body.csr, { accommodationName: name, reportingId: ntakId });
  const up = await call('ntak/certificate', { action: 'upload', accommodationId, certificate: cert }, { authorization: `Bearer ${await token('member')}` });
  expect(up.status).toBe(200);
}

const env = fileEnv();
beforeAll(async () => {
  doubles = await startRegistryDoubles({ dataDir: path.join(dir, 'ca'), schedulerSince: dayOffset(-BACK) });
  env.set({
    NTAK_ENDPOINT: doubles.ntakUrl, VIZA_ENDPOINT: doubles.vizaUrl, NTAK_CA_PEM: doubles.caPem, VIZA_CA_PEM: doubles.caPem,
    NTAK_RSA_BITS: '2048', REGISTRY_KEY_ENCRYPTION_KEY: KEY, REGISTRY_RETRY_BASE_SECONDS: '1', NTAK_DAILY_CLOSE_HOUR: '0', NHOST_WEBHOOK_SECRET: HOOK,
  });
  backend = await startTestBackend({ env: { NHOST_ADMIN_SECRET: ADMIN, NHOST_WEBHOOK_SECRET: HOOK } });
  const r = await gql(
    `mutation ($o: owners_insert_input!, $a: [accommodations_insert_input!]!, $u: [units_insert_input!]!) {
      insert_owners_one(object: $o) { id } insert_accommodations(objects: $a) { affected_rows } insert_units(objects: $u) { affected_rows } }`,
    {
      o: { id: ids.owner, name: 'Close Kft.' },
      a: [
        { id: ids.acc, owner_id: ids.owner, name: 'Close Loft', ntak_id: 'CL12CD34', ntak_name: 'Close Loft', tax_id: '12345678-1-42', zip: '1061', address: 'Király utca 1', vat_rate: 18 },
        { id: ids.skip, owner_id: ids.owner, name: 'Skipped Flat', ntak_id: 'SK12CD34', tax_id: '12345678-1-42', zip: '1061', address: 'Király utca 2', skip_ntak: true },
        { id: ids.certAcc, owner_id: ids.owner, name: 'Cert Flat', ntak_id: 'CE12CD34', tax_id: '12345678-1-42', zip: '1061', address: 'Király utca 3' },
      ],
      u: [
        { id: ids.unit, accommodation_id: ids.acc, name: 'C1', category: 'APARTMAN', single_beds: 0, double_beds: 1, occ_adults: 2, position: 1 },
        { id: ids.unit2, accommodation_id: ids.acc, name: 'C2', category: 'STUDIO', single_beds: 1, double_beds: 0, occ_adults: 1, position: 2 },
        { id: ids.certUnit, accommodation_id: ids.certAcc, name: 'E1', category: 'APARTMAN', single_beds: 1, double_beds: 0, occ_adults: 1, position: 1 },
      ],
    },
  );
  expect(r.errors).toBeUndefined();
  await certify(ids.acc, 'Close Loft', 'CL12CD34');
  await certify(ids.skip, 'Skipped Flat', 'SK12CD34');
  // A stay over the last nights, so the closes carry unit-nights of a reservation NTAK knows.
  const b = await gql(`mutation ($b: bookings_insert_input!) { insert_bookings_one(object: $b) { id } }`, {
    b: { id: ids.booking, accommodation_id: ids.acc, customer_name: 'Kiss Péter', customer_country: 'HU', channel: 'direct', checkin: dayOffset(-3), checkout: dayOffset(1), adults: 2, currency: 'HUF', accommodation_fee: 80000, cleaning_fee: 10000, booked_units: { data: [{ id: ids.bu, unit_id: ids.unit, adults: 2 }] } },
  });
  expect(b.errors).toBeUndefined();
  await waitFor(async () => (await rows({ booking_id: { _eq: ids.booking }, status: { _eq: 'success' } }))[0]);
  const g = await gql(`mutation ($g: guest_checkins_insert_input!) { insert_guest_checkins_one(object: $g) { id } }`, {
    g: { booking_unit_id: ids.bu, first_name: 'Péter', last_name: 'Kiss', dob: '1980-02-03', gender: 'male', nationality: 'HU', country: 'HU', zip: '1061', document_id: '123456AB', document_type: 'id_card', checkin_time: `${dayOffset(-3)}T14:00:00Z`, checkout_time: `${dayOffset(1)}T09:00:00Z` },
  });
  expect(g.errors).toBeUndefined();
  await waitFor(async () => (await rows({ booking_id: { _eq: ids.booking }, message_type: { _eq: 'check_in' }, status: { _eq: 'success' } })).length === 2);
}, 180_000);

afterAll(async () => {
  await backend?.close();
  await doubles?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('daily close', () => {
  it('asks the scheduler, back-fills every day not closed, one message each, and a re-run sends nothing twice', async () => {
    // One close (whichever arrives third; they are delivered in parallel) is rejected: the other
    // days go through regardless.
    doubles.behave('ntak', '/napi-zaras', { status: 0, times: 2 });
    doubles.behave('ntak', '/napi-zaras', { status: 422, body: { message: 'The given data was invalid.', errors: { 'residentialUnits.all': ['mismatch: 3 units are registered in NTAK'] } } });
    const first = await cron('ntak/daily-close');
    expect(first).toMatchObject({ status: 200, body: { day: today, accommodations: 1, queued: 1 } });
    const scheduler = await waitFor(async () => (await rows({ accommodation_id: { _eq: ids.acc }, message_type: { _eq: 'scheduler' }, status: { _eq: 'success' } }))[0]);
    expect(scheduler.report_date).toBe(today);
    const closes = await waitFor(async () => {
      const r = await rows({ accommodation_id: { _eq: ids.acc }, message_type: { _eq: 'daily_close' } });
      return r.length === BACK && r.every((x) => x.status !== 'pending') ? r : null;
    });
    const expected = Array.from({ length: BACK }, (_, i) => dayOffset(i - BACK));
    expect(closes.map((c) => c.report_date)).toEqual(expected);
    const failed = closes.filter((c) => c.status === 'error');
    expect(failed).toHaveLength(1);
    expect(closes.filter((c) => c.status === 'success')).toHaveLength(BACK - 1);
    expect(failed[0].reason).toBe('rejected: residentialUnits.all: 3 units are registered in NTAK');
    const sent = doubles.received.filter((r) => r.service === 'ntak' && r.type === 'daily_close' && r.status === 200);
    expect(sent.map((r) => (r.body as { closedDay: string }).closedDay).sort()).toEqual(expected.filter((d) => d !== failed[0].report_date));
    // A night of the stay (one of the last three days; one of them may be the rejected one) carries
    // one unit-night with the accommodation fee's share.
    const night = sent.map((r) => r.body as Json).find((b) => b.closedDay >= dayOffset(-3) && b.closedDay <= dayOffset(-1));
    expect(night.residentialUnits).toMatchObject({ all: 2, occupied: 1 });
    expect(night.residentialUnitNights).toEqual([expect.objectContaining({ reservationNumber: ids.booking, loads: [expect.objectContaining({ category: 'SZALLASDIJ', amount: 20000, taxPercentage: 18 })] })]);
    expect(doubles.received.some((r) => r.body && JSON.stringify(r.body).includes('SK12CD34'))).toBe(false);

    // Same day again, and a redelivered insert event of a close already sent: nothing new is sent.
    const before = doubles.received.length;
    expect(await cron('ntak/daily-close')).toMatchObject({ status: 200, body: { queued: 0 } });
    const redelivered = await call('registry/deliver', { id: crypto.randomUUID(), created_at: new Date().toISOString(), trigger: { name: 'registry_deliver' }, table: { schema: 'public', name: 'registry_submissions' }, delivery_info: { max_retries: 30, current_retry: 1 }, event: { op: 'INSERT', data: { old: null, new: { id: closes.find((c) => c.status === 'success').id } }, session_variables: null } }, { 'nhost-webhook-secret': HOOK });
    expect(redelivered).toMatchObject({ status: 200, body: { status: 'success' } });
    await eventsSettled(backend.ctx.db);
    expect(doubles.received.length).toBe(before);
    expect(await rows({ accommodation_id: { _eq: ids.acc }, message_type: { _in: ['daily_close', 'scheduler'] } })).toHaveLength(BACK + 1);

    // The rejected day: re-sent by hand, accepted, and every day closed exactly once at NTAK.
    const again = await call('registry/resend', { submissionId: failed[0].id }, { authorization: `Bearer ${await token('communicator')}` });
    expect(again).toMatchObject({ status: 200, body: { status: 'success' } });
    const counts = new Map<string, number>();
    for (const r of doubles.received) if (r.type === 'daily_close' && r.status === 200 && !r.duplicate) counts.set((r.body as { closedDay: string }).closedDay, (counts.get((r.body as { closedDay: string }).closedDay) ?? 0) + 1);
    expect([...counts.entries()].sort()).toEqual(expected.map((d) => [d, 1]));
  }, 120_000);

  it('refuses callers without the webhook secret', async () => {
    for (const fn of ['ntak/daily-close', 'ntak/certificates-check']) {
      expect((await call(fn, {}, {})).status).toBe(401);
      expect((await call(fn, {}, { 'nhost-webhook-secret': `${HOOK}x` })).status).toBe(401);
      expect((await call(fn, {}, { 'nhost-webhook-secret': '' })).status).toBe(401);
      for (const role of ['communicator', 'member', 'manager']) expect((await call(fn, {}, { authorization: `Bearer ${await token(role)}` })).status).toBe(401);
    }
    expect((await call('ntak/daily-close', {}, { 'x-hasura-admin-secret': ADMIN })).status).toBe(401);
  }, 60_000);
});

describe('attacks on the queue', () => {
  it('no role queues a scheduler or daily close, and re-send refuses wrong types, forged tokens and rows a role cannot see', async () => {
    for (const role of ['communicator', 'member', 'manager', 'owner', 'cleaner']) {
      const forged = await gql(`mutation ($s: registry_submissions_insert_input!) { insert_registry_submissions_one(object: $s) { id } }`, { s: { accommodation_id: ids.acc, service: 'ntak', message_type: 'scheduler', report_date: today, event_key: `forged:${role}` } }, role);
      expect(forged.errors?.length, role).toBeGreaterThan(0);
      const moved = await gql(`mutation ($a: uuid!) { update_registry_submissions(where: {accommodation_id: {_eq: $a}}, _set: {status: pending}) { affected_rows } }`, { a: ids.acc }, role);
      expect(moved.errors?.length, role).toBeGreaterThan(0);
    }
    // Cron functions read nothing from the body: garbage in a correctly signed call changes nothing.
    expect(await call('ntak/daily-close', { payload: 'x'.repeat(10_000), id: 5 }, { 'nhost-webhook-secret': HOOK })).toMatchObject({ status: 200, body: { queued: 0 } });
    expect(await call('ntak/certificates-check', [1, 2, 3], { 'nhost-webhook-secret': HOOK })).toMatchObject({ status: 200 });

    const [failed] = await rows({ accommodation_id: { _eq: ids.acc }, message_type: { _eq: 'daily_close' } });
    const member = { authorization: `Bearer ${await token('member')}` };
    for (const submissionId of [42, ['a'], { id: failed.id }, 'not-a-uuid', `${failed.id}'--`, null]) {
      expect((await call('registry/resend', { submissionId }, member)).status, JSON.stringify(submissionId)).toBe(400);
    }
    expect((await call('registry/resend', { submissionId: failed.id }, {})).status).toBe(401);
    const [head, body] = (await token('member')).split('.');
    expect((await call('registry/resend', { submissionId: failed.id }, { authorization: `Bearer ${head}.${body}.${'A'.repeat(43)}` })).status).toBe(401);
    const alien = (await call('registry/resend', { submissionId: failed.id }, { authorization: `Bearer ${await token('cleaner')}` })).status;
    expect([401, 404]).toContain(alien);
    expect((await call('registry/resend', { submissionId: crypto.randomUUID() }, member)).status).toBe(404);
    // An accepted close is never sent twice by hand either.
    expect(await call('registry/resend', { submissionId: failed.id }, member)).toMatchObject({ status: 409, body: { error: 'already-sent' } });
  }, 60_000);
});

describe('certificate expiry', () => {
  async function setCert(pem: string, validTo: Date) {
    const r = await gql(`mutation ($id: uuid!, $set: accommodations_set_input!) { update_accommodations_by_pk(pk_columns: {id: $id}, _set: $set) { id } }`, {
      id: ids.certAcc, set: { ntak_cert: pem, ntak_cert_valid_from: new Date(Date.now() - 300 * 86_400_000).toISOString(), ntak_cert_valid_to: validTo.toISOString() },
    });
    expect(r.errors).toBeUndefined();
  }
  async function tasks(): Promise<Json[]> {
    const d = await gql(`query ($u: uuid!) { tasks(where: {unit_id: {_eq: $u}}, order_by: {created_at: asc}) { id type title description due_date completed } }`, { u: ids.certUnit });
    return d.data.tasks;
  }

  it('creates one task per certificate and threshold, never twice', async () => {
    await setCert('-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----', new Date(Date.now() + 40 * 86_400_000));
    expect((await cron('ntak/certificates-check')).body.created).toBe(0);
    expect(await tasks()).toEqual([]);

    const expiry = new Date(Date.now() + 5 * 86_400_000);
    await setCert('-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----', expiry);
    const [a, b] = await Promise.all([cron('ntak/certificates-check'), cron('ntak/certificates-check')]);
    expect(a.body.created + b.body.created).toBe(1);
    expect((await cron('ntak/certificates-check')).body.created).toBe(0);
    const [task] = await tasks();
    expect(await tasks()).toHaveLength(1);
    expect(task).toMatchObject({ type: 'todo', completed: false, due_date: budapestDate(expiry), title: 'NTAK certificate expires in 7 day(s): Cert Flat / 7 nap múlva lejár az NTAK-tanúsítvány: Cert Flat' });
    expect(task.description).toContain(budapestDate(expiry));

    // Expired: its own task, once. A renewed certificate starts over.
    await setCert('-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----', new Date(Date.now() - 86_400_000));
    expect((await cron('ntak/certificates-check')).body.created).toBe(1);
    expect((await cron('ntak/certificates-check')).body.created).toBe(0);
    await setCert('-----BEGIN CERTIFICATE-----\nBBBB\n-----END CERTIFICATE-----', new Date(Date.now() + 20 * 86_400_000));
    expect((await cron('ntak/certificates-check')).body.created).toBe(1);
    expect((await tasks()).map((t) => t.title.split(' / ')[0])).toEqual(['NTAK certificate expires in 7 day(s): Cert Flat', 'NTAK certificate expired: Cert Flat', 'NTAK certificate expires in 30 day(s): Cert Flat']);

    // No role reads or writes the reminder rows; the admin secret alone does.
    for (const role of ['communicator', 'member', 'manager', 'owner']) {
      expect((await gql(`{ ntak_certificate_reminders { task_id } }`, {}, role)).errors?.length).toBeGreaterThan(0);
      expect((await gql(`mutation { insert_ntak_certificate_reminders_one(object: {accommodation_id: "${ids.certAcc}", certificate_sha256: "${'a'.repeat(64)}", threshold_days: 1, valid_to: "2030-01-01T00:00:00Z", title: "x"}) { task_id } }`, {}, role)).errors?.length).toBeGreaterThan(0);
    }
  }, 60_000);
});
