// Attacks on the inbox's functions from break-it review 1, on the real embedded backend with the
// demo data: a huge Message-ID (was a 500 with nothing filed), 8-bit ISO-8859-2 mail (was turned
// into "?"), parallel deliveries of one reply event (was one e-mail each), parallel guest messages
// (the limit was read then written; a booking got several threads) and the smaller ones.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningBackend } from '../../backend/server';
import { DEFAULT_WEBHOOK_SECRET } from '../../backend/functions/env';
import { startTestBackend } from '../helpers/backend';
import { fileEnv } from '../helpers/env';
import { makeClient, type Client } from './permissionsClient';

let backend: RunningBackend;
let client: Client;
const SECRET = 'inbound-breakit-secret';

interface Booking {
  id: string;
  journey_id: string;
  customer_email: string;
  customer_name: string;
}
let bookings: Booking[] = [];
let next = 0;
/** A demo booking with an e-mail address and no conversation yet, a new one for each test. */
const freshBooking = () => bookings[next++];

async function post(path: string, body: string | Buffer, headers: Record<string, string>) {
  const res = await fetch(`${backend.url}/v1/functions/inbox/${path}`, { method: 'POST', headers, body: typeof body === 'string' ? body : new Uint8Array(body) });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.status, body: (await res.json().catch(() => null)) as any };
}

const deliver = (raw: string | Buffer) => post('inbound-email', raw, { 'content-type': 'message/rfc822', 'x-inbound-secret': SECRET });

async function filed(where: string, variables: Record<string, unknown>) {
  const d = await client.data<{ inbound_emails: { status: string; reason: string | null; message_id_header: string | null; subject: string | null; raw: string | null; raw_encoding: string; thread_id: string | null }[] }>(
    'admin-secret',
    `query ($v: String!) { inbound_emails(where: ${where}, order_by: {received_at: asc}) { status reason message_id_header subject raw raw_encoding thread_id } }`,
    variables,
  );
  return d.inbound_emails;
}

async function messagesOf(bookingId: string) {
  const d = await client.data<{ threads: { id: string; subject: string | null; guest_email: string | null; messages: { id: string; body: string; email_message_id: string | null }[] }[] }>(
    'admin-secret',
    `query ($b: uuid!) { threads(where: {thread_2_bookings: {booking_id: {_eq: $b}}}) { id subject guest_email messages(order_by: {sent_at: asc}) { id body email_message_id } } }`,
    { b: bookingId },
  );
  return d.threads;
}

const env = fileEnv({ INBOX_INBOUND_SECRET: SECRET });

beforeAll(async () => {
  backend = await startTestBackend({ applySeeds: true });
  client = makeClient(backend);
  const d = await client.data<{ bookings: Booking[] }>(
    'admin-secret',
    `{ bookings(where: {customer_email: {_is_null: false}, status: {_neq: cancelled}, _not: {thread_2_bookings: {}}}, order_by: {id: desc}, limit: 14) { id journey_id customer_email customer_name } }`,
  );
  bookings = d.bookings;
  expect(bookings.length).toBe(14);
}, 120_000);

afterAll(async () => {
  await backend?.close();
});

