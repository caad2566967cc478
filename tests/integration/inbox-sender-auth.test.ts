// The inbound e-mail endpoint on the real embedded backend: INBOX_REQUIRE_SENDER_AUTH (a forged
// From without a passing, aligned SPF/DKIM/DMARC result from the receiving server never joins a
// known guest's conversation, and is filed, not lost) and byte-exact bodies for every content type
// (text/plain in ISO-8859-2 was decoded as UTF-8 by the body parser before the function saw it).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RunningBackend } from '../../backend/server';
import { startTestBackend } from '../helpers/backend';
import { fileEnv } from '../helpers/env';
import { makeClient, type Client } from './permissionsClient';

let backend: RunningBackend;
let client: Client;
const SECRET = 'inbound-auth-secret';

interface Booking {
  id: string;
  customer_email: string;
}
let bookings: Booking[] = [];
let next = 0;
const freshBooking = () => bookings[next++];

async function deliver(raw: string | Buffer, contentType = 'message/rfc822') {
  const res = await fetch(`${backend.url}/v1/functions/inbox/inbound-email`, {
    method: 'POST',
    headers: { 'content-type': contentType, 'x-inbound-secret': SECRET },
    body: typeof raw === 'string' ? raw : new Uint8Array(raw),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.status, body: (await res.json()) as any };
}

async function filed(messageId: string) {
  const d = await client.data<{ inbound_emails: { status: string; reason: string | null; raw: string | null; raw_encoding: string; thread_id: string | null }[] }>(
    'admin-secret',
    `query ($v: String!) { inbound_emails(where: {message_id_header: {_eq: $v}}) { status reason raw raw_encoding thread_id } }`,
    { v: messageId },
  );
  return d.inbound_emails;
}

async function threadsOf(bookingId: string) {
  const d = await client.data<{ threads: { id: string; messages: { body: string }[] }[] }>(
    'admin-secret',
    `query ($b: uuid!) { threads(where: {thread_2_bookings: {booking_id: {_eq: $b}}}) { id messages(order_by: {sent_at: asc}) { body } } }`,
    { b: bookingId },
  );
  return d.threads;
}

const domain = (email: string) => email.slice(email.indexOf('@') + 1);
const mail = (b: Booking, id: string, headers = '', body = 'When can we check in?') =>
  `From: Guest <${b.customer_email}>\r\n${headers}Subject: about SD-${b.id.slice(0, 8)}\r\nMessage-ID: <${id}-${b.id}@x>\r\n\r\n${body}\r\n`;

const env = fileEnv({ INBOX_INBOUND_SECRET: SECRET });

beforeAll(async () => {
  backend = await startTestBackend({ applySeeds: true });
  client = makeClient(backend);
  const d = await client.data<{ bookings: Booking[] }>(
    'admin-secret',
    `{ bookings(where: {customer_email: {_is_null: false}, status: {_neq: cancelled}, _not: {thread_2_bookings: {}}}, order_by: {id: asc}, limit: 10) { id customer_email } }`,
  );
  bookings = d.bookings;
  expect(bookings.length).toBe(10);
}, 120_000);

afterEach(() => env.set({ INBOX_REQUIRE_SENDER_AUTH: undefined, INBOX_AUTHSERV_ID: undefined }));

afterAll(async () => {
  await backend?.close();
});

describe('INBOX_REQUIRE_SENDER_AUTH=true', () => {
  it('files a forged From without Authentication-Results as refused, with its bytes, and adds nothing to the guest', async () => {
    env.set({ INBOX_REQUIRE_SENDER_AUTH: 'true' });
    const b = freshBooking();
    const raw = mail(b, 'noauth', '', 'Please send the door code');
    const answer = await deliver(raw);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: 'refused' });
    expect(answer.body.reason).toMatch(/^unverified-sender: .*no Authentication-Results header/);
    const [row] = await filed(`<noauth-${b.id}@x>`);
    expect(row).toMatchObject({ status: 'refused', raw_encoding: 'utf8', raw, thread_id: null });
    expect(await threadsOf(b.id)).toEqual([]);
    // A retry of the same mail is answered as the duplicate of the refused one: still nothing threaded.
    expect((await deliver(raw)).body).toMatchObject({ status: 'duplicate', previous: 'refused' });
    expect(await threadsOf(b.id)).toEqual([]);
  });

  it('refuses passes for another domain, a forged header below the provider\'s, and other authserv-ids', async () => {
    env.set({ INBOX_REQUIRE_SENDER_AUTH: 'true' });
    const b = freshBooking();
    const attacks = [
      // DKIM and SPF pass, but for the attacker's own domain.
      'Authentication-Results: mx.provider.example; spf=pass smtp.mailfrom=evil@evil.example; dkim=pass header.d=evil.example\r\n',
      // The attacker's own "pass" header under the provider's "none".
      `Authentication-Results: mx.provider.example; spf=none; dkim=none\r\nAuthentication-Results: mx.provider.example; dmarc=pass header.from=${domain(b.customer_email)}\r\n`,
      // A pass in a comment is no pass.
      `Authentication-Results: mx.provider.example; dkim=none (dmarc=pass header.from=${domain(b.customer_email)})\r\n`,
      'Authentication-Results: mx.provider.example; dmarc=pass header.from=evil.example\r\n',
    ];
    for (const [i, headers] of attacks.entries()) {
      const answer = await deliver(mail(b, `attack${i}`, headers));
      expect(answer.body.status, headers).toBe('refused');
      expect(answer.body.reason, headers).toMatch(/^unverified-sender: /);
      expect((await filed(`<attack${i}-${b.id}@x>`))[0]?.status).toBe('refused');
    }
    env.set({ INBOX_AUTHSERV_ID: 'mx.provider.example' });
    const other = await deliver(mail(b, 'otherauthserv', `Authentication-Results: mx.evil.example; dmarc=pass header.from=${domain(b.customer_email)}\r\n`));
    expect(other.body.reason).toMatch(/no Authentication-Results from mx\.provider\.example/);
    expect(await threadsOf(b.id)).toEqual([]);
  });

  it('threads a mail the provider vouches for (dmarc, or aligned dkim or spf)', async () => {
    env.set({ INBOX_REQUIRE_SENDER_AUTH: 'true' });
    env.set({ INBOX_AUTHSERV_ID: 'mx.provider.example' });
    const b = freshBooking();
    const d = domain(b.customer_email);
    const first = await deliver(mail(b, 'dmarc', `Authentication-Results: mx.provider.example; spf=none; dmarc=pass (p=reject) header.from=${d}\r\n`, 'First'));
    expect(first.body.status).toBe('new_thread');
    const dkim = await deliver(mail(b, 'dkim', `Authentication-Results: mx.provider.example; dkim=pass header.d=${d} header.s=s1\r\n`, 'Second'));
    expect(dkim.body).toMatchObject({ status: 'threaded', threadId: first.body.threadId });
    const spf = await deliver(mail(b, 'spf', `Authentication-Results: mx.provider.example; spf=pass smtp.mailfrom=bounce@${d}\r\n`, 'Third'));
    expect(spf.body).toMatchObject({ status: 'threaded', threadId: first.body.threadId });
    expect((await threadsOf(b.id))[0].messages.map((m) => m.body)).toEqual(['First', 'Second', 'Third']);
  });

  it('still opens a new conversation for an unknown sender (nobody to impersonate)', async () => {
    env.set({ INBOX_REQUIRE_SENDER_AUTH: 'true' });
    const raw = `From: someone-new-${Date.now()}@unknown.example\r\nSubject: Free in May?\r\nMessage-ID: <unknown-sender@x>\r\n\r\nAre you free in May?\r\n`;
    expect((await deliver(raw)).body.status).toBe('new_thread');
  });
});

