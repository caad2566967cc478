// Break-it review (session of 2026-11-27, second half), with real tokens on the real embedded
// backend. (1) A booked unit's guest counts against the guests already checked in on it: the
// capacity trigger refused a check-in past the booked count, but lowering the count afterwards was
// accepted, leaving more checked-in guests than the stay has. (2) A property manager's tasks and
// conversations: a manager could write a task naming any thread (one of another manager's
// accommodations too) and of type needsreply, which the server alone makes (one open per thread:
// a forged one stood in for the real one, so the guest's message made no task for its staff).
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningBackend } from '../../backend/server';
import { constraintName, uniquenessViolation } from '../../src/domain/uniqueness';
import { startTestBackend } from '../helpers/backend';
import { ACC, DEMO, makeClient, UNIT, type Caller, type Client } from './permissionsClient';

let backend: RunningBackend;
let client: Client;
const member: Caller = { role: 'member', userId: DEMO.member };
const communicator: Caller = { role: 'communicator', userId: DEMO.communicator };
/** Manages accommodations 1-3 (the Váci loft among them); manager2 manages 4-6. */
const manager: Caller = { role: 'manager', userId: DEMO.manager };

const SET_UNIT = 'mutation($id: uuid!, $set: booked_units_set_input!) { update_booked_units_by_pk(pk_columns: {id: $id}, _set: $set) { id adults children infants } }';
const COUNTS = 'query($id: uuid!) { booked_units_by_pk(id: $id) { adults children infants } }';

let day = 0;
/** A booking of its own, far from the demo's, on the Váci loft for `adults` adults; returns its booked unit. */
async function stay(adults: number, children = 0): Promise<string> {
  day += 3;
  const checkin = new Date(Date.UTC(2034, 2, 1 + day)).toISOString().slice(0, 10);
  const checkout = new Date(Date.UTC(2034, 2, 3 + day)).toISOString().slice(0, 10);
  const bu = crypto.randomUUID();
  await client.data('admin-secret', 'mutation($b: bookings_insert_input!) { insert_bookings_one(object: $b) { id } }', {
    b: { accommodation_id: ACC.vaci, customer_name: 'Count Test', customer_country: 'DE', channel: 'direct', checkin, checkout, adults, children, currency: 'HUF', accommodation_fee: 50000, booked_units: { data: [{ id: bu, unit_id: UNIT.loftA, adults, children }] } },
  });
  return bu;
}

async function checkIn(bookedUnit: string): Promise<void> {
  await client.data('admin-secret', 'mutation($g: guest_checkins_insert_input!) { insert_guest_checkins_one(object: $g) { id } }', {
    g: {
      booking_unit_id: bookedUnit, first_name: 'Lukas', last_name: 'Weber', mother_first_name: 'Eva', mother_last_name: 'Weber', dob: '1979-02-03', pob: 'Wien', gender: 'male',
      nationality: 'AT', country: 'HU', zip: '1051', document_id: `P${crypto.randomInt(1e6, 9e6)}`, document_type: 'passport', checkin_time: '2034-03-01T15:00:00Z', checkout_time: '2034-12-31T09:00:00Z',
    },
  });
}

beforeAll(async () => {
  backend = await startTestBackend({ applySeeds: true });
  client = makeClient(backend);
}, 600_000);

afterAll(async () => {
  await backend?.close();
});

describe('a booked unit never holds fewer guests than are checked in on it', () => {
  it('lowering the count below the checked-in guests is refused for every writer, with the form message; the count stays', async () => {
    const bu = await stay(2, 1);
    await checkIn(bu);
    await checkIn(bu);
    await checkIn(bu);
    for (const who of [member, communicator, 'admin-secret'] as const) {
      const r = await client.gql(who, SET_UNIT, { id: bu, set: { adults: 1, children: 1 } });
      expect(r.errors?.[0]?.extensions.code, JSON.stringify(r)).toBe('constraint-violation');
      expect(constraintName(r.errors![0])).toBe('booked_units_guests_checked_in_check');
      expect(uniquenessViolation(r.errors!)).toEqual({ field: 'units', messageKey: 'booking:errors.guestsCheckedIn' });
    }
    // Moving guests between adults and children, infants included, keeps enough room: allowed.
    const moved = await client.gql(member, SET_UNIT, { id: bu, set: { adults: 1, children: 1, infants: 1 } });
    expect(moved.errors).toBeUndefined();
    expect((await client.data<{ booked_units_by_pk: Record<string, number> }>('admin-secret', COUNTS, { id: bu })).booked_units_by_pk).toEqual({ adults: 1, children: 1, infants: 1 });
  });

  it('a stay without check-ins may still lower its count, and raising it is never refused for check-ins', async () => {
    const bu = await stay(2);
    expect((await client.gql(member, SET_UNIT, { id: bu, set: { adults: 1 } })).errors).toBeUndefined();
    await checkIn(bu);
    expect((await client.gql(member, SET_UNIT, { id: bu, set: { adults: 2 } })).errors).toBeUndefined();
  });
});

