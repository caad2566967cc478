// Break-it review of bookings, the calendar and the pricing/iCal functions (server side), with real
// tokens on the real embedded backend and the demo data. Each test here was a finding of a review;
// it fails if the hole opens again.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningBackend } from '../../backend/server';
import { startTestBackend } from '../helpers/backend';
import { fileEnv } from '../helpers/env';
import { demoDay } from '../helpers/dates';
import { ACC, DEMO, makeClient, UNIT, type Caller, type Client } from './permissionsClient';

let backend: RunningBackend;
let client: Client;
let server: http.Server;
let base = '';
const routes = new Map<string, string>();

const manager: Caller = { role: 'manager', userId: DEMO.manager };
const communicator: Caller = { role: 'communicator', userId: DEMO.communicator };
const owner2: Caller = { role: 'owner', userId: DEMO.owner2 };
const member: Caller = { role: 'member', userId: DEMO.member };

const ymd = (day: string) => day.replace(/-/g, '');
/** A plain channel feed of all-day events, UID exactly as given. */
function feed(events: { uid: string; start: string; end: string }[]): string {
  return [
    'BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Attacker//Feed 1.0//EN',
    ...events.flatMap((e) => ['BEGIN:VEVENT', `UID:${e.uid}`, 'DTSTAMP:20260420T101010Z', `DTSTART;VALUE=DATE:${ymd(e.start)}`, `DTEND;VALUE=DATE:${ymd(e.end)}`, 'SUMMARY:Reserved', 'END:VEVENT']),
    'END:VCALENDAR',
  ].join('\r\n') + '\r\n';
}

async function syncAs(caller: { role: string; userId: string }, feedId: string) {
  const token = await backend.ctx.jwt.sign({ 'https://hasura.io/jwt/claims': { 'x-hasura-allowed-roles': [caller.role], 'x-hasura-default-role': caller.role, 'x-hasura-user-id': caller.userId }, sub: caller.userId }, 900);
  const res = await fetch(`${backend.url}/v1/functions/ical/sync`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ feedId }) });
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> | null };
}

interface Stay { id: string; channel: string; ota_code: string; checkin: string; checkout: string; status: string }
const bookingById = async (id: string) => (await client.data<{ bookings_by_pk: Stay }>('admin-secret', 'query($id: uuid!) { bookings_by_pk(id: $id) { id channel ota_code checkin checkout status } }', { id })).bookings_by_pk;

