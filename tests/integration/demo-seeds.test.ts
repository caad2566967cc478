// The demo data stays current: every dated seed row is relative to the day the database is
// created. Proven on a clock a year ahead (STAYDESK_SEED_TODAY / migrate's seedToday): a newcomer
// then sees today's arrivals and departures, a live calendar, open journeys and last month's
// closings, just as on the day the seeds were written; and the same day gives the same data.
// Each database starts as `migrate` leaves it before the seeds (the cached migrated snapshot, the
// one every test backend loads) and gets the seeds alone, as `migrate` runs them on a fresh database
// (applySeeds; migrate.test.ts proves migrate hands the seed day over): the migrations cost
// ~3.5 s of CPU per database besides the seeds' ~7 s.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { applySeeds, migrate, type Db } from '../../backend/db';
import { freshDatabase } from '../helpers/backend';
import { addDays, budapestToday } from '../helpers/dates';

const PROJECT = path.resolve(__dirname, '../../nhost');
const DAY = addDays(budapestToday(), 365);

/** The project's database, migrated, with the demo seeds of `day`. */
async function seeded(day: string): Promise<Db> {
  const db = await freshDatabase(PROJECT, false);
  try {
    // Nothing left to do on the snapshot (all of it with STAYDESK_TEST_DB_SNAPSHOTS=off); no seeds yet.
    expect(await migrate(db, { projectDir: PROJECT, applySeeds: false })).toMatchObject({ seeds: [] });
    expect((await db.query('SELECT file FROM hdb_catalog.seeds_applied')).rows).toEqual([]);
    const files = fs.readdirSync(path.join(PROJECT, 'seeds', 'default')).filter((f) => f.endsWith('.sql')).sort();
    expect(files.length).toBeGreaterThan(0);
    expect(await applySeeds(db, { projectDir: PROJECT, seedToday: day })).toEqual(files);
    return db;
  } catch (e) {
    await db.close();
    throw e;
  }
}

