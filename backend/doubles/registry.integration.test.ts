// NTAK and VIZA end to end on the real embedded backend and the local doubles (real mutual TLS):
// a member generates the key and CSR, the double's CA issues the certificate, the member uploads
// it; a booking and a check-in queue reservation, check-in and VIZA submissions through the event
// triggers, which are delivered, signed, and accepted field by field. A field error comes back
// with the row and column to fix; an expired certificate blocks sending with a clear reason; no
// role but the admin secret reads the private key.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningBackend } from '../server';
import { startTestBackend } from '../../tests/helpers/backend';
import { fileEnv } from '../../tests/helpers/env';
import { eventsSettled } from '../../tests/helpers/events';
import { generateKeyAndCsr } from '../../functions/_registry/pki';
import { seal } from '../../functions/_registry/secretBox';
import { ntakPath, VIZA_PATHS } from '../../functions/_registry/config';
import { sendSigned } from '../../functions/_registry/transport';
import { buildEnvelope, buildReservation, type BookingInput } from '../../src/domain/ntak';
import { buildVizaCheckIn, type VizaGuestInput } from '../../src/domain/viza';
import { startRegistryDoubles, type RegistryDoubles } from './server';

let backend: RunningBackend;
let doubles: RegistryDoubles;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'staydesk-doubles-'));
const ADMIN = 'registry-test-admin-secret';
const HOOK = 'registry-test-webhook-secret';
const KEY = crypto.randomBytes(32).toString('hex');
const ids = { owner: crypto.randomUUID(), acc: crypto.randomUUID(), unit: crypto.randomUUID(), booking: crypto.randomUUID(), bu: crypto.randomUUID(), guest: crypto.randomUUID(), expired: crypto.randomUUID() };

async function gql<T = any>(query: string, variables: Record<string, unknown> = {}, auth?: { role: string }): Promise<{ data?: T; errors?: { message: string }[] }> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (auth) headers.authorization = `Bearer ${await token(auth.role)}`;
  else headers['x-hasura-admin-secret'] = ADMIN;
  const res = await fetch(`${backend.url}/v1/graphql`, { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
  return (await res.json()) as { data?: T; errors?: { message: string }[] };
}

const USER = crypto.randomUUID();
function token(role: string): Promise<string> {
  return backend.ctx.jwt.sign({ 'https://hasura.io/jwt/claims': { 'x-hasura-allowed-roles': [role], 'x-hasura-default-role': role, 'x-hasura-user-id': USER, 'x-hasura-user-is-anonymous': 'false' }, sub: USER }, 900);
}

async function call(fn: string, body: unknown, role = 'member') {
  const res = await fetch(`${backend.url}/v1/functions/${fn}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${await token(role)}` }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

async function waitFor<T>(fn: () => Promise<T | null | undefined | false>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 150));
  }
}

async function submissions(where: Record<string, unknown>) {
  const d = await gql(`query ($w: registry_submissions_bool_exp!) { registry_submissions(where: $w, order_by: {created_at: asc}) { id service message_type status reason attempts field_errors payload response } }`, { w: where });
  return d.data.registry_submissions as any[]; // eslint-disable-line @typescript-eslint/no-explicit-any
}

const env = fileEnv();
beforeAll(async () => {
  doubles = await startRegistryDoubles({ dataDir: path.join(dir, 'ca') });
  // Functions read their configuration at run time, from this process's environment.
  env.set({
    NTAK_ENDPOINT: doubles.ntakUrl, VIZA_ENDPOINT: doubles.vizaUrl, NTAK_CA_PEM: doubles.caPem, VIZA_CA_PEM: doubles.caPem,
    NTAK_RSA_BITS: '2048', REGISTRY_KEY_ENCRYPTION_KEY: KEY, REGISTRY_RETRY_BASE_SECONDS: '1', NHOST_WEBHOOK_SECRET: HOOK,
  });
  backend = await startTestBackend({ env: { NHOST_ADMIN_SECRET: ADMIN, NHOST_WEBHOOK_SECRET: HOOK } });
  const r = await gql(
    `mutation ($o: owners_insert_input!, $a: [accommodations_insert_input!]!, $u: units_insert_input!, $x: exchange_rates_insert_input!) {
      insert_owners_one(object: $o) { id } insert_accommodations(objects: $a) { affected_rows } insert_units_one(object: $u) { id } insert_exchange_rates_one(object: $x) { date }
    }`,
    {
      o: { id: ids.owner, name: 'Kovács Kft.' },
      a: [
        { id: ids.acc, owner_id: ids.owner, name: 'Registry Test Loft', ntak_id: 'AB12CD34', ntak_name: 'Registry Test Loft', tax_id: '12345678-1-42', zip: '1061', address: 'Andrássy út 1', vat_rate: 18 },
        { id: ids.expired, owner_id: ids.owner, name: 'Expired Cert Flat', ntak_id: 'EX12CD34', tax_id: '12345678-1-42', zip: '1061', address: 'Andrássy út 2' },
      ],
      u: { id: ids.unit, accommodation_id: ids.acc, name: 'A1', category: 'APARTMAN', single_beds: 1, double_beds: 1, occ_adults: 3 },
      x: { date: '2020-01-01', currency: 'EUR', rate_huf: 400 },
    },
  );
  expect(r.errors).toBeUndefined();
}, 120_000);

