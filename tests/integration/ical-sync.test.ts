// iCal sync on the real embedded backend with the demo data: the import cron function polls feeds
// from a local HTTP server in Airbnb's, Booking.com's and a time-zoned channel's recorded shapes
// (folded lines, TZID and UTC times, all-day and cancelled events), creating, moving and
// cancelling bookings without ever duplicating (repeated and overlapping polls), reporting
// conflicts and failures on the feed; the export feed by token; and attacks on both functions and
// on the new tables' permissions (roles, hidden token, forged tokens, bad URLs, hostile feeds).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningBackend } from '../../backend/server';
import { fetchFeed, FeedFetchError, fetchConfig, isInternalAddress } from '../../functions/ical/_lib/fetchFeed';
import { uniquenessViolation } from '../../src/domain/uniqueness';
import { startTestBackend } from '../helpers/backend';
import { demoDay } from '../helpers/dates';
import { DEMO, makeClient, UNIT, type Caller, type Client } from './permissionsClient';

const SECRET = 'ical-test-webhook-secret';
let backend: RunningBackend;
let client: Client;
let server: http.Server;
let base = '';
const member: Caller = { role: 'member', userId: DEMO.member };
const manager: Caller = { role: 'manager', userId: DEMO.manager };
const communicator: Caller = { role: 'communicator', userId: DEMO.communicator };
const owner: Caller = { role: 'owner', userId: DEMO.owner };
const cleaner: Caller = { role: 'cleaner', userId: DEMO.cleaner };

/** What the local "channel" serves per path: a body, a status, or a delay before answering. */
const routes = new Map<string, { body?: string; status?: number; delayMs?: number; location?: string }>();
const served = new Map<string, number>();

const d = (offset: number) => demoDay(offset).replace(/-/g, '');
const crlf = (lines: string[]) => lines.join('\r\n') + '\r\n';

/** Airbnb's shape: RICAL prodid, DATE values, a folded DESCRIPTION, "Reserved" and "Airbnb (Not available)". */
function airbnb(events: { uid: string; from: number; to: number; summary?: string }[]): string {
  return crlf([
    'BEGIN:VCALENDAR', 'PRODID;X-RICAL-TZSOURCE=TZINFO:-//Airbnb Inc//Hosting Calendar 0.8.8//EN', 'CALSCALE:GREGORIAN', 'VERSION:2.0',
    ...events.flatMap((e) => ['BEGIN:VEVENT', `DTEND;VALUE=DATE:${d(e.to)}`, `DTSTART;VALUE=DATE:${d(e.from)}`, `UID:${e.uid}@airbnb.com`, 'DESCRIPTION:Reservation URL: https://www.airbnb.com/hosting/reservations/det', ' ails/HMABCDE123\\nPhone Number (Last 4 Digits): 1234', `SUMMARY:${e.summary ?? 'Reserved'}`, 'END:VEVENT']),
    'END:VCALENDAR',
  ]);
}

/** Booking.com's shape: METHOD:PUBLISH, DTSTAMP, every event "CLOSED - Not available". */
function bookingCom(events: { uid: string; from: number; to: number }[]): string {
  return crlf([
    'BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Booking.com//Booking.com iCal 1.0//EN', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH',
    ...events.flatMap((e) => ['BEGIN:VEVENT', 'DTSTAMP:20260420T101010Z', `DTSTART;VALUE=DATE:${d(e.from)}`, `DTEND;VALUE=DATE:${d(e.to)}`, `UID:${e.uid}@booking.com`, 'SUMMARY:CLOSED - Not available', 'END:VEVENT']),
    'END:VCALENDAR',
  ]);
}

/** Another channel: TZID times (23:00 New York stays on its day), a cancelled event. */
function zoned(events: { uid: string; from: number; to: number; cancelled?: boolean }[]): string {
  return crlf([
    'BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Example Channel//Sync 2.1//EN',
    ...events.flatMap((e) => ['BEGIN:VEVENT', `UID:${e.uid}`, 'DTSTAMP:20260420T101010Z', `DTSTART;TZID=America/New_York:${d(e.from)}T230000`, `DTEND;TZID=America/New_York:${d(e.to)}T100000`, ...(e.cancelled ? ['STATUS:CANCELLED'] : []), 'SUMMARY:Guest stay', 'END:VEVENT']),
    'END:VCALENDAR',
  ]);
}

async function poll(secret: string | null = SECRET) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (secret !== null) headers['nhost-webhook-secret'] = secret;
  const res = await fetch(`${backend.url}/v1/functions/ical/poll`, { method: 'POST', headers, body: JSON.stringify({ scheduled_time: new Date().toISOString(), payload: {}, name: 'ical_import', id: crypto.randomUUID() }) });
  return { status: res.status, body: (await res.json().catch(() => null)) as { polled: number; results: { feedId: string; status: string; created: number; moved: number; cancelled: number; conflicts: number }[] } | null };
}