describe("a property manager's tasks name only conversations they see, and never stand in for the server's needsreply task", () => {
  const INSERT_TASK = 'mutation($t: tasks_insert_input!) { insert_tasks_one(object: $t) { id } }';
  const UPDATE_TASK = 'mutation($id: uuid!, $set: tasks_set_input!) { update_tasks_by_pk(pk_columns: {id: $id}, _set: $set) { id } }';
  const threadOf = async (accommodation: string) =>
    (await client.data<{ threads: { id: string }[] }>('admin-secret', 'query($a: uuid!) { threads(where: {thread_2_accommodations: {accommodation_id: {_eq: $a}}}, limit: 1, order_by: {id: asc}) { id } }', { a: accommodation })).threads[0].id;
  const openReplies = async (thread: string) =>
    (await client.data<{ tasks: { id: string; created_by_user_id: string | null }[] }>('admin-secret', 'query($t: uuid!) { tasks(where: {thread_id: {_eq: $t}, type: {_eq: needsreply}, completed: {_eq: false}}) { id created_by_user_id } }', { t: thread })).tasks;

  it("refuses a task on another manager's thread and a needsreply task, on insert and on update; a to-do on their own thread stays possible", async () => {
    const own = await threadOf(ACC.vaci);
    const others = await threadOf(ACC.palace);
    const before = await openReplies(others);
    // No open needsreply task on their own thread, so only the permission can refuse a forged one.
    await client.data('admin-secret', 'mutation($t: uuid!) { update_tasks(where: {thread_id: {_eq: $t}, type: {_eq: needsreply}}, _set: {completed: true}) { affected_rows } }', { t: own });
    for (const t of [
      { type: 'todo', title: 'Hijack', unit_id: UNIT.loftA, thread_id: others },
      { type: 'needsreply', title: 'Forged reply task', unit_id: UNIT.loftA, thread_id: own },
      { type: 'needsreply', title: 'Forged reply task', unit_id: UNIT.loftA },
    ]) {
      const r = await client.gql(manager, INSERT_TASK, { t });
      expect(r.errors?.[0]?.extensions.code, JSON.stringify(t)).toBe('permission-error');
    }
    expect(await openReplies(others)).toEqual(before);
    expect(await openReplies(own)).toEqual([]);

    const todo = await client.data<{ insert_tasks_one: { id: string } }>(manager, INSERT_TASK, { t: { type: 'todo', title: 'Call the guest back', unit_id: UNIT.loftA, thread_id: own } });
    const id = todo.insert_tasks_one.id;
    for (const set of [{ thread_id: others }, { type: 'needsreply' }]) {
      const r = await client.gql(manager, UPDATE_TASK, { id, set });
      expect(r.data?.update_tasks_by_pk ?? null, JSON.stringify(set)).toBeNull();
      expect(r.errors?.[0]?.extensions.code, JSON.stringify(set)).toMatch(/^(permission-error|validation-failed)$/);
    }
    const row = await client.data<{ tasks_by_pk: { type: string; thread_id: string } }>('admin-secret', 'query($id: uuid!) { tasks_by_pk(id: $id) { type thread_id } }', { id });
    expect(row.tasks_by_pk).toEqual({ type: 'todo', thread_id: own });
    // What the task list does stays possible: complete, reassign, reschedule.
    expect((await client.gql(manager, UPDATE_TASK, { id, set: { completed: true, completed_at: new Date().toISOString(), due_date: '2034-01-01' } })).errors).toBeUndefined();
  });

  it("still completes the server's needsreply task of a thread on their accommodation", async () => {
    const own = await threadOf(ACC.vaci);
    await client.data('admin-secret', 'mutation($t: uuid!) { update_tasks(where: {thread_id: {_eq: $t}, type: {_eq: needsreply}}, _set: {completed: true}) { affected_rows } }', { t: own });
    const made = await client.data<{ insert_tasks_one: { id: string } }>('admin-secret', INSERT_TASK, { t: { type: 'needsreply', title: 'Reply to the guest', unit_id: UNIT.loftA, thread_id: own } });
    const r = await client.gql(manager, UPDATE_TASK, { id: made.insert_tasks_one.id, set: { completed: true, completed_at: new Date().toISOString() } });
    expect(r.errors).toBeUndefined();
    expect(r.data?.update_tasks_by_pk).toEqual({ id: made.insert_tasks_one.id });
  });
});
