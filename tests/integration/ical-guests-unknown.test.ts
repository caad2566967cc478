// Bookings imported from a channel's iCal feed have no guest count (bookings.guests_unknown), on the
// real embedded backend with its event triggers and real tokens: the importer sets the flag, the
// NTAK reservation is held while it is set (no submission with a made-up count) and queued with
// the entered count when staff clear it; nobody but the importer may set it, managers and owners
// may not touch it, cleaners do not see it, forged tokens and wrong types are refused.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningBackend } from '../../backend/server';
import { startTestBackend } from '../helpers/backend';
import { fileEnv } from '../helpers/env';
import { demoDay } from '../helpers/dates';
import { DEMO, makeClient, type Caller, type Client } from './permissionsClient';

const HOOK = 'guests-unknown-webhook-secret';
let backend: RunningBackend;
let client: Client;
let server: http.Server;
let base = '';
const feeds = new Map<string, string>();
const member: Caller = { role: 'member', userId: DEMO.member };
const communicator: Caller = { role: 'communicator', userId: DEMO.communicator };
const manager: Caller = { role: 'manager', userId: DEMO.manager };
const owner: Caller = { role: 'owner', userId: DEMO.owner };
const cleaner: Caller = { role: 'cleaner', userId: DEMO.cleaner };
const ids = { owner: crypto.randomUUID(), acc: crypto.randomUUID(), unit: crypto.randomUUID() };

const d = (offset: number) => demoDay(offset).replace(/-/g, '');
function feed(events: { uid: string; from: number; to: number }[]): string {
  return [
    'BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Airbnb Inc//Hosting Calendar 0.8.8//EN',
    ...events.flatMap((e) => ['BEGIN:VEVENT', `DTSTART;VALUE=DATE:${d(e.from)}`, `DTEND;VALUE=DATE:${d(e.to)}`, `UID:${e.uid}`, 'SUMMARY:Reserved', 'END:VEVENT']),
    'END:VCALENDAR',
  ].join('\r\n') + '\r\n';
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

async function poll(): Promise<void> {
  const res = await fetch(`${backend.url}/v1/functions/ical/poll`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'nhost-webhook-secret': HOOK },
    body: JSON.stringify({ scheduled_time: new Date().toISOString(), payload: {}, name: 'ical_import', id: crypto.randomUUID() }),
  });
  expect(res.status).toBe(200);
}

interface Imported { id: string; status: string; adults: number; guests_unknown: boolean; booked_units: { id: string }[] }
async function imported(uid: string): Promise<Imported> {
  const r = await client.data<{ bookings: Imported[] }>('admin-secret', 'query($u: String!) { bookings(where: {ota_code: {_eq: $u}}) { id status adults guests_unknown booked_units { id } } }', { u: uid });
  expect(r.bookings).toHaveLength(1);
  return r.bookings[0];
}

/** Imports one stay through a feed of its own and returns the booking the importer made. */
async function importStay(from: number, to: number): Promise<Imported> {
  const uid = `gu-${crypto.randomUUID()}@airbnb.com`;
  const path = `/${crypto.randomUUID()}.ics`;
  feeds.set(path, feed([{ uid, from, to }]));
  const f = await client.data<{ insert_ical_import_feeds_one: { id: string } }>(member, 'mutation($o: ical_import_feeds_insert_input!) { insert_ical_import_feeds_one(object: $o) { id } }', { o: { unit_id: ids.unit, channel: 'airbnb', url: `${base}${path}` } });
  await poll();
  // Each feed is polled once here: later polls must not cancel what the test changes by hand.
  await client.data('admin-secret', 'mutation($id: uuid!) { update_ical_import_feeds_by_pk(pk_columns: {id: $id}, _set: {is_active: false}) { id } }', { id: f.insert_ical_import_feeds_one.id });
  return imported(uid);
}

const reservations = async (booking: string) =>
  (await client.data<{ registry_submissions: { id: string }[] }>('admin-secret', 'query($b: uuid!) { registry_submissions(where: {booking_id: {_eq: $b}, service: {_eq: ntak}, message_type: {_eq: reservation}}) { id } }', { b: booking })).registry_submissions;

