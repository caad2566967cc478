// Waiting for the backend's event work instead of a fixed pause. A check that something did NOT
// happen (no second NTAK check-out, no webhook for a same-value update) comes after the events the
// writes before it queued were delivered: a fixed pause is slower when the work is done sooner and,
// on a loaded machine, may end before a delivery it was meant to wait out.
import type { Queryable } from '../../backend/db';

/**
 * Events queued by the table triggers that no delivery has finished yet: never tried, or being
 * delivered now. One that failed and waits for its retry (seconds to minutes later) had its first
 * try, so its effects so far are there; waiting out a retry is what a fixed pause never did either.
 */
export async function unattemptedEvents(db: Queryable, triggers: string[] = []): Promise<number> {
  const r = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM hdb_catalog.event_log
     WHERE delivered = false AND error = false AND archived = false AND (tries = 0 OR locked IS NOT NULL)
       AND (cardinality($1::text[]) = 0 OR trigger_name = ANY($1::text[]))`,
    [triggers],
  );
  return r.rows[0].n;
}

/**
 * Resolves once every table event (of `triggers`, default all) had a delivery: every write before
 * the call has set off what it will through the event triggers (a trigger writes its event in the
 * writing transaction, so none is missed; a delivery's own writes queue theirs before it ends).
 * Throws after `timeoutMs`.
 */
export async function eventsSettled(db: Queryable, opts: { triggers?: string[]; timeoutMs?: number } = {}): Promise<void> {
  const until = Date.now() + (opts.timeoutMs ?? 30_000);
  for (;;) {
    const n = await unattemptedEvents(db, opts.triggers);
    if (n === 0) return;
    if (Date.now() > until) throw new Error(`${n} event(s) still not delivered after ${opts.timeoutMs ?? 30_000} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * The events the table triggers logged for one row of `table` (by its `id`), as "<trigger> <op>"
 * in the order they were written: what a write set off, read right after it (a trigger logs its
 * event in the writing transaction), with no waiting.
 */
export async function rowEvents(db: Queryable, table: string, id: string): Promise<string[]> {
  const r = await db.query<{ e: string }>(
    `SELECT trigger_name || ' ' || (payload->>'op') AS e FROM hdb_catalog.event_log
     WHERE table_name = $1 AND (payload->'data'->'new'->>'id' = $2 OR payload->'data'->'old'->>'id' = $2)
     ORDER BY created_at, id`,
    [table, id],
  );
  return r.rows.map((row) => row.e);
}
