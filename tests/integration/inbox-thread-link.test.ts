// Linking a conversation to a booking by hand (the thread view's "link to a booking" screen), by
// real requests with each role's token and the app's own operations: office staff link and unlink
// any thread; a property manager only a thread they see to a booking of theirs (another manager's
// booking or thread, or an unlinked e-mail thread, is refused and nothing is written); other roles
// cannot link at all; wrong types are refused; one thread per booking and one booking per thread
// hold, with the violation mapped to a translated message, and the request's other half rolled back.
import { print } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningBackend } from '../../backend/server';
import { uniquenessViolation } from '../../src/domain/uniqueness';
import { LinkThreadBookingDocument } from '../../src/features/inbox/graphql/linkThreadBooking.generated';
import { UnlinkThreadBookingDocument } from '../../src/features/inbox/graphql/unlinkThreadBooking.generated';
import { LinkableBookingsDocument } from '../../src/features/inbox/graphql/linkableBookings.generated';
import en from '../../public/locales/en/inbox.json';
import hu from '../../public/locales/hu/inbox.json';
import { startTestBackend } from '../helpers/backend';
import { ACC, DEMO, makeClient, type Caller, type Client, type GqlResult } from './permissionsClient';

let backend: RunningBackend;
let client: Client;
const as = (role: string, userId: string): Caller => ({ role, userId });
const communicator = as('communicator', DEMO.communicator);
const member = as('member', DEMO.member);
const manager = as('manager', DEMO.manager); // Váci Loft, Andrássy, Király
const LINK = print(LinkThreadBookingDocument);
const UNLINK = print(UnlinkThreadBookingDocument);

const code = (r: GqlResult) => r.errors?.[0]?.extensions.code;
let unlinked: string; // an e-mail thread with no links
let vaciThread: string; // linked to Váci Loft only (manager@'s)
let palaceThread: string; // linked to Palace Quarter only (manager2@'s)
let vaciBookings: string[]; // Váci Loft bookings without a conversation
let palaceBooking: string;
let bookingWithThread: { id: string; thread: string };

async function newThread(subject: string, accommodationId?: string): Promise<string> {
  const d = await client.data<{ insert_threads_one: { id: string } }>(
    'admin-secret',
    `mutation ($o: threads_insert_input!) { insert_threads_one(object: $o) { id } }`,
    { o: { subject, channel: 'other', guest_email: `${subject.replace(/\W/g, '').toLowerCase()}@example.test`, ...(accommodationId ? { thread_2_accommodations: { data: [{ accommodation_id: accommodationId }] } } : {}) } },
  );
  return d.insert_threads_one.id;
}

async function linksOf(threadId: string) {
  const d = await client.data<{ threads_by_pk: { thread_2_bookings: { booking_id: string }[]; thread_2_accommodations: { accommodation_id: string }[] } }>(
    'admin-secret',
    `query ($t: uuid!) { threads_by_pk(id: $t) { thread_2_bookings { booking_id } thread_2_accommodations(order_by: {accommodation_id: asc}) { accommodation_id } } }`,
    { t: threadId },
  );
  return { bookings: d.threads_by_pk.thread_2_bookings.map((l) => l.booking_id), accommodations: d.threads_by_pk.thread_2_accommodations.map((l) => l.accommodation_id) };
}

const link = (who: Caller, threadId: string, bookingId: string, accommodationIds: string[]) =>
  client.gql(who, LINK, { threadId, bookingId, accommodations: accommodationIds.map((a) => ({ thread_id: threadId, accommodation_id: a })) });

beforeAll(async () => {
  backend = await startTestBackend({ applySeeds: true });
  client = makeClient(backend);
  const free = `_not: {thread_2_bookings: {}}`;
  const d = await client.data<{ v: { id: string }[]; p: { id: string }[]; w: { id: string; thread_2_bookings: { thread_id: string }[] }[] }>(
    'admin-secret',
    `{ v: bookings(where: {accommodation_id: {_eq: "${ACC.vaci}"}, ${free}}, order_by: {checkin: desc}, limit: 4) { id }
       p: bookings(where: {accommodation_id: {_eq: "${ACC.palace}"}, ${free}}, limit: 1) { id }
       w: bookings(where: {accommodation_id: {_eq: "${ACC.vaci}"}, thread_2_bookings: {}}, limit: 1) { id thread_2_bookings { thread_id } } }`,
  );
  vaciBookings = d.v.map((b) => b.id);
  palaceBooking = d.p[0].id;
  bookingWithThread = { id: d.w[0].id, thread: d.w[0].thread_2_bookings[0].thread_id };
  expect(vaciBookings).toHaveLength(4);
  unlinked = await newThread('Unmatched e-mail');
  vaciThread = await newThread('Vaci enquiry', ACC.vaci);
  palaceThread = await newThread('Palace enquiry', ACC.palace);
}, 120_000);

