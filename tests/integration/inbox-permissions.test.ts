// Who may read and write the inbox, by real requests with each role's token on the seeded demo
// database: cleaners, owners, inspectors and contractors see no threads, messages, snippets or
// inbound e-mail at all; a manager sees only the conversations of what they manage and cannot
// write into others'; hidden columns (the e-mail Message-ID, author presets), wrong types, bad
// priorities, forged and missing tokens are refused.
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningBackend } from '../../backend/server';
import { startTestBackend } from '../helpers/backend';
import { EMPTY_FILTERS, threadsWhere } from '../../src/features/inbox/listQuery';
import { ACC, DEMO, makeClient, type Caller, type Client } from './permissionsClient';

let backend: RunningBackend;
let client: Client;
const as = (role: string, userId: string): Caller => ({ role, userId });
const communicator = as('communicator', DEMO.communicator);
const manager = as('manager', DEMO.manager);
const manager2 = as('manager', DEMO.manager2);

let threadVaci: string; // Váci Loft: manager@'s
let threadPalace: string; // Palace Quarter: manager2@'s

const code = (r: { errors?: { extensions: { code: string } }[] }) => r.errors?.[0]?.extensions.code;

beforeAll(async () => {
  backend = await startTestBackend({ applySeeds: true });
  client = makeClient(backend);
  const d = await client.data<{ v: { id: string }[]; p: { id: string }[] }>(
    'admin-secret',
    `{ v: threads(where: {thread_2_accommodations: {accommodation_id: {_eq: "${ACC.vaci}"}}}, limit: 1) { id }
       p: threads(where: {thread_2_accommodations: {accommodation_id: {_eq: "${ACC.palace}"}}}, limit: 1) { id } }`,
  );
  threadVaci = d.v[0].id;
  threadPalace = d.p[0].id;
}, 120_000);

afterAll(async () => {
  await backend?.close();
});

describe('inbox reads', () => {
  const outsiders = [as('cleaner', DEMO.cleaner), as('owner', DEMO.owner), as('inspector', DEMO.inspector), as('contractor', DEMO.contractor), as('user', DEMO.owner), 'public' as const];
  for (const who of outsiders) {
    it(`${typeof who === 'string' ? who : who.role} cannot read threads, messages, links, snippets or inbound e-mail`, async () => {
      for (const q of ['{ threads { id } }', '{ messages { id body } }', '{ thread_2_bookings { booking_id } }', '{ snippets { id } }', '{ inbound_emails { id raw } }', '{ messages_aggregate { aggregate { count } } }']) {
        expect(code(await client.gql(who, q)), q).toBe('validation-failed');
      }
      // Not through a relationship either: the booking a cleaner or owner reads does not lead to its thread.
      expect(code(await client.gql(who, '{ bookings { thread_2_bookings { thread { messages { body } } } } }'))).toBe('validation-failed');
    });
  }

  it('a manager reads the conversations of managed accommodations only, messages included', async () => {
    const all = await client.data<{ threads_aggregate: { aggregate: { count: number } } }>('admin-secret', '{ threads_aggregate { aggregate { count } } }');
    const mine = await client.data<{ threads: { id: string; thread_2_accommodations: { accommodation_id: string }[] }[] }>(manager, '{ threads { id thread_2_accommodations { accommodation_id } } }');
    expect(mine.threads.length).toBeGreaterThan(0);
    expect(mine.threads.length).toBeLessThan(all.threads_aggregate.aggregate.count);
    for (const t of mine.threads) expect(t.thread_2_accommodations.map((a) => a.accommodation_id).every((a) => [ACC.vaci, ACC.andrassy, ACC.kiraly].includes(a as never))).toBe(true);
    expect((await client.data<{ threads_by_pk: null }>(manager, `{ threads_by_pk(id: "${threadPalace}") { id } }`)).threads_by_pk).toBeNull();
    expect((await client.data<{ messages: unknown[] }>(manager, `{ messages(where: {thread_id: {_eq: "${threadPalace}"}}) { id } }`)).messages).toEqual([]);
    expect((await client.data<{ messages: unknown[] }>(manager2, `{ messages(where: {thread_id: {_eq: "${threadPalace}"}}) { id } }`)).messages.length).toBeGreaterThan(0);
    // Managers read no inbound e-mail log (it holds every sender's raw mail).
    expect(code(await client.gql(manager, '{ inbound_emails { id } }'))).toBe('validation-failed');
  });

  it('hidden columns stay hidden from every role: the e-mail Message-ID of messages', async () => {
    for (const who of [communicator, as('member', DEMO.member), manager]) {
      expect(code(await client.gql(who, '{ messages(limit: 1) { email_message_id } }'))).toBe('validation-failed');
      expect(code(await client.gql(who, '{ messages(where: {email_message_id: {_is_null: false}}) { id } }'))).toBe('validation-failed');
    }
  });
});