interface FeedState { status: string; conflicts: { uid: string; conflictingBookingId: string }[]; last_error: string | null; last_polled_at: string | null }
const feedState = async (id: string) => (await client.data<{ ical_import_feeds_by_pk: FeedState }>(member, 'query($id: uuid!) { ical_import_feeds_by_pk(id: $id) { status conflicts last_error last_polled_at } }', { id })).ical_import_feeds_by_pk;

interface Imported { id: string; status: string; checkin: string; checkout: string; channel: string; ota_code: string; customer_name: string; booked_units: { unit_id: string; is_cancelled: boolean }[] }
const importedBy = async (channel: string, like: string) =>
  (await client.data<{ bookings: Imported[] }>('admin-secret', 'query($c: booking_channels_enum!, $l: String!) { bookings(where: {channel: {_eq: $c}, ota_code: {_like: $l}}, order_by: {checkin: asc}) { id status checkin checkout channel ota_code customer_name booked_units { unit_id is_cancelled } } }', { c: channel, l: like })).bookings;

async function addFeed(caller: Caller, unitId: string, channel: string, path: string): Promise<string> {
  const r = await client.data<{ insert_ical_import_feeds_one: { id: string } }>(caller, 'mutation($o: ical_import_feeds_insert_input!) { insert_ical_import_feeds_one(object: $o) { id } }', { o: { unit_id: unitId, channel, url: `${base}${path}` } });
  return r.insert_ical_import_feeds_one.id;
}
const deactivate = (id: string) => client.data(member, 'mutation($id: uuid!) { update_ical_import_feeds_by_pk(pk_columns: {id: $id}, _set: {is_active: false}) { id } }', { id });

let accommodationOf: Record<string, string> = {};

