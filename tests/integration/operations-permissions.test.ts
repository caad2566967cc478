// Who may see and do what with cleanings and tasks, by real requests with each role's token on the
// seeded demo database: a cleaner never reaches guest contact data or prices (hidden columns,
// filters and sorts on them, aggregates, relationships to bookings, customers, rates, threads),
// changes only the cleaner statuses of their own units, reports only cleaning/to-do/note tasks
// there; managers stay inside what they manage; the database refuses removal without a reason and
// oversized text from any client.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { print } from 'graphql';
import type { RunningBackend } from '../../backend/server';
import { MyCleaningsDocument } from '../../src/features/cleanings/graphql/myCleanings.generated';
import { CleaningBoardDocument } from '../../src/features/cleanings/graphql/cleaningBoard.generated';
import { CleanerTasksDocument } from '../../src/features/cleanings/graphql/cleanerTasks.generated';
import { CompleteCleanerTaskDocument } from '../../src/features/cleanings/graphql/completeCleanerTask.generated';
import { startTestBackend } from '../helpers/backend';
import { demoDay } from '../helpers/dates';
import { DEMO, makeClient, UNIT, type Caller, type Client } from './permissionsClient';

let backend: RunningBackend;
let client: Client;
const cleaner: Caller = { role: 'cleaner', userId: DEMO.cleaner };
const manager2: Caller = { role: 'manager', userId: DEMO.manager2 };
const member: Caller = { role: 'member', userId: DEMO.member };
const ids = { live: '', obsolete: '', studio: '', booking: '', thread: '' };

beforeAll(async () => {
  backend = await startTestBackend({ applySeeds: true });
  client = makeClient(backend);
  const d = await client.data<Record<string, { id: string; booking_id?: string }[]>>(
    'admin-secret',
    `{
      live: cleanings(where: {unit_id: {_eq: "${UNIT.loftA}"}, status: {_eq: NEW}, date: {_gt: "${demoDay(0)}"}}, limit: 1, order_by: {date: asc}) { id booking_id }
      obsolete: cleanings(where: {unit_id: {_eq: "${UNIT.loftA}"}, status: {_eq: OBSOLETE}}, limit: 1) { id }
      studio: cleanings(where: {unit_id: {_eq: "${UNIT.studio}"}, status: {_eq: NEW}}, limit: 1) { id }
      thread: threads(limit: 1) { id }
    }`,
  );
  ids.live = d.live[0].id;
  ids.booking = d.live[0].booking_id!;
  ids.obsolete = d.obsolete[0].id;
  ids.studio = d.studio[0].id;
  ids.thread = d.thread[0].id;
}, 180_000);

afterAll(async () => {
  await backend?.close();
});

