// A conversation's open needsreply task and a link of its thread to a booking, made at the same
// moment by two transactions on a server Postgres (migration 1797000000200): whichever commits
// second sees the first, so the task always ends up naming the booking (a property manager sees a
// task through its booking). PGlite has a single connection, so the race exists only here.
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openDb, type Db } from '../../backend/db';
import { demoDay } from '../helpers/dates';
import { startTempPostgres, type TempPostgres } from '../helpers/postgres';
import { ACC } from './permissionsClient';

const PROJECT = path.resolve(__dirname, '../../nhost');

describe('a needsreply task and a thread link made at the same moment (server Postgres)', () => {
  let server: TempPostgres | null = null;
  let db: Db | null = null;
  let url: string;
  let a: pg.Client;
  let b: pg.Client;
  beforeAll(async () => {
    server = await startTempPostgres();
    url = await server.createDatabase('needsreply_link_race');
    db = await openDb({ databaseUrl: url });
    await migrate(db, { projectDir: PROJECT, applySeeds: true });
    a = new pg.Client({ connectionString: url });
    b = new pg.Client({ connectionString: url });
    await a.connect();
    await b.connect();
  }, 180_000);
  afterAll(async () => {
    await a?.end();
    await b?.end();
    await db?.close();
    server?.stop();
  });

  /** A new unlinked thread and a booking to link it to. */
  async function threadAndBooking(n: number): Promise<{ thread: string; booking: string }> {
    const thread = (await a.query<{ id: string }>(`INSERT INTO threads (subject, guest_name, needs_reply) VALUES ('Race', 'Race Guest ${n}', true) RETURNING id`)).rows[0].id;
    const booking = (await a.query<{ id: string }>(`INSERT INTO bookings (accommodation_id, customer_name, checkin, checkout) VALUES ($1, 'Race Guest', $2, $3) RETURNING id`, [ACC.vaci, demoDay(600 + n * 5), demoDay(602 + n * 5)])).rows[0].id;
    return { thread, booking };
  }
  // What the needsreply function sends: the booking it read a moment ago (none yet).
  const insertTask = (client: pg.Client, thread: string) => client.query(`INSERT INTO tasks (type, title, thread_id, booking_id) VALUES ('needsreply', 'Reply to Race Guest', $1, NULL)`, [thread]);
  const link = (client: pg.Client, thread: string, booking: string) => client.query('INSERT INTO thread_2_bookings (thread_id, booking_id) VALUES ($1, $2)', [thread, booking]);
  const taskBooking = async (thread: string) => (await a.query<{ booking_id: string | null }>(`SELECT booking_id FROM tasks WHERE thread_id = $1 AND type = 'needsreply' AND NOT completed`, [thread])).rows.map((r) => r.booking_id);

  /** Starts `second` while `first`'s transaction is open; checks it waits; commits `first`; returns `second`'s outcome. */
  async function overlapping(first: pg.Client, start: () => Promise<unknown>, second: () => Promise<unknown>) {
    await first.query('BEGIN');
    await start();
    let done = false;
    const later = second().finally(() => (done = true));
    await new Promise((r) => setTimeout(r, 300));
    const waited = !done;
    await first.query('COMMIT');
    await later;
    return waited;
  }

  it('the link commits while the task is being made: the task takes the booking', async () => {
    const { thread, booking } = await threadAndBooking(1);
    const waited = await overlapping(a, () => link(a, thread, booking), () => insertTask(b, thread));
    expect(waited, 'the task waits for the open link').toBe(true);
    expect(await taskBooking(thread)).toEqual([booking]);
  });

  it('the task commits while the thread is being linked: the link gives it the booking', async () => {
    const { thread, booking } = await threadAndBooking(2);
    const waited = await overlapping(b, () => insertTask(b, thread), () => link(a, thread, booking));
    expect(waited, 'the link waits for the open task').toBe(true);
    expect(await taskBooking(thread)).toEqual([booking]);
  });

  it('a task made for a linked thread names its booking whatever its writer sent; an unlinked one names none', async () => {
    const { thread, booking } = await threadAndBooking(3);
    await link(a, thread, booking);
    const other = (await a.query<{ id: string }>(`SELECT id FROM bookings WHERE id <> $1 LIMIT 1`, [booking])).rows[0].id;
    await a.query(`INSERT INTO tasks (type, title, thread_id, booking_id) VALUES ('needsreply', 'Reply', $1, $2)`, [thread, other]);
    expect(await taskBooking(thread)).toEqual([booking]);
    const lone = await threadAndBooking(4);
    await a.query(`INSERT INTO tasks (type, title, thread_id, booking_id) VALUES ('needsreply', 'Reply', $1, $2)`, [lone.thread, lone.booking]);
    expect(await taskBooking(lone.thread)).toEqual([null]);
  });
});