describe('demo seeds on a clock a year ahead', () => {
  let db: Db;
  beforeAll(async () => {
    db = await seeded(DAY);
  }, 120_000);
  afterAll(async () => {
    await db?.close();
  });

  const one = async <R>(sql: string, params: unknown[] = []) => (await db.query<R>(sql, params)).rows[0];
  const count = async (sql: string, params: unknown[] = []) => Number((await one<{ n: string }>(sql, params)).n);

  it('spans about ten months back to four months ahead, with arrivals and departures today', async () => {
    const span = await one<{ first: string; last: string }>(`SELECT min(checkin)::text AS first, max(checkin)::text AS last FROM public.bookings`);
    expect(span.first).toBe(addDays(DAY, -322));
    expect(span.last >= addDays(DAY, 118) && span.last <= addDays(DAY, 125)).toBe(true);
    const active = `status <> 'cancelled'`;
    expect(await count(`SELECT count(*) AS n FROM public.bookings WHERE ${active} AND checkin = $1`, [DAY])).toBeGreaterThan(0);
    expect(await count(`SELECT count(*) AS n FROM public.bookings WHERE ${active} AND checkout = $1`, [DAY])).toBeGreaterThan(0);
    expect(await count(`SELECT count(*) AS n FROM public.bookings WHERE ${active} AND checkin > $1 AND checkin <= $1::date + 30`, [DAY])).toBeGreaterThan(10);
    // Guests checked in for past stays only; today's arrivals still to come.
    expect(await count(`SELECT count(*) AS n FROM public.guest_checkins g JOIN public.booked_units bu ON bu.id = g.booking_unit_id WHERE bu.checkin >= $1`, [DAY])).toBe(0);
    expect(await count(`SELECT count(*) AS n FROM public.guest_checkins g JOIN public.booked_units bu ON bu.id = g.booking_unit_id WHERE bu.checkin = $1::date - 1`, [DAY])).toBeGreaterThanOrEqual(0);
  });

  it('has a live calendar: day axis, rate overrides and closed days around today', async () => {
    expect(await count(`SELECT count(*) AS n FROM public.dates WHERE date BETWEEN $1::date - 330 AND $1::date + 130`, [DAY])).toBe(461);
    const nye = await one<{ date: string }>(`SELECT min(date)::text AS date FROM public.unit_dates WHERE note = 'New Year''s Eve'`);
    expect(nye.date.endsWith('-12-31')).toBe(true);
    expect(Math.abs(Date.parse(nye.date) - Date.parse(DAY)) / 86_400_000).toBeLessThan(250);
    expect(await count(`SELECT count(*) AS n FROM public.rate_dates WHERE date = $1::date`, [nye.date])).toBeGreaterThan(0);
    expect(await count(`SELECT count(*) AS n FROM public.unit_dates WHERE is_closed AND date > $1`, [DAY])).toBe(7);
    expect(await count(`SELECT count(*) AS n FROM public.tourist_tax_ranges WHERE valid_from <= $1::date - 322 AND (valid_to IS NULL OR valid_to >= $1)`, [DAY])).toBeGreaterThan(0);
  });

  it('has today’s cleanings and tasks, open inbox threads, and last month’s closings awaiting payment', async () => {
    expect(await count(`SELECT count(*) AS n FROM public.cleanings WHERE date = $1 AND status = 'NEW'`, [DAY])).toBeGreaterThan(0);
    expect(await count(`SELECT count(*) AS n FROM public.cleanings WHERE date >= $1 AND status = 'ACKNOWLEDGED'`, [DAY])).toBe(0);
    expect(await count(`SELECT count(*) AS n FROM public.tasks WHERE due_date = $1`, [DAY])).toBeGreaterThan(0);
    expect(await count(`SELECT count(*) AS n FROM public.threads WHERE needs_reply`)).toBeGreaterThan(0);
    expect(await count(`SELECT count(*) AS n FROM public.messages WHERE sent_at > now() + interval '366 days'`)).toBe(0);
    // The demo's current month is the one of three weeks ago: it always has open expenses of both
    // contractors, and the month before it is closed, awaiting payment.
    const current = `date_trunc('month', $1::date - 21)::date`;
    expect(await count(`SELECT count(*) AS n FROM public.monthly_closings WHERE month = ${current} - interval '1 month' AND status = 'closed'`, [DAY])).toBeGreaterThan(0);
    expect(await count(`SELECT count(*) AS n FROM public.monthly_closings WHERE month >= ${current}`, [DAY])).toBe(0);
    expect(await count(`SELECT count(DISTINCT contractor_id) AS n FROM public.expenses WHERE contractor_closing_id IS NULL AND contractor_id IS NOT NULL`)).toBe(2);
    expect(await count(`SELECT count(*) AS n FROM public.expenses WHERE date >= $1`, [DAY])).toBe(0);
    expect(await count(`SELECT count(*) AS n FROM public.inspections WHERE inspected_at > ($1::date + 1)::timestamptz`, [DAY])).toBe(0);
    expect(await count(`SELECT count(*) AS n FROM public.registry_submissions WHERE report_date = $1::date - 1 OR created_at > $1::date - 3`, [DAY])).toBeGreaterThan(0);
  });

  it('is the same data moved with the day: deterministic, and whole on the first of a month too', async () => {
    const first = `${addDays(DAY, 40).slice(0, 8)}01`;
    const shift = Math.round((Date.parse(first) - Date.parse(DAY)) / 86_400_000);
    const other = await seeded(first);
    try {
      const digest = (d: Db, days: number) =>
        d.query<{ d: string }>(`SELECT md5(string_agg(id::text || (checkin + $1::int) || (checkout + $1::int) || status, ',' ORDER BY id)) AS d FROM public.bookings`, [days]);
      expect((await other.query<{ d: string }>(`SELECT md5(string_agg(id::text || checkin || checkout || status, ',' ORDER BY id)) AS d FROM public.bookings`)).rows[0].d).toBe(
        (await digest(db, shift)).rows[0].d,
      );
      const n = async (sql: string) => Number((await other.query<{ n: string }>(sql, [first])).rows[0].n);
      expect(await n(`SELECT count(*) AS n FROM public.bookings WHERE status <> 'cancelled' AND checkin = $1`)).toBeGreaterThan(0);
      expect(await n(`SELECT count(DISTINCT contractor_id) AS n FROM public.expenses WHERE contractor_closing_id IS NULL AND contractor_id IS NOT NULL AND date < $1`)).toBe(2);
      expect(await n(`SELECT count(*) AS n FROM public.cleanings WHERE date > $1 AND status = 'NEW'`)).toBeGreaterThan(0);
    } finally {
      await other.close();
    }
  }, 120_000);
});
