// WebAuthn ceremonies end to end with a software authenticator (real ES256 signatures checked by
// @simplewebauthn/server): sign-up, sign-in with and without e-mail, add key, elevate, and rejections.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend } from '../helpers/backend';
import type { RunningBackend } from '../../backend/server';
import { decodeJwt, HASURA_NS, post, uniqueEmail } from '../../backend/auth/testing';
import { SoftAuthenticator, type CreationOptions, type RequestOptions } from '../../backend/auth/testing/authenticator';

interface Session {
  accessToken: string;
  refreshToken: string;
  user: { id: string; email: string; displayName: string };
}

let backend: RunningBackend;

async function signUpWithKey(email: string, key = new SoftAuthenticator()): Promise<{ key: SoftAuthenticator; session: Session }> {
  const options = await post<CreationOptions & { rp: { id: string; name: string }; user: { name: string } }>(backend, '/signup/webauthn', {
    email,
    options: { displayName: 'Kata Key' },
  });
  expect(options.status).toBe(200);
  expect(options.body.rp).toEqual({ id: 'localhost', name: 'Staydesk' });
  expect(options.body.user.name).toBe(email);
  const credential = key.create(options.body);
  // SignUpOptions admits no nickname (the SDK's signUpEmailSecurityKey puts it there): refused
  // before the challenge is spent, so the same credential still completes the sign-up.
  const misplaced = await post(backend, '/signup/webauthn/verify', { credential, options: { nickname: 'laptop' } });
  expect(misplaced).toMatchObject({ status: 400, body: { error: 'invalid-request' } });
  expect((await backend.ctx.db.query('SELECT 1 FROM auth.users WHERE email = $1', [email])).rows).toHaveLength(0);
  const res = await post<{ session: Session }>(backend, '/signup/webauthn/verify', { credential, nickname: 'laptop' });
  expect(res.status).toBe(200);
  return { key, session: res.body.session };
}

