// POST /v1/functions/inbox/inbound-email: the mail provider (or an MTA pipe) delivers one raw MIME
// message (text/plain, message/rfc822, application/octet-stream, or JSON {raw}) with the secret in
// the x-inbound-secret header (INBOX_INBOUND_SECRET; in development only, the default webhook secret). Parsed with
// mailparser, threaded by In-Reply-To/References (the Message-IDs our replies carry), else by a
// booking reference (SD-XXXXXXXX) in the subject or text, else by the sender's most recent booking,
// else a new thread. Every delivery is filed in inbound_emails with what became of it (refused ones
// with their raw bytes: UTF-8 as text, anything else as base64). A Message-ID over 250 characters is
// stored as its hash; any failure files the mail as refused with the error (200, never lost).
//
// Answers (never a 5xx for bad mail, so a provider never retries it forever, and never loses it):
// 200 {status: threaded | new_thread, threadId, messageId}; 200 {status: duplicate} for a Message-ID
// seen before (a retried delivery adds nothing); 200 {status: refused, reason} for a spoofed or
// mismatched sender, or one the receiving server does not vouch for while INBOX_REQUIRE_SENDER_AUTH
// is on (filed, not added to the conversation; docs/inbox.md); 422 {status: refused, reason} for a
// malformed message; 413 for one over INBOX_MAX_EMAIL_BYTES (default 2 MB); 401 without the secret;
// 503 not-configured outside development without INBOX_INBOUND_SECRET.
import crypto, { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import { simpleParser, type ParsedMail } from 'mailparser';
import { DEFAULT_WEBHOOK_SECRET } from '../../backend/functions/env';
import { admin, BOOKING_REFERENCE, GraphqlFailure, storable } from './_lib/admin';
import { authenticationFailure, dedupeId, newText, normalAddress, referencedIds, senderVerdict } from './_lib/email';
import { BOOKING_FIELDS, bookingById, isOneThreadRace, newThreadFor, type BookingForInbox } from './_lib/threads';

const RAW_KEPT = 256 * 1024;
/** Bytes kept of a non-UTF-8 message: their base64 fits the raw column's 256 k characters. */
const RAW_BYTES_KEPT = (RAW_KEPT / 4) * 3;
const BODY_MAX = 50_000;
/** A subject longer than this is cut: it becomes the conversation's title. */
const SUBJECT_MAX = 300;

function maxBytes(): number {
  const n = Number(process.env.INBOX_MAX_EMAIL_BYTES);
  return Number.isInteger(n) && n > 0 ? n : 2 * 1024 * 1024;
}

/**
 * The secret the mail provider sends. INBOX_INBOUND_SECRET, its own: the provider must not hold
 * NHOST_WEBHOOK_SECRET, which every event and cron trigger trusts. Only in development (not
 * production, and the webhook secret still the public default) does the webhook secret stand in.
 */
function inboundSecret(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.INBOX_INBOUND_SECRET) return env.INBOX_INBOUND_SECRET;
  return isDevelopment(env) ? DEFAULT_WEBHOOK_SECRET : undefined;
}

/** Development: not production, and the webhook secret still the public default. */
function isDevelopment(env: NodeJS.ProcessEnv): boolean {
  return env.NODE_ENV !== 'production' && (!env.NHOST_WEBHOOK_SECRET || env.NHOST_WEBHOOK_SECRET === DEFAULT_WEBHOOK_SECRET);
}

/**
 * INBOX_REQUIRE_SENDER_AUTH: whether a mail joins a known guest's conversation only when the
 * receiving server vouches for its From (SPF/DKIM/DMARC pass, aligned). Without it anyone can write
 * "From: <guest>" and be answered with the door code. On unless development; "false" turns it off
 * (a provider that adds no Authentication-Results); any other value than true/false keeps it on.
 */
export function requireSenderAuth(env: NodeJS.ProcessEnv = process.env): boolean {
  const v = env.INBOX_REQUIRE_SENDER_AUTH?.trim().toLowerCase();
  if (v === 'false' || v === '0') return false;
  if (v === undefined || v === '') return !isDevelopment(env);
  return true;
}

