// Generated attacks on column permissions (see columnAttacks.ts) against the product's metadata and
// demo data, with each role's real JWT: every request is refused, and afterwards every tracked
// table holds exactly what it held before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningBackend } from '../../backend/server';
import { engineOptions, loadModel } from '../../backend/graphql';
import type { Model } from '../../backend/graphql/model';
import { startTestBackend } from '../helpers/backend';
import { Executor } from '../../backend/graphql/execute';
import { attackCases, rolesOf, WRONG_TYPE, type AttackCase } from './columnAttacks';
import { DEMO } from './permissionsClient';

let backend: RunningBackend;
let model: Model;

beforeAll(async () => {
  backend = await startTestBackend({ applySeeds: true });
  model = await loadModel(backend.ctx.db, 'nhost', engineOptions());
});
afterAll(async () => {
  await backend?.close();
});

const USER_OF: Record<string, string> = { ...DEMO, me: DEMO.member, user: DEMO.member };

async function tokenFor(role: string): Promise<string> {
  const userId = USER_OF[role] ?? DEMO.member;
  return backend.ctx.jwt.sign({
    'https://hasura.io/jwt/claims': {
      'x-hasura-allowed-roles': [role], 'x-hasura-default-role': role, 'x-hasura-user-id': userId, 'x-hasura-user-is-anonymous': 'false',
    },
    sub: userId,
  }, 900);
}

/** One digest per tracked table of all its rows: equal digests, equal contents. */
async function fingerprint(): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const t of model.tables.values()) {
    if (t.isView) continue;
    const r = await backend.ctx.db.query<{ d: string }>(`SELECT md5(coalesce(string_agg(x::text, ',' ORDER BY x::text), '')) AS d FROM ${t.sql} AS x`);
    out.set(t.key, r.rows[0].d);
  }
  return out;
}

describe('generated column-permission attacks', () => {
  it('refuses every hidden-column read and forbidden-column write, inline, typed and mistyped, and changes nothing', async () => {
    const roles = rolesOf(model);
    expect(roles).toEqual(expect.arrayContaining(['cleaner', 'communicator', 'contractor', 'inspector', 'manager', 'member', 'owner', 'user']));
    const cases = attackCases(model, roles);
    // The mistyped form declares a type the role's schema has, so it is refused for its position, not for an unknown type.
    const schemas = new Executor(model, backend.ctx.db);
    for (const r of roles) expect(schemas.schemaFor(r).getType(WRONG_TYPE), r).toBeTruthy();
    const before = await fingerprint();
    const tokens = new Map<string, string>();
    for (const r of roles) tokens.set(r, await tokenFor(r));
    const accepted: string[] = [];
    const byKind = new Map<string, number>();
    for (const c of cases as AttackCase[]) {
      const res = await backend.engine.execute({ query: c.query, variables: c.variables }, { authorization: `Bearer ${tokens.get(c.role)}` });
      const kind = c.label.split(' ')[0];
      byKind.set(kind, (byKind.get(kind) ?? 0) + 1);
      if (!res.errors?.length || res.data) accepted.push(`${c.role}: ${c.label}: ${JSON.stringify(res).slice(0, 200)}`);
    }
    expect(accepted).toEqual([]);
    // The matrix reaches every kind of attack (a generator that produced nothing would pass vacuously).
    for (const kind of ['where', 'order_by', 'distinct_on', 'aggregate', 'insert', 'update', 'upsert', 'delete']) expect(byKind.get(kind) ?? 0, kind).toBeGreaterThan(0);
    expect(cases.length).toBeGreaterThan(1000);
    console.info(`column attacks: ${cases.length} requests over ${roles.length} roles, all refused`);
    expect(await fingerprint()).toEqual(before);
  });
});
