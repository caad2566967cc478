// The conversation of a booking: found through thread_2_bookings, or started (linked to the
// booking and its accommodation) when the guest writes first.
import { randomUUID } from 'node:crypto';
import { admin, bookingReference, GraphqlFailure } from './admin';

export interface BookingForInbox {
  id: string;
  accommodation_id: string;
  channel: string;
  customer_name: string;
  customer_email: string | null;
  language: string;
  thread_2_bookings: { thread_id: string }[];
}

export const BOOKING_FIELDS = 'id accommodation_id channel customer_name customer_email language thread_2_bookings(order_by: {thread: {last_message_at: desc}}, limit: 1) { thread_id }';

/** The booking of a journey link; a cancelled booking has none, as journey/get answers 404 for it. */
export async function bookingByJourney(journeyId: string): Promise<BookingForInbox | undefined> {
  const data = await admin<{ bookings: BookingForInbox[] }>(`query ($j: uuid!) { bookings(where: {journey_id: {_eq: $j}, status: {_neq: cancelled}}, limit: 1) { ${BOOKING_FIELDS} } }`, { j: journeyId });
  return data.bookings[0];
}

/** The fields of a new thread for a booking, for a nested insert (thread + links + first message in one statement). */
export function newThreadFor(booking: BookingForInbox, subject?: string): Record<string, unknown> {
  return {
    id: randomUUID(),
    subject: subject || `${booking.customer_name} · ${bookingReference(booking.id)}`,
    channel: booking.channel,
    guest_name: booking.customer_name,
    guest_email: booking.customer_email,
    thread_2_bookings: { data: [{ booking_id: booking.id }] },
    thread_2_accommodations: { data: [{ accommodation_id: booking.accommodation_id }] },
  };
}

export interface StoredMessage {
  id: string;
  thread_id: string;
  direction: string;
  body: string;
  sent_at: string;
}

const MESSAGE_FIELDS = 'id thread_id direction body sent_at';

/** Adds a message to the booking's thread, starting the thread when there is none. */
export async function addToBookingThread(booking: BookingForInbox, message: Record<string, unknown>, subject?: string): Promise<StoredMessage> {
  const threadId = booking.thread_2_bookings[0]?.thread_id;
  if (threadId) {
    const data = await admin<{ insert_messages_one: StoredMessage }>(`mutation ($o: messages_insert_input!) { insert_messages_one(object: $o) { ${MESSAGE_FIELDS} } }`, { o: { ...message, thread_id: threadId } });
    return data.insert_messages_one;
  }
  const thread = { ...newThreadFor(booking, subject), messages: { data: [message] } };
  try {
    const data = await admin<{ insert_threads_one: { messages: StoredMessage[] } }>(
      `mutation ($o: threads_insert_input!) { insert_threads_one(object: $o) { messages { ${MESSAGE_FIELDS} } } }`,
      { o: thread },
    );
    return data.insert_threads_one.messages[0];
  } catch (e) {
    // Another first message started the booking's thread meanwhile (one thread per booking is a
    // unique index): add to that one.
    if (!isOneThreadRace(e)) throw e;
    const fresh = await bookingById(booking.id);
    if (!fresh?.thread_2_bookings[0]) throw e;
    return addToBookingThread(fresh, message, subject);
  }
}

/** The unique index thread_2_bookings_booking_id_key refused a second thread for a booking. */
export function isOneThreadRace(e: unknown): boolean {
  return e instanceof GraphqlFailure && e.code === 'constraint-violation' && /thread_2_bookings_booking_id_key/.test(e.message);
}

export async function bookingById(id: string): Promise<BookingForInbox | undefined> {
  const data = await admin<{ bookings_by_pk: BookingForInbox | null }>(`query ($id: uuid!) { bookings_by_pk(id: $id) { ${BOOKING_FIELDS} } }`, { id });
  return data.bookings_by_pk ?? undefined;
}
