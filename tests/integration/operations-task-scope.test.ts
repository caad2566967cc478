// Task scope attacks from the break-it review (OPS + NTAK), with real tokens on the real embedded
// backend and the seeded demo data: a cleaner neither sees nor closes the NTAK certificate-expiry
// task the daily check hangs on a unit they clean (nor any other task the server makes), and
// cannot put a task on a unit they do not clean by pairing it with a cleaning of their own; the
// database keeps a task's unit the unit of its cleaning, whoever writes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { print } from 'graphql';
import type { RunningBackend } from '../../backend/server';
import { CleanerTasksDocument } from '../../src/features/cleanings/graphql/cleanerTasks.generated';
import { CompleteCleanerTaskDocument } from '../../src/features/cleanings/graphql/completeCleanerTask.generated';
import { startTestBackend } from '../helpers/backend';
import { fileEnv } from '../helpers/env';
import { demoDay } from '../helpers/dates';
import { ACC, DEMO, makeClient, UNIT, type Caller, type Client } from './permissionsClient';

const SECRET = 'task-scope-webhook-secret';
let backend: RunningBackend;
let client: Client;
const cleaner: Caller = { role: 'cleaner', userId: DEMO.cleaner };
const manager: Caller = { role: 'manager', userId: DEMO.manager };
const manager2: Caller = { role: 'manager', userId: DEMO.manager2 };
const member: Caller = { role: 'member', userId: DEMO.member };
const ids = { live: '', studio: '' };

const insertTask = (caller: Caller, o: Record<string, unknown>) => client.gql<{ insert_tasks_one: { id: string } | null }>(caller, 'mutation ($o: tasks_insert_input!) { insert_tasks_one(object: $o) { id } }', { o });
const complete = (caller: Caller, id: string) => client.gql<{ update_tasks_by_pk: { completed: boolean } | null }>(caller, print(CompleteCleanerTaskDocument), { id, at: new Date().toISOString() });
const taskRow = async (id: string) => (await client.data<{ tasks_by_pk: { completed: boolean; unit_id: string | null } | null }>('admin-secret', 'query ($id: uuid!) { tasks_by_pk(id: $id) { completed unit_id } }', { id })).tasks_by_pk;

fileEnv({ NHOST_WEBHOOK_SECRET: SECRET });

beforeAll(async () => {
  backend = await startTestBackend({ applySeeds: true, env: { NHOST_WEBHOOK_SECRET: SECRET } });
  client = makeClient(backend);
  const d = await client.data<Record<string, { id: string }[]>>(
    'admin-secret',
    `{
      live: cleanings(where: {unit_id: {_eq: "${UNIT.loftA}"}, status: {_eq: NEW}, date: {_gt: "${demoDay(0)}"}}, limit: 1, order_by: {date: asc}) { id }
      studio: cleanings(where: {unit_id: {_eq: "${UNIT.studio}"}, status: {_eq: NEW}}, limit: 1) { id }
    }`,
  );
  ids.live = d.live[0].id;
  ids.studio = d.studio[0].id;
}, 180_000);

afterAll(async () => {
  await backend?.close();
});

