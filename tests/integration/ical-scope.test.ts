// iCal import attacks from inside (break-it review 1, BOOK), with real tokens on the real embedded
// backend and a local "channel": a manager's feed cannot learn anything about another
// accommodation's bookings through the conflicts it reports; a failing feed reports a category,
// never the raw socket or parser error (a port-scanning oracle, the feed's text); "Sync now" is
// rate limited per feed and per user; a feed of too many events is refused before it is parsed,
// and the default size cap is 1 MiB; IPv6 spellings of internal addresses are refused.
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunningBackend } from '../../backend/server';
import { FeedFetchError, fetchConfig, fetchFeed, isInternalAddress } from '../../functions/ical/_lib/fetchFeed';
import { FeedParseError, MAX_EVENTS, parseFeed } from '../../src/domain/ical/parseFeed';
import { startTestBackend } from '../helpers/backend';
import { demoDay } from '../helpers/dates';
import { ACC, DEMO, makeClient, UNIT, type Caller, type Client } from './permissionsClient';

let backend: RunningBackend;
let client: Client;
let server: http.Server;
let base = '';
const SECRET = 'ical-scope-webhook-secret';
const manager: Caller = { role: 'manager', userId: DEMO.manager };
const member: Caller = { role: 'member', userId: DEMO.member };
const routes = new Map<string, string>();
const EMPTY = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Test//EN\r\nEND:VCALENDAR\r\n';

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
  process.env.NHOST_WEBHOOK_SECRET = SECRET;
  process.env.ICAL_ALLOW_PRIVATE_TARGETS = 'true';
  process.env.ICAL_FETCH_TIMEOUT_MS = '1500';
  server = http.createServer((req, res) => {
    const body = routes.get((req.url ?? '').split('?')[0]);
    if (body === undefined) return res.writeHead(404).end('no such feed');
    res.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  backend = await startTestBackend({ applySeeds: true, env: { NHOST_WEBHOOK_SECRET: SECRET } });
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

const addFeed = async (caller: Caller, unitId: string, url: string) =>
  (await client.data<{ insert_ical_import_feeds_one: { id: string } }>(caller, 'mutation($o: ical_import_feeds_insert_input!) { insert_ical_import_feeds_one(object: $o) { id } }', { o: { unit_id: unitId, channel: 'other', url } })).insert_ical_import_feeds_one.id;
const deactivate = (id: string) => client.data('admin-secret', 'mutation($id: uuid!) { update_ical_import_feeds_by_pk(pk_columns: {id: $id}, _set: {is_active: false}) { id } }', { id });

describe('a failing feed reports a category, never the raw error', () => {
  it('connection refused and an unreadable calendar read the same for any target, without the feed’s text', async () => {
    // A port nobody listens on (the test allows loopback targets): no ECONNREFUSED, no address.
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    routes.set('/broken.ics', 'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART;VALUE=DATE:2026\r\nSECRET-LINE-FROM-THE-TARGET\r\n');
    const refused = await addFeed(member, UNIT.gardenOne, `http://127.0.0.1:${port}/x.ics`);
    const broken = await addFeed(member, UNIT.gardenOne, `${base}/broken.ics`);
    const res = await fetch(`${backend.url}/v1/functions/ical/poll`, { method: 'POST', headers: { 'content-type': 'application/json', 'nhost-webhook-secret': SECRET }, body: JSON.stringify({ id: crypto.randomUUID(), name: 'ical_import', scheduled_time: new Date().toISOString(), payload: {} }) });
    expect(res.status).toBe(200);
    const errors = await client.data<{ ical_import_feeds: { id: string; status: string; last_error: string }[] }>(member, 'query($ids: [uuid!]!) { ical_import_feeds(where: {id: {_in: $ids}}) { id status last_error } }', { ids: [refused, broken] });
    const byId = Object.fromEntries(errors.ical_import_feeds.map((f) => [f.id, f]));
    expect(byId[refused]).toEqual({ id: refused, status: 'error', last_error: 'The feed could not be reached' });
    expect(byId[broken]).toEqual({ id: broken, status: 'error', last_error: 'The feed could not be read as iCalendar' });
    for (const id of [refused, broken]) await deactivate(id);
  }, 30_000);
});

describe('Sync now is rate limited', () => {
  it('at most 5 syncs of a feed and 20 per user in 10 minutes, with Retry-After; others are not held up', async () => {
    routes.set('/empty.ics', EMPTY);
    const feeds: string[] = [];
    for (let i = 0; i < 5; i++) feeds.push(await addFeed(member, UNIT.studio, `${base}/empty.ics?n=${i}`));
    const sync = (id: string) => syncAs({ role: 'member', userId: DEMO.member }, id);
    for (let i = 0; i < 5; i++) expect((await sync(feeds[0])).status, `sync ${i + 1}`).toBe(200);
    const token = await backend.ctx.jwt.sign({ 'https://hasura.io/jwt/claims': { 'x-hasura-allowed-roles': ['member'], 'x-hasura-default-role': 'member', 'x-hasura-user-id': DEMO.member }, sub: DEMO.member }, 900);
    const sixth = await fetch(`${backend.url}/v1/functions/ical/sync`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ feedId: feeds[0] }) });
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(500);
    expect(await sixth.json()).toMatchObject({ status: 429, error: 'rate-limited' });
    // The same feed for another user: the feed's window is full whoever asks.
    const mine = await addFeed(manager, UNIT.loftA, `${base}/empty.ics?n=manager`);
    expect((await syncAs({ role: 'member', userId: DEMO.admin }, feeds[0])).status).toBe(429);
    expect((await syncAs({ role: 'manager', userId: DEMO.manager }, mine)).status).toBe(200);
    // The user's window: 15 more on other feeds, then the 21st sync is refused on a fresh feed.
    for (const id of feeds.slice(1, 4)) for (let i = 0; i < 5; i++) expect((await sync(id)).status).toBe(200);
    expect((await sync(feeds[4])).status).toBe(429);
    for (const id of [...feeds, mine]) await deactivate(id);
  }, 90_000);
});

