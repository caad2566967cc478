// One poll of one import feed: fetch, parse (ical.js), compare with what this feed created before
// and the unit's other stays (src/domain/ical/planImport), then apply each change as its own
// GraphQL mutation with the admin secret. A UID becomes at most one booking (the primary key of
// ical_imported_events and bookings' (channel, ota_code) key, inserted in the same transaction as
// the booking), so a retried or overlapping poll cannot duplicate; a stay the database refuses as
// an overlap becomes a reported conflict. The outcome is written on the feed for the host to see.
import crypto from 'node:crypto';
import { FeedParseError, parseFeed } from '../../../src/domain/ical/parseFeed';
import { importedGuestName, planImport, type Conflict, type ImportAction, type KnownBooking, type OtherStay } from '../../../src/domain/ical/planImport';
import { admin, gql, type Actor, type Credentials } from '../../_registry/graphql';
import { FeedFetchError, fetchFeed, type FetchConfig } from './fetchFeed';

export interface FeedRow {
  id: string;
  unit_id: string;
  channel: string;
  url: string;
}

export interface ImportResult {
  status: 'ok' | 'conflict' | 'error';
  created: number;
  moved: number;
  cancelled: number;
  conflicts: Conflict[];
  error?: string;
}

interface State {
  units_by_pk: { accommodation_id: string } | null;
  ical_imported_events: { uid: string; booking: { id: string; checkin: string; checkout: string; status: string } }[];
  bookings: { id: string; accommodation_id: string; ota_code: string; checkin: string; checkout: string; status: string }[];
  booked_units: { booking_id: string; checkin: string; checkout: string }[];
}

const STATE = `query IcalImportState($feed: uuid!, $unit: uuid!, $channel: booking_channels_enum!, $uids: [String!]!, $today: date!) {
  units_by_pk(id: $unit) { accommodation_id }
  ical_imported_events(where: { feed_id: { _eq: $feed } }) { uid booking { id checkin checkout status } }
  bookings(where: { channel: { _eq: $channel }, ota_code: { _in: $uids } }) { id accommodation_id ota_code checkin checkout status }
  booked_units(where: { unit_id: { _eq: $unit }, is_cancelled: { _eq: false }, checkout: { _gt: $today } }) { booking_id checkin checkout }
}`;

const CREATE = `mutation IcalCreate($booking: bookings_insert_input!, $link: ical_imported_events_insert_input!) {
  insert_bookings_one(object: $booking) { id }
  insert_ical_imported_events_one(object: $link) { uid }
}`;
const SET = `mutation IcalSet($id: uuid!, $set: bookings_set_input!) { update_bookings_by_pk(pk_columns: { id: $id }, _set: $set) { id } }`;
const FINISH = `mutation IcalFinish($id: uuid!, $set: ical_import_feeds_set_input!) { update_ical_import_feeds_by_pk(pk_columns: { id: $id }, _set: $set) { id } }`;

const CHANNEL_NAMES: Record<string, string> = { airbnb: 'Airbnb', booking: 'Booking.com', direct: 'Direct', other: 'Channel' };

/** The guest's name when the event carries one, else the channel's name (see importedGuestName). */
function guestName(summary: string, channel: string): string {
  return importedGuestName(summary) ?? (channel === 'airbnb' || channel === 'booking' ? CHANNEL_NAMES[channel] : 'iCal');
}

const UNIT_GONE = 'The unit of this feed no longer exists';

/**
 * What the feed's hosts read in last_error: the fetch client's and the parser's own fixed texts
 * (HTTP status, size, timeout, unreachable, internal address, not iCalendar), never a raw socket,
 * parser or database message (an oracle for ports and other accommodations' data). The raw one
 * goes to the server log.
 */
function publicError(error: unknown, feedId: string): string {
  if (error instanceof FeedFetchError || error instanceof FeedParseError) return error.message;
  if (error instanceof Error && error.message === UNIT_GONE) return UNIT_GONE;
  console.error(`ical: import of feed ${feedId} failed: ${(error instanceof Error ? error.message : String(error)).slice(0, 300)}`);
  return 'The import failed; it is tried again at the next poll';
}

const isOverlap = (error: unknown) => error instanceof Error && /booked_units_no_overlap|conflicting key value/i.test(error.message);

async function apply(action: ImportAction, feed: FeedRow, accommodationId: string, writer: Credentials): Promise<void> {
  switch (action.kind) {
    case 'create': {
      const id = crypto.randomUUID();
      const e = action.event;
      await gql(writer, CREATE, {
        booking: {
          id,
          accommodation_id: accommodationId,
          channel: feed.channel,
          ota_code: e.uid,
          status: 'new',
          customer_name: guestName(e.summary, feed.channel),
          checkin: e.start,
          checkout: e.end,
          // A feed has no guest count: 1 adult satisfies the schema, and guests_unknown tells staff to
          // enter the guests and holds the NTAK reservation until they do (src/domain/ntak/reservationHold).
          adults: 1,
          guests_unknown: true,
          notes: `Imported from the ${CHANNEL_NAMES[feed.channel] ?? feed.channel} iCal feed`,
          booked_units: { data: [{ unit_id: feed.unit_id, adults: 1 }] },
        },
        link: { feed_id: feed.id, uid: e.uid, booking_id: id },
      });
      return;
    }
    case 'move':
      await gql(writer, SET, { id: action.bookingId, set: { checkin: action.start, checkout: action.end, status: 'modified' } });
      return;
    case 'reactivate':
      await gql(writer, SET, { id: action.bookingId, set: { checkin: action.start, checkout: action.end, status: 'modified' } });
      return;
    case 'cancel':
      await gql(writer, SET, { id: action.bookingId, set: { status: 'cancelled' } });
      return;
  }
}

