// Break-it review of the inbox and NTAK/VIZA server side (issues 17 and 18), with real tokens on the
// real embedded backend and its event triggers. Each test here was a finding of a review; it fails
// if the hole opens again.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningBackend } from '../../backend/server';
import { startTestBackend } from '../helpers/backend';
import { fileEnv } from '../helpers/env';
import { eventsSettled } from '../helpers/events';
import { DEMO, makeClient, type Caller, type Client } from './permissionsClient';

let backend: RunningBackend;
/** The event triggers that queue NTAK/VIZA submissions (what the checks below count). */
const SUBMITTING = ['registry_guest', 'ntak_room_change', 'ntak_booking'];
let client: Client;
const HOOK = 'breakit-registry-webhook-secret';
const communicator: Caller = { role: 'communicator', userId: DEMO.communicator };
const member: Caller = { role: 'member', userId: DEMO.member };

const ids = { owner: crypto.randomUUID(), accA: crypto.randomUUID(), accB: crypto.randomUUID(), unitA: crypto.randomUUID(), unitA2: crypto.randomUUID(), unitB: crypto.randomUUID() };

interface Submission { id: string; service: string; message_type: string; accommodation_id: string; guest_checkin_id: string | null }

async function waitFor<T>(fn: () => Promise<T | null | undefined | false>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 150));
  }
}

const submissionsOf = async (guest: string) =>
  (await client.data<{ registry_submissions: Submission[] }>('admin-secret', 'query($g: uuid!) { registry_submissions(where: {guest_checkin_id: {_eq: $g}}, order_by: {created_at: asc}) { id service message_type accommodation_id guest_checkin_id } }', { g: guest })).registry_submissions;

/** A booking of its own on the unit with one booked unit for `adults` guests; returns the booked unit. */
async function stay(accommodation: string, unit: string, adults: number, checkin: string, checkout: string): Promise<string> {
  const bu = crypto.randomUUID();
  await client.data('admin-secret', 'mutation($b: bookings_insert_input!) { insert_bookings_one(object: $b) { id } }', {
    b: { accommodation_id: accommodation, customer_name: 'Break It', customer_country: 'DE', channel: 'direct', checkin, checkout, adults, currency: 'HUF', accommodation_fee: 50000, booked_units: { data: [{ id: bu, unit_id: unit, adults }] } },
  });
  return bu;
}

/** A guest checked in by staff (the staff check-in screen's mutation) on the booked unit. */
async function guest(bookedUnit: string, day: string, next: string, doc = `P${crypto.randomInt(1e6, 9e6)}`): Promise<string> {
  const id = crypto.randomUUID();
  await client.data(member, 'mutation($g: guest_checkins_insert_input!) { insert_guest_checkins_one(object: $g) { id } }', {
    g: { id, booking_unit_id: bookedUnit, first_name: 'Lukas', last_name: 'Weber', dob: '1979-02-03', gender: 'male', nationality: 'AT', country: 'AT', zip: '1010', document_id: doc, document_type: 'passport', checkin_time: `${day}T15:00:00Z`, checkout_time: `${next}T09:00:00Z` },
  });
  // The event trigger has queued the check-ins before the test goes on.
  await waitFor(async () => (await submissionsOf(id)).some((s) => s.service === 'viza' && s.message_type === 'check_in'));
  return id;
}

const setDeparture = (g: string, at: string | null) =>
  client.gql(communicator, 'mutation($id: uuid!, $at: timestamptz) { update_guest_checkins_by_pk(pk_columns: {id: $id}, _set: {checked_out_at: $at}) { id checked_out_at } }', { id: g, at });

// The functions read the webhook secret at run time, from this process's environment.
fileEnv({ NHOST_WEBHOOK_SECRET: HOOK });
beforeAll(async () => {
  backend = await startTestBackend({ env: { NHOST_WEBHOOK_SECRET: HOOK } });
  client = makeClient(backend);
  await client.data('admin-secret', `mutation ($o: owners_insert_input!, $a: [accommodations_insert_input!]!, $u: [units_insert_input!]!) {
      insert_owners_one(object: $o) { id } insert_accommodations(objects: $a) { affected_rows } insert_units(objects: $u) { affected_rows }
    }`, {
    o: { id: ids.owner, name: 'Break It Kft.' },
    a: [
      { id: ids.accA, owner_id: ids.owner, name: 'Break It Loft A', ntak_id: 'BA12CD34', tax_id: '12345678-1-42', zip: '1061', address: 'Andrássy út 9' },
      { id: ids.accB, owner_id: ids.owner, name: 'Break It House B', ntak_id: 'BB12CD34', tax_id: '87654321-1-42', zip: '1072', address: 'Király utca 9' },
    ],
    u: [
      { id: ids.unitA, accommodation_id: ids.accA, name: 'A1', category: 'APARTMAN', single_beds: 1, double_beds: 1, occ_adults: 3 },
      { id: ids.unitA2, accommodation_id: ids.accA, name: 'A2', category: 'APARTMAN', single_beds: 1, occ_adults: 1 },
      { id: ids.unitB, accommodation_id: ids.accB, name: 'B1', category: 'APARTMAN', single_beds: 1, double_beds: 1, occ_adults: 3 },
    ],
  });
}, 180_000);

