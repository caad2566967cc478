// Break-it: a property manager's scope is "accommodations I created or where I manage a unit"
// (unit_2_users connection_type manager). Managers may link staff to their own units, so the
// link they insert must not itself be what puts the unit in their scope: attacked with real
// manager tokens on the real embedded backend. Since issue 18 the same scope opens guests'
// document data and check-ins/outs sent to NTAK and VIZA, so a self-granted unit would be a
// way into another manager's guests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningBackend } from '../../backend/server';
import { startTestBackend } from '../helpers/backend';
import { ACC, DEMO, makeClient, UNIT, type Caller, type Client } from './permissionsClient';

let backend: RunningBackend;
let client: Client;
/** Manages accommodations 1-3; the Palace Studio (accommodation 4) is manager2's. */
const manager: Caller = { role: 'manager', userId: DEMO.manager };

const LINK = 'mutation($o: unit_2_users_insert_input!) { insert_unit_2_users_one(object: $o) { unit_id } }';
const managedBy = async (userId: string) =>
  (await client.data<{ unit_2_users: { unit_id: string }[] }>('admin-secret', 'query($u: uuid!) { unit_2_users(where: {user_id: {_eq: $u}, connection_type: {_eq: manager}}) { unit_id } }', { u: userId })).unit_2_users.map((r) => r.unit_id);

beforeAll(async () => {
  backend = await startTestBackend({ applySeeds: true });
  client = makeClient(backend);
}, 180_000);

afterAll(async () => {
  await backend?.close();
});

describe("a manager's scope", () => {
  it("is not widened by the manager linking themselves (or anyone) to another manager's unit", async () => {
    const before = await managedBy(DEMO.manager);
    expect(before).not.toContain(UNIT.studio);
    for (const o of [
      { unit_id: UNIT.studio, user_id: DEMO.manager, connection_type: 'manager' },
      { unit_id: UNIT.studio, user_id: DEMO.cleaner, connection_type: 'cleaner' },
    ]) {
      const r = await client.gql(manager, LINK, { o });
      expect(r.errors?.[0]?.extensions.code, JSON.stringify(o)).toBe('permission-error');
    }
    expect(await managedBy(DEMO.manager)).toEqual(before);
    const seen = await client.data<{ accommodations: { id: string }[] }>(manager, 'query { accommodations { id } }');
    expect(seen.accommodations.map((a) => a.id)).not.toContain(ACC.palace);
    // Their own units still take staff links (the permission keeps working).
    const own = await client.gql(manager, LINK, { o: { unit_id: UNIT.loftA, user_id: DEMO.cleaner2, connection_type: 'cleaner' } });
    expect(own.errors).toBeUndefined();
  }, 60_000);

  it("cannot reach another manager's guest through an insert's on_conflict (upsert) either", async () => {
    const theirs = await client.data<{ guest_checkins: { id: string; booking_unit_id: string; zip: string | null; first_name: string }[] }>('admin-secret',
      'query($a: uuid!) { guest_checkins(where: {booking_unit: {unit: {accommodation_id: {_eq: $a}}}}, limit: 1) { id booking_unit_id zip first_name } }', { a: ACC.palace });
    const [guest] = theirs.guest_checkins;
    expect(guest, 'the demo seeds check a guest in at the Palace Studio').toBeDefined();
    const mine = await client.data<{ booked_units: { id: string }[] }>('admin-secret', 'query($u: uuid!) { booked_units(where: {unit_id: {_eq: $u}, is_cancelled: {_eq: false}}, limit: 1) { id } }', { u: UNIT.loftA });
    const row = { id: guest.id, booking_unit_id: mine.booked_units[0].id, first_name: 'Taken', last_name: 'Over', dob: '1980-01-01', pob: 'Wien', gender: 'male', nationality: 'AT', country: 'AT', zip: '9999', city: 'Wien', address: 'Ring 1', document_id: 'P7654321', document_type: 'passport', checkin_time: '2033-01-01T15:00:00Z', checkout_time: '2033-01-02T09:00:00Z' };
    for (const cols of [['zip', 'first_name'], ['booking_unit_id'], []]) {
      const r = await client.gql<{ insert_guest_checkins: { affected_rows: number } }>(manager,
        'mutation($o: [guest_checkins_insert_input!]!, $c: [guest_checkins_update_column!]!) { insert_guest_checkins(objects: $o, on_conflict: {constraint: guest_checkins_pkey, update_columns: $c}) { affected_rows } }', { o: [row], c: cols });
      if (!r.errors) expect(r.data?.insert_guest_checkins.affected_rows, JSON.stringify(cols)).toBe(0);
    }
    const after = await client.data<{ guest_checkins_by_pk: { booking_unit_id: string; zip: string | null; first_name: string } }>('admin-secret', 'query($id: uuid!) { guest_checkins_by_pk(id: $id) { booking_unit_id zip first_name } }', { id: guest.id });
    expect(after.guest_checkins_by_pk).toEqual({ booking_unit_id: guest.booking_unit_id, zip: guest.zip, first_name: guest.first_name });
  }, 60_000);
});
