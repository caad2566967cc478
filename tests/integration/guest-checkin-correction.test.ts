// Correcting a guest check-in NTAK or VIZA refused, and property managers at the reception desk
// (issue 18), attacked with real tokens on the real embedded backend with its event triggers:
// who may write which columns of guest_checkins (never the NTAK guest id, the document scan, a
// recorded departure, or another accommodation's rows), wrong types, oversized input and a forged
// token; and a correction queues no second check-in for NTAK or VIZA.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningBackend } from '../../backend/server';
import { startTestBackend } from '../helpers/backend';
import { fileEnv } from '../helpers/env';
import { rowEvents } from '../helpers/events';
import { ACC, DEMO, makeClient, UNIT, type Caller, type Client, type GqlResult } from './permissionsClient';

let backend: RunningBackend;
let client: Client;
const HOOK = 'guest-correction-webhook-secret';
const communicator: Caller = { role: 'communicator', userId: DEMO.communicator };
const member: Caller = { role: 'member', userId: DEMO.member };
/** Manages accommodations 1-3 (the Váci Loft among them); manager2 manages 4-6 (the Palace Studio). */
const manager: Caller = { role: 'manager', userId: DEMO.manager };
const manager2: Caller = { role: 'manager', userId: DEMO.manager2 };

const UPDATE = 'mutation($id: uuid!, $set: guest_checkins_set_input!) { update_guest_checkins_by_pk(pk_columns: {id: $id}, _set: $set) { id } }';
const INSERT = 'mutation($g: guest_checkins_insert_input!) { insert_guest_checkins_one(object: $g) { id } }';
const ROW = 'query($id: uuid!) { guest_checkins_by_pk(id: $id) { first_name zip document_id dob ntak_guest_id scanned checked_out_at booking_unit_id tourist_tax_status } }';

interface Row { first_name: string; zip: string | null; document_id: string; dob: string; ntak_guest_id: string; scanned: unknown; checked_out_at: string | null; booking_unit_id: string; tourist_tax_status: string }

const row = async (id: string) => (await client.data<{ guest_checkins_by_pk: Row }>('admin-secret', ROW, { id })).guest_checkins_by_pk;
const submissionsOf = async (guest: string) =>
  (await client.data<{ registry_submissions: { service: string; message_type: string }[] }>('admin-secret', 'query($g: uuid!) { registry_submissions(where: {guest_checkin_id: {_eq: $g}}) { service message_type } }', { g: guest })).registry_submissions;

async function waitFor<T>(fn: () => Promise<T | null | undefined | false>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 150));
  }
}

let day = 0;
/** A booking of its own, far from the demo's, on the unit for `adults` guests; returns its booked unit. */
async function stay(accommodation: string, unit: string, adults = 2): Promise<string> {
  day += 3;
  const checkin = new Date(Date.UTC(2033, 0, 1 + day)).toISOString().slice(0, 10);
  const checkout = new Date(Date.UTC(2033, 0, 3 + day)).toISOString().slice(0, 10);
  const bu = crypto.randomUUID();
  await client.data('admin-secret', 'mutation($b: bookings_insert_input!) { insert_bookings_one(object: $b) { id } }', {
    b: { accommodation_id: accommodation, customer_name: 'Correction Test', customer_country: 'DE', channel: 'direct', checkin, checkout, adults, currency: 'HUF', accommodation_fee: 50000, booked_units: { data: [{ id: bu, unit_id: unit, adults }] } },
  });
  return bu;
}

const guestRow = (bookedUnit: string, over: Record<string, unknown> = {}) => ({
  booking_unit_id: bookedUnit, first_name: 'Lukas', last_name: 'Weber', mother_first_name: 'Eva', mother_last_name: 'Weber', dob: '1979-02-03', pob: 'Wien', gender: 'male',
  nationality: 'AT', country: 'HU', zip: '1999', document_id: `P${crypto.randomInt(1e6, 9e6)}`, document_type: 'passport', checkin_time: '2033-01-01T15:00:00Z', checkout_time: '2033-12-31T09:00:00Z', ...over,
});