export interface ImportOptions {
  /** The fetch client's settings (tests: internal addresses allowed). */
  config?: FetchConfig;
  /** The signed-in user who asked for this import ("Sync now"): the booking history names them. */
  acting?: Actor;
}

export async function importFeed(feed: FeedRow, today: string, options: ImportOptions = {}): Promise<ImportResult> {
  const { config, acting } = options;
  // Bookings are written with the admin secret either way; a user's "Sync now" names the user in the
  // session, so the status history says who (the scheduled poll stays "system").
  const writer: Credentials = acting ? { admin: true, acting } : admin;
  const result: ImportResult = { status: 'ok', created: 0, moved: 0, cancelled: 0, conflicts: [] };
  try {
    const events = parseFeed(await fetchFeed(feed.url, config));
    const state = await gql<State>(admin, STATE, { feed: feed.id, unit: feed.unit_id, channel: feed.channel, uids: events.map((e) => e.uid), today });
    if (!state.units_by_pk) throw new Error(UNIT_GONE);
    const known: KnownBooking[] = state.ical_imported_events.map((i) => ({ uid: i.uid, bookingId: i.booking.id, start: i.booking.checkin, end: i.booking.checkout, cancelled: i.booking.status === 'cancelled' }));
    // A feed changes only the bookings it created (its ical_imported_events). A booking that already carries
    // this UID as its OTA code (typed in, or created by another feed) is never adopted: whoever adds
    // a feed controls its events, and adopting would let a manager (who may change only a managed
    // booking's notes) move, cancel or re-activate any channel booking of the unit by its OTA code.
    // Such a UID is reported to the host as a conflict below instead.
    const mine = new Set(known.map((k) => k.bookingId));
    const others: OtherStay[] = state.booked_units.filter((u) => !mine.has(u.booking_id)).map((u) => ({ bookingId: u.booking_id, start: u.checkin, end: u.checkout }));
    // The same UID as OTA code on a booking this feed did not create (this unit or another): the
    // (channel, ota_code) key would refuse a copy and adopting it is not allowed; report it.
    // Only a booking of the feed's own accommodation is named: the feed's managers may not see
    // another accommodation's bookings, so those are reported without an id (a chosen UID must not
    // reveal a foreign booking's id, whose first 8 hex are its e-mail reference).
    const accommodationId = state.units_by_pk.accommodation_id;
    const elsewhere = new Map(state.bookings.filter((b) => !known.some((k) => k.bookingId === b.id)).map((b) => [b.ota_code, b.accommodation_id === accommodationId ? b.id : '']));
    const plan = planImport(
      events.filter((e) => !elsewhere.has(e.uid)),
      known,
      others,
      today,
    );
    result.conflicts.push(...plan.conflicts);
    for (const e of events) {
      const other = elsewhere.get(e.uid);
      if (other !== undefined && !e.cancelled && e.end > today) result.conflicts.push({ uid: e.uid, start: e.start, end: e.end, summary: e.summary, conflictingBookingId: other });
    }
    for (const action of plan.actions) {
      try {
        await apply(action, feed, state.units_by_pk.accommodation_id, writer);
        if (action.kind === 'create') result.created += 1;
        else if (action.kind === 'move' || action.kind === 'reactivate') result.moved += 1;
        else if (action.kind === 'cancel') result.cancelled += 1;
      } catch (error) {
        // A stay taken between reading and writing (or by a racing poll): a conflict, not a failure.
        if (!isOverlap(error) || action.kind === 'cancel') throw error;
        const range = action.kind === 'create' ? { uid: action.event.uid, start: action.event.start, end: action.event.end, summary: action.event.summary } : { uid: action.uid, start: action.start, end: action.end, summary: '' };
        result.conflicts.push({ ...range, conflictingBookingId: '' });
      }
    }
    if (result.conflicts.length) result.status = 'conflict';
  } catch (error) {
    result.status = 'error';
    result.error = publicError(error, feed.id);
  }
  const now = new Date().toISOString();
  await gql(admin, FINISH, {
    id: feed.id,
    set: {
      status: result.status,
      conflicts: result.conflicts,
      last_polled_at: now,
      ...(result.status === 'error' ? { last_error: result.error } : { last_success_at: now, last_error: null }),
      lease_until: null,
    },
  });
  return result;
}
