// Reconciles a booking's cleanings with its stays (src/domain/cleanings), and the next-arrival
// details of the live cleanings around the days that changed. Reads the current state each round
// and writes the difference; stops when a round finds nothing to do, so a redelivered event, or
// events handled out of order or at once, end in the same state. The unique index
// cleanings_booking_unit_date_live_key keeps two racing rounds from both adding a cleaning.
import { addDays } from '../../../src/domain/dates';
import {
  LIVE_CLEANING_STATUSES, loadKey, nextArrival, nextArrivalUpdates, planBookingCleanings,
  type Arrival, type CleaningStatus,
} from '../../../src/domain/cleanings';
import { asAdmin, isUniqueViolation } from './graphql';

/** How far before a changed arrival we look for the cleaning that prepares for it. */
export const LOOKBACK_DAYS = 60;
const ARRIVALS_CAP = 400;
const MAX_ROUNDS = 4;

export interface Target {
  bookingId: string;
  /** Units the change touched (the stay's old and new unit). */
  unitIds: string[];
  /** Days the change touched (old and new check-in and check-out). */
  dates: string[];
}

interface BookingState {
  stays: { unit_id: string; checkin: string; checkout: string; is_cancelled: boolean }[];
  own: { id: string; unit_id: string; date: string; status: CleaningStatus; cleaner_user_id: string | null }[];
}

interface UnitState {
  cleaners: { unit_id: string; user_id: string }[];
  window: { id: string; unit_id: string; date: string; next_guests: number | null; next_checkin: string | null; next_arrival_at: string | null }[];
  arrivals: { unit_id: string; checkin: string; adults: number; children: number; guest_checkins: { checkin_time: string }[] }[];
}

const BOOKING = `query ($booking: uuid!) {
  stays: booked_units(where: {booking_id: {_eq: $booking}}) { unit_id checkin checkout is_cancelled }
  own: cleanings(where: {booking_id: {_eq: $booking}}) { id unit_id date status cleaner_user_id }
}`;

const UNITS = `query ($units: [uuid!]!, $from: date!, $to: date!, $live: [cleaning_statuses_enum!]!, $cap: Int!) {
  cleaners: unit_2_users(where: {unit_id: {_in: $units}, connection_type: {_eq: cleaner}}) { unit_id user_id }
  window: cleanings(where: {unit_id: {_in: $units}, status: {_in: $live}, date: {_gte: $from, _lte: $to}}) { id unit_id date next_guests next_checkin next_arrival_at }
  arrivals: booked_units(where: {unit_id: {_in: $units}, is_cancelled: {_eq: false}, checkin: {_gte: $from}}, order_by: {checkin: asc}, limit: $cap) {
    unit_id checkin adults children guest_checkins(order_by: {checkin_time: asc}, limit: 1) { checkin_time }
  }
}`;

const LOAD = `query ($cleaners: [uuid!]!, $dates: [date!]!, $live: [cleaning_statuses_enum!]!) {
  cleanings(where: {cleaner_user_id: {_in: $cleaners}, date: {_in: $dates}, status: {_in: $live}}) { cleaner_user_id date }
}`;

const APPLY = `mutation ($obsolete: [uuid!]!, $create: [cleanings_insert_input!]!, $updates: [cleanings_updates!]!) {
  retired: update_cleanings(where: {id: {_in: $obsolete}, status: {_in: [NEW, ACKNOWLEDGED]}}, _set: {status: OBSOLETE}) { affected_rows }
  created: insert_cleanings(objects: $create) { affected_rows }
  refreshed: update_cleanings_many(updates: $updates) { affected_rows }
}`;

export interface ReconcileResult {
  rounds: number;
  retired: number;
  created: number;
  refreshed: number;
}

