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
});