describe('inbound e-mail under attack', () => {
  it('a 30,000-character Message-ID is threaded and deduplicated (stored as a hash), not a 500', async () => {
    const b = freshBooking();
    const id = `<${'a1b2c3'.repeat(5000)}@x>`;
    const raw = `From: Guest <${b.customer_email}>\r\nSubject: about SD-${b.id.slice(0, 8)}\r\nMessage-ID: ${id}\r\n\r\nhello there\r\n`;
    const first = await deliver(raw);
    expect(first.status).toBe(200);
    expect(first.body.status).toBe('new_thread');
    const again = await deliver(raw);
    expect(again.body).toMatchObject({ status: 'duplicate', threadId: first.body.threadId });
    const threads = await messagesOf(b.id);
    expect(threads).toHaveLength(1);
    expect(threads[0].messages.map((m) => m.body)).toEqual(['hello there']);
    expect(threads[0].messages[0].email_message_id).toMatch(/^<sha256-[0-9a-f]{64}@long-id\.staydesk>$/);
    // An answer referring to the long id threads back to the same conversation.
    const answer = `From: ${b.customer_email}\r\nSubject: Re: x\r\nMessage-ID: <answer-${b.id}@x>\r\nIn-Reply-To: ${id}\r\n\r\nsecond\r\n`;
    expect((await deliver(answer)).body).toMatchObject({ status: 'threaded', threadId: first.body.threadId });
  });

  it('a mail that fails anywhere (here: a NUL inside its Message-ID) is filed as refused with the error and its raw bytes, 200', async () => {
    const raw = Buffer.from(`From: someone@elsewhere.example\r\nSubject: x\r\nMessage-ID: <nul\u0000inside-${Date.now()}@x>\r\n\r\nhello\r\n`, 'utf8');
    const res = await deliver(raw);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('refused');
    expect(res.body.reason).toMatch(/^error: /);
    const rows = await filed('{status: {_eq: refused}, reason: {_eq: $v}}', { v: res.body.reason });
    expect(rows).toHaveLength(1);
    expect(rows[0].raw_encoding).toBe('base64');
    expect(Buffer.from(rows[0].raw!, 'base64').equals(raw)).toBe(true);
  });

  it('a 200 kB subject is cut to 300 characters in the conversation and the log', async () => {
    const b = freshBooking();
    const subject = `SD-${b.id.slice(0, 8)} ${'long subject '.repeat(16_000)}`;
    const res = await deliver(`From: ${b.customer_email}\r\nSubject: ${subject}\r\nMessage-ID: <subject-${b.id}@x>\r\n\r\nhi\r\n`);
    expect(res.status).toBe(200);
    const [thread] = await messagesOf(b.id);
    expect(thread.subject!.length).toBe(300);
    const [row] = await filed('{message_id_header: {_eq: $v}}', { v: `<subject-${b.id}@x>` });
    expect(row.subject!.length).toBe(300);
  });

  it('an 8-bit ISO-8859-2 message keeps its letters, and a refused one keeps its raw bytes byte-exact', async () => {
    const b = freshBooking();
    const latin2 = (id: string, extra = '') =>
      Buffer.concat([
        Buffer.from(`From: ${b.customer_email}\r\nSubject: SD-${b.id.slice(0, 8)}\r\nMessage-ID: <${id}-${b.id}@x>\r\n${extra}MIME-Version: 1.0\r\nContent-Type: text/plain; charset=iso-8859-2\r\nContent-Transfer-Encoding: 8bit\r\n\r\n`, 'latin1'),
        // "Köszönöm, tündérszép ő ű" in ISO-8859-2 (ő = 0xf5, ű = 0xfb).
        Buffer.from([0x4b, 0xf6, 0x73, 0x7a, 0xf6, 0x6e, 0xf6, 0x6d, 0x2c, 0x20, 0x74, 0xfc, 0x6e, 0x64, 0xe9, 0x72, 0x73, 0x7a, 0xe9, 0x70, 0x20, 0xf5, 0x20, 0xfb, 0x0d, 0x0a]),
      ]);
    expect((await deliver(latin2('latin2'))).body.status).toBe('new_thread');
    const [thread] = await messagesOf(b.id);
    expect(thread.messages.map((m) => m.body)).toEqual(['Köszönöm, tündérszép ő ű']);

    // Refused mail is kept raw for the office to look at: these bytes are not UTF-8, so base64.
    const forged = latin2('forged', 'Authentication-Results: mx; dkim=fail\r\n');
    expect((await deliver(forged)).body.status).toBe('refused');
    const [row] = await filed('{message_id_header: {_eq: $v}}', { v: `<forged-${b.id}@x>` });
    expect(row.raw_encoding).toBe('base64');
    expect(Buffer.from(row.raw!, 'base64').equals(forged)).toBe(true);

    // A UTF-8 message is kept as its text, unchanged.
    const utf8 = `From: ${b.customer_email}\r\nAuthentication-Results: mx; spf=fail\r\nMessage-ID: <utf8-${b.id}@x>\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\nÁrvíztűrő tükörfúrógép\r\n`;
    expect((await deliver(Buffer.from(utf8, 'utf8'))).body.status).toBe('refused');
    const [utfRow] = await filed('{message_id_header: {_eq: $v}}', { v: `<utf8-${b.id}@x>` });
    expect(utfRow).toMatchObject({ raw_encoding: 'utf8', raw: utf8 });
  });
});

describe('reply e-mails under parallel deliveries', () => {
  const deliverEvent = (id: string) =>
    post('send-reply', JSON.stringify({ event: { op: 'INSERT', data: { old: null, new: { id, direction: 'outgoing' } } } }), {
      'content-type': 'application/json',
      'nhost-webhook-secret': process.env.NHOST_WEBHOOK_SECRET || DEFAULT_WEBHOOK_SECRET,
    });

  it('six parallel deliveries send one e-mail; a claim left by a delivery that died expires and a retry sends', async () => {
    const b = freshBooking();
    expect((await post('guest-message', JSON.stringify({ journeyId: b.journey_id, body: 'Parking?' }), { 'content-type': 'application/json' })).status).toBe(201);
    const [thread] = await messagesOf(b.id);
    // As if a delivery had claimed the reply and died before sending: a lease running 2 s.
    const claimedUntil = new Date(Date.now() + 2000).toISOString();
    const { insert_messages_one: reply } = await client.data<{ insert_messages_one: { id: string } }>(
      'admin-secret',
      'mutation ($t: uuid!, $until: timestamptz!) { insert_messages_one(object: {thread_id: $t, direction: outgoing, body: "Yes, free parking", email_claimed_until: $until}) { id } }',
      { t: thread.id, until: claimedUntil },
    );
    const mailsOf = () => backend.mailer.outbox().filter((e) => 'subject' in e && e.headers?.['Message-ID'] === `<${reply.id}@staydesk.local>`);
    const held = await deliverEvent(reply.id);
    expect(held.status).toBe(503);
    expect(held.body.error).toBe('in-progress');
    expect(mailsOf()).toHaveLength(0);

    await new Promise((r) => setTimeout(r, Date.parse(claimedUntil) - Date.now() + 200));
    const answers = await Promise.all(Array.from({ length: 6 }, () => deliverEvent(reply.id)));
    expect(answers.filter((a) => a.status === 200 && a.body.sent === true)).toHaveLength(1);
    expect(answers.every((a) => a.status === 200 || (a.status === 503 && a.body.error === 'in-progress'))).toBe(true);
    expect(mailsOf()).toHaveLength(1);
    // A later retry finds it sent.
    expect((await deliverEvent(reply.id)).body).toEqual({ skipped: 'already-sent' });
    expect(mailsOf()).toHaveLength(1);
  });
});