fileEnv({ ICAL_ALLOW_PRIVATE_TARGETS: 'true', ICAL_FETCH_TIMEOUT_MS: '2000' });
beforeAll(async () => {
  server = http.createServer((req, res) => {
    const body = routes.get(req.url ?? '');
    if (body === undefined) res.writeHead(404).end('no such feed');
    else res.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  backend = await startTestBackend({ applySeeds: true });
  client = makeClient(backend);
}, 180_000);

afterAll(async () => {
  await backend?.close();
  await new Promise((resolve) => server?.close(resolve));
  server?.closeAllConnections?.();
});

describe('iCal import as a property manager', () => {
  // The metadata lets a manager change only the notes of a managed booking (bookings update
  // columns: notes). An import feed the manager adds to a managed unit, with the UID set to the OTA
  // code of a booking already on that unit, "adopts" that booking; the importer then moves it to
  // the feed's dates and cancels it when the event leaves the feed, with the admin secret.
  it('a manager cannot move or cancel a channel booking of a managed unit by adopting its OTA code in an own feed', async () => {
    const found = await client.data<{ bookings: Stay[] }>(manager, 'query($u: uuid!, $from: date!) { bookings(where: {booked_units: {unit_id: {_eq: $u}}, status: {_neq: cancelled}, checkin: {_gt: $from}, channel: {_in: [airbnb, booking]}}, order_by: {checkin: asc}, limit: 1) { id channel ota_code checkin checkout status } }', { u: UNIT.loftA, from: demoDay(30) });
    const victim = found.bookings[0];
    expect(victim, 'a future channel booking on the manager\'s unit').toBeDefined();
    // Direct write is refused, as the metadata says.
    const direct = await client.gql(manager, 'mutation($id: uuid!) { update_bookings_by_pk(pk_columns: {id: $id}, _set: {status: cancelled}) { id } }', { id: victim.id });
    expect(direct.errors?.length).toBeGreaterThan(0);

    // The same through an import feed the manager adds (a URL the manager controls).
    routes.set('/adopt.ics', feed([{ uid: victim.ota_code, start: demoDay(380), end: demoDay(382) }]));
    const added = await client.data<{ insert_ical_import_feeds_one: { id: string } }>(manager, 'mutation($o: ical_import_feeds_insert_input!) { insert_ical_import_feeds_one(object: $o) { id } }', { o: { unit_id: UNIT.loftA, channel: victim.channel, url: `${base}/adopt.ics` } });
    const feedId = added.insert_ical_import_feeds_one.id;
    const first = await syncAs(manager, feedId);
    expect(first.status).toBe(200);
    routes.set('/adopt.ics', feed([]));
    const second = await syncAs(manager, feedId);
    expect(second.status).toBe(200);

    const after = await bookingById(victim.id);
    expect({ checkin: after.checkin, checkout: after.checkout, status: after.status }).toEqual({ checkin: victim.checkin, checkout: victim.checkout, status: victim.status });
  });
});

describe('booked units across accommodations', () => {
  // A stay belongs to its booking's accommodation (NTAK reports, owner statements and the
  // manager's scope all follow bookings.accommodation_id and booked_units.unit_id separately).
  it('a communicator cannot hang a stay on another owner\'s unit under a booking of a different accommodation, outside the booking\'s dates', async () => {
    const found = await client.data<{ bookings: { id: string; checkin: string; checkout: string }[] }>(communicator, 'query($a: uuid!, $from: date!) { bookings(where: {accommodation_id: {_eq: $a}, status: {_neq: cancelled}, checkin: {_gt: $from}}, order_by: {checkin: asc}, limit: 1) { id checkin checkout } }', { a: ACC.vaci, from: demoDay(30) });
    const booking = found.bookings[0];
    const inserted = await client.gql<{ insert_booked_units_one: { id: string } | null }>(communicator, 'mutation($o: booked_units_insert_input!) { insert_booked_units_one(object: $o) { id } }', {
      o: { booking_id: booking.id, unit_id: UNIT.studio, checkin: demoDay(500), checkout: demoDay(502), adults: 1, price: 0 },
    });
    // Owner2 owns the studio (Palace Quarter): the foreign booking's stay and price now show in
    // their portal, and the cleaning plan and NTAK follow a booking of Váci Loft.
    const seenByOwner2 = await client.data<{ booked_units: { id: string }[] }>(owner2, 'query($b: uuid!) { booked_units(where: {booking_id: {_eq: $b}}) { id } }', { b: booking.id });
    expect(inserted.errors?.length ?? 0, 'the insert is refused').toBeGreaterThan(0);
    expect(seenByOwner2.booked_units).toEqual([]);
  });

  it('the database refuses a booked unit of another accommodation than its booking\'s, for a member too (insert and move)', async () => {
    const found = await client.data<{ bookings: { id: string; booked_units: { id: string }[] }[] }>(member, 'query($a: uuid!, $from: date!) { bookings(where: {accommodation_id: {_eq: $a}, status: {_neq: cancelled}, checkin: {_gt: $from}}, order_by: {checkin: asc}, limit: 1) { id booked_units { id } } }', { a: ACC.vaci, from: demoDay(30) });
    const booking = found.bookings[0];
    const inserted = await client.gql(member, 'mutation($o: booked_units_insert_input!) { insert_booked_units_one(object: $o) { id } }', { o: { booking_id: booking.id, unit_id: UNIT.studio, checkin: demoDay(500), checkout: demoDay(502), adults: 1, price: 0 } });
    expect(inserted.errors?.[0]).toMatchObject({ message: expect.stringContaining("A booked unit must belong to the booking's accommodation"), extensions: { code: 'constraint-violation' } });
    const moved = await client.gql(member, 'mutation($id: uuid!, $u: uuid!) { update_booked_units_by_pk(pk_columns: {id: $id}, _set: {unit_id: $u}) { id } }', { id: booking.booked_units[0].id, u: UNIT.studio });
    expect(moved.errors?.[0].extensions.code).toBe('constraint-violation');
  });

  const insertBooking = (unitId: string, from: number) => client.gql(member, 'mutation($b: bookings_insert_input!) { insert_bookings_one(object: $b) { id } }', {
    b: { accommodation_id: ACC.vaci, customer_name: 'Nested Guest', checkin: demoDay(from), checkout: demoDay(from + 2), booked_units: { data: [{ unit_id: unitId, adults: 1 }] } },
  });
  const bookingsNamed = async (name: string) => (await client.data<{ bookings: { id: string }[] }>('admin-secret', 'query($n: String!) { bookings(where: {customer_name: {_eq: $n}}) { id } }', { n: name })).bookings;

  it('a booking inserted together with its units (one nested insert) gets the same refusal, and nothing of it is kept', async () => {
    const refused = await insertBooking(UNIT.studio, 610);
    expect(refused.errors?.[0]).toMatchObject({ message: expect.stringContaining("A booked unit must belong to the booking's accommodation"), extensions: { code: 'constraint-violation' } });
    expect(await bookingsNamed('Nested Guest')).toEqual([]);
    // The check runs at commit: a correct nested insert still goes through.
    const fine = await insertBooking(UNIT.loftA, 610);
    expect(fine.errors).toBeUndefined();
    expect(await bookingsNamed('Nested Guest')).toHaveLength(1);
  });

  it('a booking or a unit with stays cannot be moved to another accommodation afterwards', async () => {
    const found = await client.data<{ bookings: { id: string }[] }>(member, 'query($a: uuid!, $from: date!) { bookings(where: {accommodation_id: {_eq: $a}, status: {_neq: cancelled}, checkin: {_gt: $from}, booked_units: {}}, order_by: {checkin: asc}, limit: 1) { id } }', { a: ACC.vaci, from: demoDay(30) });
    const id = found.bookings[0].id;
    const movedBooking = await client.gql(member, 'mutation($id: uuid!, $a: uuid!) { update_bookings_by_pk(pk_columns: {id: $id}, _set: {accommodation_id: $a}) { id } }', { id, a: ACC.palace });
    expect(movedBooking.errors?.[0]).toMatchObject({ message: expect.stringContaining("A booked unit must belong to the booking's accommodation"), extensions: { code: 'constraint-violation' } });
    const movedUnit = await client.gql(member, 'mutation($id: uuid!, $a: uuid!) { update_units_by_pk(pk_columns: {id: $id}, _set: {accommodation_id: $a}) { id } }', { id: UNIT.loftA, a: ACC.palace });
    expect(movedUnit.errors?.[0]).toMatchObject({ message: expect.stringContaining("A booked unit must belong to the booking's accommodation"), extensions: { code: 'constraint-violation' } });
    const after = await client.data<{ bookings_by_pk: { accommodation_id: string }; units_by_pk: { accommodation_id: string } }>('admin-secret', 'query($b: uuid!, $u: uuid!) { bookings_by_pk(id: $b) { accommodation_id } units_by_pk(id: $u) { accommodation_id } }', { b: id, u: UNIT.loftA });
    expect(after).toEqual({ bookings_by_pk: { accommodation_id: ACC.vaci }, units_by_pk: { accommodation_id: ACC.vaci } });
  });
});

describe('oversized calendar bulk writes', () => {
  // The calendar's bulk edit sends one row per night of the selection. Nothing caps the number of
  // rows or the dates: a manager's single request of 20,000 nights (years 2030-2084, far beyond the
  // calendar's axis) is written and holds the one database for seconds (every other user's request
  // waits), and a larger one inside the 5 MB body limit fails as an internal "database query
  // error" (code unexpected) instead of a clear refusal.
  it('a manager\'s bulk close of 30,000 nights is refused with a clear error, not an internal database error', async () => {
    const start = Date.UTC(2030, 0, 1);
    const objects = Array.from({ length: 30_000 }, (_, i) => ({ unit_id: UNIT.loftA, date: new Date(start + i * 86_400_000).toISOString().slice(0, 10), is_closed: true }));
    const r = await client.gql(manager, 'mutation($o: [unit_dates_insert_input!]!) { insert_unit_dates(objects: $o, on_conflict: {constraint: unit_dates_pkey, update_columns: [is_closed]}) { affected_rows } }', { o: objects });
    expect(r.errors?.length, 'refused').toBeGreaterThan(0);
    expect(r.errors?.[0].extensions.code).not.toBe('unexpected');
    expect(r.errors?.[0].message).not.toMatch(/database query error/i);
  });

  it('the database caps a calendar write at 1000 nights and a year back to three years ahead; the UI\'s longest selection passes', async () => {
    const close = (objects: { unit_id: string; date: string; is_closed: boolean }[]) => client.gql(manager, 'mutation($o: [unit_dates_insert_input!]!) { insert_unit_dates(objects: $o, on_conflict: {constraint: unit_dates_pkey, update_columns: [is_closed]}) { affected_rows } }', { o: objects });
    const nights = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ unit_id: UNIT.loftA, date: demoDay(from + i), is_closed: false }));
    const many = await close(nights(10, 1001));
    expect(many.errors?.[0]).toMatchObject({ message: expect.stringContaining('at most 1000 nights'), extensions: { code: 'constraint-violation' } });
    const old = await close([{ unit_id: UNIT.loftA, date: '1999-01-01', is_closed: true }]);
    expect(old.errors?.[0]).toMatchObject({ message: expect.stringContaining('from a year ago to three years ahead'), extensions: { code: 'constraint-violation' } });
    const far = await client.gql(manager, 'mutation($r: uuid!, $d: date!) { insert_rate_dates(objects: [{rate_id: $r, date: $d, price: 1}], on_conflict: {constraint: rate_dates_pkey, update_columns: [price]}) { affected_rows } }', { r: (await client.data<{ rates: { id: string }[] }>(manager, 'query($u: uuid!) { rates(where: {unit_id: {_eq: $u}}, limit: 1) { id } }', { u: UNIT.loftA })).rates[0].id, d: demoDay(4 * 366) });
    expect(far.errors?.[0].extensions.code).toBe('constraint-violation');
    const ok = await close(nights(10, 366));
    expect(ok.errors).toBeUndefined();
  });
});