beforeAll(async () => {
  process.env.NHOST_WEBHOOK_SECRET = SECRET;
  process.env.ICAL_ALLOW_PRIVATE_TARGETS = 'true';
  process.env.ICAL_FETCH_TIMEOUT_MS = '1500';
  process.env.ICAL_FETCH_MAX_BYTES = '300000';
  server = http.createServer((req, res) => {
    const route = routes.get(req.url ?? '');
    served.set(req.url ?? '', (served.get(req.url ?? '') ?? 0) + 1);
    const answer = () => {
      if (!route) return res.writeHead(404).end('no such feed');
      if (route.location) return res.writeHead(302, { location: route.location }).end();
      res.writeHead(route.status ?? 200, { 'content-type': 'text/calendar; charset=utf-8' }).end(route.body ?? '');
    };
    if (route?.delayMs) setTimeout(answer, route.delayMs);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  backend = await startTestBackend({ applySeeds: true });
  client = makeClient(backend);
  const units = await client.data<{ units: { id: string; accommodation_id: string }[] }>('admin-secret', '{ units { id accommodation_id } }');
  accommodationOf = Object.fromEntries(units.units.map((u) => [u.id, u.accommodation_id]));
}, 180_000);

afterAll(async () => {
  await backend?.close();
  await new Promise((resolve) => server?.close(resolve));
  server?.closeAllConnections?.();
});

describe('importing channel feeds', () => {
  let feedId: string;

  it('creates a booking per stay with the channel and the event UID as OTA code, and never twice', async () => {
    routes.set('/airbnb.ics', { body: airbnb([{ uid: 'imp-a1', from: 420, to: 424 }, { uid: 'imp-a2', from: 430, to: 433, summary: 'Airbnb (Not available)' }, { uid: 'imp-past', from: -40, to: -35 }]) });
    feedId = await addFeed(member, UNIT.loftA, 'airbnb', '/airbnb.ics');
    const first = await poll();
    expect(first.status).toBe(200);
    expect(first.body?.results.find((r) => r.feedId === feedId)).toMatchObject({ status: 'ok', created: 2, moved: 0, cancelled: 0, conflicts: 0 });
    const rows = await importedBy('airbnb', 'imp-%');
    expect(rows.map((b) => [b.ota_code, b.checkin, b.checkout, b.status])).toEqual([
      ['imp-a1@airbnb.com', demoDay(420), demoDay(424), 'new'],
      ['imp-a2@airbnb.com', demoDay(430), demoDay(433), 'new'],
    ]);
    expect(rows[0].booked_units).toEqual([{ unit_id: UNIT.loftA, is_cancelled: false }]);
    // Airbnb's "Reserved" is no guest's name: the booking is named after its channel.
    expect(rows[0].customer_name).toBe('Airbnb');
    expect(await feedState(feedId)).toMatchObject({ status: 'ok', conflicts: [], last_error: null });

    // Again, and twice at the same time: the lease and the keys keep it at two bookings.
    await poll();
    await Promise.all([poll(), poll(), poll()]);
    expect(await importedBy('airbnb', 'imp-%')).toHaveLength(2);
  }, 60_000);

  it('moves a stay whose dates changed and cancels one gone from the feed, with history', async () => {
    routes.set('/airbnb.ics', { body: airbnb([{ uid: 'imp-a1', from: 421, to: 426 }]) });
    const r = await poll();
    expect(r.body?.results.find((x) => x.feedId === feedId)).toMatchObject({ status: 'ok', created: 0, moved: 1, cancelled: 1 });
    const rows = await importedBy('airbnb', 'imp-%');
    expect(rows.map((b) => [b.ota_code, b.checkin, b.checkout, b.status])).toEqual([
      ['imp-a1@airbnb.com', demoDay(421), demoDay(426), 'modified'],
      ['imp-a2@airbnb.com', demoDay(430), demoDay(433), 'cancelled'],
    ]);
    expect(rows[1].booked_units[0].is_cancelled).toBe(true);
    const history = await client.data<{ booking_status_changes: { new_status: string; changed_by_user_id: string | null }[] }>(member, 'query($b: uuid!) { booking_status_changes(where: {booking_id: {_eq: $b}}, order_by: {changed_at: asc}) { new_status changed_by_user_id } }', { b: rows[1].id });
    expect(history.booking_status_changes).toEqual([{ new_status: 'new', changed_by_user_id: null }, { new_status: 'cancelled', changed_by_user_id: null }]);
  }, 30_000);

  it('reports an imported stay over an existing booking as a conflict on the feed, and takes our own export echoed back as no conflict', async () => {
    const direct = await client.data<{ insert_bookings_one: { id: string } }>(member, 'mutation($b: bookings_insert_input!) { insert_bookings_one(object: $b) { id } }', {
      b: { accommodation_id: accommodationOf[UNIT.loftA], customer_name: 'Direct Guest', checkin: demoDay(440), checkout: demoDay(445), booked_units: { data: [{ unit_id: UNIT.loftA, adults: 1 }] } },
    });
    routes.set('/airbnb.ics', { body: airbnb([{ uid: 'imp-a1', from: 421, to: 426 }, { uid: 'imp-clash', from: 443, to: 447 }, { uid: 'imp-echo', from: 440, to: 445, summary: 'Airbnb (Not available)' }]) });
    const r = await poll();
    expect(r.body?.results.find((x) => x.feedId === feedId)).toMatchObject({ status: 'conflict', created: 0, conflicts: 1 });
    const state = await feedState(feedId);
    expect(state.status).toBe('conflict');
    expect(state.conflicts).toEqual([expect.objectContaining({ uid: 'imp-clash@airbnb.com', start: demoDay(443), end: demoDay(447), conflictingBookingId: direct.insert_bookings_one.id })]);
    expect((await importedBy('airbnb', 'imp-clash%')).length + (await importedBy('airbnb', 'imp-echo%')).length).toBe(0);
    // The host cancels the direct booking (so our export, and Airbnb's echo of it, drop it): the
    // next poll imports the stay and the conflict clears.
    await client.data(member, 'mutation($id: uuid!) { update_bookings_by_pk(pk_columns: {id: $id}, _set: {status: cancelled}) { id } }', { id: direct.insert_bookings_one.id });
    routes.set('/airbnb.ics', { body: airbnb([{ uid: 'imp-a1', from: 421, to: 426 }, { uid: 'imp-clash', from: 443, to: 447 }]) });
    await poll();
    expect((await feedState(feedId)).status).toBe('ok');
    expect((await importedBy('airbnb', 'imp-clash%')).map((b) => b.status)).toEqual(['new']);
    await deactivate(feedId);
  }, 30_000);

  it("imports Booking.com's blocks and a time-zoned channel's stays on their local dates, cancelled events included", async () => {
    routes.set('/booking.ics', { body: bookingCom([{ uid: 'bk-1', from: 450, to: 453 }, { uid: 'bk-2', from: 455, to: 457 }]) });
    routes.set('/zoned.ics', { body: zoned([{ uid: 'tz-1@example.com', from: 460, to: 463 }, { uid: 'tz-2@example.com', from: 465, to: 468, cancelled: true }]) });
    const bk = await addFeed(member, UNIT.gardenOne, 'booking', '/booking.ics');
    const tz = await addFeed(member, UNIT.gardenOne, 'other', '/zoned.ics');
    const r = await poll();
    expect(r.body?.results.find((x) => x.feedId === bk)).toMatchObject({ status: 'ok', created: 2 });
    expect(r.body?.results.find((x) => x.feedId === tz)).toMatchObject({ status: 'ok', created: 1 });
    expect((await importedBy('booking', 'bk-%')).map((b) => [b.checkin, b.checkout, b.customer_name])).toEqual([
      [demoDay(450), demoDay(453), 'Booking.com'],
      [demoDay(455), demoDay(457), 'Booking.com'],
    ]);
    expect((await importedBy('other', 'tz-%')).map((b) => [b.ota_code, b.checkin, b.checkout])).toEqual([['tz-1@example.com', demoDay(460), demoDay(463)]]);
    // The channel cancels tz-1 in the feed: the booking is cancelled.
    routes.set('/zoned.ics', { body: zoned([{ uid: 'tz-1@example.com', from: 460, to: 463, cancelled: true }]) });
    await poll();
    expect((await importedBy('other', 'tz-%')).map((b) => b.status)).toEqual(['cancelled']);
    await deactivate(bk);
    await deactivate(tz);
  }, 30_000);

  it('records failures on the feed instead of failing silently: HTTP errors, oversized, malformed and slow feeds', async () => {
    const cases: [string, { body?: string; status?: number; delayMs?: number }, RegExp][] = [
      ['/gone.ics', { status: 500, body: 'oops' }, /HTTP 500/],
      ['/huge.ics', { body: `BEGIN:VCALENDAR\r\n${'X-FILLER:'.padEnd(100, 'x')}\r\n`.repeat(4000) }, /larger than 300000 bytes/],
      ['/html.ics', { body: '<html><body>Sign in</body></html>' }, /not an iCalendar/],
      ['/slow.ics', { body: airbnb([]), delayMs: 4000 }, /did not answer within 1500 ms/],
    ];
    const ids: string[] = [];
    for (const [path, route] of cases) {
      routes.set(path, route);
      ids.push(await addFeed(member, UNIT.studio, 'other', path));
    }
    await poll();
    for (const [i, [path, , message]] of cases.entries()) {
      const state = await feedState(ids[i]);
      expect(state.status, path).toBe('error');
      expect(state.last_error, path).toMatch(message);
    }
    for (const id of ids) await deactivate(id);
  }, 30_000);

  it('refuses a poll without the webhook secret or with a wrong one', async () => {
    expect((await poll(null)).status).toBe(401);
    expect((await poll('guess')).status).toBe(401);
  });
});

describe('syncing one feed now (POST /v1/functions/ical/sync)', () => {
  async function syncNow(caller: { role: string; userId: string } | 'none' | 'forged', body: unknown) {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (caller === 'forged') headers.authorization = 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln';
    else if (caller !== 'none') headers.authorization = `Bearer ${await backend.ctx.jwt.sign({ 'https://hasura.io/jwt/claims': { 'x-hasura-allowed-roles': [caller.role], 'x-hasura-default-role': caller.role, 'x-hasura-user-id': caller.userId }, sub: caller.userId }, 900)}`;
    const res = await fetch(`${backend.url}/v1/functions/ical/sync`, { method: 'POST', headers, body: JSON.stringify(body) });
    return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> | null };
  }

  it('polls a feed the caller may see and answers what changed', async () => {
    routes.set('/now.ics', { body: airbnb([{ uid: 'now-1', from: 470, to: 472 }]) });
    const id = await addFeed(member, UNIT.studio, 'airbnb', '/now.ics');
    const r = await syncNow({ role: 'member', userId: DEMO.member }, { feedId: id });
    expect(r).toEqual({ status: 200, body: { status: 'ok', created: 1, moved: 0, cancelled: 0, conflicts: 0 } });
    expect((await syncNow({ role: 'member', userId: DEMO.member }, { feedId: id })).body).toMatchObject({ created: 0 });
    // Other roles and other managers' feeds do not exist for them; bad tokens and bodies are refused.
    const managed = await client.data<{ units: { id: string }[] }>(manager, '{ units { id } }');
    expect(managed.units.some((u) => u.id === UNIT.studio)).toBe(false);
    expect((await syncNow({ role: 'manager', userId: DEMO.manager }, { feedId: id })).status).toBe(404);
    expect((await syncNow({ role: 'communicator', userId: DEMO.communicator }, { feedId: id })).status).toBe(404);
    expect((await syncNow('none', { feedId: id })).status).toBe(401);
    expect((await syncNow('forged', { feedId: id })).status).toBe(401);
    expect((await syncNow({ role: 'member', userId: DEMO.member }, { feedId: 'nope' })).body).toMatchObject({ status: 400, error: 'invalid-body', field: 'feedId' });
    expect((await syncNow({ role: 'member', userId: DEMO.member }, { feedId: id, url: 'http://169.254.169.254/' })).body).toMatchObject({ status: 400, error: 'unknown-field' });
    expect((await syncNow({ role: 'member', userId: DEMO.member }, { feedId: crypto.randomUUID() })).status).toBe(404);
    await deactivate(id);
    expect((await syncNow({ role: 'member', userId: DEMO.member }, { feedId: id })).status).toBe(409);
  }, 30_000);

  it("names the user who pressed Sync now in the booking's history; the scheduled poll stays the system", async () => {
    routes.set('/who.ics', { body: airbnb([{ uid: 'who-1', from: 480, to: 482 }]) });
    const id = await addFeed(member, UNIT.studio, 'airbnb', '/who.ics');
    expect((await syncNow({ role: 'member', userId: DEMO.member }, { feedId: id })).body).toMatchObject({ created: 1 });
    routes.set('/who.ics', { body: airbnb([]) });
    expect((await syncNow({ role: 'member', userId: DEMO.member }, { feedId: id })).body).toMatchObject({ cancelled: 1 });
    const [booking] = await importedBy('airbnb', 'who-%');
    const history = await client.data<{ booking_status_changes: { new_status: string; changed_by_user_id: string | null; changed_by_name: string | null; changed_by_role: string | null }[] }>(member, 'query($b: uuid!) { booking_status_changes(where: {booking_id: {_eq: $b}}, order_by: {changed_at: asc}) { new_status changed_by_user_id changed_by_name changed_by_role } }', { b: booking.id });
    const { user } = await client.data<{ user: { displayName: string } }>('admin-secret', 'query($id: uuid!) { user(id: $id) { displayName } }', { id: DEMO.member });
    // The role is the caller's, not the admin secret the import writes with.
    expect(history.booking_status_changes).toEqual([
      { new_status: 'new', changed_by_user_id: DEMO.member, changed_by_name: user.displayName, changed_by_role: 'member' },
      { new_status: 'cancelled', changed_by_user_id: DEMO.member, changed_by_name: user.displayName, changed_by_role: 'member' },
    ]);
    // A token naming another user or role in headers cannot pass itself off: only the verified token's user and role are named.
    routes.set('/who.ics', { body: airbnb([{ uid: 'who-1', from: 480, to: 482 }]) });
    const forgedHeader = await fetch(`${backend.url}/v1/functions/ical/sync`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hasura-user-id': DEMO.manager, 'x-hasura-acting-role': 'admin', authorization: `Bearer ${await backend.ctx.jwt.sign({ 'https://hasura.io/jwt/claims': { 'x-hasura-allowed-roles': ['member'], 'x-hasura-default-role': 'member', 'x-hasura-user-id': DEMO.member }, sub: DEMO.member }, 900)}` },
      body: JSON.stringify({ feedId: id }),
    });
    expect(forgedHeader.status).toBe(200);
    const after = await client.data<{ booking_status_changes: { changed_by_user_id: string | null; changed_by_role: string | null }[] }>(member, 'query($b: uuid!) { booking_status_changes(where: {booking_id: {_eq: $b}}, order_by: {changed_at: desc}, limit: 1) { changed_by_user_id changed_by_role } }', { b: booking.id });
    expect(after.booking_status_changes).toEqual([{ changed_by_user_id: DEMO.member, changed_by_role: 'member' }]);
    // Asked with another of the token's roles (the x-hasura-role header the engine checks), that role is named.
    routes.set('/who.ics', { body: airbnb([]) });
    const asAdmin = await fetch(`${backend.url}/v1/functions/ical/sync`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hasura-role': 'admin', authorization: `Bearer ${await backend.ctx.jwt.sign({ 'https://hasura.io/jwt/claims': { 'x-hasura-allowed-roles': ['member', 'admin'], 'x-hasura-default-role': 'member', 'x-hasura-user-id': DEMO.member }, sub: DEMO.member }, 900)}` },
      body: JSON.stringify({ feedId: id }),
    });
    expect(asAdmin.status).toBe(200);
    const last = await client.data<{ booking_status_changes: { new_status: string; changed_by_role: string | null }[] }>(member, 'query($b: uuid!) { booking_status_changes(where: {booking_id: {_eq: $b}}, order_by: {changed_at: desc}, limit: 1) { new_status changed_by_role } }', { b: booking.id });
    expect(last.booking_status_changes).toEqual([{ new_status: 'cancelled', changed_by_role: 'admin' }]);
  }, 30_000);

  it('a role the token does not allow is refused with 403 and nothing is imported; an empty role header or claims in other spellings name the role and user the engine took', async () => {
    const id = await addFeed(member, UNIT.studio, 'airbnb', '/roles.ics');
    routes.set('/roles.ics', { body: airbnb([{ uid: 'roles-1', from: 490, to: 492 }]) });
    const call = async (claims: Record<string, unknown> | string, headers: Record<string, string> = {}, sub: string = DEMO.member) => {
      const token = await backend.ctx.jwt.sign({ 'https://hasura.io/jwt/claims': claims, sub }, 900);
      const res = await fetch(`${backend.url}/v1/functions/ical/sync`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...headers }, body: JSON.stringify({ feedId: id }) });
      return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> | null };
    };
    const memberClaims = { 'x-hasura-allowed-roles': ['member'], 'x-hasura-default-role': 'member', 'x-hasura-user-id': DEMO.member };
    for (const role of ['admin', 'Member', 'member, admin']) {
      expect(await call(memberClaims, { 'x-hasura-role': role })).toMatchObject({ status: 403, body: { error: 'forbidden' } });
    }
    expect(await importedBy('airbnb', 'roles-%')).toEqual([]);
    const history = async () => {
      const [booking] = await importedBy('airbnb', 'roles-%');
      return (await client.data<{ booking_status_changes: { changed_by_user_id: string | null; changed_by_role: string | null }[] }>('admin-secret', 'query($b: uuid!) { booking_status_changes(where: {booking_id: {_eq: $b}}, order_by: {changed_at: desc}, limit: 1) { changed_by_user_id changed_by_role } }', { b: booking.id })).booking_status_changes[0];
    };
    // An empty role header: the engine runs the default role, and the history names it.
    expect((await call(memberClaims, { 'x-hasura-role': '' })).status).toBe(200);
    expect(await history()).toEqual({ changed_by_user_id: DEMO.member, changed_by_role: 'member' });
    // Claims in capitals, or as a JSON string (both read by the engine): its user and role, not the token's sub.
    routes.set('/roles.ics', { body: airbnb([]) });
    const managerClaims = { 'X-Hasura-Allowed-Roles': ['manager', 'member'], 'X-Hasura-Default-Role': 'member', 'X-Hasura-User-Id': DEMO.manager };
    expect((await call(managerClaims, {}, DEMO.member)).status).toBe(200);
    expect(await history()).toEqual({ changed_by_user_id: DEMO.manager, changed_by_role: 'member' });
    routes.set('/roles.ics', { body: airbnb([{ uid: 'roles-1', from: 490, to: 492 }]) });
    expect((await call(JSON.stringify({ ...memberClaims, 'x-hasura-user-id': DEMO.communicator }), {}, DEMO.member)).status).toBe(200);
    expect(await history()).toEqual({ changed_by_user_id: DEMO.communicator, changed_by_role: 'member' });
  }, 30_000);
});