function authorized(req: Request, expected: string): boolean {
  const given = req.header('x-inbound-secret');
  if (typeof given !== 'string') return false;
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

/** The raw message however it came; undefined when the body is not a message at all. */
async function rawOf(req: Request, limit: number): Promise<{ buf: Buffer } | { tooLarge: number } | undefined> {
  let buf: Buffer | undefined;
  // The bytes as received when the runtime kept them (a text/plain body is otherwise decoded by its
  // charset, and ISO-8859-2 letters become replacement characters).
  const rawBody = (req as Request & { rawBody?: unknown }).rawBody;
  const asJson = typeof req.body === 'object' && req.body !== null && !Buffer.isBuffer(req.body);
  if (Buffer.isBuffer(rawBody) && rawBody.length > 0 && !asJson) buf = rawBody;
  else if (typeof req.body === 'string') buf = Buffer.from(req.body, 'utf8');
  else if (Buffer.isBuffer(req.body)) buf = req.body;
  else if (req.body && typeof req.body === 'object' && typeof (req.body as { raw?: unknown }).raw === 'string') buf = Buffer.from((req.body as { raw: string }).raw, 'utf8');
  else if (req.readable && !req.readableEnded) {
    // message/rfc822 is left unparsed by the body parsers: read it here, up to the limit.
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > limit) return { tooLarge: size };
      chunks.push(chunk as Buffer);
    }
    buf = Buffer.concat(chunks);
  }
  if (!buf || buf.length === 0) return undefined;
  if (buf.length > limit) return { tooLarge: buf.length };
  return { buf };
}

/**
 * The raw message as stored, byte-exact: the text when the bytes are UTF-8 without NUL, else
 * base64 of the bytes (an 8-bit ISO-8859-2 message would otherwise become replacement characters).
 */
function keptRaw(buf: Buffer): { raw: string; encoding: 'utf8' | 'base64' } {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(buf);
    if (!text.includes('\u0000') && text.length <= RAW_KEPT) return { raw: text, encoding: 'utf8' };
  } catch {
    // not UTF-8: kept as base64 below
  }
  return { raw: buf.subarray(0, RAW_BYTES_KEPT).toString('base64'), encoding: 'base64' };
}

interface Filed {
  status: 'threaded' | 'new_thread' | 'duplicate' | 'refused';
  reason?: string;
  messageIdHeader?: string;
  from?: string;
  subject?: string;
  threadId?: string;
  messageId?: string;
  bytes: number;
  raw?: { raw: string; encoding: 'utf8' | 'base64' };
}

function fileRow(f: Filed): Record<string, unknown> {
  return {
    status: f.status,
    reason: f.reason ?? null,
    message_id_header: f.messageIdHeader ?? null,
    from_address: f.from ?? null,
    subject: f.subject?.slice(0, 1000) ?? null,
    thread_id: f.threadId ?? null,
    size_bytes: f.bytes,
    raw: f.raw ? f.raw.raw.slice(0, RAW_KEPT) : null,
    raw_encoding: f.raw?.encoding ?? 'utf8',
  };
}

async function file(f: Filed): Promise<void> {
  await admin(`mutation ($o: inbound_emails_insert_input!) { insert_inbound_emails_one(object: $o) { id } }`, { o: fileRow(f) });
}

async function refuse(res: Response, httpStatus: number, f: Omit<Filed, 'status'> & { reason: string }): Promise<void> {
  await file({ ...f, status: 'refused' });
  res.status(httpStatus).json({ status: 'refused', reason: f.reason });
}

interface ThreadTarget {
  threadId?: string;
  booking?: BookingForInbox;
  /** The address the conversation belongs to; a different sender is refused. */
  expectedFrom?: string;
}

async function findTarget(mail: ParsedMail, text: string): Promise<ThreadTarget> {
  const ids = referencedIds(mail.inReplyTo, mail.references);
  if (ids.length) {
    const data = await admin<{ messages: { thread: { id: string; guest_email: string | null } }[] }>(
      `query ($ids: [String!]!) { messages(where: {email_message_id: {_in: $ids}}, order_by: {sent_at: desc}, limit: 1) { thread { id guest_email } } }`,
      { ids },
    );
    const thread = data.messages[0]?.thread;
    if (thread) return { threadId: thread.id, expectedFrom: normalAddress(thread.guest_email) };
  }
  const reference = (mail.subject ?? '').match(BOOKING_REFERENCE) ?? text.match(BOOKING_REFERENCE);
  if (reference) {
    const prefix = reference[1].toLowerCase();
    // Booking ids are UUIDs; the reference is their first 8 hex digits (one index range scan).
    const data = await admin<{ bookings: BookingForInbox[] }>(
      `query ($lo: uuid!, $hi: uuid!) { bookings(where: {id: {_gte: $lo, _lte: $hi}}, limit: 2) { ${BOOKING_FIELDS} } }`,
      { lo: `${prefix}-0000-0000-0000-000000000000`, hi: `${prefix}-ffff-ffff-ffff-ffffffffffff` },
    );
    // A booking without an address has nobody to check the sender against: quoting its reference
    // must not take its conversation over (the staff's replies would go to the sender).
    if (data.bookings.length === 1 && data.bookings[0].customer_email) {
      const booking = data.bookings[0];
      return { booking, threadId: booking.thread_2_bookings[0]?.thread_id, expectedFrom: normalAddress(booking.customer_email) };
    }
  }
  return {};
}

