// Event trigger inbox_reply_email (messages insert): a reply (direction outgoing) goes to the
// guest by e-mail with a Message-ID of its own and In-Reply-To/References pointing at the guest's
// last e-mail, so their answer threads back (functions/inbox/inbound-email). Idempotent: a
// redelivery of the event finds email_sent_at set and sends nothing; the Message-ID is derived
// from the message id, so a retry after a lost answer carries the same id. Parallel deliveries:
// each first claims the message (email_claimed_until, a lease, set only where unset or expired)
// and only the one that took it sends; the others answer 503 so the trigger retries later and
// then finds the e-mail sent, or the lease expired if the sender died before sending.
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Longer than the trigger's 30 s timeout (a send still running), shorter than its retries (5 x 30 s). */
const LEASE_SECONDS = 60;

/** Takes the message for sending; false when another delivery holds it or it is sent. */
async function claim(id: string): Promise<boolean> {
  const now = Date.now();
  const data = await admin<{ update_messages: { affected_rows: number } }>(
    `mutation ($id: uuid!, $now: timestamptz!, $until: timestamptz!) { update_messages(where: {id: {_eq: $id}, email_sent_at: {_is_null: true}, _or: [{email_claimed_until: {_is_null: true}}, {email_claimed_until: {_lt: $now}}]}, _set: {email_claimed_until: $until}) { affected_rows } }`,
    { id, now: new Date(now).toISOString(), until: new Date(now + LEASE_SECONDS * 1000).toISOString() },
  );
  return data.update_messages.affected_rows === 1;
}

export default async function sendReply(req: Request, res: Response): Promise<void> {
  if (!requireTrigger(req, res)) return;
  const event = req.body as TriggerEvent<MessageRow>;
  const row = event?.event?.data?.new;
  if (!row?.id || row.direction !== 'outgoing') {
    res.status(200).json({ skipped: 'not-a-reply' });
    return;
  }
  if (typeof row.id !== 'string' || !UUID.test(row.id)) {
    res.status(400).json({ status: 400, error: 'invalid-body', message: 'event.data.new.id is not a uuid' });
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
  if (!(await claim(message.id))) {
    res.setHeader('Retry-After', String(LEASE_SECONDS));
    res.status(503).json({ status: 503, error: 'in-progress', message: 'Another delivery is sending this reply' });
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
    await admin(`mutation ($id: uuid!, $err: String!) { update_messages_by_pk(pk_columns: {id: $id}, _set: {email_error: $err, email_claimed_until: null}) { id } }`, { id: message.id, err: (e as Error).message.slice(0, 500) });
    // A 5xx makes the trigger retry (retry_conf) while the error shows on the message.
    res.status(503).json({ status: 503, error: 'mail-failed', message: (e as Error).message });
    return;
  }
  await admin(`mutation ($id: uuid!, $mid: String!, $at: timestamptz!) { update_messages_by_pk(pk_columns: {id: $id}, _set: {email_sent_at: $at, email_message_id: $mid, email_error: null}) { id } }`, { id: message.id, mid: messageId, at: new Date().toISOString() });
  res.status(200).json({ sent: true, messageId });
}
