// iCal import attacks from inside (break-it review 1, BOOK): a manager's feed cannot learn anything
// about another accommodation's bookings through the conflicts it reports, with real tokens on the
// real embedded backend and a local "channel".
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningBackend } from '../../backend/server';
import { startTestBackend } from '../helpers/backend';
import { demoDay } from '../helpers/dates';
import { ACC, DEMO, makeClient, UNIT, type Caller, type Client } from './permissionsClient';

let backend: RunningBackend;
let client: Client;
let server: http.Server;
let base = '';
const manager: Caller = { role: 'manager', userId: DEMO.manager };
const routes = new Map<string, string>();

const d = (offset: number) => demoDay(offset).replace(/-/g, '');
function feed(events: { uid: string; from: number; to: number }[]): string {
  return [
    'BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Airbnb Inc//Hosting Calendar 0.8.8//EN',
    ...events.flatMap((e) => ['BEGIN:VEVENT', `DTSTART;VALUE=DATE:${d(e.from)}`, `DTEND;VALUE=DATE:${d(e.to)}`, `UID:${e.uid}`, 'SUMMARY:Reserved', 'END:VEVENT']),
    'END:VCALENDAR',
  ].join('\r\n') + '\r\n';
}

async function syncAs(caller: { role: string; userId: string }, feedId: string) {
  const token = await backend.ctx.jwt.sign({ 'https://hasura.io/jwt/claims': { 'x-hasura-allowed-roles': [caller.role], 'x-hasura-default-role': caller.role, 'x-hasura-user-id': caller.userId }, sub: caller.userId }, 900);
  const res = await fetch(`${backend.url}/v1/functions/ical/sync`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ feedId }) });
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> | null };
}

async function booking(accommodationId: string, unitId: string, otaCode: string, from: number, to: number): Promise<string> {
  const r = await client.data<{ insert_bookings_one: { id: string } }>('admin-secret', 'mutation($b: bookings_insert_input!) { insert_bookings_one(object: $b) { id } }', {
    b: { accommodation_id: accommodationId, channel: 'airbnb', ota_code: otaCode, customer_name: 'Scope Guest', checkin: demoDay(from), checkout: demoDay(to), booked_units: { data: [{ unit_id: unitId, adults: 1 }] } },
  });
  return r.insert_bookings_one.id;
}

beforeAll(async () => {
  process.env.ICAL_ALLOW_PRIVATE_TARGETS = 'true';
  process.env.ICAL_FETCH_TIMEOUT_MS = '1500';
  server = http.createServer((req, res) => {
    const body = routes.get(req.url ?? '');
    if (body === undefined) return res.writeHead(404).end('no such feed');
    res.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' }).end(body);
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

describe("an import feed's conflicts stay inside the feed's accommodation", () => {
  it("never names another accommodation's booking matched by a chosen UID, still names its own", async () => {
    // The manager serves accommodations 1-3 (loftA is in Váci); Studio is in Palace (4), not theirs.
    const own = await client.data<{ units: { id: string }[] }>('admin-secret', `{ units(where: {accommodation_id: {_eq: "${ACC.vaci}"}, id: {_neq: "${UNIT.loftA}"}}, limit: 1) { id } }`);
    const foreignId = await booking(ACC.palace, UNIT.studio, 'scope-foreign@airbnb.com', 600, 603);
    const ownId = await booking(ACC.vaci, own.units[0].id, 'scope-own@airbnb.com', 610, 613);
    const seen = await client.data<{ bookings_by_pk: unknown }>(manager, 'query($id: uuid!) { bookings_by_pk(id: $id) { id } }', { id: foreignId });
    expect(seen.bookings_by_pk).toBeNull();

    routes.set('/scope.ics', feed([{ uid: 'scope-foreign@airbnb.com', from: 620, to: 622 }, { uid: 'scope-own@airbnb.com', from: 624, to: 626 }]));
    const added = await client.data<{ insert_ical_import_feeds_one: { id: string } }>(manager, 'mutation($o: ical_import_feeds_insert_input!) { insert_ical_import_feeds_one(object: $o) { id } }', { o: { unit_id: UNIT.loftA, channel: 'airbnb', url: `${base}/scope.ics` } });
    const feedId = added.insert_ical_import_feeds_one.id;
    const r = await syncAs({ role: 'manager', userId: DEMO.manager }, feedId);
    expect(r).toMatchObject({ status: 200, body: { status: 'conflict', created: 0, conflicts: 2 } });

    const state = await client.data<{ ical_import_feeds_by_pk: { conflicts: { uid: string; conflictingBookingId: string }[]; last_error: string | null } }>(manager, 'query($id: uuid!) { ical_import_feeds_by_pk(id: $id) { conflicts last_error } }', { id: feedId });
    const byUid = Object.fromEntries(state.ical_import_feeds_by_pk.conflicts.map((c) => [c.uid, c.conflictingBookingId]));
    expect(byUid).toEqual({ 'scope-foreign@airbnb.com': '', 'scope-own@airbnb.com': ownId });
    // Not even a part of the foreign id (its first 8 hex are the SD- e-mail reference).
    expect(JSON.stringify(state)).not.toContain(foreignId.slice(0, 8));
    // Neither booking was touched by the feed.
    const after = await client.data<{ bookings: { id: string; checkin: string; status: string }[] }>('admin-secret', `{ bookings(where: {ota_code: {_like: "scope-%"}}, order_by: {checkin: asc}) { id checkin status } }`);
    expect(after.bookings).toEqual([{ id: foreignId, checkin: demoDay(600), status: 'new' }, { id: ownId, checkin: demoDay(610), status: 'new' }]);
  }, 60_000);
});