async function bySender(from: string): Promise<ThreadTarget> {
  const data = await admin<{ bookings: BookingForInbox[]; threads: { id: string }[] }>(
    `query ($e: String!) {
      bookings(where: {customer_email: {_ilike: $e}}, order_by: {checkin: desc}, limit: 1) { ${BOOKING_FIELDS} }
      threads(where: {guest_email: {_ilike: $e}}, order_by: {last_message_at: desc}, limit: 1) { id }
    }`,
    { e: from.replace(/[\\%_]/g, (c) => `\\${c}`) },
  );
  const booking = data.bookings[0];
  if (booking) return { booking, threadId: booking.thread_2_bookings[0]?.thread_id ?? data.threads[0]?.id };
  return { threadId: data.threads[0]?.id };
}

export default async function inboundEmail(req: Request, res: Response): Promise<void> {
  if (req.method !== 'POST') {
    res.status(405).json({ status: 405, error: 'method-not-allowed', message: 'Use POST' });
    return;
  }
  const secret = inboundSecret();
  if (!secret) {
    // A 503, not a 401: the provider keeps the mail and retries once the secret is set.
    res.status(503).json({ status: 503, error: 'not-configured', message: 'INBOX_INBOUND_SECRET is not set' });
    return;
  }
  if (!authorized(req, secret)) {
    res.status(401).json({ status: 401, error: 'unauthorized', message: 'Missing or wrong x-inbound-secret' });
    return;
  }
  const limit = maxBytes();
  const got = await rawOf(req, limit);
  if (!got) return refuse(res, 422, { reason: 'malformed: the request holds no message', bytes: 0 });
  if ('tooLarge' in got) return refuse(res, 413, { reason: `too-large: ${got.tooLarge} bytes, at most ${limit}`, bytes: got.tooLarge });
  const { buf } = got;
  const bytes = buf.length;
  const raw = keptRaw(buf);
  try {
    await fileMail(res, buf, raw);
  } catch (e) {
    // Whatever went wrong, the mail is filed (refused, with the reason) and answered 200: a 5xx
    // would make the provider retry a message that fails the same way every time.
    const reason = `error: ${(e as Error).message}`.slice(0, 500);
    try {
      await file({ status: 'refused', reason, bytes, raw });
    } catch {
      // Even the filing failed (the database is down?): a 503 so the provider keeps the mail and retries.
      res.status(503).json({ status: 503, error: 'unavailable', message: 'The message could not be filed; try again later' });
      return;
    }
    res.status(200).json({ status: 'refused', reason });
  }
}