describe('inbox search', () => {
  // As the list sends it (threadsWhere): one ILIKE on threads.search_text, the guest's name,
  // subject and address joined by newlines (migration 1795400001000).
  const found = async (who: Caller, search: string) =>
    (await client.data<{ threads: { id: string }[] }>(who, `query ($w: threads_bool_exp!) { threads(where: $w) { id } }`, { w: threadsWhere({ ...EMPTY_FILTERS, search }, null) })).threads.map((t) => t.id);
  const PARKING = '90000000-0000-4000-a000-000000000001'; // Sophie Martin, "Question about parking", Váci Loft

  it('finds the words in the guest’s name, the subject or the address, in any case, never across two of them', async () => {
    for (const words of ['parking', 'SOPHIE mar', 'sophie.martin@example', 'Question about']) expect(await found(communicator, words), words).toContain(PARKING);
    expect(await found(communicator, 'Martin Question')).not.toContain(PARKING);
    expect(await found(communicator, '%')).not.toContain(PARKING); // a typed % is a character, not a wildcard
  });

  it('a manager’s search stays within what they manage; the column is no way around it for other roles', async () => {
    expect(await found(manager, 'parking')).toContain(PARKING);
    expect(await found(manager2, 'parking')).not.toContain(PARKING);
    expect(code(await client.gql(as('cleaner', DEMO.cleaner), '{ threads(where: {search_text: {_ilike: "%a%"}}) { id } }'))).toBe('validation-failed');
  });
});

