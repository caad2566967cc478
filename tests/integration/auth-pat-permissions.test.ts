// Personal access tokens through GraphQL with real tokens from the auth service: a user lists only
// their own sessions and PATs (never a token hash) and revokes only their own PATs; a revoked PAT
// no longer signs in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend } from '../helpers/backend';
import type { RunningBackend } from '../../backend/server';
import { post, uniqueEmail } from '../../backend/auth/testing';

interface Session {
  accessToken: string;
  refreshToken: string;
  refreshTokenId: string;
  user: { id: string };
}

interface GqlResult<T> {
  data?: T | null;
  errors?: { message: string; extensions: { code: string } }[];
}

interface TokenRow {
  id: string;
  type: string;
  createdAt: string;
  expiresAt: string;
  metadata: Record<string, unknown> | null;
}

let backend: RunningBackend;

beforeAll(async () => {
  backend = await startTestBackend({ applySeeds: true });
});
afterAll(async () => {
  await backend?.close();
});

async function gql<T>(token: string, query: string, variables?: Record<string, unknown>, role?: string): Promise<GqlResult<T>> {
  const res = await fetch(`${backend.url}/v1/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...(role ? { 'x-hasura-role': role } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  return (await res.json()) as GqlResult<T>;
}

async function signUp(): Promise<Session> {
  const res = await post<{ session: Session }>(backend, '/signup/email-password', { email: uniqueEmail('pat'), password: 'a-long-password' });
  expect(res.status).toBe(200);
  return res.body.session;
}

async function createPat(session: Session, name: string): Promise<{ id: string; personalAccessToken: string }> {
  const expiresAt = new Date(Date.now() + 30 * 86_400_000).toISOString();
  const res = await post<{ id: string; personalAccessToken: string }>(backend, '/pat', { expiresAt, metadata: { name } }, session.accessToken);
  expect(res.status).toBe(200);
  return res.body;
}

const LIST = `query { authRefreshTokens(order_by: {createdAt: asc}) { id type createdAt expiresAt metadata } }`;
const REVOKE = `mutation ($id: uuid!) { deleteAuthRefreshTokens(where: {id: {_eq: $id}, type: {_eq: pat}}) { affected_rows } }`;
const REVOKE_BY_PK = `mutation ($id: uuid!) { deleteAuthRefreshToken(id: $id) { id } }`;

describe('auth.refresh_tokens for the user role', () => {
  it('lists only the caller’s own sessions and tokens, with their metadata', async () => {
    const anna = await signUp();
    const bela = await signUp();
    const annaPat = await createPat(anna, 'CI script');
    await createPat(bela, 'Béla’s token');

    const list = await gql<{ authRefreshTokens: TokenRow[] }>(anna.accessToken, LIST);
    expect(list.errors).toBeUndefined();
    const rows = list.data?.authRefreshTokens ?? [];
    expect(rows.map((r) => r.id).sort()).toEqual([anna.refreshTokenId, annaPat.id].sort());
    const pat = rows.find((r) => r.id === annaPat.id);
    expect(pat).toMatchObject({ type: 'pat', metadata: { name: 'CI script' } });
    expect(new Date(pat?.expiresAt ?? 0).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    expect(rows.find((r) => r.id === anna.refreshTokenId)?.type).toBe('regular');

    // Another user's row is not there even when asked for by id.
    const theirs = await gql<{ authRefreshTokens: TokenRow[] }>(anna.accessToken, `query ($u: uuid!) { authRefreshTokens(where: {userId: {_eq: $u}}) { id } }`, {
      u: bela.user.id,
    });
    expect(theirs.errors?.[0]?.extensions.code).toBe('validation-failed'); // userId is not even a column for them
  });

  it('never exposes the token hash', async () => {
    const anna = await signUp();
    await createPat(anna, 'hash probe');
    const res = await gql(anna.accessToken, `query { authRefreshTokens { id refreshTokenHash } }`);
    expect(res.data ?? null).toBeNull();
    expect(res.errors?.[0]?.extensions.code).toBe('validation-failed');
    expect(res.errors?.[0]?.message).toMatch(/refreshTokenHash/);
    const filtered = await gql(anna.accessToken, `query { authRefreshTokens(where: {refreshTokenHash: {_is_null: false}}) { id } }`);
    expect(filtered.errors?.[0]?.extensions.code).toBe('validation-failed');
  });

  it('a staff user reads their own tokens by asking for the user role', async () => {
    const login = await post<{ session: Session }>(backend, '/signin/email-password', { email: 'manager@demo.staydesk.test', password: 'staydesk-demo' });
    expect(login.status).toBe(200);
    const manager = login.body.session;
    const pat = await createPat(manager, 'manager export');
    // Their default role (manager) has no access to the table at all.
    const asManager = await gql(manager.accessToken, LIST);
    expect(asManager.errors?.[0]?.extensions.code).toBe('validation-failed');
    const asUser = await gql<{ authRefreshTokens: TokenRow[] }>(manager.accessToken, LIST, undefined, 'user');
    expect(asUser.data?.authRefreshTokens.map((r) => r.id)).toContain(pat.id);
  });

  it('revokes only the caller’s own PATs; a revoked PAT no longer signs in', async () => {
    const anna = await signUp();
    const bela = await signUp();
    const annaPat = await createPat(anna, 'to revoke');
    const belaPat = await createPat(bela, 'not yours');

    expect((await post(backend, '/signin/pat', { personalAccessToken: annaPat.personalAccessToken })).status).toBe(200);

    // Someone else's PAT and one's own sign-in session are out of reach.
    const other = await gql<{ deleteAuthRefreshTokens: { affected_rows: number } }>(anna.accessToken, REVOKE, { id: belaPat.id });
    expect(other.data?.deleteAuthRefreshTokens.affected_rows).toBe(0);
    const otherByPk = await gql<{ deleteAuthRefreshToken: { id: string } | null }>(anna.accessToken, REVOKE_BY_PK, { id: belaPat.id });
    expect(otherByPk.data?.deleteAuthRefreshToken).toBeNull();
    const session = await gql<{ deleteAuthRefreshToken: { id: string } | null }>(anna.accessToken, REVOKE_BY_PK, { id: anna.refreshTokenId });
    expect(session.data?.deleteAuthRefreshToken).toBeNull();
    expect((await post(backend, '/signin/pat', { personalAccessToken: belaPat.personalAccessToken })).status).toBe(200);
    expect((await post(backend, '/token', { refreshToken: anna.refreshToken })).status).toBe(200);

    const own = await gql<{ deleteAuthRefreshToken: { id: string } | null }>(anna.accessToken, REVOKE_BY_PK, { id: annaPat.id });
    expect(own.errors).toBeUndefined();
    expect(own.data?.deleteAuthRefreshToken).toEqual({ id: annaPat.id });

    const signIn = await post<{ error: string }>(backend, '/signin/pat', { personalAccessToken: annaPat.personalAccessToken });
    expect(signIn.status).toBe(401);
    expect(signIn.body.error).toBe('invalid-pat');
    const list = await gql<{ authRefreshTokens: TokenRow[] }>(anna.accessToken, LIST);
    expect(list.data?.authRefreshTokens.map((r) => r.id)).not.toContain(annaPat.id);
  });

  it('a signed-out visitor sees nothing of the table', async () => {
    const res = await fetch(`${backend.url}/v1/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hasura-role': 'public' },
      body: JSON.stringify({ query: LIST }),
    });
    const body = (await res.json()) as GqlResult<unknown>;
    expect(body.errors?.[0]?.extensions.code).toBe('validation-failed');
  });
});
