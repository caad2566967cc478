// GraphQL requests as a given demo user and role against a running test backend, for the
// permission-matrix and constraint tests. Tokens are signed with the backend's own JWT keys, in
// the claims format hasura-auth issues.
import type { RunningBackend } from '../../backend/server';

/** Fixed ids of the demo dataset (nhost/seeds/default). */
export const DEMO = {
  admin: '00000000-0000-4000-a000-000000000001',
  communicator: '00000000-0000-4000-a000-000000000002',
  member: '00000000-0000-4000-a000-000000000003',
  inspector: '00000000-0000-4000-a000-000000000004',
  manager: '00000000-0000-4000-a000-000000000005',
  cleaner: '00000000-0000-4000-a000-000000000006',
  owner: '00000000-0000-4000-a000-000000000007',
  contractor: '00000000-0000-4000-a000-000000000008',
  owner2: '00000000-0000-4000-a000-000000000009',
  cleaner2: '00000000-0000-4000-a000-000000000010',
  contractor2: '00000000-0000-4000-a000-000000000011',
  manager2: '00000000-0000-4000-a000-000000000012',
  inspector2: '00000000-0000-4000-a000-000000000013',
} as const;

export const ACC = {
  vaci: '30000000-0000-4000-a000-000000000001',
  andrassy: '30000000-0000-4000-a000-000000000002',
  kiraly: '30000000-0000-4000-a000-000000000003',
  palace: '30000000-0000-4000-a000-000000000004',
  raday: '30000000-0000-4000-a000-000000000005',
  riverside: '30000000-0000-4000-a000-000000000006',
} as const;

export const UNIT = {
  loftA: '40000000-0000-4000-a000-000000000101',
  gardenOne: '40000000-0000-4000-a000-000000000301',
  studio: '40000000-0000-4000-a000-000000000401',
} as const;

export const CONTRACTOR = {
  tisztaLakas: '20000000-0000-4000-a000-000000000001',
  tothSzerviz: '20000000-0000-4000-a000-000000000002',
} as const;

/** Who sends a request: a JWT for a role and user, the admin secret, or nobody (role public). */
export type Caller = { role: string; userId: string } | 'admin-secret' | 'public';

export interface GqlError {
  message: string;
  extensions: { code: string; path?: string };
}

export interface GqlResult<T = Record<string, unknown>> {
  data?: T | null;
  errors?: GqlError[];
}

export function makeClient(backend: RunningBackend) {
  const tokens = new Map<string, string>();
  async function token(role: string, userId: string): Promise<string> {
    const key = `${role}:${userId}`;
    let t = tokens.get(key);
    if (!t) {
      t = await backend.ctx.jwt.sign(
        {
          'https://hasura.io/jwt/claims': {
            'x-hasura-allowed-roles': [role, 'user', 'me'],
            'x-hasura-default-role': role,
            'x-hasura-user-id': userId,
            'x-hasura-user-is-anonymous': 'false',
          },
          sub: userId,
        },
        900,
      );
      tokens.set(key, t);
    }
    return t;
  }

  async function gql<T = Record<string, unknown>>(caller: Caller, query: string, variables?: Record<string, unknown>): Promise<GqlResult<T>> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (caller === 'admin-secret') headers['x-hasura-admin-secret'] = backend.ctx.config.adminSecret;
    else if (caller !== 'public') headers.authorization = `Bearer ${await token(caller.role, caller.userId)}`;
    const res = await fetch(`${backend.url}/v1/graphql`, { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
    return (await res.json()) as GqlResult<T>;
  }

  /** Runs a query that must succeed and returns its data. */
  async function data<T = Record<string, unknown>>(caller: Caller, query: string, variables?: Record<string, unknown>): Promise<T> {
    const r = await gql<T>(caller, query, variables);
    if (r.errors?.length || !r.data) throw new Error(`GraphQL failed: ${JSON.stringify(r.errors)}\n${query}`);
    return r.data;
  }

  return { gql, data };
}

export type Client = ReturnType<typeof makeClient>;

/** Builds `{a: {b: inner}}` from the relationship path 'a.b' ('' = inner itself). */
export function at(path: string, inner: Record<string, unknown>): Record<string, unknown> {
  return path === '' ? inner : path.split('.').reduceRight<Record<string, unknown>>((acc, key) => ({ [key]: acc }), inner);
}
