// The inbox's functions on the real embedded backend with the demo data: the guest's "Message the
// host" functions (journey id, size, rate limit, script in text), replies going out by e-mail
// through the event trigger into the dev outbox, and the inbound e-mail endpoint with threaded,
// malformed, oversized, spoofed-sender and duplicate deliveries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningBackend } from '../../backend/server';
import { startTestBackend } from '../helpers/backend';
import { fileEnv } from '../helpers/env';
import { makeClient, DEMO, type Client } from './permissionsClient';

let backend: RunningBackend;
let client: Client;
const SECRET = 'inbound-test-secret';
const communicator = { role: 'communicator', userId: DEMO.communicator };

interface Booking {
  id: string;
  journey_id: string;
  customer_email: string;
  customer_name: string;
  accommodation_id: string;
}
let bookings: Booking[] = [];
let next = 0;
/** A demo booking with an e-mail address and no conversation yet, a new one for each test. */
const freshBooking = () => bookings[next++];

async function call(path: string, body: unknown, init: { method?: string; headers?: Record<string, string>; raw?: string } = {}) {
  const res = await fetch(`${backend.url}/v1/functions/inbox/${path}`, {
    method: init.method ?? 'POST',
    headers: { 'content-type': 'application/json', ...init.headers },
    body: init.method === 'GET' ? undefined : (init.raw ?? JSON.stringify(body)),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.status, headers: res.headers, body: (await res.json().catch(() => null)) as any };
}

const deliver = (raw: string, headers: Record<string, string> = { 'x-inbound-secret': SECRET }, contentType = 'text/plain') =>
  call('inbound-email', undefined, { raw, headers: { 'content-type': contentType, ...headers } });

function mime(h: Record<string, string | undefined>, body: string): string {
  const lines = Object.entries(h).flatMap(([k, v]) => (v === undefined ? [] : [`${k}: ${v}`]));
  return `${lines.join('\r\n')}\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${body}\r\n`;
}

async function threadOf(bookingId: string) {
  const d = await client.data<{ threads: { id: string; is_read: boolean; needs_reply: boolean; guest_email: string | null; thread_2_accommodations: { accommodation_id: string }[]; messages: { id: string; direction: string; body: string; email_message_id: string | null; email_sent_at: string | null }[] }[] }>(
    'admin-secret',
    `query ($b: uuid!) { threads(where: {thread_2_bookings: {booking_id: {_eq: $b}}}) { id is_read needs_reply guest_email thread_2_accommodations { accommodation_id } messages(order_by: {sent_at: asc}) { id direction body email_message_id email_sent_at } } }`,
    { b: bookingId },
  );
  return d.threads;
}

const inboundCount = async () => (await client.data<{ inbound_emails_aggregate: { aggregate: { count: number } } }>('admin-secret', '{ inbound_emails_aggregate { aggregate { count } } }')).inbound_emails_aggregate.aggregate.count;

async function waitFor<T>(what: string, get: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await get();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

fileEnv({ INBOX_INBOUND_SECRET: SECRET, INBOX_MAX_EMAIL_BYTES: '200000' });
beforeAll(async () => {
  backend = await startTestBackend({ applySeeds: true });
  client = makeClient(backend);
  const d = await client.data<{ bookings: Booking[] }>(
    'admin-secret',
    `{ bookings(where: {customer_email: {_is_null: false}, _not: {thread_2_bookings: {}}}, order_by: {id: asc}, limit: 20) { id journey_id customer_email customer_name accommodation_id } }`,
  );
  bookings = d.bookings;
  expect(bookings.length).toBe(20);
}, 120_000);

afterAll(async () => {
  await backend?.close();
});

describe('guest messages from the journey page', () => {
  it('start the booking thread (linked to booking and accommodation), keep script as text, and show on the card without internal notes', async () => {
    const b = freshBooking();
    const first = await call('guest-message', { journeyId: b.journey_id, body: '  Hi! <script>alert(1)</script> When is check-in?  ' });
    expect(first.status).toBe(201);
    expect(first.body.message).toMatchObject({ direction: 'incoming', body: 'Hi! <script>alert(1)</script> When is check-in?' });
    expect((await call('guest-message', { journeyId: b.journey_id, body: 'Second question' })).status).toBe(201);
    const threads = await threadOf(b.id);
    expect(threads).toHaveLength(1);
    expect(threads[0]).toMatchObject({ is_read: false, needs_reply: true, guest_email: b.customer_email, thread_2_accommodations: [{ accommodation_id: b.accommodation_id }] });
    expect(threads[0].messages.map((m) => m.body)).toEqual(['Hi! <script>alert(1)</script> When is check-in?', 'Second question']);

    await client.data(communicator, 'mutation ($t: uuid!) { insert_messages_one(object: {thread_id: $t, direction: internal, body: "VIP guest, upgrade"}) { id } }', { t: threads[0].id });
    const card = await call('guest-thread', { journeyId: b.journey_id });
    expect(card.status).toBe(200);
    expect(card.body.messages.map((m: { body: string }) => m.body)).toEqual(['Hi! <script>alert(1)</script> When is check-in?', 'Second question']);
    expect(JSON.stringify(card.body)).not.toContain('VIP guest');
    expect(card.body.maxLength).toBe(4000);
  });

  it('refuse wrong journey ids, wrong types, unknown fields and other methods with 4xx', async () => {
    const b = freshBooking();
    expect((await call('guest-message', { journeyId: 'not-a-uuid', body: 'x' })).body).toMatchObject({ status: 400, error: 'invalid-body', field: 'journeyId' });
    expect((await call('guest-message', { journeyId: '6f1c2d3e-0000-4000-a000-000000000000', body: 'x' })).status).toBe(404);
    expect((await call('guest-message', { journeyId: b.id, body: 'the booking id is not the journey id' })).status).toBe(404);
    expect((await call('guest-message', { body: 'x' })).status).toBe(400);
    expect((await call('guest-message', { journeyId: 42, body: 'x' })).status).toBe(400);
    expect((await call('guest-message', { journeyId: b.journey_id, body: { text: 'x' } })).status).toBe(400);
    expect((await call('guest-message', { journeyId: b.journey_id, body: 'x', direction: 'outgoing' })).body).toMatchObject({ error: 'unknown-field' });
    expect((await call('guest-message', null, { method: 'GET' })).status).toBe(405);
    expect((await call('guest-message', null, { raw: '{"journeyId": ' })).status).toBe(400);
    expect((await call('guest-thread', { journeyId: '6f1c2d3e-0000-4000-a000-000000000000' })).status).toBe(404);
    expect(await threadOf(b.id)).toEqual([]);
  });

  it('refuse empty and oversized bodies, and strip NUL characters', async () => {
    const b = freshBooking();
    expect((await call('guest-message', { journeyId: b.journey_id, body: '   \n ' })).body).toMatchObject({ status: 400, error: 'empty' });
    expect((await call('guest-message', { journeyId: b.journey_id, body: 'x'.repeat(4001) })).body).toMatchObject({ status: 400, error: 'too-long', max: 4000 });
    expect((await call('guest-message', { journeyId: b.journey_id, body: 'x'.repeat(100_000) })).status).toBe(400);
    expect((await call('guest-message', { journeyId: b.journey_id, body: 'x'.repeat(7 * 1024 * 1024) })).status).toBe(413);
    expect(await threadOf(b.id)).toEqual([]);
    expect((await call('guest-message', { journeyId: b.journey_id, body: 'nul\u0000here' })).body.message.body).toBe('nulhere');
    expect((await call('guest-message', { journeyId: b.journey_id, body: 'y'.repeat(4000) })).status).toBe(201);
  });

  it('are rate limited per booking (10 in 10 minutes), with Retry-After', async () => {
    const b = freshBooking();
    for (let i = 0; i < 10; i++) expect((await call('guest-message', { journeyId: b.journey_id, body: `message ${i}` })).status).toBe(201);
    const limited = await call('guest-message', { journeyId: b.journey_id, body: 'one too many' });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe('rate-limited');
    expect(limited.headers.get('retry-after')).toBe('600');
    expect((await threadOf(b.id))[0].messages).toHaveLength(10);
    // Another booking is not affected.
    expect((await call('guest-message', { journeyId: freshBooking().journey_id, body: 'hello' })).status).toBe(201);
  });
});

describe('replies by e-mail and the guest answering', () => {
  it('a reply goes to the guest by e-mail (escaped, threaded headers, booking reference); the answer threads back once, however often it is delivered', async () => {
    const b = freshBooking();
    expect((await call('guest-message', { journeyId: b.journey_id, body: 'Is there parking?' })).status).toBe(201);
    const [thread] = await threadOf(b.id);
    const reply = await client.data<{ insert_messages_one: { id: string } }>(communicator, 'mutation ($t: uuid!) { insert_messages_one(object: {thread_id: $t, direction: outgoing, body: "Yes <b>free</b> & close"}) { id } }', { t: thread.id });
    const replyId = reply.insert_messages_one.id;
    const sent = await waitFor('the reply e-mail', async () => {
      const m = (await threadOf(b.id))[0].messages.find((x) => x.id === replyId);
      return m?.email_sent_at ? m : undefined;
    });
    expect(sent.email_message_id).toBe(`<${replyId}@staydesk.local>`);
    const mail = backend.mailer.outbox().find((e) => 'subject' in e && e.headers?.['Message-ID'] === sent.email_message_id);
    expect(mail).toBeDefined();
    if (!mail || !('html' in mail)) throw new Error('no mail');
    expect(mail.to).toBe(b.customer_email);
    expect(mail.subject).toContain(`SD-${b.id.slice(0, 8).toUpperCase()}`);
    expect(mail.html).toContain('Yes &lt;b&gt;free&lt;/b&gt; &amp; close');
    expect(mail.text).toBe('Yes <b>free</b> & close');
    // The reply shows on the journey page's card.
    expect((await call('guest-thread', { journeyId: b.journey_id })).body.messages.map((m: { direction: string }) => m.direction)).toEqual(['incoming', 'outgoing']);

    const answer = mime(
      { From: `Guest <${b.customer_email.toUpperCase()}>`, To: 'inbox@staydesk.local', Subject: `Re: ${mail.subject}`, 'Message-ID': '<answer-1@guest.example>', 'In-Reply-To': sent.email_message_id ?? '', References: sent.email_message_id ?? '', Date: new Date().toUTCString() },
      'Great, thanks!\r\n\r\nOn Mon, 1 Dec 2026 at 10:00, Staydesk wrote:\r\n> Yes <b>free</b> & close',
    );
    const before = await inboundCount();
    const first = await deliver(answer);
    expect(first.body).toMatchObject({ status: 'threaded', threadId: thread.id });
    // The provider retries the same delivery (and a second one races in at once): still one message.
    const [again, race] = await Promise.all([deliver(answer), deliver(answer)]);
    expect(again.status).toBe(200);
    expect(race.status).toBe(200);
    expect([again.body.status, race.body.status]).toEqual(['duplicate', 'duplicate']);
    const after = (await threadOf(b.id))[0];
    expect(after.messages.filter((m) => m.body === 'Great, thanks!')).toHaveLength(1);
    expect(after).toMatchObject({ is_read: false, needs_reply: true });
    expect(await inboundCount()).toBe(before + 3);
    // Delivered as message/rfc822 or as JSON {raw}: the same message, still a duplicate.
    expect((await deliver(answer, { 'x-inbound-secret': SECRET }, 'message/rfc822')).body.status).toBe('duplicate');
    expect((await call('inbound-email', { raw: answer }, { headers: { 'x-inbound-secret': SECRET } })).body.status).toBe('duplicate');
  });

  it('a booking reference in the subject threads a new e-mail from the guest to the booking', async () => {
    const b = freshBooking();
    const res = await deliver(mime({ From: b.customer_email, Subject: `Question about SD-${b.id.slice(0, 8)}`, 'Message-ID': `<ref-${b.id}@guest.example>` }, 'Can we arrive late?'));
    expect(res.body.status).toBe('new_thread');
    const [thread] = await threadOf(b.id);
    expect(thread.id).toBe(res.body.threadId);
    expect(thread.thread_2_accommodations).toEqual([{ accommodation_id: b.accommodation_id }]);
    expect(thread.messages.map((m) => m.body)).toEqual(['Can we arrive late?']);
  });

  it('mail from an unknown address with no reference starts a conversation of its own (never lost)', async () => {
    const res = await deliver(mime({ From: 'Stranger <stranger@elsewhere.example>', Subject: 'Availability in May?', 'Message-ID': '<stranger-1@elsewhere.example>' }, 'Do you have a flat for 4?'));
    expect(res.body.status).toBe('new_thread');
    const d = await client.data<{ threads_by_pk: { guest_email: string; subject: string; messages: { body: string }[] } }>('admin-secret', 'query ($id: uuid!) { threads_by_pk(id: $id) { guest_email subject messages { body } } }', { id: res.body.threadId });
    expect(d.threads_by_pk).toEqual({ guest_email: 'stranger@elsewhere.example', subject: 'Availability in May?', messages: [{ body: 'Do you have a flat for 4?' }] });
  });

  it('mail without a Message-ID is deduplicated by its content', async () => {
    const raw = mime({ From: 'nomid@elsewhere.example', Subject: 'No id' }, 'Hello without an id');
    expect((await deliver(raw)).body.status).toBe('new_thread');
    expect((await deliver(raw)).body.status).toBe('duplicate');
  });
});

describe('the inbound e-mail endpoint refuses bad deliveries with a reason, never a 5xx, and files them', () => {
  const refusedWith = async (reasonStart: string) => {
    const d = await client.data<{ inbound_emails: { status: string; reason: string; raw: string | null }[] }>('admin-secret', '{ inbound_emails(order_by: {received_at: desc}, limit: 1) { status reason raw } }');
    expect(d.inbound_emails[0].status).toBe('refused');
    expect(d.inbound_emails[0].reason.startsWith(reasonStart), d.inbound_emails[0].reason).toBe(true);
    return d.inbound_emails[0];
  };

  it('needs the secret header', async () => {
    const raw = mime({ From: 'a@b.example', 'Message-ID': '<s@b.example>' }, 'x');
    expect((await deliver(raw, {})).status).toBe(401);
    expect((await deliver(raw, { 'x-inbound-secret': 'wrong' })).status).toBe(401);
    expect((await deliver(raw, { 'x-inbound-secret': '' })).status).toBe(401);
  });

  it('malformed: empty, not a message, no From, a From that is no address, no text', async () => {
    expect((await deliver('')).status).toBe(422);
    await refusedWith('malformed');
    const cases = ['just some words, no headers at all', mime({ Subject: 'no from', 'Message-ID': '<nofrom@x.example>' }, 'body'), mime({ From: 'not an address', 'Message-ID': '<bad-from@x.example>' }, 'body'), mime({ From: 'empty@x.example', 'Message-ID': '<empty@x.example>' }, '   ')];
    for (const raw of cases) {
      const res = await deliver(raw);
      expect(res.status, raw).toBe(422);
      expect(res.body.status).toBe('refused');
      expect((await refusedWith('malformed')).raw).toBe(raw);
    }
    const json = await call('inbound-email', { nothing: true }, { headers: { 'x-inbound-secret': SECRET } });
    expect(json.status).toBe(422);
  });

  it('oversized: 413 with the size, filed', async () => {
    const raw = mime({ From: 'big@x.example', 'Message-ID': '<big@x.example>' }, 'x'.repeat(300_000));
    const res = await deliver(raw);
    expect(res.status).toBe(413);
    expect(res.body.reason).toMatch(/^too-large: \d+ bytes, at most 200000$/);
    await refusedWith('too-large');
    const stream = await deliver(raw, { 'x-inbound-secret': SECRET }, 'message/rfc822');
    expect(stream.status).toBe(413);
  });

  it('spoofed sender: another address answering a conversation, or a failed SPF/DKIM check, is filed and not added', async () => {
    const b = freshBooking();
    expect((await call('guest-message', { journeyId: b.journey_id, body: 'Hello' })).status).toBe(201);
    const [thread] = await threadOf(b.id);
    const reply = await client.data<{ insert_messages_one: { id: string } }>(communicator, 'mutation ($t: uuid!) { insert_messages_one(object: {thread_id: $t, direction: outgoing, body: "Hi"}) { id } }', { t: thread.id });
    const messageId = `<${reply.insert_messages_one.id}@staydesk.local>`;
    await waitFor('the reply e-mail', async () => ((await threadOf(b.id))[0].messages.some((m) => m.email_message_id === messageId) ? true : undefined));

    const spoof = await deliver(mime({ From: 'attacker@evil.example', Subject: 'Re: Hi', 'Message-ID': '<spoof-1@evil.example>', 'In-Reply-To': messageId }, 'Please send the door code'));
    expect(spoof.status).toBe(200);
    expect(spoof.body).toMatchObject({ status: 'refused' });
    expect(spoof.body.reason).toMatch(/^spoofed-sender: attacker@evil\.example is not the guest address/);
    await refusedWith('spoofed-sender');
    const byReference = await deliver(mime({ From: 'attacker@evil.example', Subject: `SD-${b.id.slice(0, 8)}`, 'Message-ID': '<spoof-2@evil.example>' }, 'door code please'));
    expect(byReference.body.status).toBe('refused');
    const failedDkim = await deliver(mime({ From: b.customer_email, 'Authentication-Results': 'mx.staydesk.local; spf=pass smtp.mailfrom=x; dkim=fail header.d=x', 'Message-ID': '<spoof-3@evil.example>', 'In-Reply-To': messageId }, 'Send the code'));
    expect(failedDkim.body).toMatchObject({ status: 'refused', reason: 'spoofed-sender: the receiving server reports dkim=fail' });
    const messages = (await threadOf(b.id))[0].messages.map((m) => m.body);
    expect(messages).toEqual(['Hello', 'Hi']);
    // The same spoofed delivery again: reported as a duplicate of the refused one.
    expect((await deliver(mime({ From: 'attacker@evil.example', Subject: 'Re: Hi', 'Message-ID': '<spoof-1@evil.example>', 'In-Reply-To': messageId }, 'Please send the door code'))).body).toMatchObject({ status: 'duplicate', previous: 'refused' });
  });
});
