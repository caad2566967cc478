// When a booking's change is reported to NTAK as a reservation message. A booking imported from a
// channel's iCal feed has no guest count (guests_unknown): its reservation waits until staff enter
// the guests, so NTAK never gets a made-up count. Only the importer sets the flag, on a booking it
// creates, so a held booking was never reported: clearing it reports it for the first time, and a
// held booking cancelled before anyone entered its guests is never reported at all.

export interface BookingEventRow {
  status: string;
  guests_unknown?: boolean | null;
}

/** True when this insert or update of a booking queues an NTAK reservation message. */
export function reservationDue(before: BookingEventRow | null, after: BookingEventRow): boolean {
  if (after.guests_unknown) return false;
  const released = Boolean(before?.guests_unknown);
  if (released && after.status === 'cancelled') return false;
  return true;
}
