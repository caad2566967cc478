// POST /v1/functions/inbox/guest-thread {journeyId}: the conversation the journey page's
// "Message the host" card shows: the guest's messages and the replies, oldest first (the latest
// 100), never the team's internal notes or who on the team wrote.
// 200 {messages: [{id, direction, body, sentAt}], maxLength}; 400 invalid-body; 404 not-found.
import type { Request, Response } from 'express';
import { GUEST_MESSAGE_MAX, guestThreadContract } from '../../src/lib/functions/inbox';
import { admin } from './_lib/admin';
import { guestRequest } from './_lib/guest';

interface Row {
  id: string;
  direction: 'incoming' | 'outgoing';
  body: string;
  sent_at: string;
}

export default async function guestThread(req: Request, res: Response): Promise<void> {
  const ok = await guestRequest(req, res, guestThreadContract);
  if (!ok) return;
  const data = await admin<{ messages: Row[] }>(
    `query ($b: uuid!) { messages(where: {direction: {_in: [incoming, outgoing]}, thread: {thread_2_bookings: {booking_id: {_eq: $b}}}}, order_by: {sent_at: desc}, limit: 100) { id direction body sent_at } }`,
    { b: ok.booking.id },
  );
  const messages = data.messages.reverse().map((m) => ({ id: m.id, direction: m.direction, body: m.body, sentAt: m.sent_at }));
  res.status(200).json({ messages, maxLength: GUEST_MESSAGE_MAX });
}