describe('uniqueness errors on rows the caller may not write', () => {
  // The insert reaches the table's unique constraints before the permission check, so a manager
  // learns, one guess at a time, the names of another manager's fees, rates and units (and which
  // occupancy/currency pairs their base rates use): the answer differs for a taken name.
  it('a manager gets the same refusal for a taken and a free name on another manager\'s accommodation (fees, rates, units)', async () => {
    const names = await client.data<{ fees: { name: string }[]; rates: { name: string }[]; units: { name: string }[] }>('admin-secret', 'query($a: uuid!, $u: uuid!) { fees(where: {accommodation_id: {_eq: $a}}, limit: 1) { name } rates(where: {unit_id: {_eq: $u}}, limit: 1) { name } units(where: {accommodation_id: {_eq: $a}}, limit: 1) { name } }', { a: ACC.palace, u: UNIT.studio });
    const tries = {
      fee: (name: string) => client.gql(manager, 'mutation($o: fees_insert_input!) { insert_fees_one(object: $o) { id } }', { o: { accommodation_id: ACC.palace, name, type: 'FIX', value: 1, currency: 'EUR' } }),
      rate: (name: string) => client.gql(manager, 'mutation($o: rates_insert_input!) { insert_rates_one(object: $o) { id } }', { o: { unit_id: UNIT.studio, name, occupancy: 9, currency: 'HUF', price: 1 } }),
      unit: (name: string) => client.gql(manager, 'mutation($o: units_insert_input!) { insert_units_one(object: $o) { id } }', { o: { accommodation_id: ACC.palace, name } }),
    };
    const taken = { fee: names.fees[0].name, rate: names.rates[0].name, unit: names.units[0].name };
    for (const kind of ['fee', 'rate', 'unit'] as const) {
      const onTaken = await tries[kind](taken[kind]);
      const onFree = await tries[kind](`Breakit free ${kind} name`);
      expect(onFree.errors?.[0].extensions.code, `${kind}: free name`).toBe('permission-error');
      expect({ kind, code: onTaken.errors?.[0].extensions.code, message: onTaken.errors?.[0].message }).toEqual({ kind, code: onFree.errors?.[0].extensions.code, message: onFree.errors?.[0].message });
    }
  });
});