/** A guest checked in by `who` on the booked unit, with the check-ins queued before the test goes on. */
async function checkIn(who: Caller, bookedUnit: string, over: Record<string, unknown> = {}): Promise<string> {
  const id = crypto.randomUUID();
  await client.data(who, INSERT, { g: { id, ...guestRow(bookedUnit, over) } });
  await waitFor(async () => (await submissionsOf(id)).some((s) => s.service === 'viza' && s.message_type === 'check_in'));
  return id;
}

const errorOf = (r: GqlResult) => r.errors?.[0]?.message ?? '';

fileEnv({ NHOST_WEBHOOK_SECRET: HOOK });
beforeAll(async () => {
  backend = await startTestBackend({ env: { NHOST_WEBHOOK_SECRET: HOOK }, applySeeds: true });
  client = makeClient(backend);
}, 180_000);

afterAll(async () => {
  await backend?.close();
});

describe('correcting a refused check-in', () => {
  it('reception corrects the guest fields; no second check-in is queued for NTAK or VIZA', async () => {
    const bu = await stay(ACC.vaci, UNIT.loftA, 3);
    const g = await checkIn(member, bu);
    const queued = (await submissionsOf(g)).length;
    const logged = await rowEvents(backend.ctx.db, 'guest_checkins', g);
    for (const [who, zip] of [[communicator, '1061'], [member, '1062'], [manager, '1063']] as const) {
      const r = await client.gql<{ update_guest_checkins_by_pk: { id: string } | null }>(who, UPDATE, { id: g, set: { zip, first_name: 'Lukas', dob: '1979-02-04', tourist_tax_status: 'IM1' } });
      expect(r.errors, `${JSON.stringify(who)} corrects`).toBeUndefined();
      expect(r.data?.update_guest_checkins_by_pk?.id).toBe(g);
      expect((await row(g)).zip).toBe(zip);
    }
    // Read right after the writes: a trigger logs its event in the writing transaction, and without
    // an event nothing queues a submission later.
    expect(await rowEvents(backend.ctx.db, 'guest_checkins', g), 'a correction fires no event trigger').toEqual(logged);
    expect((await submissionsOf(g)).length, 'no second check-in is queued').toBe(queued);
  }, 120_000);

  it('never writes the NTAK guest id, the document scan or the row id, for any reception role', async () => {
    const g = await checkIn(communicator, await stay(ACC.vaci, UNIT.loftA));
    const before = await row(g);
    for (const who of [communicator, member, manager]) {
      for (const set of [{ ntak_guest_id: crypto.randomUUID() }, { scanned: { firstName: 'FORGED', documentId: 'X' } }, { id: crypto.randomUUID() }, { created_at: '2020-01-01T00:00:00Z' }]) {
        const r = await client.gql(who, UPDATE, { id: g, set });
        expect(r.errors?.[0]?.extensions.code, `${JSON.stringify(who)} ${Object.keys(set)[0]}`).toBe('validation-failed');
      }
      // Nor on a new check-in: a chosen NTAK id would merge two guests in NTAK, a forged scan claims a document reading.
      for (const over of [{ ntak_guest_id: before.ntak_guest_id }, { scanned: { firstName: 'FORGED' } }]) {
        const r = await client.gql(who, INSERT, { g: guestRow(await stay(ACC.vaci, UNIT.loftA), over) });
        expect(r.errors?.[0]?.extensions.code, `${JSON.stringify(who)} inserts ${Object.keys(over)[0]}`).toBe('validation-failed');
      }
    }
    expect(await row(g)).toEqual(before);
  }, 180_000);

  it('a recorded departure stays as recorded, the guest stays in the booking', async () => {
    const bu = await stay(ACC.vaci, UNIT.loftA);
    const g = await checkIn(manager, bu);
    expect(errorOf(await client.gql(manager, UPDATE, { id: g, set: { checked_out_at: '2033-06-01T08:00:00Z' } }))).toBe('');
    for (const who of [manager, member]) {
      expect(errorOf(await client.gql(who, UPDATE, { id: g, set: { checked_out_at: null } }))).toMatch(/already recorded/);
      expect(errorOf(await client.gql(who, UPDATE, { id: g, set: { checked_out_at: '2033-07-01T08:00:00Z' } }))).toMatch(/already recorded/);
    }
    // Fields are still corrected after the departure (NTAK may refuse the check-out too).
    expect(errorOf(await client.gql(manager, UPDATE, { id: g, set: { zip: '1061' } }))).toBe('');
    // A corrected arrival may not pass the recorded departure.
    expect(errorOf(await client.gql(member, UPDATE, { id: g, set: { checkin_time: '2033-06-02T08:00:00Z' } }))).toMatch(/before the guest arrived/);
    expect(errorOf(await client.gql(manager, UPDATE, { id: g, set: { checkin_time: '2033-01-01T16:00:00Z' } }))).toBe('');
    // Moved into another booking of the same manager's accommodation: refused by the database.
    expect(errorOf(await client.gql(manager, UPDATE, { id: g, set: { booking_unit_id: await stay(ACC.vaci, UNIT.loftA) } }))).toMatch(/own booking/);
    const after = await row(g);
    expect([new Date(after.checked_out_at ?? '').toISOString(), after.booking_unit_id, after.zip]).toEqual(['2033-06-01T08:00:00.000Z', bu, '1061']);
    // Nor is it deleted by anyone: NTAK and VIZA hold it; entered again it would be a second check-in.
    for (const who of [communicator, member, manager]) {
      const del = await client.gql(who, 'mutation($id: uuid!) { delete_guest_checkins_by_pk(id: $id) { id } }', { id: g });
      expect(del.errors?.[0]?.extensions.code, JSON.stringify(who)).toBe('validation-failed');
    }
    expect((await row(g)).booking_unit_id).toBe(bu);
  }, 120_000);

  it('hostile input: wrong types, oversized fields, bad codes, a forged token; nothing changes', async () => {
    const g = await checkIn(member, await stay(ACC.vaci, UNIT.loftA));
    const before = await row(g);
    const attempts: Record<string, unknown>[] = [
      { dob: 'the third of May' }, { dob: 19790203 }, { zip: { $ne: null } }, { gender: 'robot' }, { document_type: 'library_card' }, { tourist_tax_status: 'FREE' },
      { nationality: 'UK' }, { country: 'XX' }, { first_name: '   ' }, { dob: '1899-12-31' },
      { first_name: 'A'.repeat(81) }, { document_id: '9'.repeat(100_000) }, { address: 'x'.repeat(201) }, { zip: '1'.repeat(21) },
      { checkout_time: '2032-01-01T00:00:00Z' },
    ];
    for (const set of attempts) {
      const r = await client.gql(manager, UPDATE, { id: g, set });
      expect(r.errors, `refused: ${JSON.stringify(set).slice(0, 60)}`).toBeDefined();
    }
    // The same length rule holds a new check-in.
    expect(errorOf(await client.gql(communicator, INSERT, { g: guestRow(await stay(ACC.vaci, UNIT.loftA), { pob: 'W'.repeat(81) }) }))).toMatch(/pob is longer than 80/);
    const good = await backend.ctx.jwt.sign({ 'https://hasura.io/jwt/claims': { 'x-hasura-allowed-roles': ['admin'], 'x-hasura-default-role': 'admin', 'x-hasura-user-id': DEMO.manager }, sub: DEMO.manager }, 900);
    const forged = good.slice(0, -4) + (good.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    const res = await fetch(`${backend.url}/v1/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${forged}` }, body: JSON.stringify({ query: UPDATE, variables: { id: g, set: { zip: '1061' } } }) });
    expect(((await res.json()) as GqlResult).errors?.[0]?.extensions.code).toMatch(/invalid-jwt|jwt/);
    expect(await row(g)).toEqual(before);
  }, 180_000);
});