describe('inbox writes', () => {
  it('the author is preset from the token and e-mail columns cannot be forged', async () => {
    const r = await client.data<{ insert_messages_one: { author_user_id: string } }>(communicator, `mutation { insert_messages_one(object: {thread_id: "${threadVaci}", direction: internal, body: "note"}) { author_user_id } }`);
    expect(r.insert_messages_one.author_user_id).toBe(DEMO.communicator);
    expect(code(await client.gql(communicator, `mutation { insert_messages_one(object: {thread_id: "${threadVaci}", direction: internal, body: "x", author_user_id: "${DEMO.manager}"}) { id } }`))).toBe('validation-failed');
    // Setting a Message-ID would let a staff member hijack where a guest's e-mail answer lands.
    expect(code(await client.gql(communicator, `mutation { insert_messages_one(object: {thread_id: "${threadVaci}", direction: outgoing, body: "x", email_message_id: "<forged@x>"}) { id } }`))).toBe('validation-failed');
    expect(code(await client.gql(communicator, `mutation { insert_messages_one(object: {thread_id: "${threadVaci}", direction: outgoing, body: "x", email_sent_at: "2026-01-01T00:00:00Z"}) { id } }`))).toBe('validation-failed');
    expect(code(await client.gql(communicator, `mutation { update_messages(where: {}, _set: {body: "rewritten"}) { affected_rows } }`))).toBe('validation-failed');
    expect(code(await client.gql(communicator, `mutation { insert_inbound_emails_one(object: {status: threaded}) { id } }`))).toBe('validation-failed');
  });

  it('staff cannot post a message as the guest, nor date one: guests write only from the journey page and by e-mail', async () => {
    for (const who of [communicator, as('member', DEMO.member), manager]) {
      const forged = await client.gql(who, `mutation { insert_messages_one(object: {thread_id: "${threadVaci}", direction: incoming, sender_name: "The Guest", body: "Please send the door code to evil@example.com"}) { id } }`);
      expect(code(forged)).toBe('permission-error');
      expect(code(await client.gql(who, `mutation { insert_messages_one(object: {thread_id: "${threadVaci}", direction: outgoing, body: "x", sent_at: "2020-01-01T00:00:00Z"}) { id } }`))).toBe('validation-failed');
    }
    const kept = await client.data<{ messages: unknown[] }>('admin-secret', `{ messages(where: {body: {_eq: "Please send the door code to evil@example.com"}}) { id } }`);
    expect(kept.messages).toEqual([]);
  });

  it('office staff retitle a conversation and flag it, but cannot move its id, guest address, channel key or last activity', async () => {
    const { threads_by_pk: before } = await client.data<{ threads_by_pk: { subject: string; is_starred: boolean } }>('admin-secret', `{ threads_by_pk(id: "${threadVaci}") { subject is_starred } }`);
    for (const who of [communicator, as('member', DEMO.member)]) {
      for (const set of [`{id: "90000000-0000-4000-a000-0000000000ff"}`, `{guest_email: "me@evil.example"}`, `{external_id: "<hijack@x>"}`, `{channel: airbnb}`, `{last_message_at: "2030-01-01T00:00:00Z"}`]) {
        expect(code(await client.gql(who, `mutation { update_threads_by_pk(pk_columns: {id: "${threadVaci}"}, _set: ${set}) { id } }`)), set).toBe('validation-failed');
      }
      const retitled = await client.data<{ update_threads_by_pk: { subject: string } }>(who, `mutation { update_threads_by_pk(pk_columns: {id: "${threadVaci}"}, _set: {subject: "Parking, answered", is_starred: true}) { subject } }`);
      expect(retitled.update_threads_by_pk.subject).toBe('Parking, answered');
    }
    await client.data('admin-secret', `mutation { update_threads_by_pk(pk_columns: {id: "${threadVaci}"}, _set: {subject: "${before.subject}", is_starred: ${before.is_starred}}) { id } }`);
  });

  it('a manager writes and flags only in managed conversations', async () => {
    expect((await client.gql(manager, `mutation { insert_messages_one(object: {thread_id: "${threadVaci}", direction: outgoing, body: "See you"}) { id } }`)).errors).toBeUndefined();
    expect(code(await client.gql(manager, `mutation { insert_messages_one(object: {thread_id: "${threadPalace}", direction: outgoing, body: "Hi"}) { id } }`))).toBe('permission-error');
    const other = await client.data<{ update_threads_by_pk: null }>(manager, `mutation { update_threads_by_pk(pk_columns: {id: "${threadPalace}"}, _set: {is_starred: true}) { id } }`);
    expect(other.update_threads_by_pk).toBeNull();
    expect((await client.data<{ update_threads_by_pk: { priority: number } }>(manager, `mutation { update_threads_by_pk(pk_columns: {id: "${threadVaci}"}, _set: {priority: 2}) { priority } }`)).update_threads_by_pk.priority).toBe(2);
    // Managers may not retitle a thread or move its guest address.
    expect(code(await client.gql(manager, `mutation { update_threads_by_pk(pk_columns: {id: "${threadVaci}"}, _set: {guest_email: "me@evil.example"}) { id } }`))).toBe('validation-failed');
    expect(code(await client.gql(manager, `mutation { delete_threads(where: {}) { affected_rows } }`))).toBe('validation-failed');
    expect(code(await client.gql(communicator, `mutation { delete_threads(where: {}) { affected_rows } }`))).toBe('validation-failed');
  });

  it('wrong types and values are refused: priority outside 0-2 or not a number, unknown direction, empty or huge body', async () => {
    expect(code(await client.gql(communicator, `mutation { update_threads_by_pk(pk_columns: {id: "${threadVaci}"}, _set: {priority: 3}) { id } }`))).toBe('constraint-violation');
    expect(code(await client.gql(communicator, `mutation { update_threads_by_pk(pk_columns: {id: "${threadVaci}"}, _set: {priority: "high"}) { id } }`))).toMatch(/^(validation-failed|data-exception)$/);
    expect(code(await client.gql(communicator, 'mutation ($p: smallint) { update_threads(where: {}, _set: {priority: $p}) { affected_rows } }', { p: 'high' }))).toMatch(/^(validation-failed|data-exception)$/);
    expect(code(await client.gql(communicator, `mutation { insert_messages_one(object: {thread_id: "${threadVaci}", direction: sideways, body: "x"}) { id } }`))).toBe('validation-failed');
    expect(code(await client.gql(communicator, `mutation { insert_messages_one(object: {thread_id: "${threadVaci}", direction: outgoing, body: "   "}) { id } }`))).toBe('constraint-violation');
    expect(code(await client.gql(communicator, 'mutation ($b: String!, $t: uuid!) { insert_messages_one(object: {thread_id: $t, direction: outgoing, body: $b}) { id } }', { t: threadVaci, b: 'x'.repeat(50_001) }))).toBe('constraint-violation');
    expect(code(await client.gql(communicator, 'mutation ($t: uuid!) { insert_messages_one(object: {thread_id: $t, direction: outgoing, body: "x"}) { id } }', { t: 'not-a-uuid' }))).toMatch(/^(validation-failed|data-exception)$/);
  });

  it('snippets: office staff write, managers only read, a name is unique per language', async () => {
    const made = await client.data<{ insert_snippets_one: { id: string } }>(communicator, 'mutation { insert_snippets_one(object: {name: "Late arrival", language: "en", body: "Hi {{guest.firstName}}"}) { id } }');
    expect(code(await client.gql(communicator, 'mutation { insert_snippets_one(object: {name: "Late arrival", language: "en", body: "again"}) { id } }'))).toBe('constraint-violation');
    expect(code(await client.gql(communicator, 'mutation { insert_snippets_one(object: {name: "Bad language", language: "xx", body: "x"}) { id } }'))).toBe('constraint-violation');
    expect(code(await client.gql(manager, 'mutation { insert_snippets_one(object: {name: "Manager snippet", language: "en", body: "x"}) { id } }'))).toBe('validation-failed');
    expect(code(await client.gql(manager, `mutation { delete_snippets_by_pk(id: "${made.insert_snippets_one.id}") { id } }`))).toBe('validation-failed');
    expect((await client.data<{ snippets: unknown[] }>(manager, '{ snippets { id } }')).snippets.length).toBeGreaterThan(0);
  });

  it('snippets: the database holds the form\'s lengths (name 100, category 50, body 5000) against requests past the form', async () => {
    const insert = (o: Record<string, unknown>) => client.gql(communicator, 'mutation($o: snippets_insert_input!) { insert_snippets_one(object: $o) { id } }', { o: { language: 'hu', ...o } });
    expect(code(await insert({ name: 'Long body', body: 'x'.repeat(5001) }))).toBe('constraint-violation');
    expect(code(await insert({ name: 'Huge body', body: 'x'.repeat(100_000) }))).toBe('constraint-violation');
    expect(code(await insert({ name: 'n'.repeat(101), body: 'x' }))).toBe('constraint-violation');
    expect(code(await insert({ name: 'Long category', category: 'c'.repeat(51), body: 'x' }))).toBe('constraint-violation');
    const made = await client.data<{ insert_snippets_one: { id: string } }>(communicator, 'mutation($o: snippets_insert_input!) { insert_snippets_one(object: $o) { id } }', { o: { language: 'hu', name: 'n'.repeat(100), category: 'c'.repeat(50), body: 'é'.repeat(5000) } });
    // An update is checked too: a stored snippet cannot grow past the limit afterwards.
    expect(code(await client.gql(communicator, 'mutation($id: uuid!, $b: String!) { update_snippets_by_pk(pk_columns: {id: $id}, _set: {body: $b}) { id } }', { id: made.insert_snippets_one.id, b: 'y'.repeat(5001) }))).toBe('constraint-violation');
    const kept = await client.data<{ snippets_by_pk: { body: string } }>(communicator, 'query($id: uuid!) { snippets_by_pk(id: $id) { body } }', { id: made.insert_snippets_one.id });
    expect(kept.snippets_by_pk.body).toBe('é'.repeat(5000));
  });
});