describe('WebAuthn', () => {
  // Closed before the test of other settings starts its backends, so that in a worker whose files
  // share a database (sharedDatabases.ts) they take it in turn instead of loading a PGlite each.
  describe('on the default settings', () => {
    beforeAll(async () => {
      backend = await startTestBackend();
    });
    afterAll(async () => {
      await backend?.close();
    });

    it('signs up with a security key and signs in with it (with and without e-mail)', async () => {
      const email = uniqueEmail('passkey');
      const { key, session } = await signUpWithKey(email);
      expect(session.user).toMatchObject({ email, displayName: 'Kata Key' });
      const { rows } = await backend.ctx.db.query<{ nickname: string; counter: string }>('SELECT nickname, counter FROM auth.user_security_keys WHERE user_id = $1', [
        session.user.id,
      ]);
      expect(rows).toEqual([{ nickname: 'laptop', counter: expect.anything() }]);

      const withEmail = await post<RequestOptions & { allowCredentials: { id: string }[] }>(backend, '/signin/webauthn', { email });
      expect(withEmail.body.allowCredentials.map((c) => c.id)).toEqual([key.id]);
      const signin = await post<{ session: Session }>(backend, '/signin/webauthn/verify', { email, credential: key.get(withEmail.body) });
      expect(signin.status).toBe(200);
      expect(signin.body.session.user.id).toBe(session.user.id);

      const discoverable = await post<RequestOptions>(backend, '/signin/webauthn', {});
      const signin2 = await post<{ session: Session }>(backend, '/signin/webauthn/verify', { credential: key.get(discoverable.body) });
      expect(signin2.body.session.user.id).toBe(session.user.id);
    });

    it('rejects a replayed challenge, a wrong origin, an unknown key and a taken e-mail', async () => {
      const email = uniqueEmail('reject');
      const { key } = await signUpWithKey(email);
      const opts = await post<RequestOptions>(backend, '/signin/webauthn', { email });
      const assertion = key.get(opts.body);
      expect((await post(backend, '/signin/webauthn/verify', { credential: assertion })).status).toBe(200);
      expect((await post(backend, '/signin/webauthn/verify', { credential: assertion })).body).toMatchObject({ status: 400, error: 'invalid-request' });

      const phish = await post<RequestOptions>(backend, '/signin/webauthn', { email });
      expect((await post(backend, '/signin/webauthn/verify', { credential: key.get(phish.body, { origin: 'https://evil.example' }) })).status).toBe(400);

      const stranger = new SoftAuthenticator();
      const opts2 = await post<RequestOptions>(backend, '/signin/webauthn', {});
      expect((await post(backend, '/signin/webauthn/verify', { credential: stranger.get(opts2.body) })).status).toBe(400);

      expect((await post(backend, '/signup/webauthn', { email })).body).toMatchObject({ status: 409, error: 'email-already-in-use' });
      expect((await post(backend, '/signup/webauthn', { email: 'not-an-email' })).status).toBe(400);
      expect((await post(backend, '/signin/webauthn', { email: uniqueEmail('nobody') })).body).toMatchObject({ status: 401, error: 'invalid-email-password' });
    });

    it('adds a second key to a signed-in user and elevates the session with it', async () => {
      const email = uniqueEmail('add');
      const pw = (await post<{ session: Session }>(backend, '/signup/email-password', { email, password: 'correct-horse' })).body.session;
      const key = new SoftAuthenticator();
      expect((await post(backend, '/user/webauthn/add', {})).status).toBe(400);
      const creation = await post<CreationOptions>(backend, '/user/webauthn/add', {}, pw.accessToken);
      const added = await post<{ id: string; nickname: string }>(backend, '/user/webauthn/verify', { credential: key.create(creation.body), nickname: 'phone' }, pw.accessToken);
      expect(added.body).toEqual({ id: expect.any(String), nickname: 'phone' });

      const elevate = await post<RequestOptions>(backend, '/elevate/webauthn', { email }, pw.accessToken);
      const elevated = await post<{ session: Session }>(backend, '/elevate/webauthn/verify', { email, credential: key.get(elevate.body) }, pw.accessToken);
      expect(elevated.status).toBe(200);
      const claims = decodeJwt(elevated.body.session.accessToken)[HASURA_NS] as Record<string, string>;
      expect(claims['x-hasura-auth-elevated']).toBe(pw.user.id);
      // a normal sign-in is not elevated
      expect((decodeJwt(pw.accessToken)[HASURA_NS] as Record<string, string>)['x-hasura-auth-elevated']).toBeUndefined();
    });
  });

  it('AUTH_REQUIRE_ELEVATED_CLAIM: `recommended` asks only users with a key, `required` everyone but a first key', async () => {
    const expiresAt = () => new Date(Date.now() + 86_400_000).toISOString();
    for (const mode of ['recommended', 'required'] as const) {
      const b = await startTestBackend({ env: { AUTH_REQUIRE_ELEVATED_CLAIM: mode } });
      try {
        const email = uniqueEmail(mode);
        const pw = (await post<{ session: Session }>(b, '/signup/email-password', { email, password: 'correct-horse' })).body.session;
        const pats = async () => (await b.ctx.db.query(`SELECT 1 FROM auth.refresh_tokens WHERE user_id = $1 AND type = 'pat'`, [pw.user.id])).rows.length;
        const keyless = await post(b, '/pat', { expiresAt: expiresAt() }, pw.accessToken);
        expect(keyless.status, mode).toBe(mode === 'recommended' ? 200 : 400);
        // Adding a first key never needs elevation (go/controller/jwt.go isElevatedClaimOptional).
        const key = new SoftAuthenticator();
        const creation = await post<CreationOptions>(b, '/user/webauthn/add', {}, pw.accessToken);
        expect((await post(b, '/user/webauthn/verify', { credential: key.create(creation.body) }, pw.accessToken)).status, mode).toBe(200);
        const before = await pats();
        expect((await post(b, '/pat', { expiresAt: expiresAt() }, pw.accessToken)).body, mode).toEqual({ status: 400, error: 'invalid-request', message: 'The request payload is incorrect' });
        expect(await pats()).toBe(before);
        const elevate = await post<RequestOptions>(b, '/elevate/webauthn', { email }, pw.accessToken);
        const elevated = (await post<{ session: Session }>(b, '/elevate/webauthn/verify', { email, credential: key.get(elevate.body) }, pw.accessToken)).body.session;
        expect((await post(b, '/pat', { expiresAt: expiresAt() }, elevated.accessToken)).status, mode).toBe(200);
      } finally {
        await b.close();
      }
    }
  }, 90_000); // two more backends, one after the other
});