describe('property managers at the reception desk', () => {
  it("check guests in and out of their own accommodation's bookings, never another manager's", async () => {
    const own = await stay(ACC.vaci, UNIT.loftA);
    const other = await stay(ACC.palace, UNIT.studio);
    const mine = await checkIn(manager, own);
    expect((await submissionsOf(mine)).map((s) => `${s.service}:${s.message_type}`).sort()).toEqual(expect.arrayContaining(['viza:check_in']));
    const theirs = await checkIn(manager2, other);

    // Another manager's booking: the insert check fails, the update finds no row, nothing changes.
    const insert = await client.gql(manager, INSERT, { g: guestRow(other) });
    expect(insert.errors?.[0]?.extensions.code).toBe('permission-error');
    const before = await row(theirs);
    const upd = await client.gql<{ update_guest_checkins_by_pk: unknown }>(manager, UPDATE, { id: theirs, set: { zip: '1061', checked_out_at: '2033-06-01T08:00:00Z' } });
    expect(upd.errors).toBeUndefined();
    expect(upd.data?.update_guest_checkins_by_pk).toBeNull();
    const many = await client.gql<{ update_guest_checkins: { affected_rows: number } }>(manager, 'mutation { update_guest_checkins(where: {}, _set: {zip: "1061"}) { affected_rows } }');
    expect(many.data?.update_guest_checkins.affected_rows, 'only the rows of managed accommodations').toBeGreaterThan(0);
    expect(await row(theirs)).toEqual(before);
    // Nor is their own guest moved into the other accommodation's booking (update check + trigger).
    expect(errorOf(await client.gql(manager, UPDATE, { id: mine, set: { booking_unit_id: other } }))).not.toBe('');
    expect((await row(mine)).booking_unit_id).toBe(own);

    // Their own guest's departure: recorded once, sent as a check-out to both registries.
    expect(errorOf(await client.gql(manager, 'mutation($id: uuid!, $at: timestamptz!) { update_guest_checkins(where: {id: {_eq: $id}, checked_out_at: {_is_null: true}}, _set: {checked_out_at: $at}) { affected_rows } }', { id: mine, at: '2033-06-01T08:00:00Z' }))).toBe('');
    await waitFor(async () => (await submissionsOf(mine)).some((s) => s.service === 'viza' && s.message_type === 'check_out'));
    // Roles outside reception write no check-ins at all.
    for (const who of [{ role: 'cleaner', userId: DEMO.cleaner }, { role: 'owner', userId: DEMO.owner }, { role: 'inspector', userId: DEMO.inspector }] as Caller[]) {
      expect((await client.gql(who, UPDATE, { id: mine, set: { zip: '1' } })).errors?.[0]?.extensions.code, JSON.stringify(who)).toBe('validation-failed');
      expect((await client.gql(who, INSERT, { g: guestRow(own) })).errors?.[0]?.extensions.code, JSON.stringify(who)).toBe('validation-failed');
    }
  }, 180_000);

  it('see the certificate expiry of their own accommodations only', async () => {
    const soon = new Date(Date.now() + 10 * 86_400_000).toISOString();
    await client.data('admin-secret', 'mutation($a: [uuid!]!, $t: timestamptz!) { update_accommodations(where: {id: {_in: $a}}, _set: {ntak_cert_valid_to: $t}) { affected_rows } }', { a: [ACC.vaci, ACC.palace], t: soon });
    const q = 'query($before: timestamptz!) { accommodations(where: {ntak_cert_valid_to: {_lte: $before}}) { id } }';
    const before = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const ids = async (who: Caller) => (await client.data<{ accommodations: { id: string }[] }>(who, q, { before })).accommodations.map((a) => a.id);
    expect(await ids(manager)).toContain(ACC.vaci);
    expect(await ids(manager)).not.toContain(ACC.palace);
    expect(await ids(manager2)).toContain(ACC.palace);
    expect(await ids(manager2)).not.toContain(ACC.vaci);
  }, 60_000);
});