describe('tokens', () => {
  const post = (headers: Record<string, string>) =>
    fetch(`${backend.url}/v1/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ query: '{ threads(limit: 1) { id guest_email } }' }) }).then(async (r) => ({ status: r.status, body: (await r.json()) as { data?: unknown; errors?: { extensions: { code: string } }[] } }));

  it('a token signed with another key, an expired token, a tampered role and no token all get no threads', async () => {
    const claims = { 'https://hasura.io/jwt/claims': { 'x-hasura-allowed-roles': ['communicator'], 'x-hasura-default-role': 'communicator', 'x-hasura-user-id': DEMO.communicator }, sub: DEMO.communicator };
    const forged = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime('10m').sign(new TextEncoder().encode('x'.repeat(64)));
    const forgedRes = await post({ authorization: `Bearer ${forged}` });
    expect(forgedRes.body.data).toBeUndefined();
    expect(forgedRes.body.errors?.[0].extensions.code).toMatch(/invalid-jwt|jwt-invalid/);

    const expired = await backend.ctx.jwt.sign(claims, -60);
    expect((await post({ authorization: `Bearer ${expired}` })).body.errors?.[0].extensions.code).toMatch(/invalid-jwt|jwt-expired/);

    // A cleaner's real token asking for the communicator role it does not hold.
    const cleaner = await backend.ctx.jwt.sign({ 'https://hasura.io/jwt/claims': { 'x-hasura-allowed-roles': ['cleaner'], 'x-hasura-default-role': 'cleaner', 'x-hasura-user-id': DEMO.cleaner }, sub: DEMO.cleaner }, 600);
    const tampered = await post({ authorization: `Bearer ${cleaner}`, 'x-hasura-role': 'communicator' });
    expect(tampered.body.data).toBeUndefined();
    expect(tampered.body.errors?.[0].extensions.code).toBe('access-denied');

    expect((await post({})).body.errors?.[0].extensions.code).toBe('validation-failed');
    expect((await post({ 'x-hasura-role': 'communicator' })).body.errors?.[0].extensions.code).toBe('validation-failed');
  });
});
