// ID-token sign-in and linking against a local key pair served as JWKS, and the OAuth2 redirect
// sign-in against a local fake provider (authorize, token and userinfo endpoints).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend } from '../helpers/backend';
import type { RunningBackend } from '../../backend/server';
import { authClient, authUrl, get, post, uniqueEmail } from '../../backend/auth/testing';

const CLIENT_ID = 'staydesk-test-client';
const CLIENT_SECRET = 'fake-provider-secret';
const CODE = 'the-authorization-code';
const PROFILE = { sub: 'google-user-42', email: uniqueEmail('oauth'), email_verified: true, name: 'Olga Oauth', picture: 'http://example.com/p.png' };

let provider: http.Server;
let providerUrl: string;
let backend: RunningBackend;
let keys: Awaited<ReturnType<typeof generateKeyPair>>;
let otherKeys: Awaited<ReturnType<typeof generateKeyPair>>;
const tokenRequests: URLSearchParams[] = [];

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => resolve(data));
  });
}

beforeAll(async () => {
  keys = await generateKeyPair('RS256');
  otherKeys = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(keys.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  provider = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/jwks') return json(200, { keys: [jwk] });
    if (url.pathname === '/token' && req.method === 'POST') {
      const form = new URLSearchParams(await readBody(req));
      tokenRequests.push(form);
      if (form.get('code') !== CODE || form.get('client_secret') !== CLIENT_SECRET) return json(400, { error: 'invalid_grant' });
      return json(200, { access_token: 'provider-access-token', refresh_token: 'provider-refresh-token', token_type: 'Bearer' });
    }
    if (url.pathname === '/userinfo') {
      if (req.headers.authorization !== 'Bearer provider-access-token') return json(401, { error: 'invalid_token' });
      return json(200, PROFILE);
    }
    json(404, {});
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', () => resolve()));
  providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
  backend = await startTestBackend({
    env: {
      AUTH_PROVIDER_GOOGLE_ENABLED: 'true',
      AUTH_PROVIDER_GOOGLE_CLIENT_ID: CLIENT_ID,
      AUTH_PROVIDER_GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
      AUTH_PROVIDER_GOOGLE_ISSUER: providerUrl,
      AUTH_PROVIDER_GOOGLE_JWKS_URL: `${providerUrl}/jwks`,
      AUTH_PROVIDER_GOOGLE_AUTHORIZE_URL: `${providerUrl}/authorize`,
      AUTH_PROVIDER_GOOGLE_TOKEN_URL: `${providerUrl}/token`,
      AUTH_PROVIDER_GOOGLE_USERINFO_URL: `${providerUrl}/userinfo`,
    },
  });
});

afterAll(async () => {
  await backend?.close();
  await new Promise<void>((resolve) => (provider ? provider.close(() => resolve()) : resolve()));
});

async function idToken(claims: Record<string, unknown>, opts: { key?: CryptoKey; aud?: string; iss?: string; exp?: number } = {}): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
    .setIssuer(opts.iss ?? providerUrl)
    .setAudience(opts.aud ?? CLIENT_ID)
    .setIssuedAt()
    .setExpirationTime(opts.exp ?? Math.floor(Date.now() / 1000) + 600)
    .sign(opts.key ?? keys.privateKey);
}

