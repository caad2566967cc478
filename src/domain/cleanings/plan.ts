// Which cleanings a booking needs (one on the check-out day of each active stay, per unit) and
// what to change to get there from the cleanings it has: the server's event handler reads the
// current state, calls these, and writes the result. Pure, so redelivery and races reduce to
// "plan again from what is there now" (an empty plan means done).

export type CleaningStatus = 'NEW' | 'OBSOLETE' | 'ACKNOWLEDGED' | 'REMOVED';
/** Statuses of a cleaning that is still going to happen. */
export const LIVE_CLEANING_STATUSES: readonly CleaningStatus[] = ['NEW', 'ACKNOWLEDGED'];

export const isLive = (status: CleaningStatus): boolean => LIVE_CLEANING_STATUSES.includes(status);

/** A booked unit as it is now (a deleted one is simply absent). Dates are YYYY-MM-DD. */
export interface Stay {
  unitId: string;
  checkin: string;
  checkout: string;
  cancelled: boolean;
}

export interface ExistingCleaning {
  id: string;
  unitId: string;
  date: string;
  status: CleaningStatus;
  cleanerUserId: string | null;
}

export interface PlannedCleaning {
  unitId: string;
  date: string;
  cleanerUserId: string | null;
}

export interface BookingCleaningPlan {
  /** Live cleanings no stay needs any more: set OBSOLETE (kept, never deleted). */
  obsolete: string[];
  /** Cleanings to add as NEW. */
  create: PlannedCleaning[];
}

export interface BookingPlanInput {
  stays: Stay[];
  cleanings: ExistingCleaning[];
  /** Cleaners connected to each unit (unit_2_users, connection type cleaner). */
  cleanersByUnit: Readonly<Record<string, readonly string[]>>;
  /** Live cleanings already assigned per cleaner and day, keyed by loadKey(). */
  load?: Readonly<Record<string, number>>;
}

export const loadKey = (userId: string, date: string): string => `${userId}|${date}`;
const slot = (unitId: string, date: string): string => `${unitId}|${date}`;

/**
 * The changes that bring a booking's cleanings in line with its stays:
 * - every active stay needs one cleaning on its unit on its check-out day;
 * - a live cleaning on a day/unit no active stay checks out of becomes OBSOLETE (so does a second
 *   live one on the same slot, keeping the acknowledged one);
 * - a slot with a live or REMOVED cleaning needs nothing (a manager's removal is respected); a slot
 *   with only OBSOLETE ones (the booking moved away and back) gets a NEW cleaning.
 */
export function planBookingCleanings(input: BookingPlanInput): BookingCleaningPlan {
  const wanted = new Map<string, Stay>();
  for (const s of input.stays) if (!s.cancelled) wanted.set(slot(s.unitId, s.checkout), s);

  const obsolete: string[] = [];
  const covered = new Set<string>();
  // Acknowledged first, so a duplicate NEW is the one retired.
  const ordered = [...input.cleanings].sort((a, b) => rank(a.status) - rank(b.status) || a.id.localeCompare(b.id));
  for (const c of ordered) {
    const key = slot(c.unitId, c.date);
    if (c.status === 'REMOVED') covered.add(key);
    if (!isLive(c.status)) continue;
    if (wanted.has(key) && !covered.has(key)) covered.add(key);
    else obsolete.push(c.id);
  }

  const load: Record<string, number> = { ...(input.load ?? {}) };
  const create: PlannedCleaning[] = [];
  for (const [key, stay] of [...wanted.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    if (covered.has(key)) continue;
    const previous = previousCleaner(input.cleanings, obsolete, stay.unitId);
    const cleaner = pickCleaner(input.cleanersByUnit[stay.unitId] ?? [], stay.checkout, load, previous);
    if (cleaner) load[loadKey(cleaner, stay.checkout)] = (load[loadKey(cleaner, stay.checkout)] ?? 0) + 1;
    create.push({ unitId: stay.unitId, date: stay.checkout, cleanerUserId: cleaner });
  }
  return { obsolete, create };
}

function rank(status: CleaningStatus): number {
  return status === 'ACKNOWLEDGED' ? 0 : status === 'NEW' ? 1 : 2;
}

/** The cleaner of a cleaning of this unit being retired now: a moved stay keeps its cleaner. */
function previousCleaner(cleanings: ExistingCleaning[], retired: string[], unitId: string): string | null {
  const gone = cleanings.filter((c) => retired.includes(c.id) && c.unitId === unitId && c.cleanerUserId);
  return gone.length ? gone[0].cleanerUserId : null;
}

/**
 * Who cleans: the previous cleaner when still connected to the unit, else the connected cleaner
 * with the fewest live cleanings that day (ties by id, so the choice is stable); none connected: null.
 */
export function pickCleaner(
  cleaners: readonly string[],
  date: string,
  load: Readonly<Record<string, number>>,
  previous: string | null = null,
): string | null {
  if (previous && cleaners.includes(previous)) return previous;
  let best: string | null = null;
  let bestLoad = Infinity;
  for (const c of [...cleaners].sort()) {
    const l = load[loadKey(c, date)] ?? 0;
    if (l < bestLoad) {
      best = c;
      bestLoad = l;
    }
  }
  return best;
}

/**
 * When the cleaners of a unit change: its upcoming live cleanings with no cleaner, or with one no
 * longer connected, go to a connected cleaner (least loaded that day, ties by id); with none
 * connected they become unassigned. Cleanings already with a connected cleaner stay theirs.
 */
export function reassignCleanings(
  cleanings: readonly { id: string; date: string; cleanerUserId: string | null }[],
  cleaners: readonly string[],
  load: Readonly<Record<string, number>> = {},
): Array<{ id: string; cleanerUserId: string | null }> {
  const running: Record<string, number> = { ...load };
  const out: Array<{ id: string; cleanerUserId: string | null }> = [];
  for (const c of [...cleanings].sort((a, b) => a.date.localeCompare(b.date) || a.id.localeCompare(b.id))) {
    if (c.cleanerUserId && cleaners.includes(c.cleanerUserId)) continue;
    const next = pickCleaner(cleaners, c.date, running);
    if (next === c.cleanerUserId) continue;
    if (next) running[loadKey(next, c.date)] = (running[loadKey(next, c.date)] ?? 0) + 1;
    out.push({ id: c.id, cleanerUserId: next });
  }
  return out;
}