describe('INBOX_REQUIRE_SENDER_AUTH default', () => {
  it('is off in development (this backend), so a mail without the header is threaded', async () => {
    const b = freshBooking();
    expect((await deliver(mail(b, 'devdefault'))).body.status).toBe('new_thread');
  });
});

describe('byte-exact bodies for every content type', () => {
  // "Köszönöm, tündérszép ő ű" in ISO-8859-2 (ő = 0xf5, ű = 0xfb), 8-bit.
  const latin2 = (b: Booking, id: string) =>
    Buffer.concat([
      Buffer.from(`From: ${b.customer_email}\r\nSubject: SD-${b.id.slice(0, 8)}\r\nMessage-ID: <${id}-${b.id}@x>\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=iso-8859-2\r\nContent-Transfer-Encoding: 8bit\r\n\r\n`, 'latin1'),
      Buffer.from([0x4b, 0xf6, 0x73, 0x7a, 0xf6, 0x6e, 0xf6, 0x6d, 0x2c, 0x20, 0x74, 0xfc, 0x6e, 0x64, 0xe9, 0x72, 0x73, 0x7a, 0xe9, 0x70, 0x20, 0xf5, 0x20, 0xfb, 0x0d, 0x0a]),
    ]);

  for (const contentType of ['text/plain', 'text/plain; charset=utf-8', 'message/rfc822', 'application/octet-stream']) {
    it(`keeps ISO-8859-2 letters delivered as ${contentType}`, async () => {
      const b = freshBooking();
      const answer = await deliver(latin2(b, 'bytes'), contentType);
      expect(answer.body.status).toBe('new_thread');
      expect((await threadsOf(b.id))[0].messages.map((m) => m.body)).toEqual(['Köszönöm, tündérszép ő ű']);
    });
  }

  it('files a refused text/plain delivery with exactly the bytes sent', async () => {
    env.set({ INBOX_REQUIRE_SENDER_AUTH: 'true' });
    const b = freshBooking();
    const raw = latin2(b, 'refusedbytes');
    expect((await deliver(raw, 'text/plain')).body.status).toBe('refused');
    const [row] = await filed(`<refusedbytes-${b.id}@x>`);
    expect(row.raw_encoding).toBe('base64');
    expect(Buffer.from(row.raw!, 'base64').equals(raw)).toBe(true);
  });
});
