// What one poll of an import feed changes, decided from the feed's stays and the database's
// current state, without doing it: create, move, cancel or re-activate the bookings this feed
// made (keyed by event UID), and report conflicts (an imported stay over another stay of the unit) instead of refusing silently.
import type { FeedEvent } from './parseFeed';

/** A booking this feed created earlier (ical_imported_events). Bookings it did not create are never adopted (importFeed). */
export interface KnownBooking {
  uid: string;
  bookingId: string;
  start: string;
  end: string;
  cancelled: boolean;
}

/** Another active stay of the unit (not from this feed's events). */
export interface OtherStay {
  bookingId: string;
  start: string;
  end: string;
}

export type ImportAction =
  | { kind: 'create'; event: FeedEvent }
  | { kind: 'move'; uid: string; bookingId: string; start: string; end: string }
  | { kind: 'cancel'; uid: string; bookingId: string }
  | { kind: 'reactivate'; uid: string; bookingId: string; start: string; end: string };

export interface Conflict {
  uid: string;
  start: string;
  end: string;
  summary: string;
  conflictingBookingId: string;
}

export interface ImportPlan {
  actions: ImportAction[];
  conflicts: Conflict[];
  /** Blocks that only mirror a stay we already have (our own export coming back). */
  echoes: number;
}

const overlaps = (a: { start: string; end: string }, b: { start: string; end: string }) => a.start < b.end && b.start < a.end;
const within = (inner: { start: string; end: string }, outer: { start: string; end: string }) => inner.start >= outer.start && inner.end <= outer.end;

/** Airbnb "Airbnb (Not available)", Booking.com "CLOSED - Not available", VRBO "Blocked": blocks, not reservations. */
export function isBlockSummary(summary: string): boolean {
  return /not available|closed|blocked|unavailable/i.test(summary);
}

/** Status words channels put in SUMMARY instead of a guest ("Reserved", "Booked", "Foglalt"...). */
const STATUS_SUMMARY = /^(reserved|reservation|booked|busy|occupied|unavailable|foglalt|foglalás|nem elérhető)$/i;
/** A channel's own name leading the summary ("Airbnb (Not available)", "Booking.com reservation"). */
const CHANNEL_SUMMARY = /^(airbnb|booking\.com|vrbo|expedia|homeaway|szallas\.hu)\b/i;

/**
 * The guest's name an imported event carries, or null when its SUMMARY is a channel's status text
 * (Airbnb's "Reserved", Booking.com's "CLOSED - Not available") and not a name: the importer then
 * names the booking after its channel instead of calling the guest "Reserved". A feed from a
 * property manager's own system ("Anna Kovács") keeps the name.
 */
export function importedGuestName(summary: string): string | null {
  const text = summary.trim().replace(/\s+/g, ' ');
  if (isBlockSummary(text) || STATUS_SUMMARY.test(text) || CHANNEL_SUMMARY.test(text)) return null;
  if ((text.match(/\p{L}/gu) ?? []).length < 2) return null;
  return text.slice(0, 200);
}

export function planImport(events: readonly FeedEvent[], known: readonly KnownBooking[], others: readonly OtherStay[], today: string): ImportPlan {
  const actions: ImportAction[] = [];
  const conflicts: Conflict[] = [];
  let echoes = 0;
  const byUid = new Map(known.map((k) => [k.uid, k]));
  const seen = new Set<string>();
  // Stays this poll keeps or makes, so two feed events over each other are a conflict too.
  const taken: OtherStay[] = [...others];

  const conflictWith = (range: { start: string; end: string }, self?: string) => taken.find((s) => s.bookingId !== self && overlaps(s, range));

  for (const event of events) {
    if (seen.has(event.uid)) continue; // a UID twice in one feed: the first one counts
    seen.add(event.uid);
    const existing = byUid.get(event.uid);
    if (event.cancelled) {
      if (existing && !existing.cancelled) actions.push({ kind: 'cancel', uid: event.uid, bookingId: existing.bookingId });
      continue;
    }
    // Stays that ended before today are history: never created, moved or cancelled by a feed.
    if (event.end <= today && !existing) continue;
    if (existing) {
      const changed = existing.start !== event.start || existing.end !== event.end;
      if (!changed && !existing.cancelled) {
        taken.push({ bookingId: existing.bookingId, start: existing.start, end: existing.end });
        continue;
      }
      const clash = conflictWith(event, existing.bookingId);
      if (clash) {
        conflicts.push({ uid: event.uid, start: event.start, end: event.end, summary: event.summary, conflictingBookingId: clash.bookingId });
        if (!existing.cancelled) taken.push({ bookingId: existing.bookingId, start: existing.start, end: existing.end });
        continue;
      }
      actions.push(existing.cancelled ? { kind: 'reactivate', uid: event.uid, bookingId: existing.bookingId, start: event.start, end: event.end } : { kind: 'move', uid: event.uid, bookingId: existing.bookingId, start: event.start, end: event.end });
      taken.push({ bookingId: existing.bookingId, start: event.start, end: event.end });
      continue;
    }
    const clash = conflictWith(event);
    if (clash) {
      // Our own export echoed back as a block inside a stay we hold: nothing to do, nothing wrong.
      if (isBlockSummary(event.summary) && within(event, clash)) echoes += 1;
      else conflicts.push({ uid: event.uid, start: event.start, end: event.end, summary: event.summary, conflictingBookingId: clash.bookingId });
      continue;
    }
    actions.push({ kind: 'create', event });
    taken.push({ bookingId: `new:${event.uid}`, start: event.start, end: event.end });
  }

  // Gone from the feed: the channel cancelled it (only stays not over yet; feeds drop past ones).
  for (const k of known) {
    if (seen.has(k.uid) || k.cancelled) continue;
    if (k.end > today) actions.push({ kind: 'cancel', uid: k.uid, bookingId: k.bookingId });
  }
  return { actions, conflicts, echoes };
}