describe('the NTAK certificate-expiry task is the office’s, not the cleaner’s', () => {
  it('a cleaner of its unit neither finds nor completes it; managers do; tasks people write stay the cleaner’s', async () => {
    // Váci (accommodation 1) is cleaned by the demo cleaner and managed by the demo manager.
    await client.data('admin-secret', 'mutation ($id: uuid!, $to: timestamptz!) { update_accommodations_by_pk(pk_columns: {id: $id}, _set: {ntak_cert: "-----BEGIN CERTIFICATE-----\\nTASKSCOPE\\n-----END CERTIFICATE-----", ntak_cert_valid_to: $to}) { id } }', { id: ACC.vaci, to: new Date(Date.now() + 5 * 86_400_000).toISOString() });
    const res = await fetch(`${backend.url}/v1/functions/ntak/certificates-check`, { method: 'POST', headers: { 'content-type': 'application/json', 'nhost-webhook-secret': SECRET }, body: JSON.stringify({ id: crypto.randomUUID(), name: 'ntak_certificates_check', scheduled_time: new Date().toISOString(), payload: {} }) });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { created: number }).created).toBeGreaterThanOrEqual(1);
    const reminder = await client.data<{ ntak_certificate_reminders: { task_id: string; unit_id: string }[] }>('admin-secret', `{ ntak_certificate_reminders(where: {accommodation_id: {_eq: "${ACC.vaci}"}}) { task_id unit_id } }`);
    const [{ task_id: taskId, unit_id: unitId }] = reminder.ntak_certificate_reminders;
    const cleaned = await client.data<{ units: { id: string }[] }>(cleaner, `{ units(where: {id: {_eq: "${unitId}"}}) { id } }`);
    expect(cleaned.units).toHaveLength(1); // the task really hangs on a unit this cleaner sees

    // The reviewer's attack: find it by title, then complete it.
    const found = await client.data<{ tasks: { id: string }[] }>(cleaner, '{ tasks(where: {title: {_ilike: "%NTAK%"}}) { id } }');
    expect(found.tasks).toEqual([]);
    expect((await client.data<{ tasks_by_pk: unknown }>(cleaner, `{ tasks_by_pk(id: "${taskId}") { id } }`)).tasks_by_pk).toBeNull();
    const phone = await client.data<{ tasks: { id: string }[] }>(cleaner, print(CleanerTasksDocument));
    expect(phone.tasks.map((t) => t.id)).not.toContain(taskId);
    expect((await complete(cleaner, taskId)).data?.update_tasks_by_pk ?? null).toBeNull();
    await client.data(cleaner, `mutation { update_tasks(where: {unit_id: {_eq: "${unitId}"}}, _set: {completed: true, completed_at: "${new Date().toISOString()}"}) { affected_rows } }`);
    expect(await taskRow(taskId)).toMatchObject({ completed: false });
    // Nor any other server-made task, nor another type than todo/note/cleaning on their unit.
    const serverTodo = await client.data<{ insert_tasks_one: { id: string } }>('admin-secret', `mutation { insert_tasks_one(object: {type: todo, title: "Office only", unit_id: "${UNIT.loftA}"}) { id } }`);
    const reply = await client.data<{ insert_tasks_one: { id: string } }>('admin-secret', `mutation { insert_tasks_one(object: {type: needsreply, title: "Reply", unit_id: "${UNIT.loftA}", created_by_user_id: "${DEMO.member}"}) { id } }`);
    const visible = await client.data<{ tasks: { id: string }[] }>(cleaner, '{ tasks { id } }');
    expect(visible.tasks.map((t) => t.id)).not.toContain(serverTodo.insert_tasks_one.id);
    expect(visible.tasks.map((t) => t.id)).not.toContain(reply.insert_tasks_one.id);

    // Its managers still see and close it.
    expect((await client.data<{ tasks_by_pk: { id: string } | null }>(manager, `{ tasks_by_pk(id: "${taskId}") { id } }`)).tasks_by_pk).toEqual({ id: taskId });
    expect((await complete(manager, taskId)).data?.update_tasks_by_pk?.completed).toBe(true);

    // A to-do a manager writes on the same unit is the cleaner's to see and complete.
    const written = await insertTask(manager, { type: 'todo', title: 'Fix the shower head', unit_id: unitId });
    expect(written.errors).toBeUndefined();
    const writtenId = written.data!.insert_tasks_one!.id;
    expect((await client.data<{ tasks: { id: string }[] }>(cleaner, print(CleanerTasksDocument))).tasks.map((t) => t.id)).toContain(writtenId);
    expect((await complete(cleaner, writtenId)).data?.update_tasks_by_pk?.completed).toBe(true);
  }, 60_000);
});