/** Lets the event trigger of a change run: a marker booking's reservation is queued after it. */
async function settle(): Promise<void> {
  const id = crypto.randomUUID();
  const day = 300 + crypto.randomInt(0, 50);
  await client.data('admin-secret', 'mutation($b: bookings_insert_input!) { insert_bookings_one(object: $b) { id } }', {
    b: { id, accommodation_id: ids.acc, customer_name: 'Marker', customer_country: 'DE', channel: 'direct', checkin: demoDay(day), checkout: demoDay(day + 1), adults: 1, currency: 'HUF', accommodation_fee: 1000 },
  });
  await waitFor(async () => (await reservations(id)).length > 0);
}

const setFlag = (caller: Caller, id: string, value: unknown) =>
  client.gql<{ update_bookings_by_pk: { guests_unknown: boolean } | null }>(caller, 'mutation($id: uuid!, $v: Boolean) { update_bookings_by_pk(pk_columns: {id: $id}, _set: {guests_unknown: $v}) { guests_unknown } }', { id, v: value });

fileEnv({ NHOST_WEBHOOK_SECRET: HOOK, ICAL_ALLOW_PRIVATE_TARGETS: 'true' });

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const body = feeds.get(req.url ?? '');
    if (body === undefined) res.writeHead(404).end('no such feed');
    else res.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  backend = await startTestBackend({ env: { NHOST_WEBHOOK_SECRET: HOOK } });
  client = makeClient(backend);
  await client.data('admin-secret', `mutation ($o: owners_insert_input!, $a: accommodations_insert_input!, $u: units_insert_input!) {
      insert_owners_one(object: $o) { id } insert_accommodations_one(object: $a) { id } insert_units_one(object: $u) { id }
    }`, {
    o: { id: ids.owner, name: 'Unknown Guests Kft.' },
    a: { id: ids.acc, owner_id: ids.owner, name: 'Unknown Guests Loft', ntak_id: 'UG12CD34', tax_id: '12345678-1-42', zip: '1061', address: 'Andrássy út 9' },
    u: { id: ids.unit, accommodation_id: ids.acc, name: 'U1', category: 'APARTMAN', single_beds: 2, double_beds: 1, occ_adults: 4, occ_children: 2 },
  });
}, 180_000);

afterAll(async () => {
  await backend?.close();
  await new Promise((resolve) => server?.close(resolve));
  server?.closeAllConnections?.();
});