describe('the export feed', () => {
  const exportUrl = (token: string) => `${backend.url}/v1/functions/ical/export?token=${encodeURIComponent(token)}`;
  const tokenOf = async (caller: Caller, unitId: string) => (await client.data<{ unit_ical_exports_by_pk: { token: string } | null }>(caller, 'query($u: uuid!) { unit_ical_exports_by_pk(unit_id: $u) { token } }', { u: unitId })).unit_ical_exports_by_pk?.token;

  it('serves the blocked nights of the unit by its token, without guest data', async () => {
    const token = await tokenOf(member, UNIT.loftA);
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    const res = await fetch(exportUrl(token as string));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
    const body = await res.text();
    expect(body.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    // The imported Airbnb stay (421-426) is blocked; the cancelled ones are not.
    expect(body).toContain(`DTSTART;VALUE=DATE:${d(421)}\r\nDTEND;VALUE=DATE:${d(426)}`);
    expect(body).not.toContain(`DTSTART;VALUE=DATE:${d(430)}`);
    for (const secret of ['Reserved', 'Direct Guest', 'airbnb.com', 'imp-a1', UNIT.loftA]) expect(body).not.toContain(secret);
    const head = await fetch(exportUrl(token as string), { method: 'HEAD' });
    expect(head.status).toBe(200);
  });

  it('answers 404 alike for unknown, malformed and rotated tokens, and 405 to other methods', async () => {
    const old = (await tokenOf(member, UNIT.gardenOne)) as string;
    for (const bad of ['', 'x', '0'.repeat(64), old.toUpperCase() + 'a', `${old.slice(0, 63)}'`, "' OR 1=1 --"]) expect((await fetch(exportUrl(bad))).status, bad).toBe(404);
    expect((await fetch(`${backend.url}/v1/functions/ical/export`)).status).toBe(404);
    expect((await fetch(exportUrl(old), { method: 'POST' })).status).toBe(405);
    // Rotating: any update of the row draws a new token the client never chose.
    await client.data(member, 'mutation($u: uuid!) { update_unit_ical_exports_by_pk(pk_columns: {unit_id: $u}, _set: {rotated_at: "2000-01-01T00:00:00Z"}) { token rotated_at } }', { u: UNIT.gardenOne });
    const fresh = (await tokenOf(member, UNIT.gardenOne)) as string;
    expect(fresh).not.toBe(old);
    expect((await fetch(exportUrl(old))).status).toBe(404);
    expect((await fetch(exportUrl(fresh))).status).toBe(200);
  });
});

describe('permissions of the iCal tables', () => {
  it('shows export tokens only to members, admins and the managers of the unit; nobody sets one', async () => {
    for (const caller of [communicator, owner, cleaner, 'public' as const]) {
      const r = await client.gql(caller, '{ unit_ical_exports { token } }');
      expect(r.errors?.[0].extensions.code, JSON.stringify(caller)).toBe('validation-failed');
    }
    const managerTokens = await client.data<{ unit_ical_exports: { unit_id: string }[] }>(manager, '{ unit_ical_exports { unit_id } }');
    const managedUnits = await client.data<{ units: { id: string }[] }>(manager, '{ units { id } }');
    expect(managerTokens.unit_ical_exports.map((u) => u.unit_id).sort()).toEqual(managedUnits.units.map((u) => u.id).sort());
    expect(managerTokens.unit_ical_exports.length).toBeLessThan(Object.keys(accommodationOf).length);
    // The token column is not writable, and rows are not inserted or deleted through GraphQL.
    const setToken = await client.gql(member, `mutation($u: uuid!) { update_unit_ical_exports_by_pk(pk_columns: {unit_id: $u}, _set: {token: "${'a'.repeat(64)}"}) { token } }`, { u: UNIT.loftA });
    expect(setToken.errors?.[0].extensions.code).toBe('validation-failed');
    const insert = await client.gql(member, `mutation($u: uuid!) { insert_unit_ical_exports_one(object: {unit_id: $u}) { token } }`, { u: UNIT.loftA });
    expect(insert.errors?.[0].extensions.code).toBe('validation-failed');
    // A manager cannot rotate (and so break) the feed of a unit they do not manage.
    const foreign = Object.keys(accommodationOf).find((id) => !managedUnits.units.some((u) => u.id === id)) as string;
    const rotate = await client.data<{ update_unit_ical_exports_by_pk: unknown }>(manager, 'mutation($u: uuid!) { update_unit_ical_exports_by_pk(pk_columns: {unit_id: $u}, _set: {rotated_at: "2000-01-01T00:00:00Z"}) { unit_id } }', { u: foreign });
    expect(rotate.update_unit_ical_exports_by_pk).toBeNull();
  });

  it('keeps import feeds to members and the managers of the unit, with http(s) URLs only', async () => {
    for (const caller of [communicator, owner, cleaner]) {
      const r = await client.gql(caller, '{ ical_import_feeds { url } }');
      expect(r.errors?.[0].extensions.code).toBe('validation-failed');
    }
    const managedUnits = await client.data<{ units: { id: string }[] }>(manager, '{ units { id } }');
    const foreign = Object.keys(accommodationOf).find((id) => !managedUnits.units.some((u) => u.id === id)) as string;
    const outside = await client.gql(manager, 'mutation($o: ical_import_feeds_insert_input!) { insert_ical_import_feeds_one(object: $o) { id } }', { o: { unit_id: foreign, channel: 'airbnb', url: 'https://example.com/a.ics' } });
    expect(outside.errors?.[0].extensions.code).toBe('permission-error');
    const mine = await client.gql(manager, 'mutation($o: ical_import_feeds_insert_input!) { insert_ical_import_feeds_one(object: $o) { id status } }', { o: { unit_id: managedUnits.units[0].id, channel: 'booking', url: 'https://admin.booking.com/hotel/ical.html?t=abc' } });
    expect(mine.errors).toBeUndefined();
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'gopher://x', `https://${'a'.repeat(2100)}`]) {
      const r = await client.gql(member, 'mutation($o: ical_import_feeds_insert_input!) { insert_ical_import_feeds_one(object: $o) { id } }', { o: { unit_id: UNIT.loftA, channel: 'airbnb', url } });
      expect(r.errors?.[0].extensions.code, url).toBe('constraint-violation');
    }
    // Status, conflicts and leases are the poller's: a member cannot forge them.
    const forged = await client.gql(member, 'mutation($o: ical_import_feeds_insert_input!) { insert_ical_import_feeds_one(object: $o) { id } }', { o: { unit_id: UNIT.loftA, channel: 'airbnb', url: 'https://example.com/b.ics', status: 'ok', lease_until: '2999-01-01T00:00:00Z' } });
    expect(forged.errors?.[0].extensions.code).toBe('validation-failed');
    const wrongType = await client.gql(member, 'mutation { insert_ical_import_feeds_one(object: {unit_id: "not-a-uuid", channel: airbnb, url: "https://example.com/c.ics"}) { id } }');
    expect(wrongType.errors?.length).toBeGreaterThan(0);
    const badChannel = await client.gql(member, `mutation { insert_ical_import_feeds_one(object: {unit_id: "${UNIT.loftA}", channel: expedia, url: "https://example.com/d.ics"}) { id } }`);
    expect(badChannel.errors?.[0].extensions.code).toBe('validation-failed');
    expect((await client.gql(member, '{ ical_imported_events { uid } }')).errors?.[0].extensions.code).toBe('validation-failed');
  });

  it('holds at most 10 imports per unit and one per URL, with field messages', async () => {
    const unitId = Object.keys(accommodationOf).find((id) => !(Object.values(UNIT) as string[]).includes(id)) as string;
    const insert = (url: string) => client.gql(member, 'mutation($o: ical_import_feeds_insert_input!) { insert_ical_import_feeds_one(object: $o) { id } }', { o: { unit_id: unitId, channel: 'other', url, is_active: false } });
    const existing = (await client.data<{ ical_import_feeds_aggregate: { aggregate: { count: number } } }>('admin-secret', 'query($u: uuid!) { ical_import_feeds_aggregate(where: {unit_id: {_eq: $u}}) { aggregate { count } } }', { u: unitId })).ical_import_feeds_aggregate.aggregate.count;
    for (let i = existing; i < 10; i++) expect((await insert(`https://example.com/${i}.ics`)).errors, String(i)).toBeUndefined();
    const eleventh = await insert('https://example.com/10.ics');
    expect(uniquenessViolation(eleventh.errors ?? [])).toEqual({ field: 'url', messageKey: 'booking:ical.tooManyFeeds' });
    await client.data(member, 'mutation($u: uuid!) { delete_ical_import_feeds(where: {unit_id: {_eq: $u}, url: {_eq: "https://example.com/9.ics"}}) { affected_rows } }', { u: unitId });
    expect(uniquenessViolation((await insert('https://example.com/8.ics')).errors ?? [])).toEqual({ field: 'url', messageKey: 'booking:ical.urlTaken' });
  });

  it('turns away a forged JWT', async () => {
    const forged = `${Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify({ 'https://hasura.io/jwt/claims': { 'x-hasura-default-role': 'member', 'x-hasura-allowed-roles': ['member'], 'x-hasura-user-id': DEMO.member } })).toString('base64url')}.c2lnbmF0dXJl`;
    const res = await fetch(`${backend.url}/v1/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${forged}` }, body: JSON.stringify({ query: '{ unit_ical_exports { token } }' }) });
    const body = (await res.json()) as { errors?: { extensions: { code: string } }[]; data?: unknown };
    expect(body.data ?? null).toBeNull();
    expect(body.errors?.[0].extensions.code).toMatch(/invalid-jwt|jwt/);
  });
});