describe('ID token', () => {
  it('signs in (creating the user) with the client, then finds the same user again', async () => {
    const email = uniqueEmail('idtoken');
    const token = await idToken({ sub: 'sub-1', email, email_verified: true, name: 'Ida Token', nonce: 'n-1' });
    const client = authClient(backend);
    const res = await client.signInIdToken({ provider: 'google', idToken: token, nonce: 'n-1' });
    expect(res.error).toBeNull();
    expect(client.getUser()).toMatchObject({ email, emailVerified: true, displayName: 'Ida Token', roles: expect.arrayContaining(['user', 'me']) });
    const again = await post<{ session: { user: { id: string } } }>(backend, '/signin/idtoken', {
      provider: 'google',
      idToken: await idToken({ sub: 'sub-1', email, email_verified: true }),
    });
    expect(again.body.session.user.id).toBe(client.getUser()?.id);
  });

  it('refuses a token signed by another key, for another audience, expired, or with the wrong nonce', async () => {
    const claims = { sub: 'sub-2', email: uniqueEmail('bad') };
    const cases = [
      await idToken(claims, { key: otherKeys.privateKey }),
      await idToken(claims, { aud: 'someone-else' }),
      await idToken(claims, { iss: 'https://evil.example' }),
      await idToken(claims, { exp: Math.floor(Date.now() / 1000) - 60 }),
    ];
    for (const token of cases) {
      const res = await post(backend, '/signin/idtoken', { provider: 'google', idToken: token });
      expect(res.body).toEqual({ status: 400, error: 'invalid-request', message: 'The request payload is incorrect' });
    }
    const nonce = await post(backend, '/signin/idtoken', { provider: 'google', idToken: await idToken({ ...claims, nonce: 'a' }), nonce: 'b' });
    expect(nonce.status).toBe(400);
    const notConfigured = await post(backend, '/signin/idtoken', { provider: 'apple', idToken: await idToken(claims) });
    expect(notConfigured.body).toMatchObject({ status: 409, error: 'disabled-endpoint' });
  });

  it('signs in to an existing account only when the provider vouches for its e-mail', async () => {
    const email = uniqueEmail('owner');
    const owner = (await post<{ session: { user: { id: string } } }>(backend, '/signup/email-password', { email, password: 'correct-horse' })).body.session.user.id;
    const links = async () => (await backend.ctx.db.query('SELECT provider_user_id FROM auth.user_providers WHERE user_id = $1', [owner])).rows;
    const users = async () => (await backend.ctx.db.query('SELECT count(*)::int AS n FROM auth.users')).rows[0];
    const before = await users();
    // Anyone can put someone else's address on a provider profile; unverified, it takes nothing over.
    for (const email_verified of [false, undefined, 'false']) {
      const taken = await post(backend, '/signin/idtoken', { provider: 'google', idToken: await idToken({ sub: 'intruder-1', email, email_verified }) });
      expect(taken.body).toEqual({ status: 409, error: 'email-already-in-use', message: 'Email already in use' });
    }
    expect(await links()).toEqual([]);
    expect(await users()).toEqual(before);
    const vouched = await post<{ session: { user: { id: string } } }>(backend, '/signin/idtoken', {
      provider: 'google',
      idToken: await idToken({ sub: 'owner-1', email, email_verified: true }),
    });
    expect(vouched.body.session.user.id).toBe(owner);
    expect(await links()).toEqual([{ provider_user_id: 'owner-1' }]);
  });

  it('always checks the audience: a provider without client id or audience refuses every ID token', async () => {
    const b = await startTestBackend({
      env: { AUTH_PROVIDER_GOOGLE_ENABLED: 'true', AUTH_PROVIDER_GOOGLE_ISSUER: providerUrl, AUTH_PROVIDER_GOOGLE_JWKS_URL: `${providerUrl}/jwks` },
    });
    try {
      for (const aud of [CLIENT_ID, 'any-other-app']) {
        const res = await post(b, '/signin/idtoken', { provider: 'google', idToken: await idToken({ sub: 'sub-aud', email: uniqueEmail('aud'), email_verified: true }, { aud }) });
        expect(res.body).toEqual({ status: 409, error: 'disabled-endpoint', message: 'This endpoint is disabled' });
      }
      expect((await b.ctx.db.query('SELECT 1 FROM auth.user_providers')).rows).toEqual([]);
    } finally {
      await b.close();
    }
  });

  it('links an ID token to the signed-in user once', async () => {
    const email = uniqueEmail('linker');
    const session = (await post<{ session: { accessToken: string; user: { id: string } } }>(backend, '/signup/email-password', { email, password: 'correct-horse' })).body.session;
    const token = await idToken({ sub: 'sub-link', email: uniqueEmail('other-address') });
    expect((await post(backend, '/link/idtoken', { provider: 'google', idToken: token }, session.accessToken)).body).toBe('OK');
    const signin = await post<{ session: { user: { id: string } } }>(backend, '/signin/idtoken', { provider: 'google', idToken: token });
    expect(signin.body.session.user.id).toBe(session.user.id);
    expect((await post(backend, '/link/idtoken', { provider: 'google', idToken: token }, session.accessToken)).status).toBe(400);
    expect((await post(backend, '/link/idtoken', { provider: 'google', idToken: token })).status).toBe(400);
  });
});