afterAll(async () => {
  await backend?.close();
});

describe('linking a conversation to a booking', () => {
  it('a communicator finds the booking, links an unlinked e-mail thread to it (and its accommodation), and unlinks it', async () => {
    const found = await client.data<{ bookings: { id: string }[] }>(communicator, print(LinkableBookingsDocument), { where: { id: { _eq: vaciBookings[0] } }, limit: 5 });
    expect(found.bookings.map((b) => b.id)).toEqual([vaciBookings[0]]);
    const r = await link(communicator, unlinked, vaciBookings[0], [ACC.vaci]);
    expect(r.errors).toBeUndefined();
    expect(await linksOf(unlinked)).toEqual({ bookings: [vaciBookings[0]], accommodations: [ACC.vaci] });
    const u = await client.gql(communicator, UNLINK, { threadId: unlinked, bookingId: vaciBookings[0], accommodationId: ACC.vaci });
    expect(u.errors).toBeUndefined();
    expect(await linksOf(unlinked)).toEqual({ bookings: [], accommodations: [] });
  });

  it('a member links and unlinks too', async () => {
    expect((await link(member, unlinked, vaciBookings[1], [ACC.vaci])).errors).toBeUndefined();
    expect(await linksOf(unlinked)).toEqual({ bookings: [vaciBookings[1]], accommodations: [ACC.vaci] });
    expect((await client.gql(member, UNLINK, { threadId: unlinked, bookingId: vaciBookings[1], accommodationId: ACC.vaci })).errors).toBeUndefined();
    expect(await linksOf(unlinked)).toEqual({ bookings: [], accommodations: [] });
  });

  it("the conversation's open needsreply task follows the link: the booking and its property manager see it, and unlinking takes it back", async () => {
    const thread = await newThread('Late check-in question');
    const tasks = await client.data<{ open: { id: string }; done: { id: string } }>(
      'admin-secret',
      `mutation ($t: uuid!) { open: insert_tasks_one(object: {type: needsreply, title: "Reply to the guest", thread_id: $t}) { id }
         done: insert_tasks_one(object: {type: needsreply, title: "Answered earlier", thread_id: $t, completed: true}) { id } }`,
      { t: thread },
    );
    const bookingOf = async (id: string) => (await client.data<{ tasks_by_pk: { booking_id: string | null } }>('admin-secret', 'query ($id: uuid!) { tasks_by_pk(id: $id) { booking_id } }', { id })).tasks_by_pk.booking_id;
    const managerSees = async () => (await client.data<{ tasks: { id: string }[] }>(manager, 'query ($t: uuid!) { tasks(where: {thread_id: {_eq: $t}}) { id } }', { t: thread })).tasks.map((t) => t.id);
    expect(await managerSees()).toEqual([]);
    expect((await link(communicator, thread, vaciBookings[1], [ACC.vaci])).errors).toBeUndefined();
    expect(await bookingOf(tasks.open.id)).toBe(vaciBookings[1]);
    expect(await bookingOf(tasks.done.id)).toBeNull(); // a done task keeps what it had
    expect(await managerSees()).toEqual([tasks.open.id]);
    expect((await client.gql(communicator, UNLINK, { threadId: thread, bookingId: vaciBookings[1], accommodationId: ACC.vaci })).errors).toBeUndefined();
    expect(await bookingOf(tasks.open.id)).toBeNull();
    expect(await managerSees()).toEqual([]);
  });

  it('a needsreply task reopened after its conversation moved to another booking names that booking: its manager keeps it, the old one cannot take it back', async () => {
    const free = `_not: {thread_2_bookings: {}}`;
    const d = await client.data<{ v: { id: string }[]; p: { id: string }[] }>(
      'admin-secret',
      `query ($taken: [uuid!]!) { v: bookings(where: {accommodation_id: {_eq: "${ACC.vaci}"}, id: {_nin: $taken}, ${free}}, limit: 1) { id }
         p: bookings(where: {accommodation_id: {_eq: "${ACC.palace}"}, id: {_nin: $taken}, ${free}}, limit: 1) { id } }`,
      { taken: [...vaciBookings, palaceBooking] }, // the other tests' bookings
    );
    const [vaci, palace] = [d.v[0].id, d.p[0].id];
    const thread = await newThread('Parking question', ACC.vaci);
    expect((await link(communicator, thread, vaci, [])).errors).toBeUndefined();
    const task = (await client.data<{ insert_tasks_one: { id: string } }>('admin-secret', 'mutation ($t: uuid!) { insert_tasks_one(object: {type: needsreply, title: "Reply to the guest", thread_id: $t}) { id } }', { t: thread })).insert_tasks_one.id;
    const state = async () => (await client.data<{ tasks_by_pk: { booking_id: string | null; completed: boolean } }>('admin-secret', 'query ($id: uuid!) { tasks_by_pk(id: $id) { booking_id completed } }', { id: task })).tasks_by_pk;
    const setDone = (who: Caller, done: boolean) => client.gql(who, 'mutation ($id: uuid!, $done: Boolean!, $at: timestamptz) { update_tasks_by_pk(pk_columns: {id: $id}, _set: {completed: $done, completed_at: $at}) { id } }', { id: task, done, at: done ? new Date().toISOString() : null });
    // The Váci manager answers and reopens their booking's task: it stays theirs.
    expect((await setDone(manager, true)).errors).toBeUndefined();
    expect((await setDone(manager, false)).errors).toBeUndefined();
    expect(await state()).toEqual({ booking_id: vaci, completed: false });
    // Done again, then the office moves the conversation to a Palace Quarter booking (a done task keeps what it had).
    expect((await setDone(manager, true)).errors).toBeUndefined();
    expect((await client.gql(communicator, UNLINK, { threadId: thread, bookingId: vaci, accommodationId: ACC.vaci })).errors).toBeUndefined();
    expect((await link(communicator, thread, palace, [ACC.palace])).errors).toBeUndefined();
    expect(await state()).toEqual({ booking_id: vaci, completed: true });
    // Reopened, it is the Palace booking's task: the Váci manager cannot reopen it into the other
    // manager's booking (nothing is written); the office can, and it names the Palace booking.
    const refused = await setDone(manager, false);
    expect(code(refused)).toBe('permission-error');
    expect(await state()).toEqual({ booking_id: vaci, completed: true });
    expect((await setDone(communicator, false)).errors).toBeUndefined();
    expect(await state()).toEqual({ booking_id: palace, completed: false });
  });

  for (const who of [as('cleaner', DEMO.cleaner), as('owner', DEMO.owner), as('inspector', DEMO.inspector), as('contractor', DEMO.contractor), as('user', DEMO.owner), 'public' as const]) {
    it(`${typeof who === 'string' ? who : who.role} cannot link or unlink (no such mutation for them)`, async () => {
      expect(code(await link(who, unlinked, vaciBookings[0], [ACC.vaci]))).toBe('validation-failed');
      expect(code(await client.gql(who, UNLINK, { threadId: bookingWithThread.thread, bookingId: bookingWithThread.id, accommodationId: ACC.vaci }))).toBe('validation-failed');
      expect(await linksOf(unlinked)).toEqual({ bookings: [], accommodations: [] });
    });
  }

  it('a manager cannot link to another manager’s booking, link another manager’s thread, or take an unlinked thread; nothing is written', async () => {
    const refused = async (threadId: string, bookingId: string, accommodations: string[]) => {
      const before = await linksOf(threadId);
      const r = await link(manager, threadId, bookingId, accommodations);
      expect(code(r), JSON.stringify(r)).toBe('permission-error');
      expect(await linksOf(threadId)).toEqual(before);
    };
    await refused(vaciThread, palaceBooking, [ACC.palace]); // their thread, manager2's booking
    await refused(palaceThread, vaciBookings[2], [ACC.vaci]); // manager2's thread, their booking
    await refused(unlinked, vaciBookings[2], [ACC.vaci]); // a thread they do not see
    await refused(unlinked, vaciBookings[2], []); // without the accommodation half too
    // Nor by the accommodation link alone (that would hand them manager2's conversation).
    const steal = await client.gql(manager, `mutation ($o: thread_2_accommodations_insert_input!) { insert_thread_2_accommodations_one(object: $o) { thread_id } }`, { o: { thread_id: palaceThread, accommodation_id: ACC.vaci } });
    expect(code(steal)).toBe('permission-error');
    // Another manager's link cannot be removed.
    const other = await client.data<{ thread_2_bookings: { thread_id: string; booking_id: string }[] }>('admin-secret', `{ thread_2_bookings(where: {booking: {accommodation_id: {_eq: "${ACC.palace}"}}}, limit: 1) { thread_id booking_id } }`);
    const gone = await client.gql<{ delete_thread_2_bookings_by_pk: unknown; delete_thread_2_accommodations: { affected_rows: number } }>(manager, UNLINK, { threadId: other.thread_2_bookings[0].thread_id, bookingId: other.thread_2_bookings[0].booking_id, accommodationId: ACC.palace });
    expect(gone.data?.delete_thread_2_bookings_by_pk ?? null).toBeNull();
    expect(gone.data?.delete_thread_2_accommodations.affected_rows).toBe(0);
    expect((await linksOf(other.thread_2_bookings[0].thread_id)).bookings).toEqual([other.thread_2_bookings[0].booking_id]);
  });

  it('a manager links a conversation of their accommodation to their booking and unlinks it', async () => {
    expect((await link(manager, vaciThread, vaciBookings[2], [])).errors).toBeUndefined();
    expect(await linksOf(vaciThread)).toEqual({ bookings: [vaciBookings[2]], accommodations: [ACC.vaci] });
    const u = await client.gql(manager, UNLINK, { threadId: vaciThread, bookingId: vaciBookings[2], accommodationId: ACC.vaci });
    expect(u.errors).toBeUndefined();
    expect(await linksOf(vaciThread)).toEqual({ bookings: [], accommodations: [] });
  });

  it('wrong types, unknown columns and nested writes are refused without a 5xx', async () => {
    const bad: Array<[string, Record<string, unknown>]> = [
      [LINK, { threadId: 'not-a-uuid', bookingId: vaciBookings[3], accommodations: [] }],
      [LINK, { threadId: unlinked, bookingId: 42, accommodations: [] }],
      [LINK, { threadId: unlinked, bookingId: vaciBookings[3], accommodations: 'x' }],
      [LINK, { threadId: unlinked, bookingId: vaciBookings[3], accommodations: [{ thread_id: unlinked, accommodation_id: ACC.vaci, created_at: 'now' }] }],
      [LINK, { threadId: unlinked, bookingId: vaciBookings[3], accommodations: [{ thread_id: unlinked, accommodation: { data: { name: 'Mine' } } }] }],
      [LINK, { threadId: unlinked, bookingId: null, accommodations: [] }],
      [UNLINK, { threadId: unlinked, bookingId: vaciBookings[3], accommodationId: 'x'.repeat(100_000) }],
    ];
    for (const [query, variables] of bad) {
      const res = await fetch(`${backend.url}/v1/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${await backend.ctx.jwt.sign({ 'https://hasura.io/jwt/claims': { 'x-hasura-allowed-roles': ['communicator'], 'x-hasura-default-role': 'communicator', 'x-hasura-user-id': DEMO.communicator }, sub: DEMO.communicator }, 900)}` }, body: JSON.stringify({ query, variables }) });
      expect(res.status).toBeLessThan(500);
      const body = (await res.json()) as GqlResult;
      expect(body.errors?.length, JSON.stringify(variables).slice(0, 200)).toBeGreaterThan(0);
      expect(['validation-failed', 'data-exception', 'parse-failed', 'bad-request']).toContain(code(body));
    }
    expect(await linksOf(unlinked)).toEqual({ bookings: [], accommodations: [] });
  });

  it('one thread per booking: a booking that has its conversation refuses a second one, with a translated message, and the accommodation half is rolled back', async () => {
    const r = await link(communicator, unlinked, bookingWithThread.id, [ACC.vaci]);
    expect(code(r)).toBe('constraint-violation');
    const v = uniquenessViolation(r.errors ?? []);
    expect(v).toEqual({ field: 'bookingId', messageKey: 'inbox:link.errors.bookingHasThread' });
    expect(en.link.errors.bookingHasThread).toMatch(/already has a conversation/);
    expect(hu.link.errors.bookingHasThread).toMatch(/már van beszélgetése/);
    expect(await linksOf(unlinked)).toEqual({ bookings: [], accommodations: [] });
  });

  it('one booking per thread: a thread that belongs to a booking cannot be linked to another one', async () => {
    const r = await link(communicator, bookingWithThread.thread, vaciBookings[3], []);
    expect(code(r)).toBe('constraint-violation');
    expect(uniquenessViolation(r.errors ?? [])).toEqual({ field: 'bookingId', messageKey: 'inbox:link.errors.threadHasBooking' });
    expect(hu.link.errors.threadHasBooking).toMatch(/már egy foglaláshoz tartozik/);
    expect((await linksOf(bookingWithThread.thread)).bookings).toEqual([bookingWithThread.id]);
  });

  it('two people linking two threads to one booking at once: exactly one wins', async () => {
    const second = await newThread('Second unmatched e-mail');
    const results = await Promise.all([link(communicator, unlinked, vaciBookings[3], [ACC.vaci]), link(member, second, vaciBookings[3], [ACC.vaci])]);
    expect(results.filter((r) => !r.errors)).toHaveLength(1);
    expect(results.filter((r) => code(r) === 'constraint-violation')).toHaveLength(1);
    const linked = [await linksOf(unlinked), await linksOf(second)];
    expect(linked.filter((l) => l.bookings.length === 1 && l.accommodations.length === 1)).toHaveLength(1);
    expect(linked.filter((l) => l.bookings.length === 0 && l.accommodations.length === 0)).toHaveLength(1);
  });
});
