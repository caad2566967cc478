// Break-it (issues 16 and 18 together), on the real embedded backend with its event triggers and
// real tokens: while an imported booking's guests are unknown its NTAK reservation is held, so
// every other NTAK message naming that booking (a guest's check-in from the desk or the journey,
// the accommodation's daily close for a day of the stay) would reach NTAK as an unknown
// reservation and be refused (a daily close is refused whole). Those messages wait, blocked with
// a reason staff can act on, and are queued again when the guests are entered; VIZA, which knows
// no reservations, is not held.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningBackend } from '../../backend/server';
import { startTestBackend } from '../helpers/backend';
import { fileEnv } from '../helpers/env';
import { ACC, DEMO, makeClient, UNIT, type Caller, type Client } from './permissionsClient';

const HOOK = 'held-reservation-webhook-secret';
let backend: RunningBackend;
let client: Client;
const member: Caller = { role: 'member', userId: DEMO.member };

interface Submission { id: string; service: string; message_type: string; status: string; reason: string | null; next_attempt_at: string | null }
const FIELDS = 'id service message_type status reason next_attempt_at';

async function waitFor<T>(fn: () => Promise<T | null | undefined | false>, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 200));
  }
}

const submission = async (id: string) =>
  (await client.data<{ registry_submissions_by_pk: Submission }>('admin-secret', `query($id: uuid!) { registry_submissions_by_pk(id: $id) { ${FIELDS} } }`, { id })).registry_submissions_by_pk;
const ofBooking = async (booking: string) =>
  (await client.data<{ registry_submissions: Submission[] }>('admin-secret', `query($b: uuid!) { registry_submissions(where: {booking_id: {_eq: $b}}) { ${FIELDS} } }`, { b: booking })).registry_submissions;
/** Waits until the submission was tried once (no longer pending) and returns it. */
const tried = (id: string) => waitFor(async () => { const s = await submission(id); return s.status !== 'pending' && s; });

/** A booking as the iCal importer makes it (guests unknown), far from the demo's stays. */
async function importedStay(checkin: string, checkout: string): Promise<{ booking: string; bookedUnit: string }> {
  const booking = crypto.randomUUID();
  const bookedUnit = crypto.randomUUID();
  await client.data('admin-secret', 'mutation($b: bookings_insert_input!) { insert_bookings_one(object: $b) { id } }', {
    b: { id: booking, accommodation_id: ACC.vaci, customer_name: 'Airbnb guest', channel: 'airbnb', checkin, checkout, adults: 1, guests_unknown: true, currency: 'HUF', accommodation_fee: 50000, booked_units: { data: [{ id: bookedUnit, unit_id: UNIT.loftA, adults: 1 }] } },
  });
  return { booking, bookedUnit };
}

fileEnv({ NHOST_WEBHOOK_SECRET: HOOK });

beforeAll(async () => {
  backend = await startTestBackend({ env: { NHOST_WEBHOOK_SECRET: HOOK }, applySeeds: true });
  client = makeClient(backend);
}, 180_000);

afterAll(async () => {
  await backend?.close();
});

describe('NTAK messages naming a held reservation', () => {
  it("a guest checked in on a held booking: NTAK's check-in waits (blocked, reason) until the guests are entered; VIZA goes", async () => {
    const { booking, bookedUnit } = await importedStay('2034-03-01', '2034-03-04');
    const guest = crypto.randomUUID();
    await client.data(member, 'mutation($g: guest_checkins_insert_input!) { insert_guest_checkins_one(object: $g) { id } }', {
      g: { id: guest, booking_unit_id: bookedUnit, first_name: 'Lukas', last_name: 'Weber', mother_first_name: 'Eva', mother_last_name: 'Weber', dob: '1979-02-03', pob: 'Wien', gender: 'male', nationality: 'AT', country: 'AT', zip: '1010', city: 'Wien', address: 'Ring 1', document_id: 'P1234567', document_type: 'passport', checkin_time: '2034-03-01T15:00:00Z', checkout_time: '2034-03-04T09:00:00Z' },
    });
    const queued = await waitFor(async () => { const s = await ofBooking(booking); return s.some((x) => x.service === 'ntak' && x.message_type === 'check_in') && s.some((x) => x.service === 'viza') && s; });
    expect(queued.some((s) => s.message_type === 'reservation'), 'the reservation itself is held').toBe(false);
    const ntakCheckin = await tried(queued.find((s) => s.service === 'ntak' && s.message_type === 'check_in')?.id ?? '');
    expect(ntakCheckin.status).toBe('blocked');
    expect(ntakCheckin.reason).toMatch(/^reservation-held: /);
    const viza = await tried(queued.find((s) => s.service === 'viza')?.id ?? '');
    expect(viza.reason ?? '').not.toMatch(/reservation-held/);

    // A member enters the guests: the reservation is queued and the check-in waits only for it.
    await client.data(member, 'mutation($id: uuid!) { update_bookings_by_pk(pk_columns: {id: $id}, _set: {guests_unknown: false, adults: 1}) { id } }', { id: booking });
    const released = await waitFor(async () => { const s = await submission(ntakCheckin.id); return s.status === 'pending' && s; });
    expect(released.reason).toBeNull();
    expect(Date.parse(released.next_attempt_at ?? ''), 'after the reservation, which goes at once').toBeGreaterThan(Date.now());
    expect((await ofBooking(booking)).filter((s) => s.message_type === 'reservation')).toHaveLength(1);
  }, 180_000);

  it('a daily close for a day of a held stay waits; entering its guests queues it again', async () => {
    const day = '2034-05-02';
    const first = await importedStay('2034-05-01', '2034-05-03');
    const id = crypto.randomUUID();
    await client.data('admin-secret', 'mutation($s: registry_submissions_insert_input!) { insert_registry_submissions_one(object: $s) { id } }', {
      s: { id, accommodation_id: ACC.vaci, service: 'ntak', message_type: 'daily_close', report_date: day, event_key: `test:daily_close:${id}`, payload: { recipe: { day, occurredAt: new Date().toISOString() } } },
    });
    const close = await tried(id);
    expect([close.status, close.reason?.split(':')[0]]).toEqual(['blocked', 'reservation-held']);

    await client.data(member, 'mutation($id: uuid!) { update_bookings_by_pk(pk_columns: {id: $id}, _set: {guests_unknown: false}) { id } }', { id: first.booking });
    const again = await waitFor(async () => { const s = await submission(id); return s.status === 'pending' && s; });
    expect(again.reason).toBeNull();
    // A manager may not release it by hand through the submission's columns.
    const manager: Caller = { role: 'manager', userId: DEMO.manager };
    const forced = await client.gql(manager, 'mutation($id: uuid!) { update_registry_submissions_by_pk(pk_columns: {id: $id}, _set: {status: pending}) { id } }', { id });
    expect(forced.errors?.[0]?.extensions.code).toBe('validation-failed');
  }, 180_000);
});
