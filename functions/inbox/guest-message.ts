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

export default async function guestMessage(req: Request, res: Response): Promise<void> {
  const ok = await guestRequest(req, res, guestMessageContract);
  if (!ok) return;
  const { input, booking } = ok;
  const body = storable(input.body).trim();
  if (!body) return fail(res, 400, 'empty', 'The message is empty', { field: 'body' });
  if (body.length > GUEST_MESSAGE_MAX) return fail(res, 400, 'too-long', `The message is longer than ${GUEST_MESSAGE_MAX} characters`, { field: 'body', max: GUEST_MESSAGE_MAX });

  const since = new Date(Date.now() - GUEST_RATE_LIMIT.windowMinutes * 60_000).toISOString();
  const recent = await admin<{ messages_aggregate: { aggregate: { count: number } } }>(
    `query ($b: uuid!, $since: timestamptz!) { messages_aggregate(where: {direction: {_eq: incoming}, sent_at: {_gte: $since}, email_message_id: {_is_null: true}, thread: {thread_2_bookings: {booking_id: {_eq: $b}}}}) { aggregate { count } } }`,
    { b: booking.id, since },
  );
  if (recent.messages_aggregate.aggregate.count >= GUEST_RATE_LIMIT.messages) {
    res.setHeader('Retry-After', String(GUEST_RATE_LIMIT.windowMinutes * 60));
    return fail(res, 429, 'rate-limited', `At most ${GUEST_RATE_LIMIT.messages} messages in ${GUEST_RATE_LIMIT.windowMinutes} minutes`);
  }

  const message = await addToBookingThread(booking, { direction: 'incoming', sender_name: booking.customer_name, body });
  res.status(201).json({ message: { id: message.id, direction: message.direction, body: message.body, sentAt: message.sent_at } });
}