describe('imported bookings with an unknown guest count', () => {
  it('holds the NTAK reservation until staff enter the guests, then queues it with their count', async () => {
    const b = await importStay(20, 23);
    expect(b).toMatchObject({ status: 'new', adults: 1, guests_unknown: true });
    await settle();
    expect(await reservations(b.id), 'no reservation with the placeholder count').toEqual([]);

    // The feed moves it: still held.
    await client.data('admin-secret', 'mutation($id: uuid!, $ci: date!, $co: date!) { update_bookings_by_pk(pk_columns: {id: $id}, _set: {checkin: $ci, checkout: $co, status: modified}) { id } }', { id: b.id, ci: demoDay(21), co: demoDay(24) });
    await settle();
    expect(await reservations(b.id)).toEqual([]);

    // Staff change only a note: still held.
    await client.data(member, 'mutation($id: uuid!) { update_bookings_by_pk(pk_columns: {id: $id}, _set: {notes: "late arrival"}) { id } }', { id: b.id });
    await settle();
    expect(await reservations(b.id)).toEqual([]);

    // A member enters three adults and a child in the editor's one save (booking + booked unit).
    const saved = await client.data<{ update_bookings_by_pk: { guests_unknown: boolean; adults: number } }>(member, `mutation($id: uuid!, $bu: uuid!) {
        update_bookings_by_pk(pk_columns: {id: $id}, _set: {adults: 3, children: 1, guests_unknown: false}) { guests_unknown adults }
        update_booked_units_by_pk(pk_columns: {id: $bu}, _set: {adults: 3, children: 1}) { id }
      }`, { id: b.id, bu: b.booked_units[0].id });
    expect(saved.update_bookings_by_pk).toEqual({ guests_unknown: false, adults: 3 });
    await waitFor(async () => (await reservations(b.id)).length === 1);
    const payload = await client.data<{ registry_submissions: { payload: { recipe: { bookingId: string } } }[] }>('admin-secret', 'query($b: uuid!) { registry_submissions(where: {booking_id: {_eq: $b}}) { payload } }', { b: b.id });
    expect(payload.registry_submissions[0].payload.recipe.bookingId).toBe(b.id);
  }, 120_000);

  it('never reports a held booking cancelled before its guests were entered', async () => {
    const b = await importStay(40, 42);
    await client.data('admin-secret', 'mutation($id: uuid!) { update_bookings_by_pk(pk_columns: {id: $id}, _set: {status: cancelled}) { id } }', { id: b.id });
    // A communicator clears it afterwards (allowed): NTAK never had the reservation, so nothing to cancel.
    const cleared = await setFlag(communicator, b.id, false);
    expect(cleared.errors).toBeUndefined();
    expect(cleared.data?.update_bookings_by_pk).toEqual({ guests_unknown: false });
    await settle();
    expect(await reservations(b.id)).toEqual([]);
  }, 120_000);

  it('lets only the importer set it: staff may clear it, never set it, by update or insert', async () => {
    const b = await importStay(60, 62);
    expect((await setFlag(member, b.id, false)).errors).toBeUndefined();
    for (const caller of [member, communicator]) {
      const again = await setFlag(caller, b.id, true);
      expect(again.errors?.[0]?.message, `${caller === member ? 'member' : 'communicator'} sets it`).toMatch(/Only the iCal import marks/);
    }
    expect((await imported((await client.data<{ bookings_by_pk: { ota_code: string } }>('admin-secret', 'query($id: uuid!) { bookings_by_pk(id: $id) { ota_code } }', { id: b.id })).bookings_by_pk.ota_code)).guests_unknown).toBe(false);
    // A member's insert may not carry it (not an insert column).
    const insert = await client.gql(member, 'mutation($b: bookings_insert_input!) { insert_bookings_one(object: $b) { id } }', {
      b: { accommodation_id: ids.acc, customer_name: 'Sneaky', channel: 'direct', checkin: demoDay(70), checkout: demoDay(71), adults: 1, currency: 'HUF', accommodation_fee: 0, guests_unknown: true },
    });
    expect(insert.errors?.[0]?.message).toMatch(/guests_unknown/);
  }, 120_000);

  it('refuses managers, owners, cleaners, forged tokens and wrong types', async () => {
    const b = await importStay(80, 82);
    for (const [role, caller] of [['manager', manager], ['owner', owner], ['cleaner', cleaner]] as const) {
      const r = await setFlag(caller, b.id, false);
      expect(r.errors?.length, `${role} clears it`).toBeGreaterThan(0);
    }
    // Cleaners do not read the column at all.
    const hidden = await client.gql(cleaner, 'query { bookings(limit: 1) { guests_unknown } }');
    expect(hidden.errors?.[0]?.message).toMatch(/guests_unknown|bookings/);
    // A token whose claims were changed to admin keeps its old signature: refused.
    const forged = await fetch(`${backend.url}/v1/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJodHRwczovL2hhc3VyYS5pby9qd3QvY2xhaW1zIjp7IngtaGFzdXJhLWRlZmF1bHQtcm9sZSI6ImFkbWluIn19.c2ln' },
      body: JSON.stringify({ query: 'mutation($id: uuid!) { update_bookings_by_pk(pk_columns: {id: $id}, _set: {guests_unknown: false}) { id } }', variables: { id: b.id } }),
    });
    const body = (await forged.json()) as { errors?: unknown[]; data?: unknown };
    expect(body.errors?.length).toBeGreaterThan(0);
    // A string is a column value Postgres parses, as in Hasura ('no' would be false); 'maybe' is no boolean.
    for (const wrong of ['maybe', 1, { _eq: false }]) {
      expect((await setFlag(member, b.id, wrong)).errors?.length, JSON.stringify(wrong)).toBeGreaterThan(0);
    }
    expect((await imported((await client.data<{ bookings_by_pk: { ota_code: string } }>('admin-secret', 'query($id: uuid!) { bookings_by_pk(id: $id) { ota_code } }', { id: b.id })).bookings_by_pk.ota_code)).guests_unknown, 'still held after every refused attempt').toBe(true);
    await settle();
    expect(await reservations(b.id)).toEqual([]);
  }, 120_000);
});
