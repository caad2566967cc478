// Event trigger cleanings_plan (booked_units insert/update/delete; guest_checkins arrival time)
// -> the booking's cleanings re-planned: one per active stay on its check-out day, the ones no
// stay needs any more OBSOLETE (never deleted), next guests and arrival time kept current.
// Idempotent: it reconciles from the current state, so a redelivery changes nothing.
import type { Request, Response } from 'express';
import { requireTrigger, type TriggerEvent } from '../_lib/webhook';
import { reconcileCleanings, type Target } from './_ops/cleanings';
import { asAdmin } from './_ops/graphql';
import { UUID } from '../../src/lib/uuid';

type Row = Record<string, unknown>;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const str = (v: unknown, re: RegExp): string | null => (typeof v === 'string' && re.test(v) ? v : null);

export default async function cleaningsPlan(req: Request, res: Response): Promise<void> {
  if (!requireTrigger(req, res)) return;
  const ev = req.body as Partial<TriggerEvent<Row>> | undefined;
  const table = ev?.table?.name;
  const data = ev?.event?.data;
  if (!data || (table !== 'booked_units' && table !== 'guest_checkins')) {
    res.status(400).json({ error: 'invalid-event', message: 'Expected a booked_units or guest_checkins event' });
    return;
  }
  try {
    const targets = table === 'booked_units' ? stayTargets([data.old, data.new]) : await checkinTargets([data.old, data.new]);
    const results = [];
    for (const t of targets) results.push({ bookingId: t.bookingId, ...(await reconcileCleanings(t)) });
    res.json({ results });
  } catch (error) {
    // Answered 500 so the trigger's retry_conf delivers it again; the next try plans afresh.
    res.status(500).json({ error: 'reconcile-failed', message: error instanceof Error ? error.message : String(error) });
  }
}

/** The booking(s) of a booked unit's old and new image (normally one booking). */
function stayTargets(rows: (Row | null | undefined)[]): Target[] {
  const byBooking = new Map<string, Target>();
  for (const r of rows) {
    const bookingId = r && str(r.booking_id, UUID);
    if (!r || !bookingId) continue;
    const t = byBooking.get(bookingId) ?? { bookingId, unitIds: [], dates: [] };
    const unit = str(r.unit_id, UUID);
    if (unit && !t.unitIds.includes(unit)) t.unitIds.push(unit);
    for (const d of [str(r.checkin, DATE), str(r.checkout, DATE)]) if (d) t.dates.push(d);
    byBooking.set(bookingId, t);
  }
  return [...byBooking.values()];
}

/** A guest's arrival time changes the cleaning before their stay: the stay's booking, re-planned. */
async function checkinTargets(rows: (Row | null | undefined)[]): Promise<Target[]> {
  const ids = [...new Set(rows.map((r) => r && str(r.booking_unit_id, UUID)).filter((x): x is string => !!x))];
  if (!ids.length) return [];
  const d = await asAdmin<{ booked_units: Row[] }>(`query ($ids: [uuid!]!) { booked_units(where: {id: {_in: $ids}}) { booking_id unit_id checkin checkout } }`, { ids });
  return stayTargets(d.booked_units);
}