afterAll(async () => {
  await backend?.close();
});

describe('guest check-out (staff check-in screen, NTAK/VIZA check-out)', () => {
  // The staff screen records a departure "only once" with `checked_out_at: {_is_null: true}` in its
  // where clause, but the metadata lets communicators and members set checked_out_at to anything.
  // Clearing it and recording it again makes the event trigger queue a second NTAK and VIZA
  // check-out for the same guest (a new event id, so the queue's de-duplication does not catch it).
  it('a departure cleared and recorded again sends no second NTAK/VIZA check-out', async () => {
    const g = await guest(await stay(ids.accA, ids.unitA, 2, '2030-05-01', '2030-05-03'), '2030-05-01', '2030-05-03');
    expect((await setDeparture(g, '2030-05-03T08:00:00Z')).errors).toBeUndefined();
    await waitFor(async () => (await submissionsOf(g)).filter((s) => s.message_type === 'check_out').length === 2);

    const cleared = await setDeparture(g, null);
    const again = await setDeparture(g, '2030-05-03T08:30:00Z');
    await eventsSettled(backend.ctx.db, { triggers: SUBMITTING });
    const outs = (await submissionsOf(g)).filter((s) => s.message_type === 'check_out');
    expect(outs.map((s) => s.service).sort(), 'one check-out per registry').toEqual(['ntak', 'viza']);
    expect(cleared.errors?.[0]?.message, 'a recorded departure cannot be cleared').toMatch(/already recorded/);
    expect(again.errors?.[0]?.message, 'nor recorded a second time').toMatch(/already recorded/);
  }, 90_000);

  // After the check-out was sent, a recorded departure moved to another time changes what Staydesk
  // shows (and what a later re-send builds) while the registries keep the first time.
  it('a recorded departure cannot be moved to another time', async () => {
    const g = await guest(await stay(ids.accA, ids.unitA, 2, '2030-05-05', '2030-05-07'), '2030-05-05', '2030-05-07');
    expect((await setDeparture(g, '2030-05-07T08:00:00Z')).errors).toBeUndefined();
    const moved = await setDeparture(g, '2030-05-09T08:00:00Z');
    expect(moved.errors?.[0]?.message).toMatch(/already recorded/);
    const row = await client.data<{ guest_checkins_by_pk: { checked_out_at: string } }>('admin-secret', 'query($id: uuid!) { guest_checkins_by_pk(id: $id) { checked_out_at } }', { id: g });
    expect(new Date(row.guest_checkins_by_pk.checked_out_at).toISOString()).toBe('2030-05-07T08:00:00.000Z');
  }, 90_000);

  // NTAK and VIZA get a check-out that happened before the check-in.
  it('a departure before the guest arrived is refused', async () => {
    const g = await guest(await stay(ids.accA, ids.unitA, 2, '2030-05-10', '2030-05-12'), '2030-05-10', '2030-05-12');
    const early = await setDeparture(g, '2029-01-01T08:00:00Z');
    expect(early.errors?.[0]?.message).toMatch(/before the guest arrived/);
    await eventsSettled(backend.ctx.db, { triggers: SUBMITTING });
    expect((await submissionsOf(g)).filter((s) => s.message_type === 'check_out')).toEqual([]);
  }, 90_000);
});

