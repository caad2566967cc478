// The next guests a cleaning prepares for: the first active stay arriving on the unit on or after
// the cleaning's day, with its guest count (adults + children: infants need no made bed) and the
// arrival time from the guest's online check-in when known.

export interface Arrival {
  unitId: string;
  checkin: string;
  adults: number;
  children: number;
  /** ISO time the guest gave at online check-in, if any. */
  arrivalAt: string | null;
}

export interface NextArrivalFields {
  nextGuests: number | null;
  nextCheckin: string | null;
  nextArrivalAt: string | null;
}

export interface CleaningSlot extends NextArrivalFields {
  id: string;
  unitId: string;
  date: string;
}

export function nextArrival(unitId: string, date: string, arrivals: readonly Arrival[]): NextArrivalFields {
  let next: Arrival | null = null;
  for (const a of arrivals) {
    if (a.unitId !== unitId || a.checkin < date) continue;
    if (!next || a.checkin < next.checkin) next = a;
  }
  return next
    ? { nextGuests: next.adults + next.children, nextCheckin: next.checkin, nextArrivalAt: next.arrivalAt }
    : { nextGuests: null, nextCheckin: null, nextArrivalAt: null };
}

/**
 * The cleanings whose next-arrival details differ from what the arrivals say now. When the
 * arrivals were loaded only in part (`truncated`, a capped load), a cleaning with no arrival found
 * is left alone rather than cleared on partial knowledge.
 */
export function nextArrivalUpdates(
  cleanings: readonly CleaningSlot[],
  arrivals: readonly Arrival[],
  truncated = false,
): Array<{ id: string } & NextArrivalFields> {
  const out: Array<{ id: string } & NextArrivalFields> = [];
  for (const c of cleanings) {
    const n = nextArrival(c.unitId, c.date, arrivals);
    if (n.nextCheckin === null && truncated) continue;
    if (n.nextGuests === c.nextGuests && n.nextCheckin === c.nextCheckin && sameTime(n.nextArrivalAt, c.nextArrivalAt)) continue;
    out.push({ id: c.id, ...n });
  }
  return out;
}

function sameTime(a: string | null, b: string | null): boolean {
  if (a === null || b === null) return a === b;
  return Date.parse(a) === Date.parse(b);
}
