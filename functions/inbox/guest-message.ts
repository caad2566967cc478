// POST /v1/functions/inbox/guest-message {journeyId, body}: a guest writes to the host from the
// journey page. The message lands in the booking's thread (started, and linked to the booking and
// its accommodation, on the first message) as an incoming message; the database trigger moves the
// thread up, marks it unread and needing a reply, and subscribed inboxes see it at once.
// Text is stored as text (never HTML): screens and e-mails escape it.
// 201 {message}; 400 invalid-body / empty / too-long; 404 not-found (unknown journey id);
// 429 rate-limited (GUEST_RATE_LIMIT messages per booking in its window), with Retry-After.
import type { Request, Response } from 'express';
import { GUEST_MESSAGE_MAX, GUEST_RATE_LIMIT, guestMessageContract } from '../../src/lib/functions/inbox';
import { admin, storable } from './_lib/admin';
import { fail, guestRequest } from './_lib/guest';
import { addToBookingThread } from './_lib/threads';

/**
 * Counts one message against the booking's limit, atomically: the row is created if missing, a
 * window older than the limit's restarts, and the count goes up only WHERE count < limit (one
 * transaction; parallel requests wait on the row and re-check). False when the limit is reached.
 */
async function takeMessageSlot(bookingId: string): Promise<boolean> {
  const now = Date.now();
  const data = await admin<{ update_guest_message_windows: { affected_rows: number } }>(
    `mutation ($b: uuid!, $now: timestamptz!, $expired: timestamptz!, $limit: Int!) {
      insert_guest_message_windows_one(object: {booking_id: $b, window_started_at: $now, count: 0}, on_conflict: {constraint: guest_message_windows_pkey, update_columns: []}) { booking_id }
      restart: update_guest_message_windows(where: {booking_id: {_eq: $b}, window_started_at: {_lte: $expired}}, _set: {window_started_at: $now, count: 0}) { affected_rows }
      update_guest_message_windows(where: {booking_id: {_eq: $b}, count: {_lt: $limit}}, _inc: {count: 1}) { affected_rows } }`,
    { b: bookingId, now: new Date(now).toISOString(), expired: new Date(now - GUEST_RATE_LIMIT.windowMinutes * 60_000).toISOString(), limit: GUEST_RATE_LIMIT.messages },
  );
  return data.update_guest_message_windows.affected_rows === 1;
}

export default async function guestMessage(req: Request, res: Response): Promise<void> {
  const ok = await guestRequest(req, res, guestMessageContract);
  if (!ok) return;
  const { input, booking } = ok;
  const body = storable(input.body).trim();
  if (!body) return fail(res, 400, 'empty', 'The message is empty', { field: 'body' });
  if (body.length > GUEST_MESSAGE_MAX) return fail(res, 400, 'too-long', `The message is longer than ${GUEST_MESSAGE_MAX} characters`, { field: 'body', max: GUEST_MESSAGE_MAX });

  if (!(await takeMessageSlot(booking.id))) {
    res.setHeader('Retry-After', String(GUEST_RATE_LIMIT.windowMinutes * 60));
    return fail(res, 429, 'rate-limited', `At most ${GUEST_RATE_LIMIT.messages} messages in ${GUEST_RATE_LIMIT.windowMinutes} minutes`);
  }

  const message = await addToBookingThread(booking, { direction: 'incoming', sender_name: booking.customer_name, body });
  res.status(201).json({ message: { id: message.id, direction: message.direction, body: message.body, sentAt: message.sent_at } });
}
