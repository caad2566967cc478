// A conversation's open needsreply task and a link of its thread to a booking, made at the same
// moment by two transactions on a server Postgres (migration 1797000000200): whichever commits
// second sees the first, so the task always ends up naming the booking (a property manager sees a
// task through its booking). PGlite has a single connection, so the race exists only here.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../backend/db';
import { demoDay } from '../helpers/dates';
import { backendPid, DEMO_DATA, startTempPostgres, waitsOnLock, type TempPostgres } from '../helpers/postgres';
import { ACC } from './permissionsClient';

describe('a needsreply task and a thread link made at the same moment (server Postgres)', () => {
  let server: TempPostgres | null = null;
  let db: Db | null = null;
  let url: string;
  let a: pg.Client;
  let b: pg.Client;
  const pids = new Map<pg.Client, number>();
  beforeAll(async () => {
    server = await startTempPostgres();
    url = await server.createDatabase('needsreply_link_race', { migrated: DEMO_DATA });
    db = await openDb({ databaseUrl: url });
    a = new pg.Client({ connectionString: url });
    b = new pg.Client({ connectionString: url });
    await a.connect();
    await b.connect();
    pids.set(a, await backendPid(a));
    pids.set(b, await backendPid(b));
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
    const waited = await waitsOnLock(first, pids.get(first === a ? b : a)!, () => done);
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

  /** An open needsreply task of `thread`, made now (the function's insert). */
  const openTask = async (thread: string) => (await a.query<{ id: string }>(`INSERT INTO tasks (type, title, thread_id) VALUES ('needsreply', 'Reply', $1) RETURNING id`, [thread])).rows[0].id;
  const complete = (id: string) => a.query('UPDATE tasks SET completed = true, completed_at = now() WHERE id = $1', [id]);
  const bookingOf = async (id: string) => (await a.query<{ booking_id: string | null }>('SELECT booking_id FROM tasks WHERE id = $1', [id])).rows[0].booking_id;

  it('a needsreply task reopened after its thread was linked elsewhere names the thread booking now', async () => {
    const { thread, booking } = await threadAndBooking(5);
    const other = await threadAndBooking(6);
    await link(a, thread, booking);
    const task = await openTask(thread);
    await complete(task);
    // Relinked while the task was done (done tasks keep what they had), then reopened by staff.
    await a.query('DELETE FROM thread_2_bookings WHERE thread_id = $1', [thread]);
    await link(a, thread, other.booking);
    expect(await bookingOf(task)).toBe(booking);
    await a.query('UPDATE tasks SET completed = false, completed_at = NULL WHERE id = $1', [task]);
    expect(await bookingOf(task)).toBe(other.booking);
    // Reopened after the thread was unlinked: no booking (the unlinked booking's managers no longer see it).
    await complete(task);
    await a.query('DELETE FROM thread_2_bookings WHERE thread_id = $1', [thread]);
    await a.query('UPDATE tasks SET completed = false, completed_at = NULL WHERE id = $1', [task]);
    expect(await bookingOf(task)).toBeNull();
  });

  it('a needsreply task reopened while its thread is being linked takes the booking', async () => {
    const { thread, booking } = await threadAndBooking(7);
    const task = await openTask(thread);
    await complete(task);
    const waited = await overlapping(a, () => link(a, thread, booking), () => b.query('UPDATE tasks SET completed = false, completed_at = NULL WHERE id = $1', [task]));
    expect(waited, 'the reopening waits for the open link').toBe(true);
    expect(await bookingOf(task)).toBe(booking);
  });

  it('an open needsreply task moved to another thread names that thread booking', async () => {
    const { thread, booking } = await threadAndBooking(8);
    const other = await threadAndBooking(9);
    await link(a, other.thread, other.booking);
    await link(a, thread, booking);
    const task = await openTask(thread);
    expect(await bookingOf(task)).toBe(booking);
    await a.query('UPDATE tasks SET thread_id = $2 WHERE id = $1', [task, other.thread]);
    expect(await bookingOf(task)).toBe(other.booking);
  });

  it('deleting a booking while its thread needsreply task is being made does not deadlock', async () => {
    const { thread, booking } = await threadAndBooking(10);
    await link(a, thread, booking);
    await a.query('BEGIN');
    await a.query('SELECT 1 FROM bookings WHERE id = $1 FOR UPDATE', [booking]);
    let inserted = false;
    const inserting = insertTask(b, thread).then(() => 'ok', (e: Error) => e.message).finally(() => (inserted = true));
    // The delete comes once the insert waits on the booking's row (or has finished).
    await waitsOnLock(a, pids.get(b)!, () => inserted);
    const deleting = a.query('DELETE FROM bookings WHERE id = $1', [booking]).then(() => 'ok', (e: Error) => e.message);
    const [del] = await Promise.all([deleting]);
    await a.query(del === 'ok' ? 'COMMIT' : 'ROLLBACK');
    const ins = await inserting;
    expect({ del, ins }).toEqual({ del: 'ok', ins: 'ok' });
    expect(await taskBooking(thread)).toEqual([null]);
  });

  it('a guest message and a link of its thread at the same moment do not deadlock, in either order', async () => {
    for (const first of ['message', 'link'] as const) {
      const { thread, booking } = await threadAndBooking(first === 'message' ? 11 : 12);
      const message = (client: pg.Client) => client.query(`INSERT INTO messages (thread_id, direction, body) VALUES ($1, 'incoming', 'Hello')`, [thread]);
      await a.query('BEGIN');
      await (first === 'message' ? message(a) : link(a, thread, booking));
      let secondDone = false;
      const second = (first === 'message' ? link(b, thread, booking) : message(b)).then(() => 'ok', (e: Error) => e.message).finally(() => (secondDone = true));
      // The task comes once the second writer waits on the first (or has finished).
      await waitsOnLock(a, pids.get(b)!, () => secondDone);
      await insertTask(a, thread);
      await a.query('COMMIT');
      expect(await second).toBe('ok');
      expect(await taskBooking(thread)).toEqual([booking]);
    }
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
