// Event trigger inbox_reply_email (messages insert): a reply (direction outgoing) goes to the
// guest by e-mail with a Message-ID of its own and In-Reply-To/References pointing at the guest's
// last e-mail, so their answer threads back (functions/inbox/inbound-email). Idempotent: a
// redelivery of the event finds email_sent_at set and sends nothing; the Message-ID is derived
// from the message id, so a retry after a lost answer carries the same id.
import type { Request, Response } from 'express';
import { requireTrigger, type TriggerEvent } from '../_lib/webhook';
import { admin, bookingReference } from './_lib/admin';
import { mailDomain, sendMail, textToHtml } from './_lib/mail';

interface MessageRow {
  id: string;
  direction: string;
}

interface Loaded {
  messages_by_pk: {
    id: string;
    body: string;
    direction: string;
    email_sent_at: string | null;
    thread: {
      id: string;
      subject: string | null;
      guest_email: string | null;
      thread_2_bookings: { booking_id: string }[];
      messages: { email_message_id: string }[];
    };
  } | null;
}

const LOAD = `query ($id: uuid!) { messages_by_pk(id: $id) { id body direction email_sent_at thread {
  id subject guest_email thread_2_bookings(limit: 1) { booking_id }
  messages(where: {email_message_id: {_is_null: false}}, order_by: {sent_at: desc}, limit: 10) { email_message_id } } } }`;

export default async function sendReply(req: Request, res: Response): Promise<void> {
  if (!requireTrigger(req, res)) return;
  const event = req.body as TriggerEvent<MessageRow>;
  const row = event?.event?.data?.new;
  if (!row?.id || row.direction !== 'outgoing') {
    res.status(200).json({ skipped: 'not-a-reply' });
    return;
  }
  const { messages_by_pk: message } = await admin<Loaded>(LOAD, { id: row.id });
  if (!message) {
    res.status(200).json({ skipped: 'deleted' });
    return;
  }
  if (message.email_sent_at) {
    res.status(200).json({ skipped: 'already-sent' });
    return;
  }
  const to = message.thread.guest_email;
  if (!to) {
    res.status(200).json({ skipped: 'no-address' });
    return;
  }
  const messageId = `<${message.id}@${mailDomain()}>`;
  const earlier = message.thread.messages.map((m) => m.email_message_id).filter((id) => id !== messageId);
  const headers: Record<string, string> = { 'Message-ID': messageId };
  if (earlier[0]) headers['In-Reply-To'] = earlier[0];
  if (earlier.length) headers.References = [...earlier].reverse().join(' ');
  if (process.env.INBOX_REPLY_TO) headers['Reply-To'] = process.env.INBOX_REPLY_TO;
  const booking = message.thread.thread_2_bookings[0]?.booking_id;
  const base = (message.thread.subject ?? '').replace(/^(re:\s*)+/i, '').trim();
  const reference = booking ? bookingReference(booking) : undefined;
  const subject = `Re: ${base}${reference && !base.includes(reference) ? ` [${reference}]` : ''}`.trim();
  try {
    await sendMail({ to, subject, text: message.body, html: textToHtml(message.body), headers });
  } catch (e) {
    await admin(`mutation ($id: uuid!, $err: String!) { update_messages_by_pk(pk_columns: {id: $id}, _set: {email_error: $err}) { id } }`, { id: message.id, err: (e as Error).message.slice(0, 500) });
    // A 5xx makes the trigger retry (retry_conf) while the error shows on the message.
    res.status(503).json({ status: 503, error: 'mail-failed', message: (e as Error).message });
    return;
  }
  await admin(`mutation ($id: uuid!, $mid: String!, $at: timestamptz!) { update_messages_by_pk(pk_columns: {id: $id}, _set: {email_sent_at: $at, email_message_id: $mid, email_error: null}) { id } }`, { id: message.id, mid: messageId, at: new Date().toISOString() });
  res.status(200).json({ sent: true, messageId });
}