describe('the feed client refuses internal targets (SSRF) unless allowed', () => {
  const strict = { ...fetchConfig({ NODE_ENV: 'test' }), timeoutMs: 1500 };
  const code = async (url: string) => {
    try {
      await fetchFeed(url, strict);
      return 'fetched';
    } catch (error) {
      return error instanceof FeedFetchError ? error.code : `other: ${(error as Error).message}`;
    }
  };

  it('refuses loopback, private, link-local and metadata addresses, by literal or by name, and through a redirect', async () => {
    expect(strict.allowPrivate).toBe(false);
    for (const url of [`${base}/airbnb.ics`, 'http://localhost:1/x.ics', 'http://169.254.169.254/latest/meta-data/', 'http://10.0.0.1/x', 'http://[::1]:80/x', 'http://[::ffff:127.0.0.1]/x', 'http://0.0.0.0/x']) {
      expect(await code(url), url).toBe('forbidden-target');
    }
    for (const url of ['file:///etc/passwd', 'ftp://example.com/x.ics', 'not a url', 'http://user:pw@example.com/x.ics']) expect(await code(url), url).toBe('invalid-url');
    // With private targets allowed (tests), a redirect to a non-http scheme is still refused.
    routes.set('/redirect.ics', { location: 'file:///etc/passwd' });
    await expect(fetchFeed(`${base}/redirect.ics`, { ...strict, allowPrivate: true })).rejects.toMatchObject({ code: 'invalid-url' });
  });

  it('knows internal addresses', () => {
    for (const a of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '::1', 'fd00::1', 'fe80::1', '::ffff:10.0.0.1']) expect(isInternalAddress(a), a).toBe(true);
    for (const a of ['93.184.216.34', '2606:4700:4700::1111', '8.8.8.8']) expect(isInternalAddress(a), a).toBe(false);
  });
});
