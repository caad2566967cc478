// Security keys through GraphQL with real tokens from the auth service and keys registered by a
// software authenticator: a user lists, renames and removes only their own keys, never sees the
// credential, and a removed key no longer signs in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend } from '../helpers/backend';
import type { RunningBackend } from '../../backend/server';
import { post, uniqueEmail } from '../../backend/auth/testing';
import { SoftAuthenticator, type CreationOptions, type RequestOptions } from '../../backend/auth/testing/authenticator';

interface Session {
  accessToken: string;
  user: { id: string };
}

interface GqlResult<T> {
  data?: T | null;
  errors?: { message: string; extensions: { code: string } }[];
}

interface KeyRow {
  id: string;
  nickname: string | null;
}

let backend: RunningBackend;

beforeAll(async () => {
  backend = await startTestBackend({ applySeeds: true });
});
afterAll(async () => {
  await backend?.close();
});

async function gql<T>(token: string, query: string, variables?: Record<string, unknown>, role = 'user'): Promise<GqlResult<T>> {
  const res = await fetch(`${backend.url}/v1/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-hasura-role': role },
    body: JSON.stringify({ query, variables }),
  });
  return (await res.json()) as GqlResult<T>;
}

async function signUp(): Promise<{ session: Session; email: string }> {
  const email = uniqueEmail('keys');
  const res = await post<{ session: Session }>(backend, '/signup/email-password', { email, password: 'a-long-password' });
  expect(res.status).toBe(200);
  return { session: res.body.session, email };
}

async function addKey(session: Session, nickname?: string): Promise<{ id: string; key: SoftAuthenticator }> {
  const key = new SoftAuthenticator();
  const creation = await post<CreationOptions>(backend, '/user/webauthn/add', {}, session.accessToken);
  const added = await post<{ id: string }>(backend, '/user/webauthn/verify', { credential: key.create(creation.body), nickname }, session.accessToken);
  expect(added.status).toBe(200);
  return { id: added.body.id, key };
}

async function signInWithKey(email: string, key: SoftAuthenticator): Promise<number> {
  const options = await post<RequestOptions>(backend, '/signin/webauthn', { email });
  return (await post(backend, '/signin/webauthn/verify', { email, credential: key.get(options.body) })).status;
}

const LIST = `query { authUserSecurityKeys(order_by: [{nickname: asc_nulls_last}, {id: asc}]) { id nickname } }`;
const RENAME = `mutation ($id: uuid!, $nickname: String) { updateAuthUserSecurityKey(pk_columns: {id: $id}, _set: {nickname: $nickname}) { id nickname } }`;
const REMOVE = `mutation ($id: uuid!) { deleteAuthUserSecurityKey(id: $id) { id } }`;

describe('auth.user_security_keys for the user role', () => {
  it('lists only the caller’s own keys, by name, never the credential', async () => {
    const anna = await signUp();
    const bela = await signUp();
    const laptop = await addKey(anna.session, 'Laptop');
    const unnamed = await addKey(anna.session);
    await addKey(bela.session, 'Béla’s phone');

    const list = await gql<{ authUserSecurityKeys: KeyRow[] }>(anna.session.accessToken, LIST);
    expect(list.errors).toBeUndefined();
    expect(list.data?.authUserSecurityKeys).toEqual([
      { id: laptop.id, nickname: 'Laptop' },
      { id: unnamed.id, nickname: null },
    ]);

    for (const column of ['credentialId', 'credentialPublicKey', 'counter', 'userId']) {
      const probe = await gql(anna.session.accessToken, `query { authUserSecurityKeys { id ${column} } }`);
      expect(probe.errors?.[0]?.extensions.code, column).toBe('validation-failed');
    }
    // A staff member's product role has no access at all; they ask for the user role.
    const login = await post<{ session: Session }>(backend, '/signin/email-password', { email: 'manager@demo.staydesk.test', password: 'staydesk-demo' });
    expect((await gql(login.body.session.accessToken, LIST, undefined, 'manager')).errors?.[0]?.extensions.code).toBe('validation-failed');
    expect((await gql<{ authUserSecurityKeys: KeyRow[] }>(login.body.session.accessToken, LIST)).data?.authUserSecurityKeys).toEqual([]);
  });

  it('renames and removes only the caller’s own keys; a removed key no longer signs in', async () => {
    const anna = await signUp();
    const bela = await signUp();
    const annaKey = await addKey(anna.session, 'Old name');
    const belaKey = await addKey(bela.session, 'Not yours');

    const renamed = await gql<{ updateAuthUserSecurityKey: KeyRow | null }>(anna.session.accessToken, RENAME, { id: annaKey.id, nickname: 'YubiKey 5C' });
    expect(renamed.data?.updateAuthUserSecurityKey).toEqual({ id: annaKey.id, nickname: 'YubiKey 5C' });
    const renameOther = await gql<{ updateAuthUserSecurityKey: KeyRow | null }>(anna.session.accessToken, RENAME, { id: belaKey.id, nickname: 'taken over' });
    expect(renameOther.data?.updateAuthUserSecurityKey).toBeNull();
    const removeOther = await gql<{ deleteAuthUserSecurityKey: { id: string } | null }>(anna.session.accessToken, REMOVE, { id: belaKey.id });
    expect(removeOther.data?.deleteAuthUserSecurityKey).toBeNull();
    const { rows } = await backend.ctx.db.query<{ nickname: string }>('SELECT nickname FROM auth.user_security_keys WHERE id = $1', [belaKey.id]);
    expect(rows).toEqual([{ nickname: 'Not yours' }]);
    expect(await signInWithKey(bela.email, belaKey.key)).toBe(200);

    expect(await signInWithKey(anna.email, annaKey.key)).toBe(200);
    const removed = await gql<{ deleteAuthUserSecurityKey: { id: string } | null }>(anna.session.accessToken, REMOVE, { id: annaKey.id });
    expect(removed.data?.deleteAuthUserSecurityKey).toEqual({ id: annaKey.id });
    expect((await gql<{ authUserSecurityKeys: KeyRow[] }>(anna.session.accessToken, LIST)).data?.authUserSecurityKeys).toEqual([]);
    expect(await signInWithKey(anna.email, annaKey.key)).not.toBe(200);
  });

  it('a signed-out visitor sees nothing of the table', async () => {
    const res = await fetch(`${backend.url}/v1/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: LIST }) });
    const body = (await res.json()) as GqlResult<unknown>;
    expect(body.errors?.[0]?.extensions.code).toBe('validation-failed');
  });
});