async function fileMail(res: Response, buf: Buffer, raw: Filed['raw']): Promise<void> {
  const bytes = buf.length;
  let mail: ParsedMail;
  try {
    // The bytes, not a decoded string: mailparser decodes each part by its own charset.
    mail = await simpleParser(buf, { skipImageLinks: true, skipTextToHtml: true });
  } catch (e) {
    return refuse(res, 422, { reason: `malformed: ${(e as Error).message}`.slice(0, 500), bytes, raw });
  }
  const headerCount = mail.headers.size;
  const from = normalAddress(mail.from?.value[0]?.address);
  const messageIdHeader = dedupeId(mail.messageId, buf);
  const subject = mail.subject ? storable(mail.subject).slice(0, SUBJECT_MAX) : undefined;
  const base = { bytes, raw, messageIdHeader, from, subject };
  if (headerCount === 0 || !mail.from) return refuse(res, 422, { ...base, reason: 'malformed: no headers or no From' });
  if (!from) return refuse(res, 422, { ...base, reason: 'malformed: the From address is not an e-mail address' });

  // A retried delivery (same Message-ID) adds nothing, whatever became of the first one.
  const seen = await admin<{ messages: { id: string; thread_id: string }[]; inbound_emails: { status: string; reason: string | null }[] }>(
    `query ($id: String!) { messages(where: {email_message_id: {_eq: $id}}, limit: 1) { id thread_id } inbound_emails(where: {message_id_header: {_eq: $id}, status: {_eq: refused}}, limit: 1) { status reason } }`,
    { id: messageIdHeader },
  );
  if (seen.messages[0]) {
    await file({ ...base, raw: undefined, status: 'duplicate', threadId: seen.messages[0].thread_id });
    res.status(200).json({ status: 'duplicate', threadId: seen.messages[0].thread_id, messageId: seen.messages[0].id });
    return;
  }
  if (seen.inbound_emails[0]) {
    res.status(200).json({ status: 'duplicate', previous: 'refused', reason: seen.inbound_emails[0].reason });
    return;
  }

  const forged = authenticationFailure(mail.headers.get('authentication-results') as string | string[] | undefined);
  if (forged) return refuse(res, 200, { ...base, reason: `spoofed-sender: the receiving server reports ${forged}` });

  const text = storable(newText(mail.text ?? '')).slice(0, BODY_MAX);
  if (!text.trim()) return refuse(res, 422, { ...base, reason: 'malformed: the message has no text' });

  let target = await findTarget(mail, text);
  if (target.expectedFrom && target.expectedFrom !== from) {
    return refuse(res, 200, { ...base, reason: `spoofed-sender: ${from} is not the guest address of this conversation` });
  }
  if (!target.threadId && !target.booking) target = await bySender(from);
  if ((target.threadId || target.booking) && requireSenderAuth()) {
    // A known guest's conversation (and the answers, door code included, that go back to the From
    // address) only for a sender the receiving server vouches for. Filed with its bytes, not lost.
    const verdict = senderVerdict(mail.headers.get('authentication-results') as string | string[] | undefined, from, process.env.INBOX_AUTHSERV_ID);
    if (!verdict.verified) return refuse(res, 200, { ...base, reason: `unverified-sender: the receiving server does not vouch for ${from} (${verdict.why})` });
  }

  const sentAt = mail.date && !Number.isNaN(mail.date.getTime()) && mail.date.getTime() <= Date.now() + 300_000 ? mail.date.toISOString() : new Date().toISOString();
  const senderName = storable(mail.from.value[0]?.name || from).slice(0, 200);
  const messageId = randomUUID();
  const message = { id: messageId, direction: 'incoming', sender_name: senderName, body: text, sent_at: sentAt, email_message_id: messageIdHeader };
  const filed = (status: Filed['status'], threadId: string) => fileRow({ ...base, raw: undefined, status, threadId });

  const intoThread = async (threadId: string) => {
    await admin(
      `mutation ($m: messages_insert_input!, $f: inbound_emails_insert_input!, $t: uuid!, $email: String!) {
        insert_messages_one(object: $m) { id }
        update_threads(where: {id: {_eq: $t}, guest_email: {_is_null: true}}, _set: {guest_email: $email}) { affected_rows }
        insert_inbound_emails_one(object: $f) { id } }`,
      { m: { ...message, thread_id: threadId }, f: { ...filed('threaded', threadId), message_id: messageId }, t: threadId, email: from },
    );
    res.status(200).json({ status: 'threaded', threadId, messageId });
  };
  try {
    if (target.threadId) return await intoThread(target.threadId);
    const thread = target.booking
      ? { ...newThreadFor(target.booking, subject), guest_email: from }
      : { id: randomUUID(), subject: subject ?? null, channel: 'direct', guest_name: senderName, guest_email: from };
    const threadId = thread.id as string;
    await admin(
      `mutation ($t: threads_insert_input!, $m: messages_insert_input!, $f: inbound_emails_insert_input!) {
        insert_threads_one(object: $t) { id }
        insert_messages_one(object: $m) { id }
        insert_inbound_emails_one(object: $f) { id } }`,
      { t: thread, m: { ...message, thread_id: threadId }, f: { ...filed('new_thread', threadId), message_id: messageId } },
    );
    res.status(200).json({ status: 'new_thread', threadId, messageId });
  } catch (e) {
    // Two deliveries of one message at the same moment: the unique Message-ID lets one through.
    if (e instanceof GraphqlFailure && e.code === 'constraint-violation' && /email_message_id/.test(e.message)) {
      res.status(200).json({ status: 'duplicate' });
      return;
    }
    // The booking's first message from elsewhere started its one thread meanwhile: add to that.
    const raced = isOneThreadRace(e) && target.booking ? (await bookingById(target.booking.id))?.thread_2_bookings[0]?.thread_id : undefined;
    if (raced) return await intoThread(raced);
    throw e;
  }
}
