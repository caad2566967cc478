// Cleanings and needsreply tasks kept by the server (event triggers -> functions/events) on the
// real embedded backend with the demo data: a booking's cleaning follows its moves and
// cancellation (old OBSOLETE, new NEW, never deleted), the next arrival's guests reach the
// cleaning before it, redelivered and racing events add nothing twice; a guest's message opens a
// needsreply task and a reply closes it; the functions refuse calls without the webhook secret.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningBackend } from '../../backend/server';
import { startTestBackend } from '../helpers/backend';
import { fileEnv } from '../helpers/env';
import { demoDay } from '../helpers/dates';
import { eventsSettled } from '../helpers/events';
import { DEMO, makeClient, UNIT, type Client } from './permissionsClient';

const SECRET = 'operations-test-webhook-secret';
let backend: RunningBackend;
let client: Client;
const member = { role: 'member', userId: DEMO.member };
const communicator = { role: 'communicator', userId: DEMO.communicator };
const ACC_VACI = '30000000-0000-4000-a000-000000000001';

interface CleaningRow { id: string; unit_id: string; date: string; status: string; cleaner_user_id: string | null; next_guests: number | null; next_checkin: string | null }

async function waitFor<T>(what: string, fn: () => Promise<T | null | undefined | false>, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const cleaningsOf = async (bookingId: string) =>
  (await client.data<{ cleanings: CleaningRow[] }>('admin-secret', `query ($b: uuid!) { cleanings(where: {booking_id: {_eq: $b}}, order_by: [{date: asc}, {created_at: asc}]) { id unit_id date status cleaner_user_id next_guests next_checkin } }`, { b: bookingId })).cleanings;
const live = (rows: CleaningRow[]) => rows.filter((c) => c.status === 'NEW' || c.status === 'ACKNOWLEDGED');

async function book(checkin: number, checkout: number, adults = 2, unitId: string = UNIT.loftA): Promise<string> {
  const d = await client.data<{ insert_bookings_one: { id: string } }>(member, `mutation ($b: bookings_insert_input!) { insert_bookings_one(object: $b) { id } }`, {
    b: { accommodation_id: ACC_VACI, customer_name: 'Cleaning Test', checkin: demoDay(checkin), checkout: demoDay(checkout), adults, booked_units: { data: [{ unit_id: unitId, adults }] } },
  });
  return d.insert_bookings_one.id;
}

async function metadata(body: unknown) {
  const res = await fetch(`${backend.url}/v1/metadata`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-hasura-admin-secret': backend.ctx.config.adminSecret }, body: JSON.stringify(body) });
  return (await res.json()) as any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/**
 * Waits until the triggers have no event left to deliver: whatever the writes before it set off has
 * run. A check that something did NOT happen comes after this, not after a fixed pause (which is
 * slower, and on a loaded machine may end before the delivery it was waiting out).
 */
async function settled(...triggers: string[]): Promise<void> {
  await waitFor(`${triggers.join(', ')} delivered`, async () => {
    for (const name of triggers) if ((await metadata({ type: 'pg_get_event_logs', args: { name, status: 'pending', limit: 1 } })).length) return false;
    return true;
  });
}

async function callFunction(path: string, body: unknown, secret: string | null = SECRET) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (secret !== null) headers['nhost-webhook-secret'] = secret;
  const res = await fetch(`${backend.url}/v1/functions/${path}`, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> | null };
}

// Functions read the secret from this process's environment when they run.
fileEnv({ NHOST_WEBHOOK_SECRET: SECRET });
beforeAll(async () => {
  backend = await startTestBackend({ applySeeds: true });
  client = makeClient(backend);
}, 180_000);

afterAll(async () => {
  await backend?.close();
});

describe('cleanings follow their booking', () => {
  let first: string;

  it('a new booking gets a NEW cleaning on its check-out day, assigned to the unit cleaner, with the next guests', async () => {
    first = await book(400, 404);
    const [c] = await waitFor('first cleaning', async () => live(await cleaningsOf(first)).length === 1 && cleaningsOf(first));
    expect(c).toMatchObject({ unit_id: UNIT.loftA, date: demoDay(404), status: 'NEW', cleaner_user_id: DEMO.cleaner, next_guests: null, next_checkin: null });

    const next = await book(406, 409, 3);
    await waitFor('next arrival on the first cleaning', async () => (await cleaningsOf(first))[0].next_checkin === demoDay(406));
    expect((await cleaningsOf(first))[0]).toMatchObject({ next_guests: 3, next_checkin: demoDay(406) });
    await waitFor('second cleaning', async () => live(await cleaningsOf(next)).length === 1);
  }, 30_000);

  it('moving the booking marks the old cleaning OBSOLETE and creates a NEW one on the new check-out day', async () => {
    const [before] = await cleaningsOf(first);
    await client.data(member, `mutation ($id: uuid!, $in: date!, $out: date!) { update_bookings_by_pk(pk_columns: {id: $id}, _set: {checkin: $in, checkout: $out}) { id } }`, { id: first, in: demoDay(401), out: demoDay(405) });
    const rows = await waitFor('moved cleaning', async () => {
      const r = await cleaningsOf(first);
      return live(r).length === 1 && live(r)[0].date === demoDay(405) && r;
    });
    expect(rows.find((c) => c.id === before.id)).toMatchObject({ status: 'OBSOLETE', date: demoDay(404) });
    expect(live(rows)[0]).toMatchObject({ status: 'NEW', cleaner_user_id: DEMO.cleaner, next_guests: 3, next_checkin: demoDay(406) });
    expect(rows).toHaveLength(2);
  }, 30_000);

  it('a redelivered event and a burst of identical deliveries add nothing', async () => {
    const logs = await metadata({ type: 'pg_get_event_logs', args: { name: 'cleanings_plan', limit: 20 } });
    type Logged = { id: string; created_at: string; payload: { op: string; data: { old: { booking_id?: string } | null; new: { booking_id?: string } | null }; session_variables: unknown } };
    const events = (logs as Logged[]).filter((e) => (e.payload.data.new ?? e.payload.data.old)?.booking_id === first);
    expect(events.length).toBeGreaterThanOrEqual(2);
    // Redelivery is refused while a delivery holds an event (as Hasura): the first ones must be over.
    await eventsSettled(backend.ctx.db, { triggers: ['cleanings_plan'] });
    for (const e of events) expect(await metadata({ type: 'pg_redeliver_event', args: { event_id: e.id } })).toEqual({ message: 'success' });
    // The same event once more, six times at once, straight to the function as the worker sends it.
    const body = { id: events[0].id, created_at: events[0].created_at, trigger: { name: 'cleanings_plan' }, table: { schema: 'public', name: 'booked_units' }, delivery_info: { max_retries: 8, current_retry: 1 }, event: events[0].payload };
    const burst = await Promise.all(Array.from({ length: 6 }, () => callFunction('events/cleanings-plan', body)));
    for (const r of burst) expect(r.status).toBe(200);
    await waitFor('redeliveries done', async () => {
      const e = await metadata({ type: 'pg_get_event_by_id', args: { event_id: events[0].id } });
      return e.event.delivered === true && e.invocations.filter((i: { status: number }) => i.status === 200).length >= 2;
    });
    const rows = await cleaningsOf(first);
    expect(rows).toHaveLength(2);
    expect(live(rows)).toHaveLength(1);
  }, 40_000);

  it('racing plans of a fresh booking still leave exactly one live cleaning (the unique index holds)', async () => {
    const id = await book(420, 423);
    const body = { id: 'race', created_at: new Date().toISOString(), trigger: { name: 'cleanings_plan' }, table: { schema: 'public', name: 'booked_units' }, delivery_info: { max_retries: 0, current_retry: 0 }, event: { op: 'MANUAL', session_variables: null, data: { old: null, new: { booking_id: id, unit_id: UNIT.loftA, checkin: demoDay(420), checkout: demoDay(423) } } } };
    const burst = await Promise.all(Array.from({ length: 8 }, () => callFunction('events/cleanings-plan', body)));
    for (const r of burst) expect(r.status).toBe(200);
    await settled('cleanings_plan');
    const rows = await waitFor('one cleaning', async () => live(await cleaningsOf(id)).length === 1 && cleaningsOf(id));
    expect(rows).toHaveLength(1);
    const twin = await client.gql('admin-secret', `mutation ($c: cleanings_insert_input!) { insert_cleanings_one(object: $c) { id } }`, { c: { booking_id: id, unit_id: UNIT.loftA, date: demoDay(423), status: 'NEW' } });
    expect(twin.errors?.[0].message).toMatch(/cleanings_booking_unit_date_live_key/);
  }, 30_000);

  it('cancelling the booking makes its cleaning OBSOLETE (kept), and the cleaning before it loses the next guests', async () => {
    const prev = await book(396, 400);
    await waitFor('cleaning before', async () => live(await cleaningsOf(prev))[0]?.next_checkin === demoDay(401));
    await client.data(member, `mutation ($id: uuid!) { update_bookings_by_pk(pk_columns: {id: $id}, _set: {status: cancelled}) { id } }`, { id: first });
    const rows = await waitFor('cancelled cleaning', async () => {
      const r = await cleaningsOf(first);
      return live(r).length === 0 && r;
    });
    expect(rows.map((c) => c.status)).toEqual(['OBSOLETE', 'OBSOLETE']);
    await waitFor('next arrival moves on', async () => live(await cleaningsOf(prev))[0]?.next_checkin === demoDay(406));
    expect(live(await cleaningsOf(prev))[0]).toMatchObject({ next_guests: 3, next_checkin: demoDay(406) });
  }, 30_000);

  it("the next guest's arrival time (their online check-in) reaches the cleaning before the stay", async () => {
    const before = await book(450, 453);
    const after = await book(453, 456, 2);
    await waitFor('next arrival', async () => live(await cleaningsOf(before))[0]?.next_checkin === demoDay(453));
    const stay = await client.data<{ booked_units: { id: string }[] }>('admin-secret', `query ($b: uuid!) { booked_units(where: {booking_id: {_eq: $b}}) { id } }`, { b: after });
    const arrival = `${demoDay(453)}T14:30:00+00:00`;
    await client.data(member, `mutation ($g: guest_checkins_insert_input!) { insert_guest_checkins_one(object: $g) { id } }`, {
      g: { booking_unit_id: stay.booked_units[0].id, first_name: 'Réka', last_name: 'Szabó', dob: '1990-04-02', nationality: 'HU', country: 'HU', document_id: 'AB123456', document_type: 'id_card', checkin_time: arrival, checkout_time: `${demoDay(456)}T09:00:00+00:00` },
    });
    const read = async () => (await client.data<{ cleanings: { next_arrival_at: string | null }[] }>('admin-secret', `query ($b: uuid!) { cleanings(where: {booking_id: {_eq: $b}, status: {_eq: NEW}}) { next_arrival_at } }`, { b: before })).cleanings[0]?.next_arrival_at;
    await waitFor('arrival time', async () => { const v = await read(); return !!v && Date.parse(v) === Date.parse(arrival); });
  }, 30_000);

  it('a removed cleaning needs a reason and is not re-created', async () => {
    const id = await book(430, 433);
    const [c] = await waitFor('cleaning', async () => live(await cleaningsOf(id)).length === 1 && live(await cleaningsOf(id)));
    const bad = await client.gql(member, `mutation ($id: uuid!) { update_cleanings_by_pk(pk_columns: {id: $id}, _set: {status: REMOVED}) { id } }`, { id: c.id });
    expect(bad.errors?.[0].message).toMatch(/cleanings_removal_reason_check/);
    await client.data(member, `mutation ($id: uuid!) { update_cleanings_by_pk(pk_columns: {id: $id}, _set: {status: REMOVED, removal_reason: "Owner stays after"}) { id } }`, { id: c.id });
    await client.data(member, `mutation ($id: uuid!) { update_booked_units(where: {booking_id: {_eq: $id}}, _set: {adults: 1}) { affected_rows } }`, { id });
    await settled('cleanings_plan');
    expect((await cleaningsOf(id)).map((x) => x.status)).toEqual(['REMOVED']);
  }, 30_000);
});

describe('needsreply tasks follow the conversation', () => {
  const openTasks = async (thread: string) =>
    (await client.data<{ tasks: { id: string; completed: boolean; booking_id: string | null; title: string }[] }>('admin-secret', `query ($t: uuid!) { tasks(where: {thread_id: {_eq: $t}, type: {_eq: needsreply}}, order_by: {created_at: asc}) { id completed booking_id title } }`, { t: thread })).tasks;

  const assignees = async (thread: string) =>
    (await client.data<{ tasks: { assigned_user_id: string | null }[] }>('admin-secret', `query ($t: uuid!) { tasks(where: {thread_id: {_eq: $t}, type: {_eq: needsreply}, completed: {_eq: false}}) { assigned_user_id } }`, { t: thread })).tasks.map((x) => x.assigned_user_id);

  it('a guest message opens one task, more guest messages keep it one, a reply completes it', async () => {
    const bookingId = await book(440, 442);
    const t = await client.data<{ insert_threads_one: { id: string } }>(communicator, `mutation ($b: uuid!, $a: uuid!) { insert_threads_one(object: {subject: "Late check-in", guest_name: "Szabó Réka", thread_2_bookings: {data: [{booking_id: $b}]}, thread_2_accommodations: {data: [{accommodation_id: $a}]}}) { id } }`, { b: bookingId, a: ACC_VACI });
    const thread = t.insert_threads_one.id;
    // A guest's words come from the journey function or inbound e-mail (the admin secret); staff write replies and notes.
    const say = (direction: string, body: string) => client.data(direction === 'incoming' ? 'admin-secret' : communicator, `mutation ($t: uuid!, $d: message_directions_enum!, $body: String!) { insert_messages_one(object: {thread_id: $t, direction: $d, body: $body}) { id } }`, { t: thread, d: direction, body });
    await say('incoming', 'We arrive at 23:00, is that fine?');
    const [task] = await waitFor('needsreply task', async () => (await openTasks(thread)).length === 1 && openTasks(thread));
    expect(task).toMatchObject({ completed: false, booking_id: bookingId, title: 'Reply to Szabó Réka' });

    await Promise.all([say('incoming', 'Hello?'), say('incoming', 'Anyone there?')]);
    const body = { id: 'burst', created_at: new Date().toISOString(), trigger: { name: 'needsreply_task' }, table: { schema: 'public', name: 'messages' }, delivery_info: { max_retries: 0, current_retry: 0 }, event: { op: 'INSERT', session_variables: null, data: { old: null, new: { thread_id: thread, direction: 'incoming' } } } };
    const burst = await Promise.all(Array.from({ length: 6 }, () => callFunction('events/needsreply-task', body)));
    for (const r of burst) expect(r.status).toBe(200);
    await settled('needsreply_task');
    expect(await openTasks(thread)).toHaveLength(1);

    await say('outgoing', 'Yes, the key box code is in your journey page.');
    await waitFor('task completed', async () => (await openTasks(thread)).every((x) => x.completed));
    await say('internal', 'Guest informed');
    await settled('needsreply_task');
    expect((await openTasks(thread)).map((x) => x.completed)).toEqual([true]);

    await say('incoming', 'Thanks! One more question');
    await waitFor('a new task', async () => (await openTasks(thread)).filter((x) => !x.completed).length === 1);
    await client.data(communicator, `mutation ($t: uuid!, $u: uuid!) { update_threads_by_pk(pk_columns: {id: $t}, _set: {assigned_user_id: $u}) { id } }`, { t: thread, u: DEMO.manager });
    await waitFor('handed over with the thread', async () => (await assignees(thread)).includes(DEMO.manager));
    await client.data(communicator, `mutation ($t: uuid!) { update_threads_by_pk(pk_columns: {id: $t}, _set: {needs_reply: false}) { id } }`, { t: thread });
    await waitFor('closed by marking answered', async () => (await openTasks(thread)).every((x) => x.completed));
  }, 40_000);
});

describe('cleanings follow the unit cleaners', () => {
  it('disconnecting a cleaner hands the upcoming cleanings of the unit to the one connected instead', async () => {
    const upcoming = async () =>
      (await client.data<{ cleanings: { cleaner_user_id: string | null }[] }>('admin-secret', `query ($u: uuid!, $from: date!) { cleanings(where: {unit_id: {_eq: $u}, status: {_in: [NEW, ACKNOWLEDGED]}, date: {_gte: $from}}) { cleaner_user_id } }`, { u: UNIT.gardenOne, from: demoDay(1) })).cleanings;
    const before = await upcoming();
    expect(before.length).toBeGreaterThan(2);
    expect(new Set(before.map((c) => c.cleaner_user_id))).toEqual(new Set([DEMO.cleaner]));
    await client.data(member, `mutation ($u: uuid!, $c: uuid!) { delete_unit_2_users(where: {unit_id: {_eq: $u}, user_id: {_eq: $c}, connection_type: {_eq: cleaner}}) { affected_rows } }`, { u: UNIT.gardenOne, c: DEMO.cleaner });
    await client.data(member, `mutation ($u: uuid!, $c: uuid!) { insert_unit_2_users_one(object: {unit_id: $u, user_id: $c, connection_type: cleaner}) { unit_id } }`, { u: UNIT.gardenOne, c: DEMO.cleaner2 });
    await waitFor('reassigned', async () => (await upcoming()).every((c) => c.cleaner_user_id === DEMO.cleaner2));
    // Connecting the first cleaner again takes nothing away from the one now doing the work.
    await client.data(member, `mutation ($u: uuid!, $c: uuid!) { insert_unit_2_users_one(object: {unit_id: $u, user_id: $c, connection_type: cleaner}) { unit_id } }`, { u: UNIT.gardenOne, c: DEMO.cleaner });
    await settled('cleaners_changed', 'cleanings_plan');
    expect((await upcoming()).every((c) => c.cleaner_user_id === DEMO.cleaner2)).toBe(true);
  }, 30_000);
});

describe('the event functions refuse what is not a trigger', () => {
  it('answers 401 without or with a wrong secret, 400 to a malformed event, never 5xx', async () => {
    for (const fn of ['events/cleanings-plan', 'events/needsreply-task', 'events/cleaners-changed']) {
      expect((await callFunction(fn, { table: { name: 'booked_units' } }, null)).status).toBe(401);
      expect((await callFunction(fn, { table: { name: 'booked_units' } }, 'guess')).status).toBe(401);
      expect((await callFunction(fn, { table: { name: 'bookings' }, event: { data: { old: null, new: { id: 'x' } } } })).status).toBe(400);
      expect((await callFunction(fn, { table: { name: 'messages' }, event: { data: { old: null, new: { thread_id: "'; drop table tasks; --" } } } })).status).toBeLessThan(500);
      expect((await callFunction(fn, '[1,2')).status).toBeLessThan(500);
    }
  });
});