afterAll(async () => {
  await backend?.close();
  await doubles?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('certificates', () => {
  it('generates a key and CSR, accepts the issued certificate, and hides the key from every role', async () => {
    const gen = await call('ntak/certificate', { action: 'generate', accommodationId: ids.acc });
    expect(gen.status).toBe(200);
    expect(gen.body.csr).toContain('BEGIN CERTIFICATE REQUEST');
    const denied = await call('ntak/certificate', { action: 'generate', accommodationId: ids.acc }, 'manager');
    expect(denied.status).toBe(403);
    const cert = await doubles.issueCertificate(gen.body.csr, { accommodationName: 'Registry Test Loft', providerName: 'Kovács Kft.', taxNumber: '12345678-1-42', postalCode: '1061', locality: 'Budapest', reportingId: 'AB12CD34' });
    const up = await call('ntak/certificate', { action: 'upload', accommodationId: ids.acc, certificate: cert });
    expect(up.status).toBe(200);
    expect(up.body.subject).toMatchObject({ CN: 'Registry Test Loft', OU: 'AB12CD34', L: 'Budapest' });
    expect(up.body.state).toBe('valid');
    const foreign = await generateKeyAndCsr(2048);
    const wrong = await call('ntak/certificate', { action: 'upload', accommodationId: ids.acc, certificate: await doubles.issueCertificate(foreign.csrPem, { accommodationName: 'x', reportingId: 'AB12CD34' }) });
    expect(wrong).toMatchObject({ status: 400, body: { error: 'key-mismatch' } });

    const stored = await gql(`query ($id: uuid!) { accommodations_by_pk(id: $id) { ntak_private_key } }`, { id: ids.acc });
    expect(stored.data.accommodations_by_pk.ntak_private_key).toMatch(/^v1\./);
    expect(stored.data.accommodations_by_pk.ntak_private_key).not.toContain('PRIVATE KEY');
    for (const role of ['communicator', 'member', 'manager', 'owner', 'inspector', 'cleaner', 'contractor']) {
      for (const q of [
        `{ accommodations { ntak_private_key } }`,
        `{ accommodations(where: {ntak_private_key: {_is_null: false}}) { id } }`,
        `{ accommodations(order_by: {ntak_private_key: asc}) { id } }`,
      ]) {
        const res = await gql(q, {}, { role });
        expect(res.errors?.length, `${role}: ${q}`).toBeGreaterThan(0);
        expect(JSON.stringify(res)).not.toContain('v1.');
      }
    }
  }, 60_000);
});

describe('certificate pair', () => {
  it('the older authentication and signing pair works like a unified certificate', async () => {
    const acc = crypto.randomUUID();
    const unit = crypto.randomUUID();
    const r = await gql(`mutation ($a: accommodations_insert_input!, $u: units_insert_input!) { insert_accommodations_one(object: $a) { id } insert_units_one(object: $u) { id } }`, {
      a: { id: acc, owner_id: ids.owner, name: 'Pair Cert House', ntak_id: 'PA12CD34', tax_id: '12345678-1-42', zip: '1061', address: 'Andrássy út 3' },
      u: { id: unit, accommodation_id: acc, name: 'P1', category: 'APARTMAN', single_beds: 1, occ_adults: 1 },
    });
    expect(r.errors).toBeUndefined();
    const gen = await call('ntak/certificate', { action: 'generate', accommodationId: acc });
    const subject = { accommodationName: 'Pair Cert House', reportingId: 'PA12CD34', locality: 'Budapest' };
    const auth = await call('ntak/certificate', { action: 'upload', accommodationId: acc, kind: 'auth', certificate: await doubles.issueCertificate(gen.body.csr, subject) });
    expect(auth).toMatchObject({ status: 200, body: { state: 'valid', subject: { OU: 'PA12CD34' } } });
    const signing = await call('ntak/certificate', { action: 'upload', accommodationId: acc, kind: 'signing', certificate: await doubles.issueCertificate(gen.body.csr, subject) });
    expect(signing).toMatchObject({ status: 200, body: { state: 'valid' } });
    const stored = await gql(`query ($id: uuid!) { accommodations_by_pk(id: $id) { ntak_cert ntak_auth_cert ntak_signing_cert ntak_cert_valid_to } }`, { id: acc });
    expect(stored.data.accommodations_by_pk).toMatchObject({ ntak_cert: null, ntak_auth_cert: expect.stringContaining('BEGIN CERTIFICATE'), ntak_signing_cert: expect.stringContaining('BEGIN CERTIFICATE'), ntak_cert_valid_to: expect.any(String) });

    const booking = crypto.randomUUID();
    await gql(`mutation ($b: bookings_insert_input!) { insert_bookings_one(object: $b) { id } }`, { b: { id: booking, accommodation_id: acc, customer_name: 'Pair Guest', customer_country: 'HU', checkin: '2030-06-01', checkout: '2030-06-03', currency: 'HUF', accommodation_fee: 40000, booked_units: { data: [{ unit_id: unit, adults: 1 }] } } });
    const sent = await waitFor(async () => (await submissions({ booking_id: { _eq: booking }, status: { _neq: 'pending' } }))[0]);
    expect(sent).toMatchObject({ status: 'success', reason: null });
  }, 60_000);
});

describe('reporting', () => {
  it('queues and delivers the reservation, the check-in and the VIZA check-in through the triggers', async () => {
    const b = await gql(
      `mutation ($b: bookings_insert_input!) { insert_bookings_one(object: $b) { id } }`,
      { b: { id: ids.booking, accommodation_id: ids.acc, customer_name: 'Anna Müller', customer_country: 'DE', channel: 'airbnb', checkin: '2030-03-10', checkout: '2030-03-13', adults: 2, currency: 'EUR', accommodation_fee: 300, cleaning_fee: 30, booked_units: { data: [{ id: ids.bu, unit_id: ids.unit, adults: 2 }] } } },
    );
    expect(b.errors).toBeUndefined();
    const [reservation] = await waitFor(async () => {
      const s = await submissions({ booking_id: { _eq: ids.booking }, message_type: { _eq: 'reservation' } });
      return s.length && s[0].status !== 'pending' ? s : null;
    });
    expect(reservation).toMatchObject({ status: 'success', attempts: 1, response: { foglalasEsemenyResponse: [] } });
    expect(reservation.payload.message.body).toMatchObject({ reservationNumber: ids.booking, grossAmount: 132000, salesChannel: 'KOZVETITO_ONLINE', nationality: 'DE' });

    const g = await gql(`mutation ($g: guest_checkins_insert_input!) { insert_guest_checkins_one(object: $g) { id } }`, {
      g: { id: ids.guest, booking_unit_id: ids.bu, first_name: 'Anna', last_name: 'Müller', dob: '1985-04-12', gender: 'female', nationality: 'DE', country: 'DE', zip: '10115', document_id: 'C01X00T47', document_type: 'id_card', checkin_time: '2030-03-10T15:00:00Z', checkout_time: '2030-03-13T09:00:00Z' },
    });
    expect(g.errors).toBeUndefined();
    const done = await waitFor(async () => {
      const s = await submissions({ guest_checkin_id: { _eq: ids.guest } });
      return s.length === 2 && s.every((x) => x.status !== 'pending') ? s : null;
    });
    expect(done.map((s) => [s.service, s.message_type, s.status])).toEqual(expect.arrayContaining([['ntak', 'check_in', 'success'], ['viza', 'check_in', 'success']]));
    const ntakCheckIn = done.find((s) => s.service === 'ntak');
    expect(JSON.stringify(ntakCheckIn.payload.message)).not.toMatch(/Müller|C01X00T47/);
    const acc = await gql(`query ($id: uuid!) { accommodations_by_pk(id: $id) { viza_status } }`, { id: ids.acc });
    expect(acc.data.accommodations_by_pk.viza_status).toBe('OK');
    expect([...doubles.processed.values()].every((n) => n === 1)).toBe(true);
  }, 60_000);

  it('a check-in entered by staff sends NTAK and VIZA check-ins, and the check-out sends both check-outs', async () => {
    // A booking of its own, so the other tests' guests do not share the stay.
    const booking = crypto.randomUUID();
    const bu = crypto.randomUUID();
    const b = await gql(`mutation ($b: bookings_insert_input!) { insert_bookings_one(object: $b) { id } }`, {
      b: { id: booking, accommodation_id: ids.acc, customer_name: 'Lukas Weber', customer_country: 'AT', channel: 'direct', checkin: '2030-04-10', checkout: '2030-04-12', adults: 1, currency: 'HUF', accommodation_fee: 60000, booked_units: { data: [{ id: bu, unit_id: ids.unit, adults: 1 }] } },
    });
    expect(b.errors).toBeUndefined();
    await waitFor(async () => (await submissions({ booking_id: { _eq: booking }, message_type: { _eq: 'reservation' }, status: { _eq: 'success' } }))[0]);
    // Staff enter the guest with their own token (not the journey), as the booking page would.
    const guest = crypto.randomUUID();
    const ins = await gql(`mutation ($g: guest_checkins_insert_input!) { insert_guest_checkins_one(object: $g) { id } }`, {
      g: { id: guest, booking_unit_id: bu, first_name: 'Lukas', last_name: 'Weber', dob: '1979-02-03', gender: 'male', nationality: 'AT', country: 'AT', zip: '1010', document_id: 'P7654321', document_type: 'passport', checkin_time: '2030-04-10T16:00:00Z', checkout_time: '2030-04-12T09:00:00Z' },
    }, { role: 'member' });
    expect(ins.errors).toBeUndefined();
    const checkIns = await waitFor(async () => {
      const s = await submissions({ guest_checkin_id: { _eq: guest } });
      return s.length === 2 && s.every((x) => x.status !== 'pending') ? s : null;
    });
    expect(checkIns.map((s) => [s.service, s.message_type, s.status, s.reason]).sort()).toEqual([['ntak', 'check_in', 'success', null], ['viza', 'check_in', 'success', null]]);

    // A receptionist records the departure: both registries get the check-out, accepted field by field.
    const out = await gql(`mutation ($id: uuid!) { update_guest_checkins_by_pk(pk_columns: {id: $id}, _set: {checked_out_at: "2030-04-12T08:45:00Z"}) { id } }`, { id: guest }, { role: 'communicator' });
    expect(out.errors).toBeUndefined();
    const all = await waitFor(async () => {
      const s = await submissions({ guest_checkin_id: { _eq: guest } });
      return s.length === 4 && s.every((x) => x.status !== 'pending') ? s : null;
    });
    const outs = all.filter((s) => s.message_type === 'check_out');
    expect(outs.map((s) => [s.service, s.status]).sort()).toEqual([['ntak', 'success'], ['viza', 'success']]);
    expect(JSON.stringify(outs.find((s) => s.service === 'ntak').payload.message)).not.toMatch(/Weber|P7654321/);
    // The doubles accepted one check-out each, checked against the documented fields and signature.
    expect(doubles.received.filter((r) => r.type === 'check_out' && r.status === 200 && !r.duplicate).map((r) => r.service).sort()).toEqual(['ntak', 'viza']);
    // A second save of the same departure sends nothing more.
    await gql(`mutation ($id: uuid!) { update_guest_checkins_by_pk(pk_columns: {id: $id}, _set: {checked_out_at: "2030-04-12T08:45:00Z"}) { id } }`, { id: guest }, { role: 'communicator' });
    await eventsSettled(backend.ctx.db, { triggers: ['registry_guest'] });
    expect((await submissions({ guest_checkin_id: { _eq: guest } })).length).toBe(4);
  }, 60_000);

  it('a field error names the row and column to fix; re-send after the fix succeeds', async () => {
    const guest = crypto.randomUUID();
    await gql(`mutation ($g: guest_checkins_insert_input!) { insert_guest_checkins_one(object: $g) { id } }`, {
      g: { id: guest, booking_unit_id: ids.bu, first_name: 'Tom', last_name: 'Smith', dob: '1990-01-01', gender: 'male', nationality: 'US', country: 'US', zip: '', document_id: 'P1234567', document_type: 'passport', checkin_time: '2030-03-10T15:00:00Z', checkout_time: '2030-03-13T09:00:00Z' },
    });
    const failed = await waitFor(async () => {
      const s = await submissions({ guest_checkin_id: { _eq: guest }, service: { _eq: 'ntak' } });
      return s.length && s[0].status === 'error' ? s[0] : null;
    });
    expect(failed.field_errors).toEqual([expect.objectContaining({ path: 'guests[0].residencePostCode', code: 'required', fix: { table: 'guest_checkins', id: guest, column: 'zip' } })]);
    const viza = await waitFor(async () => (await submissions({ guest_checkin_id: { _eq: guest }, service: { _eq: 'viza' }, status: { _eq: 'error' } }))[0]);
    expect(viza.field_errors.map((e: { path: string }) => e.path)).toEqual(['guests[0].visaNumber', 'guests[0].visaDateOfEntry', 'guests[0].visaPlaceOfEntry']);

    await gql(`mutation ($id: uuid!) { update_guest_checkins_by_pk(pk_columns: {id: $id}, _set: {zip: "10001"}) { id } }`, { id: guest });
    const again = await call('registry/resend', { submissionId: failed.id }, 'communicator');
    expect(again).toMatchObject({ status: 200, body: { status: 'success' } });
  }, 60_000);

  it('a rule only NTAK knows comes back from the double itself; corrected with a member token and re-sent twice at once, NTAK processes it once', async () => {
    const booking = crypto.randomUUID();
    const bu = crypto.randomUUID();
    const guest = crypto.randomUUID();
    await gql(`mutation ($b: bookings_insert_input!) { insert_bookings_one(object: $b) { id } }`, {
      b: { id: booking, accommodation_id: ids.acc, customer_name: 'Kovács Anna', customer_country: 'HU', channel: 'direct', checkin: '2030-11-01', checkout: '2030-11-03', adults: 1, currency: 'HUF', accommodation_fee: 40000, booked_units: { data: [{ id: bu, unit_id: ids.unit, adults: 1 }] } },
    });
    await waitFor(async () => (await submissions({ booking_id: { _eq: booking }, message_type: { _eq: 'reservation' }, status: { _eq: 'success' } }))[0]);
    // 1999 passes the sender's own check (a postcode of up to 10 letters or digits) but names no
    // Budapest district: only NTAK's register knows.
    const ins = await gql(`mutation ($g: guest_checkins_insert_input!) { insert_guest_checkins_one(object: $g) { id } }`, {
      g: { id: guest, booking_unit_id: bu, first_name: 'Anna', last_name: 'Kovács', mother_first_name: 'Éva', mother_last_name: 'Szabó', dob: '1988-08-08', pob: 'Budapest', gender: 'female', nationality: 'HU', country: 'HU', zip: '1999', document_id: '123456AB', document_type: 'id_card', checkin_time: '2030-11-01T15:00:00Z', checkout_time: '2030-11-03T09:00:00Z' },
    }, { role: 'member' });
    expect(ins.errors).toBeUndefined();
    const failed = await waitFor(async () => (await submissions({ guest_checkin_id: { _eq: guest }, service: { _eq: 'ntak' }, status: { _eq: 'error' } }))[0]);
    expect(failed.reason).toMatch(/^rejected: guests\[0\]\.residencePostCode: 1999 is not a Hungarian postcode/);
    expect(failed.response).toEqual({ message: 'The given data was invalid.', errors: { 'guests[0].residencePostCode': ['unknown: 1999 is not a Hungarian postcode'] } });
    expect(failed.field_errors).toEqual([expect.objectContaining({ path: 'guests[0].residencePostCode', fix: { table: 'guest_checkins', id: guest, column: 'zip' } })]);
    const messageId = `ntak:AB12CD34:${failed.id}`;
    expect(doubles.received.some((r) => r.messageId === messageId && r.status === 422), 'the 422 came from the double').toBe(true);
    expect(doubles.processed.has(messageId)).toBe(false);

    const fixed = await gql(`mutation ($id: uuid!) { update_guest_checkins_by_pk(pk_columns: {id: $id}, _set: {zip: "1061"}) { id } }`, { id: guest }, { role: 'member' });
    expect(fixed.errors).toBeUndefined();
    // Two tabs re-send at once: one delivers, the other finds it held or already accepted.
    const both = await Promise.all([call('registry/resend', { submissionId: failed.id }), call('registry/resend', { submissionId: failed.id }, 'communicator')]);
    expect(both.map((r) => r.status).sort()).toEqual(expect.arrayContaining([200]));
    await waitFor(async () => (await submissions({ id: { _eq: failed.id } }))[0]?.status === 'success');
    expect(await call('registry/resend', { submissionId: failed.id })).toMatchObject({ status: 409, body: { error: 'already-sent' } });
    expect(doubles.processed.get(messageId), 'one accepted check-in').toBe(1);
    expect(doubles.received.filter((r) => r.messageId === messageId && r.status === 200 && !r.duplicate)).toHaveLength(1);
    // The correction itself queued nothing: still one NTAK and one VIZA check-in for the guest.
    expect((await submissions({ guest_checkin_id: { _eq: guest } })).map((x) => `${x.service}:${x.message_type}:${x.status}`).sort()).toEqual(['ntak:check_in:success', 'viza:check_in:success']);
  }, 90_000);

  it('a modified and a cancelled booking each send their reservation through the event trigger, and the double accepts them', async () => {
    const booking = crypto.randomUUID();
    const b = await gql(`mutation ($b: bookings_insert_input!) { insert_bookings_one(object: $b) { id } }`, {
      b: { id: booking, accommodation_id: ids.acc, customer_name: 'Marta Nowak', customer_country: 'PL', channel: 'booking', checkin: '2030-09-01', checkout: '2030-09-04', adults: 1, currency: 'HUF', accommodation_fee: 90000, booked_units: { data: [{ unit_id: ids.unit, adults: 1 }] } },
    });
    expect(b.errors).toBeUndefined();
    const reservations = (n: number) => waitFor(async () => {
      const s = await submissions({ booking_id: { _eq: booking }, message_type: { _eq: 'reservation' } });
      return s.length === n && s.every((x) => x.status !== 'pending') ? s : null;
    });
    await reservations(1);
    // A member moves the departure and adds a guest: a modified reservation, from the stored row.
    const mod = await gql(`mutation ($id: uuid!) { update_bookings_by_pk(pk_columns: {id: $id}, _set: {checkout: "2030-09-05", adults: 2, status: modified}) { id } }`, { id: booking }, { role: 'member' });
    expect(mod.errors).toBeUndefined();
    const afterModify = await reservations(2);
    expect(afterModify[1]).toMatchObject({ status: 'success', response: { foglalasEsemenyResponse: [] } });
    expect(afterModify[1].payload.message.body).toMatchObject({ reservationNumber: booking, cancelled: false, departure: '2030-09-05', guestCount: 2, salesChannel: 'KOZVETITO_ONLINE' });
    // A member cancels it: the same message with cancelled = true.
    const cancel = await gql(`mutation ($id: uuid!) { update_bookings_by_pk(pk_columns: {id: $id}, _set: {status: cancelled}) { id } }`, { id: booking }, { role: 'member' });
    expect(cancel.errors).toBeUndefined();
    const afterCancel = await reservations(3);
    expect(afterCancel[2]).toMatchObject({ status: 'success' });
    expect(afterCancel[2].payload.message.body).toMatchObject({ reservationNumber: booking, cancelled: true });
    const atDouble = doubles.received.filter((r) => r.type === 'reservation' && r.status === 200 && !r.duplicate && (r.body as { reservationNumber?: string }).reservationNumber === booking);
    expect(atDouble.map((r) => (r.body as { cancelled: boolean }).cancelled)).toEqual([false, false, true]);
  }, 60_000);

  it("a room change sends the left and the taken unit for the booking's checked-in guest, accepted by the double", async () => {
    const unitB = crypto.randomUUID();
    const u = await gql(`mutation ($u: units_insert_input!) { insert_units_one(object: $u) { id } }`, { u: { id: unitB, accommodation_id: ids.acc, name: 'B2', category: 'STUDIO', double_beds: 1, occ_adults: 2 } });
    expect(u.errors).toBeUndefined();
    const booking = crypto.randomUUID();
    const bu = crypto.randomUUID();
    await gql(`mutation ($b: bookings_insert_input!) { insert_bookings_one(object: $b) { id } }`, {
      b: { id: booking, accommodation_id: ids.acc, customer_name: 'Pieter Jansen', customer_country: 'NL', channel: 'direct', checkin: '2030-10-01', checkout: '2030-10-04', adults: 1, currency: 'HUF', accommodation_fee: 70000, booked_units: { data: [{ id: bu, unit_id: ids.unit, adults: 1 }] } },
    });
    await waitFor(async () => (await submissions({ booking_id: { _eq: booking }, message_type: { _eq: 'reservation' }, status: { _eq: 'success' } }))[0]);
    const guest = crypto.randomUUID();
    await gql(`mutation ($g: guest_checkins_insert_input!) { insert_guest_checkins_one(object: $g) { id } }`, {
      g: { id: guest, booking_unit_id: bu, first_name: 'Pieter', last_name: 'Jansen', dob: '1975-05-05', gender: 'male', nationality: 'NL', country: 'NL', zip: '1012', document_id: 'NX1234567', document_type: 'passport', checkin_time: '2030-10-01T15:00:00Z', checkout_time: '2030-10-04T09:00:00Z' },
    }, { role: 'member' });
    await waitFor(async () => (await submissions({ guest_checkin_id: { _eq: guest }, service: { _eq: 'ntak' }, message_type: { _eq: 'check_in' }, status: { _eq: 'success' } }))[0]);
    // Staff move the stay to the other unit (the booked unit's unit changes).
    const move = await gql(`mutation ($id: uuid!, $unit: uuid!) { update_booked_units_by_pk(pk_columns: {id: $id}, _set: {unit_id: $unit}) { id } }`, { id: bu, unit: unitB }, { role: 'member' });
    expect(move.errors).toBeUndefined();
    const change = await waitFor(async () => {
      const s = await submissions({ booking_id: { _eq: booking }, message_type: { _eq: 'room_change' } });
      return s.length && s[0].status !== 'pending' ? s[0] : null;
    });
    expect(change).toMatchObject({ status: 'success', reason: null, response: { esemenyvezereltAdatkuldesResponse: [] } });
    const body = change.payload.message.body;
    expect(body).toMatchObject({ reservationNumber: booking, abandonedResidentialUnit: { number: 'A1', type: 'APARTMAN' }, occupiedResidentialUnit: { number: 'B2', type: 'EGYEDI' } });
    expect(body.guests).toHaveLength(1);
    expect(JSON.stringify(body)).not.toMatch(/Jansen|NX1234567/);
    expect(doubles.received.filter((r) => r.type === 'room_change' && r.status === 200 && (r.body as { reservationNumber?: string }).reservationNumber === booking)).toHaveLength(1);
  }, 60_000);

  it('the doubles refuse a country code NTAK does not know as NTAK documents it (422, the field named)', async () => {
    const { privateKeyPem, csrPem } = await generateKeyAndCsr(2048);
    const certPem = await doubles.issueCertificate(csrPem, { accommodationName: 'Registry Test Loft', reportingId: 'AB12CD34' });
    const acc = { ntakId: 'AB12CD34', ntakName: 'Registry Test Loft', name: 'Registry Test Loft', taxId: '12345678-1-42', ownerName: 'Kovács Kft.' };
    const unitIn = { id: ids.unit, name: 'A1', category: 'APARTMAN', singleBeds: 1, doubleBeds: 1, tempBeds: 0, occAdults: 3, occChildren: 0, occInfants: 0 };
    const booking = { id: crypto.randomUUID(), channel: 'direct', status: 'new', customerCountry: 'XX', checkin: '2030-07-01', checkout: '2030-07-03', adults: 1, children: 0, infants: 0, currency: 'HUF', accommodationFee: 40000, cleaningFee: 0, createdAt: '2030-06-01T10:00:00Z', bookedUnits: [{ id: crypto.randomUUID(), unit: unitIn, checkin: '2030-07-01', checkout: '2030-07-03', adults: 1, children: 0, infants: 0, cancelled: false, guests: [] }] } as BookingInput;
    const send = (url: string, body: unknown) => sendSigned({ url, body: JSON.stringify(buildEnvelope(acc, crypto.randomUUID(), new Date(), 'Staydesk test', body)), certPem, keyPem: privateKeyPem, caPem: doubles.caPem });

    const reservation = await send(`${doubles.ntakUrl}${ntakPath('reservation')}`, buildReservation(booking, new Date().toISOString(), []).body);
    expect(reservation.status).toBe(422);
    expect(reservation.body).toEqual({ message: 'The given data was invalid.', errors: { nationality: [expect.stringContaining("NTAK's list")] } });
    const fixed = await send(`${doubles.ntakUrl}${ntakPath('reservation')}`, buildReservation({ ...booking, customerCountry: 'GB' }, new Date().toISOString(), []).body);
    expect(fixed).toMatchObject({ status: 200, body: { foglalasEsemenyResponse: [] } });

    const vizaGuest = { id: crypto.randomUUID(), firstName: 'Jan', lastName: 'Novák', dob: '1980-01-02', gender: 'male', nationality: 'XX', documentId: 'P1234567', documentType: 'passport', checkinTime: '2030-07-01T15:00:00Z', checkoutTime: '2030-07-03T09:00:00Z', visaNumber: null, visaDateOfEntry: null, visaPlaceOfEntry: null, scanned: null } as VizaGuestInput;
    const viza = await send(`${doubles.vizaUrl}${VIZA_PATHS.check_in()}`, buildVizaCheckIn([vizaGuest], new Date().toISOString()).body);
    expect(viza.status).toBe(422);
    expect(viza.body).toMatchObject({ status: 'DATA-REJECTED', errors: { 'guests[0].manual.nationality': [expect.any(String)], 'guests[0].scanned.nationality': [expect.any(String)] } });
  }, 60_000);

  it("a booker's country stored before the check is reported as the field to fix on the booking; fixed, the re-send is accepted", async () => {
    const booking = crypto.randomUUID();
    const b = await gql(`mutation ($b: bookings_insert_input!) { insert_bookings_one(object: $b) { id } }`, {
      b: { id: booking, accommodation_id: ids.acc, customer_name: 'Oliver Brown', customer_country: 'GB', channel: 'direct', checkin: '2030-08-10', checkout: '2030-08-12', adults: 1, currency: 'HUF', accommodation_fee: 50000, booked_units: { data: [{ unit_id: ids.unit, adults: 1 }] } },
    });
    expect(b.errors).toBeUndefined();
    await waitFor(async () => (await submissions({ booking_id: { _eq: booking }, status: { _eq: 'success' } }))[0]);
    // 'UK' as a database from before migration 1795500000000 may hold it; the guest count changes
    // afterwards, so the modified reservation is built from the stored row.
    await backend.ctx.db.query('ALTER TABLE public.bookings DISABLE TRIGGER bookings_country_check');
    await backend.ctx.db.query(`UPDATE public.bookings SET customer_country = 'UK' WHERE id = $1`, [booking]);
    await backend.ctx.db.query('ALTER TABLE public.bookings ENABLE TRIGGER bookings_country_check');
    await gql(`mutation ($id: uuid!) { update_bookings_by_pk(pk_columns: {id: $id}, _set: {adults: 2}) { id } }`, { id: booking }, { role: 'member' });
    const failed = await waitFor(async () => (await submissions({ booking_id: { _eq: booking }, status: { _eq: 'error' } }))[0]);
    expect(failed.reason).toMatch(/^invalid: nationality: /);
    expect(failed.field_errors).toEqual([expect.objectContaining({ path: 'nationality', code: 'enum', fix: { table: 'bookings', id: booking, column: 'customer_country' } })]);
    expect(failed.payload.message.body.nationality).toBe('UK');
    const sent = doubles.received.length;

    const fix = await gql(`mutation ($id: uuid!) { update_bookings_by_pk(pk_columns: {id: $id}, _set: {customer_country: "GB"}) { id } }`, { id: booking }, { role: 'communicator' });
    expect(fix.errors).toBeUndefined();
    const again = await call('registry/resend', { submissionId: failed.id }, 'communicator');
    expect(again).toMatchObject({ status: 200, body: { status: 'success' } });
    expect(doubles.received.slice(sent).some((r) => r.type === 'reservation' && r.status === 200 && (r.body as { nationality?: string }).nationality === 'GB')).toBe(true);
  }, 60_000);

  it('an expired certificate blocks sending with a clear reason', async () => {
    const { privateKeyPem, csrPem } = await generateKeyAndCsr(2048);
    const cert = await doubles.issueCertificate(csrPem, { accommodationName: 'Expired Cert Flat', reportingId: 'EX12CD34' }, 30, new Date(Date.now() - 40 * 86_400_000));
    await gql(`mutation ($id: uuid!, $set: accommodations_set_input!) { update_accommodations_by_pk(pk_columns: {id: $id}, _set: $set) { id } }`, {
      id: ids.expired,
      set: { ntak_cert: cert, ntak_private_key: seal(privateKeyPem, Buffer.from(KEY, 'hex')), ntak_cert_valid_from: new Date(Date.now() - 40 * 86_400_000).toISOString(), ntak_cert_valid_to: new Date(Date.now() - 10 * 86_400_000).toISOString() },
    });
    const before = doubles.received.length;
    const b = crypto.randomUUID();
    const unit = crypto.randomUUID();
    await gql(`mutation ($u: units_insert_input!) { insert_units_one(object: $u) { id } }`, { u: { id: unit, accommodation_id: ids.expired, name: 'X1', category: 'APARTMAN', single_beds: 1, occ_adults: 1 } });
    await gql(`mutation ($b: bookings_insert_input!) { insert_bookings_one(object: $b) { id } }`, { b: { id: b, accommodation_id: ids.expired, customer_name: 'Late Guest', checkin: '2030-05-01', checkout: '2030-05-03', currency: 'HUF', accommodation_fee: 50000, booked_units: { data: [{ unit_id: unit, adults: 1 }] } } });
    const row = await waitFor(async () => (await submissions({ booking_id: { _eq: b }, status: { _neq: 'pending' } }))[0]);
    expect(row.status).toBe('blocked');
    expect(row.reason).toMatch(/^certificate-expired: the NTAK certificate expired on \d{4}-\d{2}-\d{2}/);
    // Nothing about this booking reached NTAK. Not a count of everything received: an earlier test's
    // queued delivery (the event its correction's update raised) may still land meanwhile; a count
    // failed once on one, 27 != 26.
    expect(doubles.received.slice(before).filter((r) => (r.body as { reservationNumber?: string } | null)?.reservationNumber === b)).toEqual([]);

    // A new certificate sends what waited for it.
    const gen = await call('ntak/certificate', { action: 'generate', accommodationId: ids.expired });
    const fresh = await doubles.issueCertificate(gen.body.csr, { accommodationName: 'Expired Cert Flat', reportingId: 'EX12CD34' });
    const up = await call('ntak/certificate', { action: 'upload', accommodationId: ids.expired, certificate: fresh });
    // It is sent before the upload answers, without waiting for the per-minute tick.
    expect(up).toMatchObject({ status: 200, body: { state: 'valid', requeued: 1, sent: 1 } });
    const [sent] = await submissions({ id: { _eq: row.id } });
    expect(sent).toMatchObject({ status: 'success', reason: null });
    expect(doubles.received.slice(before).some((r) => r.type === 'reservation' && r.status === 200)).toBe(true);
  }, 60_000);
});