describe('the quote function with extreme amounts', () => {
  // Amounts are integers of minor units in JavaScript numbers: a fee per night and guest at the
  // column's largest value (numeric(12,2)) over a year for 100 guests passes 2^53 minor units and
  // the answer is silently off (364999999999635.06 for 9999999999.99 x 365 x 100 =
  // 364999999999635.00), and no booking column could hold it. It must be refused or exact.
  it('a quote whose fees pass the safe integer range is refused, never answered with a wrong amount', async () => {
    const fee = await client.data<{ insert_fees_one: { id: string } }>(manager, 'mutation($o: fees_insert_input!) { insert_fees_one(object: $o) { id } }', { o: { accommodation_id: ACC.vaci, name: 'Breakit huge fee', type: 'FIX', value: '9999999999.99', currency: 'EUR', per_night: true, per_guest: true } });
    const rate = (await client.data<{ rates: { id: string }[] }>(manager, 'query($u: uuid!) { rates(where: {unit_id: {_eq: $u}, parent_rate_id: {_is_null: true}, currency: {_eq: EUR}}, limit: 1) { id } }', { u: UNIT.loftA })).rates[0];
    const token = await backend.ctx.jwt.sign({ 'https://hasura.io/jwt/claims': { 'x-hasura-allowed-roles': ['manager'], 'x-hasura-default-role': 'manager', 'x-hasura-user-id': DEMO.manager }, sub: DEMO.manager }, 900);
    const res = await fetch(`${backend.url}/v1/functions/quote`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ unitId: UNIT.loftA, rateId: rate.id, checkIn: '2030-01-01', checkOut: '2031-01-01', adults: 50, children: 50, fees: [fee.insert_fees_one.id] }) });
    const body = (await res.json()) as { feesTotal?: number };
    if (res.status === 200) expect(body.feesTotal).toBe(364999999999635);
    else expect(res.status).toBe(422);
  });
});
