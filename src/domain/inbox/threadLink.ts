// Linking a conversation to a booking by hand (an e-mail thread that could not be matched). A
// conversation is about one stay: one booking per thread and one thread per booking, both unique
// indexes in the database (thread_2_bookings_thread_id_key, thread_2_bookings_booking_id_key).
// These rules say it before the request, so the screen can tell why; the database still decides
// under concurrency.

export interface LinkableThread {
  /** Bookings the thread is linked to now (at most one). */
  bookingIds: readonly string[];
  /** Accommodations the thread is linked to now. */
  accommodationIds: readonly string[];
}

export interface LinkableBooking {
  id: string;
  accommodationId: string;
  /** Threads the booking is linked to now (at most one). */
  threadIds: readonly string[];
}

export type LinkRefusal = 'threadHasBooking' | 'bookingHasThread';

export type LinkPlan = { ok: true; accommodationIds: string[] } | { ok: false; reason: LinkRefusal };

/** What linking `thread` to `booking` takes: the booking link plus its accommodation's when missing. */
export function planThreadLink(threadId: string, thread: LinkableThread, booking: LinkableBooking): LinkPlan {
  if (thread.bookingIds.length > 0) return { ok: false, reason: 'threadHasBooking' };
  if (booking.threadIds.some((id) => id !== threadId)) return { ok: false, reason: 'bookingHasThread' };
  return { ok: true, accommodationIds: thread.accommodationIds.includes(booking.accommodationId) ? [] : [booking.accommodationId] };
}

/** The translation key (inbox namespace) of a refusal, the same one the database's violation maps to. */
export function linkRefusalKey(reason: LinkRefusal): string {
  return `inbox:link.errors.${reason}`;
}