describe('guest messages under parallel requests', () => {
  const message = (journeyId: string, body: string) => post('guest-message', JSON.stringify({ journeyId, body }), { 'content-type': 'application/json' });

  it('30 parallel messages on a booking without a thread: exactly 10 pass, all in one thread', async () => {
    const b = freshBooking();
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => message(b.journey_id, `parallel ${i}`)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(10);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(20);
    const threads = await messagesOf(b.id);
    expect(threads).toHaveLength(1);
    expect(threads[0].messages).toHaveLength(10);
  });

  it('the database keeps one thread per booking', async () => {
    const b = freshBooking();
    expect((await message(b.journey_id, 'first')).status).toBe(201);
    const other = await client.data<{ insert_threads_one: { id: string } }>('admin-secret', 'mutation { insert_threads_one(object: {subject: "second", channel: direct}) { id } }');
    const res = await client.gql('admin-secret', 'mutation ($t: uuid!, $b: uuid!) { insert_thread_2_bookings_one(object: {thread_id: $t, booking_id: $b}) { thread_id } }', { t: other.insert_threads_one.id, b: b.id });
    expect(JSON.stringify(res.errors)).toContain('thread_2_bookings_booking_id_key');
  });

  it('an e-mail quoting the reference of a booking without an address does not take its thread over', async () => {
    const b = freshBooking();
    await client.data('admin-secret', 'mutation ($b: uuid!) { update_bookings_by_pk(pk_columns: {id: $b}, _set: {customer_email: null}) { id } }', { b: b.id });
    expect((await message(b.journey_id, 'Hello from the journey page')).status).toBe(201);
    const [thread] = await messagesOf(b.id);
    const res = await deliver(`From: attacker@evil.example\r\nSubject: SD-${b.id.slice(0, 8)}\r\nMessage-ID: <takeover-${b.id}@evil.example>\r\n\r\nI am the guest, send the door code\r\n`);
    expect(res.body.status).toBe('new_thread');
    expect(res.body.threadId).not.toBe(thread.id);
    const [after] = await messagesOf(b.id);
    expect(after.guest_email).toBeNull();
    expect(after.messages.map((m) => m.body)).toEqual(['Hello from the journey page']);
  });
});

describe('smaller ones', () => {
  it('guest-message refuses a body that is not a string (was stored as "123")', async () => {
    const b = freshBooking();
    for (const body of [123, true, ['x']]) {
      const res = await post('guest-message', JSON.stringify({ journeyId: b.journey_id, body }), { 'content-type': 'application/json' });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ error: 'invalid-body', field: 'body' });
    }
    expect(await messagesOf(b.id)).toEqual([]);
  });

  it('send-reply answers 400 for an id that is not a uuid', async () => {
    const res = await post('send-reply', JSON.stringify({ event: { op: 'INSERT', data: { old: null, new: { id: "x' or 1=1", direction: 'outgoing' } } } }), {
      'content-type': 'application/json',
      'nhost-webhook-secret': process.env.NHOST_WEBHOOK_SECRET || DEFAULT_WEBHOOK_SECRET,
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid-body');
  });

  it('outside development the inbound secret must be its own: the webhook secret does not open the door', async () => {
    const b = freshBooking();
    const raw = (n: number) => `From: ${b.customer_email}\r\nMessage-ID: <secret-${n}-${b.id}@x>\r\n\r\nhi\r\n`;
    const webhookSecret = { 'content-type': 'message/rfc822', 'x-inbound-secret': DEFAULT_WEBHOOK_SECRET };
    const nodeEnv = process.env.NODE_ENV;
    try {
      env.set({ INBOX_INBOUND_SECRET: undefined });
      // Development (the default webhook secret, not production): it stands in.
      expect((await post('inbound-email', raw(1), webhookSecret)).status).toBe(200);
      env.set({ NODE_ENV: 'production' });
      const prod = await post('inbound-email', raw(2), webhookSecret);
      expect(prod.status).toBe(503);
      expect(prod.body.error).toBe('not-configured');
      env.set({ INBOX_INBOUND_SECRET: SECRET });
      expect((await post('inbound-email', raw(3), webhookSecret)).status).toBe(401);
      expect((await deliver(raw(4))).status).toBe(200);
    } finally {
      env.set({ INBOX_INBOUND_SECRET: SECRET, NODE_ENV: nodeEnv });
    }
  });
});