export async function reconcileCleanings(target: Target): Promise<ReconcileResult> {
  const total: ReconcileResult = { rounds: 0, retired: 0, created: 0, refreshed: 0 };
  for (let round = 1; round <= MAX_ROUNDS; round++) {
    total.rounds = round;
    const step = await planRound(target);
    if (!step.obsolete.length && !step.create.length && !step.updates.length) return total;
    try {
      const r = await asAdmin<{ retired: { affected_rows: number }; created: { affected_rows: number }; refreshed: { affected_rows: number }[] }>(APPLY, step);
      total.retired += r.retired.affected_rows;
      total.created += r.created.affected_rows;
      total.refreshed += r.refreshed.reduce((n, x) => n + x.affected_rows, 0);
    } catch (error) {
      // Another handler added the same cleaning meanwhile: plan again from what is there now.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new Error(`cleanings of booking ${target.bookingId} still changing after ${MAX_ROUNDS} rounds`);
}

async function planRound(target: Target) {
  const live = [...LIVE_CLEANING_STATUSES];
  const b = await asAdmin<BookingState>(BOOKING, { booking: target.bookingId });
  const unitIds = [...new Set([...target.unitIds, ...b.stays.map((s) => s.unit_id), ...b.own.map((c) => c.unit_id)])];
  const dates = [...target.dates, ...b.stays.flatMap((s) => [s.checkin, s.checkout]), ...b.own.map((c) => c.date)].sort();
  if (!unitIds.length || !dates.length) return { obsolete: [], create: [], updates: [] };
  const from = addDays(dates[0], -LOOKBACK_DAYS);
  const to = dates[dates.length - 1];
  const u = await asAdmin<UnitState>(UNITS, { units: unitIds, from, to, live, cap: ARRIVALS_CAP });

  const cleanersByUnit: Record<string, string[]> = {};
  for (const c of u.cleaners) (cleanersByUnit[c.unit_id] ??= []).push(c.user_id);
  const input = {
    stays: b.stays.map((s) => ({ unitId: s.unit_id, checkin: s.checkin, checkout: s.checkout, cancelled: s.is_cancelled })),
    cleanings: b.own.map((c) => ({ id: c.id, unitId: c.unit_id, date: c.date, status: c.status, cleanerUserId: c.cleaner_user_id })),
    cleanersByUnit,
  };
  let plan = planBookingCleanings(input);
  const contested = plan.create.filter((c) => (cleanersByUnit[c.unitId]?.length ?? 0) > 1);
  if (contested.length) {
    const people = [...new Set(contested.flatMap((c) => cleanersByUnit[c.unitId]))];
    const l = await asAdmin<{ cleanings: { cleaner_user_id: string; date: string }[] }>(LOAD, { cleaners: people, dates: [...new Set(contested.map((c) => c.date))], live });
    const load: Record<string, number> = {};
    for (const c of l.cleanings) load[loadKey(c.cleaner_user_id, c.date)] = (load[loadKey(c.cleaner_user_id, c.date)] ?? 0) + 1;
    plan = planBookingCleanings({ ...input, load });
  }

  const arrivals: Arrival[] = u.arrivals.map((a) => ({ unitId: a.unit_id, checkin: a.checkin, adults: a.adults, children: a.children, arrivalAt: a.guest_checkins[0]?.checkin_time ?? null }));
  const truncated = u.arrivals.length >= ARRIVALS_CAP;
  const retiring = new Set(plan.obsolete);
  const updates = nextArrivalUpdates(
    u.window.filter((c) => !retiring.has(c.id)).map((c) => ({ id: c.id, unitId: c.unit_id, date: c.date, nextGuests: c.next_guests, nextCheckin: c.next_checkin, nextArrivalAt: c.next_arrival_at })),
    arrivals,
    truncated,
  ).map((x) => ({ where: { id: { _eq: x.id } }, _set: { next_guests: x.nextGuests, next_checkin: x.nextCheckin, next_arrival_at: x.nextArrivalAt } }));
  const create = plan.create.map((c) => {
    const next = nextArrival(c.unitId, c.date, arrivals);
    return {
      booking_id: target.bookingId, unit_id: c.unitId, date: c.date, status: 'NEW', cleaner_user_id: c.cleanerUserId,
      next_guests: next.nextGuests, next_checkin: next.nextCheckin, next_arrival_at: next.nextArrivalAt,
    };
  });
  return { obsolete: plan.obsolete, create, updates };
}