describe('a cleaner never reaches guest contact data or prices', () => {
  // Each must be refused by the schema of the cleaner role (the field or relationship is not there).
  const refused = [
    '{ cleanings { price } }',
    '{ cleanings { currency } }',
    '{ cleanings(where: {price: {_gt: 0}}) { id } }',
    '{ cleanings(order_by: {price: desc}) { id } }',
    '{ cleanings_aggregate { aggregate { sum { price } max { price } } } }',
    '{ cleanings { booking { customer_email } } }',
    '{ cleanings(where: {booking: {customer_name: {_ilike: "%a%"}}}) { id } }',
    '{ cleanings { expenses { amount } } }',
    '{ booked_units { price } }',
    '{ booked_units { booking { customer_phone } } }',
    '{ booked_units(where: {booking: {customer_email: {_is_null: false}}}) { id } }',
    '{ booked_units { guest_checkins { email phone } } }',
    '{ bookings { id customer_email } }',
    `{ bookings_by_pk(id: "${'00000000-0000-4000-a000-000000000000'}") { customer_phone } }`,
    '{ guest_checkins { email } }',
    '{ rates { price } }',
    '{ units { rates { price } } }',
    '{ units { booked_units { booking { customer_name } } } }',
    '{ threads { guest_email } }',
    '{ messages { body } }',
    '{ tasks { booking_id } }',
    '{ tasks { thread { guest_email } } }',
    '{ tasks { booking { customer_email } } }',
    '{ invoice_details { name } }',
    '{ expenses { amount } }',
  ];
  for (const q of refused) {
    it(`refuses ${q}`, async () => {
      const r = await client.gql(cleaner, q);
      expect(r.errors?.length, JSON.stringify(r.data)).toBeGreaterThan(0);
      expect(r.data ?? null).toBeNull();
    });
  }

  it("reads their phone list (cleaned units only) and it carries no seeded guest's e-mail, phone or any price", async () => {
    const mine = await client.gql<{ cleanings: { unit_id: string }[] }>(cleaner, print(MyCleaningsDocument), { me: DEMO.cleaner, from: demoDay(0) });
    expect(mine.errors).toBeUndefined();
    expect(mine.data!.cleanings.length).toBeGreaterThan(0);
    const cleaned = await client.data<{ unit_2_users: { unit_id: string }[] }>('admin-secret', `{ unit_2_users(where: {user_id: {_eq: "${DEMO.cleaner}"}, connection_type: {_eq: cleaner}}) { unit_id } }`);
    const units = new Set(cleaned.unit_2_users.map((u) => u.unit_id));
    for (const c of mine.data!.cleanings) expect(units.has(c.unit_id)).toBe(true);
    const guests = await client.data<{ bookings: { customer_email: string | null; customer_phone: string | null; customer_name: string }[] }>('admin-secret', `{ bookings(where: {booked_units: {unit_id: {_in: ${JSON.stringify([...units])}}}}) { customer_email customer_phone customer_name } }`);
    const text = JSON.stringify(mine.data);
    for (const g of guests.bookings) {
      for (const v of [g.customer_email, g.customer_phone, g.customer_name]) if (v) expect(text).not.toContain(v);
    }
    expect(text).not.toMatch(/"price"|"currency"/);
  });

  it('gets only their units from the board query and cannot switch role or go without a token', async () => {
    // The board's query has nothing a cleaner may not read: run as a cleaner it only holds their units.
    const board = await client.data<{ units: { id: string }[]; cleanings: { unit_id: string }[] }>(cleaner, print(CleaningBoardDocument), { from: demoDay(0), to: demoDay(13), limit: 50, offset: 0 });
    const own = new Set(board.units.map((u) => u.id));
    expect(own.has(UNIT.studio)).toBe(false);
    for (const c of board.cleanings) expect(own.has(c.unit_id)).toBe(true);
    const res = await fetch(`${backend.url}/v1/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-hasura-role': 'member', authorization: `Bearer ${await backend.ctx.jwt.sign({ 'https://hasura.io/jwt/claims': { 'x-hasura-allowed-roles': ['cleaner'], 'x-hasura-default-role': 'cleaner', 'x-hasura-user-id': DEMO.cleaner }, sub: DEMO.cleaner }, 900)}` }, body: JSON.stringify({ query: '{ cleanings { price } }' }) });
    const body = await res.text();
    expect(body, 'a role outside the token').toMatch(/"errors"|"error"/);
    expect(body).not.toMatch(/"price":/);
    // No token: the request is public whatever role it names, and public reads nothing.
    const anon = await fetch(`${backend.url}/v1/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-hasura-role': 'cleaner' }, body: JSON.stringify({ query: '{ cleanings { id } }' }) });
    const anonBody = await anon.text();
    expect(anonBody, 'no token').toMatch(/"errors"|"error"/);
    expect(anonBody).not.toMatch(/"cleanings":\s*\[\s*\{/);
    const forged = await client.gql({ role: 'cleaner', userId: DEMO.cleaner }, '{ cleanings { id } }');
    expect(forged.errors).toBeUndefined();
  });
});

describe('what a cleaner may change', () => {
  const ack = (id: string) => `mutation { update_cleanings(where: {id: {_eq: "${id}"}}, _set: {status: ACKNOWLEDGED}) { affected_rows } }`;
  const rows = (r: { data?: Record<string, { affected_rows: number }> | null }) => Object.values(r.data ?? {})[0]?.affected_rows;

  it('acknowledges a NEW cleaning of their unit, not an obsolete one nor another cleaner’s', async () => {
    expect(rows(await client.gql(cleaner, ack(ids.live)))).toBe(1);
    expect(rows(await client.gql(cleaner, ack(ids.obsolete)))).toBe(0);
    expect(rows(await client.gql(cleaner, ack(ids.studio)))).toBe(0);
  });

  it('cannot remove, obsolete, re-assign, re-price, insert or delete cleanings', async () => {
    for (const set of ['{status: REMOVED}', '{status: OBSOLETE}', '{removal_reason: "x"}', `{cleaner_user_id: "${DEMO.cleaner2}"}`, '{price: 1}', '{next_guests: 9}', '{date: "2030-01-01"}']) {
      const r = await client.gql(cleaner, `mutation { update_cleanings(where: {id: {_eq: "${ids.live}"}}, _set: ${set}) { affected_rows } }`);
      expect(r.errors?.length, set).toBeGreaterThan(0);
    }
    expect((await client.gql(cleaner, `mutation { insert_cleanings_one(object: {unit_id: "${UNIT.loftA}", date: "2030-01-01"}) { id } }`)).errors?.length).toBeGreaterThan(0);
    expect((await client.gql(cleaner, `mutation { delete_cleanings_by_pk(id: "${ids.live}") { id } }`)).errors?.length).toBeGreaterThan(0);
    const still = await client.data<{ cleanings_by_pk: { status: string; cleaner_user_id: string } }>('admin-secret', `{ cleanings_by_pk(id: "${ids.live}") { status cleaner_user_id } }`);
    expect(still.cleanings_by_pk).toEqual({ status: 'ACKNOWLEDGED', cleaner_user_id: DEMO.cleaner });
  });

  it('reports a problem as a cleaning task on their unit only, never a needsreply, never on a booking', async () => {
    const task = (o: string) => `mutation { insert_tasks_one(object: ${o}) { id } }`;
    const ok = await client.gql<{ insert_tasks_one: { id: string } }>(cleaner, task(`{type: cleaning, title: "Broken kettle", unit_id: "${UNIT.loftA}", cleaning_id: "${ids.live}"}`));
    expect(ok.errors).toBeUndefined();
    const created = await client.data<{ tasks_by_pk: { created_by_user_id: string } }>('admin-secret', `{ tasks_by_pk(id: "${ok.data!.insert_tasks_one.id}") { created_by_user_id } }`);
    expect(created.tasks_by_pk.created_by_user_id).toBe(DEMO.cleaner);
    // Their open tasks (phone view) are completed there; another cleaner's unit's task is out of reach.
    const mine = await client.gql<{ tasks: { id: string; unit: { id: string } | null }[] }>(cleaner, print(CleanerTasksDocument));
    expect(mine.errors).toBeUndefined();
    expect(mine.data!.tasks.map((t) => t.id)).toContain(ok.data!.insert_tasks_one.id);
    const done = await client.gql<{ update_tasks_by_pk: { completed: boolean } | null }>(cleaner, print(CompleteCleanerTaskDocument), { id: ok.data!.insert_tasks_one.id, at: new Date().toISOString() });
    expect(done.data?.update_tasks_by_pk?.completed).toBe(true);
    const foreign = await client.data<{ insert_tasks_one: { id: string } }>('admin-secret', `mutation { insert_tasks_one(object: {type: todo, title: "Studio lamp", unit_id: "${UNIT.studio}"}) { id } }`);
    const notMine = await client.gql<{ update_tasks_by_pk: unknown }>(cleaner, print(CompleteCleanerTaskDocument), { id: foreign.insert_tasks_one.id, at: new Date().toISOString() });
    expect(notMine.data?.update_tasks_by_pk ?? null).toBeNull();
    expect((await client.gql(cleaner, `mutation { update_tasks_by_pk(pk_columns: {id: "${ok.data!.insert_tasks_one.id}"}, _set: {title: "renamed"}) { id } }`)).errors?.length).toBeGreaterThan(0);
    for (const o of [
      `{type: needsreply, title: "x", unit_id: "${UNIT.loftA}"}`,
      `{type: cleaning, title: "x", unit_id: "${UNIT.studio}"}`,
      `{type: cleaning, title: "x", cleaning_id: "${ids.studio}"}`,
      `{type: todo, title: "x", unit_id: "${UNIT.loftA}", booking_id: "${ids.booking}"}`,
      `{type: todo, title: "x", unit_id: "${UNIT.loftA}", thread_id: "${ids.thread}"}`,
      `{type: todo, title: "x", unit_id: "${UNIT.loftA}", assigned_user_id: "${DEMO.manager}"}`,
      `{type: todo, title: "x", unit_id: "${UNIT.loftA}", created_by_user_id: "${DEMO.manager}"}`,
      `{type: "todo", title: 5, unit_id: "${UNIT.loftA}"}`,
    ]) {
      expect((await client.gql(cleaner, task(o))).errors?.length, o).toBeGreaterThan(0);
    }
  });
});

describe('managers, office staff and the database', () => {
  it('a manager sees and removes only cleanings of what they manage', async () => {
    const seen = await client.data<{ cleanings: { id: string }[] }>(manager2, `{ cleanings(where: {id: {_eq: "${ids.live}"}}) { id } }`);
    expect(seen.cleanings).toEqual([]);
    const r = await client.data<{ update_cleanings: { affected_rows: number } }>(manager2, `mutation { update_cleanings(where: {id: {_eq: "${ids.live}"}}, _set: {status: REMOVED, removal_reason: "not mine"}) { affected_rows } }`);
    expect(r.update_cleanings.affected_rows).toBe(0);
    expect((await client.gql({ role: 'communicator', userId: DEMO.communicator }, `mutation { update_cleanings(where: {id: {_eq: "${ids.live}"}}, _set: {status: REMOVED, removal_reason: "x"}) { affected_rows } }`)).errors?.length).toBeGreaterThan(0);
    expect((await client.gql({ role: 'owner', userId: DEMO.owner }, '{ cleanings { removal_reason next_guests } }')).errors?.length).toBeGreaterThan(0);
  });

  it('removal needs a reason of at most 500 characters; tasks hold at most 200 + 2000 characters, whoever writes', async () => {
    const remove = (reason: string) => client.gql(member, `mutation ($id: uuid!, $r: String) { update_cleanings_by_pk(pk_columns: {id: $id}, _set: {status: REMOVED, removal_reason: $r}) { id } }`, { id: ids.studio, r: reason });
    expect((await remove('   ')).errors?.[0].message).toMatch(/cleanings_removal_reason_check/);
    expect((await remove('x'.repeat(501))).errors?.[0].message).toMatch(/cleanings_removal_reason_length_check/);
    const big = await client.gql(cleaner, `mutation ($t: String!) { insert_tasks_one(object: {type: todo, title: $t, unit_id: "${UNIT.loftA}"}) { id } }`, { t: 'x'.repeat(100_000) });
    expect(big.errors?.[0].message).toMatch(/tasks_title_length_check/);
    const long = await client.gql(member, `mutation ($d: String!) { insert_tasks_one(object: {type: note, title: "ok", description: $d}) { id } }`, { d: 'x'.repeat(2001) });
    expect(long.errors?.[0].message).toMatch(/tasks_description_length_check/);
    expect((await remove('Owner uses the flat')).errors).toBeUndefined();
  });

  it('the migration files declare what the tests rely on', () => {
    const sql = readFileSync('nhost/migrations/default/1795320070000_cleanings_tasks_server_rules/up.sql', 'utf8');
    expect(sql).toContain('cleanings_booking_unit_date_live_key');
    expect(sql).toContain('tasks_thread_id_needsreply_open_key');
  });
});