describe('OAuth2 redirect sign-in', () => {
  it('redirects to the provider, handles the callback and lands on redirectTo with a refresh token', async () => {
    const client = authClient(backend);
    const start = await client.signIn({ provider: 'google', options: { redirectTo: 'http://localhost:3000/after-login' } });
    expect(start.providerUrl).toContain(`${authUrl(backend)}/signin/provider/google`);

    const first = await get(backend, `/signin/provider/google?redirectTo=${encodeURIComponent('http://localhost:3000/after-login')}&locale=hu`);
    expect(first.status).toBe(302);
    const authorize = new URL(first.headers.get('location') ?? '');
    expect(authorize.origin + authorize.pathname).toBe(`${providerUrl}/authorize`);
    expect(authorize.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(authorize.searchParams.get('response_type')).toBe('code');
    const state = authorize.searchParams.get('state') ?? '';
    const callback = new URL(authorize.searchParams.get('redirect_uri') ?? '');
    expect(callback.pathname).toBe('/v1/auth/signin/provider/google/callback');

    // the provider sends the browser back with a code
    const back = await fetch(`${callback}?code=${CODE}&state=${state}`, { redirect: 'manual' });
    expect(back.status).toBe(302);
    const landing = new URL(back.headers.get('location') ?? '');
    expect(landing.origin + landing.pathname).toBe('http://localhost:3000/after-login');
    const refreshToken = landing.searchParams.get('refreshToken') ?? '';
    expect(tokenRequests.at(-1)?.get('redirect_uri')).toBe(callback.toString());

    const session = await post<{ user: { email: string; displayName: string; locale: string; avatarUrl: string } }>(backend, '/token', { refreshToken });
    expect(session.body.user).toMatchObject({ email: PROFILE.email, displayName: PROFILE.name, locale: 'hu', avatarUrl: PROFILE.picture });

    // the state is single-use
    const replay = await fetch(`${callback}?code=${CODE}&state=${state}`, { redirect: 'manual' });
    const err = new URL(replay.headers.get('location') ?? '');
    expect(err.searchParams.get('error')).toBe('invalid-state');
  });

  it('reports provider errors and failed code exchanges on the redirect URL', async () => {
    const start = async () => {
      const res = await get(backend, '/signin/provider/google');
      const authorize = new URL(res.headers.get('location') ?? '');
      return { state: authorize.searchParams.get('state'), callback: authorize.searchParams.get('redirect_uri') };
    };
    let s = await start();
    let res = await fetch(`${s.callback}?error=access_denied&state=${s.state}`, { redirect: 'manual' });
    expect(new URL(res.headers.get('location') ?? '').searchParams.get('error')).toBe('oauth-provider-error');
    s = await start();
    res = await fetch(`${s.callback}?code=wrong-code&state=${s.state}`, { redirect: 'manual' });
    const loc = new URL(res.headers.get('location') ?? '');
    expect(loc.origin).toBe('http://localhost:3000');
    expect(loc.searchParams.get('error')).toBe('oauth-token-echange-failed');
    expect(loc.searchParams.get('errorDescription')).toBe('Failed to exchange token');
  });

  it('refuses unknown providers and foreign redirect targets', async () => {
    expect((await get(backend, '/signin/provider/github')).body).toMatchObject({ status: 409, error: 'disabled-endpoint' });
    expect((await get(backend, '/signin/provider/google?redirectTo=https%3A%2F%2Fevil.example')).body).toMatchObject({ error: 'redirectTo-not-allowed' });
  });
});