describe('hostile feed sizes', () => {
  it('refuses more than the event cap before parsing anything, and caps bytes at 1 MiB by default', () => {
    const parse = vi.spyOn(ICAL, 'parse');
    const many = ['BEGIN:VCALENDAR', ...Array.from({ length: MAX_EVENTS + 1 }, () => 'BEGIN:VEVENT\r\nEND:VEVENT'), 'END:VCALENDAR'].join('\r\n');
    expect(() => parseFeed(many)).toThrow(FeedParseError);
    expect(parse).not.toHaveBeenCalled();
    parse.mockRestore();
    expect(fetchConfig({ NODE_ENV: 'test' }).maxBytes).toBe(1024 * 1024);
  });
});

describe('the feed client refuses IPv6 spellings of internal addresses', () => {
  it('IPv4-compatible and mapped in any spelling, SIIT, 6to4, Teredo, NAT64 local-use, site-local, discard', async () => {
    for (const a of ['::', '::1', '::7f00:1', '::127.0.0.1', '::ffff:7f00:1', '0:0:0:0:0:ffff:a00:1', '0000:0000:0000:0000:0000:FFFF:0A00:0001', '::ffff:a9fe:a9fe', '::ffff:0:7f00:1', '2002:7f00:1::', '2002:0a00:0001::1', '2001:0:4136:e378:8000:63bf:3fff:fdd2', '64:ff9b:1::a00:1', 'fec0::1', 'feff::1', '100::1', '2001:db8::1']) {
      expect(isInternalAddress(a), a).toBe(true);
    }
    for (const a of ['::ffff:8.8.8.8', '::ffff:808:808', '2606:4700:4700::1111', '2a00:1450:4001::200e']) expect(isInternalAddress(a), a).toBe(false);
    const strict = { ...fetchConfig({ NODE_ENV: 'test' }), timeoutMs: 1500 };
    for (const url of ['http://[::ffff:0:7f00:1]/x.ics', 'http://[::7f00:1]/x.ics', 'http://[2002:7f00:1::]/x.ics', 'http://[fec0::1]/x.ics']) {
      await expect(fetchFeed(url, strict), url).rejects.toMatchObject({ code: 'forbidden-target' });
      await expect(fetchFeed(url, strict)).rejects.toBeInstanceOf(FeedFetchError);
    }
  });
});