describe('a task reaches only units its author may reach', () => {
  it('a cleaner cannot pair their own cleaning with a unit they do not clean; each reference must be theirs', async () => {
    const attack = await insertTask(cleaner, { type: 'todo', title: 'x', unit_id: UNIT.studio, cleaning_id: ids.live });
    expect(attack.errors?.length).toBeGreaterThan(0);
    expect((await insertTask(cleaner, { type: 'todo', title: 'x', unit_id: UNIT.loftA, cleaning_id: ids.studio })).errors?.length).toBeGreaterThan(0);
    expect((await insertTask(cleaner, { type: 'todo', title: 'no place' })).errors?.length).toBeGreaterThan(0);
    const onStudio = await client.data<{ tasks_aggregate: { aggregate: { count: number } } }>('admin-secret', `{ tasks_aggregate(where: {unit_id: {_eq: "${UNIT.studio}"}, created_by_user_id: {_eq: "${DEMO.cleaner}"}}) { aggregate { count } } }`);
    expect(onStudio.tasks_aggregate.aggregate.count).toBe(0);
    // Their own unit with their own cleaning, or either alone, still works.
    for (const o of [{ unit_id: UNIT.loftA, cleaning_id: ids.live }, { cleaning_id: ids.live }, { unit_id: UNIT.loftA }]) {
      expect((await insertTask(cleaner, { type: 'cleaning', title: 'Towels missing', ...o })).errors, JSON.stringify(o)).toBeUndefined();
    }
  });

  it('a manager cannot put a task on another accommodation’s unit by naming a booking or cleaning of their own', async () => {
    const own = await client.data<{ bookings: { id: string }[] }>('admin-secret', `{ bookings(where: {accommodation_id: {_eq: "${ACC.vaci}"}}, limit: 1) { id } }`);
    const bookingId = own.bookings[0].id;
    expect((await insertTask(manager, { type: 'todo', title: 'x', unit_id: UNIT.studio, booking_id: bookingId })).errors?.length).toBeGreaterThan(0);
    expect((await insertTask(manager, { type: 'todo', title: 'x', unit_id: UNIT.studio, cleaning_id: ids.live })).errors?.length).toBeGreaterThan(0);
    const onStudio = await client.data<{ tasks_aggregate: { aggregate: { count: number } } }>('admin-secret', `{ tasks_aggregate(where: {unit_id: {_eq: "${UNIT.studio}"}, created_by_user_id: {_eq: "${DEMO.manager}"}}) { aggregate { count } } }`);
    expect(onStudio.tasks_aggregate.aggregate.count).toBe(0);
    const ok = await insertTask(manager, { type: 'todo', title: 'Call the guest about parking', unit_id: UNIT.loftA, booking_id: bookingId });
    expect(ok.errors).toBeUndefined();
    // Nor move one there afterwards.
    const moved = await client.gql<{ update_tasks_by_pk: unknown }>(manager, 'mutation ($id: uuid!, $u: uuid!) { update_tasks_by_pk(pk_columns: {id: $id}, _set: {unit_id: $u}) { id } }', { id: ok.data!.insert_tasks_one!.id, u: UNIT.studio });
    expect(moved.errors?.length ?? 0).toBeGreaterThan(0);
    expect(await taskRow(ok.data!.insert_tasks_one!.id)).toMatchObject({ unit_id: UNIT.loftA });
  });

  it('the database keeps a task on its cleaning’s unit for every writer, and a moved cleaning takes its tasks along', async () => {
    const mismatch = await insertTask(member, { type: 'todo', title: 'x', unit_id: UNIT.studio, cleaning_id: ids.live });
    expect(mismatch.errors?.[0].message).toMatch(/tasks_unit_cleaning_check|not the unit of its cleaning/);
    // A manager of Studio's accommodation pairing it with a unit they do not manage.
    const cross = await insertTask(manager2, { type: 'todo', title: 'x', unit_id: UNIT.loftA, cleaning_id: ids.studio });
    expect(cross.errors?.length).toBeGreaterThan(0);
    const ok = await insertTask(member, { type: 'todo', title: 'Check the boiler', unit_id: UNIT.loftA, cleaning_id: ids.live });
    expect(ok.errors).toBeUndefined();
    const id = ok.data!.insert_tasks_one!.id;
    const moved = await client.gql(member, 'mutation ($id: uuid!, $u: uuid!) { update_tasks_by_pk(pk_columns: {id: $id}, _set: {unit_id: $u}) { id } }', { id, u: UNIT.studio });
    expect(moved.errors?.[0].message).toMatch(/tasks_unit_cleaning_check|not the unit of its cleaning/);
    const cleaning = await client.data<{ insert_cleanings_one: { id: string } }>('admin-secret', `mutation { insert_cleanings_one(object: {unit_id: "${UNIT.loftA}", date: "${demoDay(700)}"}) { id } }`);
    const t = await insertTask(member, { type: 'cleaning', title: 'Bring spare keys', unit_id: UNIT.loftA, cleaning_id: cleaning.insert_cleanings_one.id });
    await client.data('admin-secret', `mutation { update_cleanings_by_pk(pk_columns: {id: "${cleaning.insert_cleanings_one.id}"}, _set: {unit_id: "${UNIT.gardenOne}"}) { id } }`);
    expect(await taskRow(t.data!.insert_tasks_one!.id)).toMatchObject({ unit_id: UNIT.gardenOne });
  });
});
