// The SDK the web app builds on (@nhost/nhost-js 3.x NhostClient with explicit service URLs)
// against the embedded auth, plus custom JWT claims and the client's failed state.
import { NhostClient } from '@nhost/nhost-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend } from '../helpers/backend';
import type { RunningBackend } from '../../backend/server';
import { HasuraAuthClient } from '@nhost/hasura-auth-js';
import { authClient, authUrl, decodeJwt, HASURA_NS, memoryStorage, post, uniqueEmail } from '../../backend/auth/testing';

let backend: RunningBackend;

beforeAll(async () => {
  backend = await startTestBackend({ env: { AUTH_JWT_CUSTOM_CLAIMS: '{"locale":"locale","roles":"roles","plan":"metadata.plan"}' } });
});
afterAll(async () => {
  await backend?.close();
});

function nhostClient(): NhostClient {
  return new NhostClient({
    authUrl: `${backend.url}/v1/auth`,
    graphqlUrl: `${backend.url}/v1/graphql`,
    storageUrl: `${backend.url}/v1/storage`,
    functionsUrl: `${backend.url}/v1/functions`,
    clientStorageType: 'custom',
    clientStorage: memoryStorage(),
    autoRefreshToken: false,
    autoSignIn: false,
  });
}

describe('NhostClient (nhost-js 3.x)', () => {
  it('signs up, signs in, reads the session and signs out', async () => {
    const nhost = nhostClient();
    const email = uniqueEmail('sdk');
    const up = await nhost.auth.signUp({ email, password: 'correct-horse', options: { metadata: { plan: 'pro' }, locale: 'hu' } });
    expect(up.error).toBeNull();
    await nhost.auth.signOut();
    expect(nhost.auth.isAuthenticated()).toBe(false);

    const res = await nhost.auth.signIn({ email, password: 'correct-horse' });
    expect(res.error).toBeNull();
    expect(nhost.auth.isAuthenticated()).toBe(true);
    expect(nhost.auth.getSession()?.user?.email).toBe(email);
    expect(nhost.auth.getDecodedAccessToken()?.[HASURA_NS]).toMatchObject({ 'x-hasura-user-id': nhost.auth.getUser()?.id });

    const refreshed = await nhost.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(refreshed.session?.refreshToken).not.toBe(res.session?.refreshToken);

    await nhost.auth.signOut();
    expect(nhost.auth.isAuthenticated()).toBe(false);
  });

  it('puts AUTH_JWT_CUSTOM_CLAIMS into the Hasura namespace (arrays as Postgres literals)', async () => {
    const session = (
      await post<{ session: { accessToken: string } }>(backend, '/signup/email-password', {
        email: uniqueEmail('claims'),
        password: 'correct-horse',
        options: { locale: 'hu', metadata: { plan: 'pro' } },
      })
    ).body.session;
    const claims = decodeJwt(session.accessToken)[HASURA_NS] as Record<string, string>;
    expect(claims['x-hasura-locale']).toBe('hu');
    expect(claims['x-hasura-plan']).toBe('pro');
    expect(['{user,me}', '{me,user}']).toContain(claims['x-hasura-roles']);
    expect(claims['x-hasura-default-role']).toBe('user');
  });

  it('a failed sign-in leaves the client in signedOut.failed with the error saved', async () => {
    const client = authClient(backend);
    const res = await client.signIn({ email: uniqueEmail('nobody'), password: 'whatever' });
    expect(res.error).toMatchObject({ status: 401, error: 'invalid-email-password' });
    const state = client.client.interpreter?.getSnapshot();
    expect(state?.matches({ authentication: { signedOut: 'failed' } })).toBe(true);
    expect(state?.context.errors.authentication).toMatchObject({ error: 'invalid-email-password' });
  });

  it('on start imports a stored refresh token (signedIn) and drops a dead one (signedOut)', async () => {
    const email = uniqueEmail('import');
    const session = (await post<{ session: { refreshToken: string } }>(backend, '/signup/email-password', { email, password: 'correct-horse' })).body.session;
    const storage = memoryStorage();
    storage.setItem('nhostRefreshToken', session.refreshToken);
    const client = new HasuraAuthClient({ url: authUrl(backend), clientStorageType: 'custom', clientStorage: storage, autoRefreshToken: false, autoSignIn: true });
    expect(await client.isAuthenticatedAsync()).toBe(true);
    expect(client.getUser()?.email).toBe(email);
    // the import rotated the token: the stored one is the new one, the old one is dead
    expect(storage.getItem('nhostRefreshToken')).not.toBe(session.refreshToken);
    expect((await post(backend, '/token', { refreshToken: session.refreshToken })).status).toBe(401);

    const dead = memoryStorage();
    dead.setItem('nhostRefreshToken', session.refreshToken);
    const other = new HasuraAuthClient({ url: authUrl(backend), clientStorageType: 'custom', clientStorage: dead, autoRefreshToken: false, autoSignIn: true });
    expect(await other.isAuthenticatedAsync()).toBe(false);
  });
});