describe('moving a checked-in guest (NTAK room change)', () => {
  // Communicators and members may update guest_checkins.booking_unit_id (the room change). Nothing
  // checks that the new booked unit is of the same stay: a guest of accommodation A moved to a
  // booking of accommodation B makes the trigger send B's NTAK a room change of a guest B never
  // checked in, from a unit of A (NTAK data for the wrong accommodation).
  it('a guest cannot be moved into another accommodation\'s booking', async () => {
    const g = await guest(await stay(ids.accA, ids.unitA, 2, '2030-06-01', '2030-06-03'), '2030-06-01', '2030-06-03');
    const other = await stay(ids.accB, ids.unitB, 2, '2030-06-01', '2030-06-03');
    const moved = await client.gql(communicator, 'mutation($id: uuid!, $bu: uuid!) { update_guest_checkins_by_pk(pk_columns: {id: $id}, _set: {booking_unit_id: $bu}) { id } }', { id: g, bu: other });
    await eventsSettled(backend.ctx.db, { triggers: SUBMITTING });
    expect((await submissionsOf(g)).filter((s) => s.accommodation_id === ids.accB), 'nothing sent to the other accommodation').toEqual([]);
    expect(moved.errors?.[0]?.message).toMatch(/own booking/);
  }, 90_000);

  // The capacity trigger ('capacity reached for booked guests') runs on insert only: moving guests
  // in by update fills a booked unit past its guest count.
  it('moving a guest into a full booked unit is refused like a check-in', async () => {
    const full = await stay(ids.accA, ids.unitA2, 1, '2030-06-10', '2030-06-12');
    await guest(full, '2030-06-10', '2030-06-12');
    const direct = await client.gql(member, 'mutation($g: guest_checkins_insert_input!) { insert_guest_checkins_one(object: $g) { id } }', {
      g: { booking_unit_id: full, first_name: 'Extra', last_name: 'Guest', dob: '1990-01-01', gender: 'female', nationality: 'DE', country: 'DE', zip: '10115', document_id: 'X1234567', document_type: 'passport', checkin_time: '2030-06-10T15:00:00Z', checkout_time: '2030-06-12T09:00:00Z' },
    });
    expect(direct.errors?.[0]?.message).toMatch(/capacity/);
    // Same booking, a second booked unit, so only the capacity is in question.
    const booking = await client.data<{ booked_units_by_pk: { booking_id: string } }>('admin-secret', 'query($id: uuid!) { booked_units_by_pk(id: $id) { booking_id } }', { id: full });
    const second = crypto.randomUUID();
    await client.data('admin-secret', 'mutation($o: booked_units_insert_input!) { insert_booked_units_one(object: $o) { id } }', { o: { id: second, booking_id: booking.booked_units_by_pk.booking_id, unit_id: ids.unitA, adults: 1 } });
    const extra = await guest(second, '2030-06-10', '2030-06-12');
    const moved = await client.gql(member, 'mutation($id: uuid!, $bu: uuid!) { update_guest_checkins_by_pk(pk_columns: {id: $id}, _set: {booking_unit_id: $bu}) { id } }', { id: extra, bu: full });
    expect(moved.errors?.[0]?.message).toMatch(/capacity/);
  }, 90_000);
});

describe('staff check-in (the same rules as the journey)', () => {
  const insertGuest = (bookedUnit: string, doc: string) =>
    client.gql(communicator, 'mutation($g: guest_checkins_insert_input!) { insert_guest_checkins_one(object: $g) { id } }', {
      g: { booking_unit_id: bookedUnit, first_name: 'Anna', last_name: 'Müller', dob: '1985-04-12', gender: 'female', nationality: 'DE', country: 'DE', zip: '10115', document_id: doc, document_type: 'passport', checkin_time: '2030-07-01T15:00:00Z', checkout_time: '2030-07-03T09:00:00Z' },
    });

  // The journey refuses a document already checked in anywhere in the booking ('Guest already
  // checked in', spaces and case ignored); the database only refused the exact same text in the same
  // booked unit. Through GraphQL (and the staff screen, for a second unit of the booking) the same
  // person was checked in twice, and NTAK and VIZA each got two check-ins of one guest.
  it('one document is checked in once per booking, whatever unit or spelling', async () => {
    const bu = await stay(ids.accA, ids.unitA, 2, '2030-07-01', '2030-07-03');
    const booking = (await client.data<{ booked_units_by_pk: { booking_id: string } }>('admin-secret', 'query($id: uuid!) { booked_units_by_pk(id: $id) { booking_id } }', { id: bu })).booked_units_by_pk.booking_id;
    const second = crypto.randomUUID();
    await client.data('admin-secret', 'mutation($o: booked_units_insert_input!) { insert_booked_units_one(object: $o) { id } }', { o: { id: second, booking_id: booking, unit_id: ids.unitA2, adults: 1 } });
    expect((await insertGuest(bu, 'C01X00T47')).errors).toBeUndefined();
    const respelled = await insertGuest(bu, 'c01x 00t47');
    const otherUnit = await insertGuest(second, 'C01X00T47');
    expect(respelled.errors?.[0]?.message).toMatch(/guest_checkins_booking_unit_id_document_id_key/);
    expect(otherUnit.errors?.[0]?.message).toMatch(/guest_checkins_booking_unit_id_document_id_key/);
  }, 90_000);

  // A cancelled stay is not open for check-in on the journey; staff (or a token holder) inserting
  // a guest on it made the trigger send NTAK and VIZA a check-in for a cancelled reservation.
  it('a guest cannot be checked in to a cancelled booking', async () => {
    const bu = await stay(ids.accA, ids.unitA, 2, '2030-07-05', '2030-07-07');
    const booking = (await client.data<{ booked_units_by_pk: { booking_id: string } }>('admin-secret', 'query($id: uuid!) { booked_units_by_pk(id: $id) { booking_id } }', { id: bu })).booked_units_by_pk.booking_id;
    await client.data('admin-secret', 'mutation($id: uuid!) { update_bookings_by_pk(pk_columns: {id: $id}, _set: {status: cancelled}) { id } }', { id: booking });
    const ins = await insertGuest(bu, 'Z9876543');
    expect(ins.errors?.[0]?.message).toMatch(/cancelled/);
  }, 90_000);
});
