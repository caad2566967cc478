// Anonymous users and their upgrade, personal access tokens, password reset/change, e-mail
// verification and change, switched-off endpoints, concealed errors and rate limits.
import bcrypt from 'bcryptjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend } from '../helpers/backend';
import type { RunningBackend } from '../../backend/server';
import { authClient, decodeJwt, get, HASURA_NS, openLink, post, uniqueEmail, verifyLink } from '../../backend/auth/testing';

interface Session {
  accessToken: string;
  refreshToken: string;
  refreshTokenId: string;
  user: { id: string; email?: string; emailVerified: boolean; isAnonymous: boolean; roles: string[]; defaultRole: string };
}

let backend: RunningBackend;

async function signUp(email: string, password = 'correct-horse'): Promise<Session> {
  return (await post<{ session: Session }>(backend, '/signup/email-password', { email, password })).body.session;
}

// The default settings' backend is closed before the backends of other settings start, so in a
// worker whose files share a database (sharedDatabases.ts) each of them takes that database in
// turn, put back as the snapshot left it, instead of loading a PGlite of its own (~2 s of CPU each).
describe('with the default settings', () => {
  beforeAll(async () => {
    backend = await startTestBackend();
  });
  afterAll(async () => {
    await backend?.close();
  });

  describe('anonymous users', () => {
    it('signs in anonymously with the client and upgrades through deanonymize', async () => {
      const client = authClient(backend);
      const anon = await client.signIn();
      expect(anon.error).toBeNull();
      expect(client.getUser()).toMatchObject({ isAnonymous: true, defaultRole: 'anonymous', roles: ['anonymous'] });
      expect(client.getUser()?.email).toBeUndefined();
      expect((decodeJwt(client.getAccessToken() ?? '')[HASURA_NS] as Record<string, string>)['x-hasura-user-is-anonymous']).toBe('true');
      const anonId = client.getUser()?.id;

      const email = uniqueEmail('upgrade');
      const up = await post(backend, '/user/deanonymize', { signInMethod: 'email-password', email, password: 'now-real' }, client.getAccessToken() ?? '');
      expect(up).toMatchObject({ status: 200, body: 'OK' });
      const signin = await post<{ session: Session }>(backend, '/signin/email-password', { email, password: 'now-real' });
      expect(signin.body.session.user).toMatchObject({ id: anonId, email, isAnonymous: false, defaultRole: 'user' });
      expect(signin.body.session.user.roles.sort()).toEqual(['me', 'user']);
    });

    it('upgrades an anonymous user passwordless: the magic link signs in the same user', async () => {
      const client = authClient(backend);
      await client.signIn();
      const anonId = client.getUser()?.id;
      const email = uniqueEmail('anon-magic');
      const res = await client.deanonymize({ signInMethod: 'passwordless', connection: 'email', email });
      expect(res.error).toBeNull();
      const target = await openLink(verifyLink(backend, email, 'signin-passwordless'));
      const session = await post<Session>(backend, '/token', { refreshToken: target.searchParams.get('refreshToken') });
      expect(session.body.user).toMatchObject({ id: anonId, email, isAnonymous: false, emailVerified: true });
    });

    it('only anonymous users can be deanonymized', async () => {
      const s = await signUp(uniqueEmail('real'));
      const res = await post(backend, '/user/deanonymize', { signInMethod: 'email-password', email: uniqueEmail(), password: 'xxxxxx' }, s.accessToken);
      expect(res.body).toEqual({ status: 400, error: 'user-not-anonymous', message: 'Logged in user is not anonymous' });
    });

    it('anonymous users cannot change e-mail or password', async () => {
      const anon = (await post<{ session: Session }>(backend, '/signin/anonymous')).body.session;
      const res = await post(backend, '/user/email/change', { newEmail: uniqueEmail() }, anon.accessToken);
      expect(res.body).toEqual({ status: 403, error: 'forbidden-anonymous', message: 'Forbidden, user is anonymous.' });
    });
  });

  describe('disabled users', () => {
    it('cannot sign in or refresh', async () => {
      const email = uniqueEmail('disabled');
      const s = await signUp(email);
      await backend.ctx.db.query('UPDATE auth.users SET disabled = true WHERE id = $1', [s.user.id]);
      expect((await post(backend, '/signin/email-password', { email, password: 'correct-horse' })).body).toEqual({
        status: 401,
        error: 'disabled-user',
        message: 'User is disabled',
      });
      expect((await post(backend, '/token', { refreshToken: s.refreshToken })).body).toMatchObject({ status: 401, error: 'disabled-user' });
      expect((await get(backend, '/user', s.accessToken)).status).toBe(401);
    });
  });

  describe('personal access tokens', () => {
    it('creates a PAT with the client and signs in with it; /token refuses it', async () => {
      const email = uniqueEmail('pat');
      await signUp(email);
      const client = authClient(backend);
      await client.signIn({ email, password: 'correct-horse' });
      const created = await client.createPAT(new Date(Date.now() + 3600_000), { purpose: 'ci' });
      expect(created.error).toBeNull();
      const pat = created.data?.personalAccessToken ?? '';
      expect(pat).toMatch(/^[0-9a-f-]{36}$/);
      expect(created.data?.id).toMatch(/^[0-9a-f-]{36}$/);

      const other = authClient(backend);
      const res = await other.signInPAT(pat);
      expect(res.error).toBeNull();
      expect(other.getUser()?.email).toBe(email);

      expect((await post(backend, '/token', { refreshToken: pat })).status).toBe(401);
      expect((await post(backend, '/signin/pat', { personalAccessToken: '2b0c1f2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f' })).body).toEqual({
        status: 401,
        error: 'invalid-pat',
        message: 'Invalid or expired personal access token',
      });
    });

    it('accepts the RFC 3339 date the client sends, refuses RFC 1123, a past or invalid one, and expired PATs', async () => {
      const s = await signUp(uniqueEmail('pat2'));
      // CreatePATRequest.expiresAt is `format: date-time`; @nhost/hasura-auth-js 2.x sends toISOString().
      const iso = await post<{ personalAccessToken: string }>(backend, '/pat', { expiresAt: new Date(Date.now() + 60_000).toISOString() }, s.accessToken);
      expect(iso.status).toBe(200);
      expect((await post(backend, '/pat', { expiresAt: new Date(Date.now() + 60_000).toUTCString() }, s.accessToken)).status).toBe(400);
      expect((await post(backend, '/pat', { expiresAt: 'soon' }, s.accessToken)).status).toBe(400);
      expect((await post(backend, '/pat', { expiresAt: new Date(Date.now() - 1000).toISOString() }, s.accessToken)).status).toBe(400);
      expect((await post(backend, '/pat', { expiresAt: new Date(Date.now() + 60_000).toISOString() })).status).toBe(400);
      const rfc = iso;
      await backend.ctx.db.query(`UPDATE auth.refresh_tokens SET expires_at = now() - interval '1 second' WHERE type = 'pat' AND user_id = $1`, [s.user.id]);
      expect((await post(backend, '/signin/pat', { personalAccessToken: rfc.body.personalAccessToken })).status).toBe(401);
    });
  });

  describe('passwords', () => {
    it('resets a forgotten password through the mailed link and the ticket', async () => {
      const email = uniqueEmail('reset');
      await signUp(email, 'old-password');
      const client = authClient(backend);
      expect((await client.resetPassword({ email, options: { redirectTo: 'http://localhost:3000/reset' } })).error).toBeNull();
      const link = verifyLink(backend, email, 'password-reset');
      const ticket = new URL(link).searchParams.get('ticket') ?? '';
      expect(ticket).toMatch(/^passwordReset:/);
      expect(new URL(link).searchParams.get('type')).toBe('passwordReset');

      const change = await client.changePassword({ newPassword: 'new-password', ticket });
      expect(change.error).toBeNull();
      expect((await post(backend, '/signin/email-password', { email, password: 'old-password' })).status).toBe(401);
      expect((await post(backend, '/signin/email-password', { email, password: 'new-password' })).status).toBe(200);
      // the ticket is spent
      expect((await post(backend, '/user/password', { newPassword: 'third-password', ticket })).body).toMatchObject({ error: 'invalid-ticket' });
    });

    it('the reset link itself signs the user in (type=passwordReset)', async () => {
      const email = uniqueEmail('reset-link');
      await signUp(email);
      await post(backend, '/user/password/reset', { email });
      const target = await openLink(verifyLink(backend, email, 'password-reset'));
      expect(target.searchParams.get('type')).toBe('passwordReset');
      expect(target.searchParams.get('refreshToken')).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('refuses an expired reset ticket and a short new password; an unknown e-mail learns nothing', async () => {
      const email = uniqueEmail('reset-exp');
      await signUp(email);
      await post(backend, '/user/password/reset', { email });
      const ticket = new URL(verifyLink(backend, email, 'password-reset')).searchParams.get('ticket');
      expect((await post(backend, '/user/password', { newPassword: 'ab', ticket })).body).toMatchObject({ error: 'invalid-request' });
      await backend.ctx.db.query(`UPDATE auth.users SET ticket_expires_at = now() - interval '1 second' WHERE email = $1`, [email]);
      expect((await post(backend, '/user/password', { newPassword: 'new-password', ticket })).body).toEqual({ status: 401, error: 'invalid-ticket', message: 'Invalid ticket' });
      // No account enumeration: an unknown address gets the same "OK" (send_password_reset_email.go).
      expect(await post(backend, '/user/password/reset', { email: uniqueEmail('ghost') })).toMatchObject({ status: 200, body: 'OK' });
    });

    it('changes the password of the signed-in user with the client', async () => {
      const email = uniqueEmail('change');
      await signUp(email);
      const client = authClient(backend);
      await client.signIn({ email, password: 'correct-horse' });
      expect((await client.changePassword({ newPassword: 'brand-new' })).error).toBeNull();
      expect((await post(backend, '/signin/email-password', { email, password: 'brand-new' })).status).toBe(200);
      expect((await post(backend, '/user/password', { newPassword: 'brand-new' })).body).toMatchObject({ status: 400, error: 'invalid-request' });
    });
  });

  describe('e-mail change and verification', () => {
    it('changes the e-mail after the confirmation link', async () => {
      const email = uniqueEmail('old');
      const newEmail = uniqueEmail('new');
      await signUp(email);
      const client = authClient(backend);
      await client.signIn({ email, password: 'correct-horse' });
      expect((await client.changeEmail({ newEmail })).error).toBeNull();
      const link = verifyLink(backend, newEmail, 'email-confirm-change');
      expect(new URL(link).searchParams.get('type')).toBe('emailConfirmChange');
      const target = await openLink(link);
      expect(target.searchParams.get('type')).toBe('emailConfirmChange');
      expect((await post(backend, '/signin/email-password', { email: newEmail, password: 'correct-horse' })).status).toBe(200);
      expect((await post(backend, '/signin/email-password', { email, password: 'correct-horse' })).status).toBe(401);
    });

    it('refuses a taken e-mail', async () => {
      const taken = uniqueEmail('taken');
      await signUp(taken);
      const s = await signUp(uniqueEmail('mover'));
      expect((await post(backend, '/user/email/change', { newEmail: taken }, s.accessToken)).body).toMatchObject({ status: 409, error: 'email-already-in-use' });
    });

    it('resends the verification e-mail and verifies; a verified address is refused', async () => {
      const email = uniqueEmail('verify');
      await signUp(email);
      const client = authClient(backend);
      expect((await client.sendVerificationEmail({ email })).error).toBeNull();
      const target = await openLink(verifyLink(backend, email, 'email-verify'));
      expect(target.searchParams.get('type')).toBe('verifyEmail');
      const again = await post(backend, '/user/email/send-verification-email', { email });
      expect(again.body).toEqual({ status: 400, error: 'email-already-verified', message: "User's email is already verified" });
    });
  });
});

describe('when e-mail verification is required', () => {
  let strict: RunningBackend;
  beforeAll(async () => {
    strict = await startTestBackend({ env: { AUTH_EMAIL_SIGNIN_EMAIL_VERIFIED_REQUIRED: 'true', AUTH_ANONYMOUS_USERS_ENABLED: 'false', AUTH_DISABLE_SIGNUP: 'false' } });
  });
  afterAll(async () => {
    await strict?.close();
  });

  it('sign-up returns no session and the client goes to needsEmailVerification until the link is opened', async () => {
    const email = uniqueEmail('strict');
    const raw = await post(strict, '/signup/email-password', { email, password: 'correct-horse' });
    expect(raw).toMatchObject({ status: 200, body: {} });

    const client = authClient(strict);
    const signup = await client.signUp({ email: uniqueEmail('strict2'), password: 'correct-horse' });
    expect(signup.error).toBeNull();
    expect(signup.session).toBeNull();

    const signin = await client.signIn({ email, password: 'correct-horse' });
    expect(signin.error).toEqual({ status: 20, error: 'unverified-user', message: 'Email needs verification' });
    expect(client.client.interpreter?.getSnapshot().matches({ registration: { incomplete: 'needsEmailVerification' } })).toBe(true);
    expect(client.isAuthenticated()).toBe(false);
    expect((await post(strict, '/signin/email-password', { email, password: 'correct-horse' })).body).toEqual({
      status: 401,
      error: 'unverified-user',
      message: 'User is not verified.',
    });

    const target = await openLink(verifyLink(strict, email, 'email-verify'));
    expect(target.searchParams.get('type')).toBe('verifyEmail');
    const ok = await client.signIn({ email, password: 'correct-horse' });
    expect(ok.error).toBeNull();
    expect(client.getUser()?.emailVerified).toBe(true);
  });

  it('switched-off methods answer 409 disabled-endpoint', async () => {
    expect((await post(strict, '/signin/anonymous')).body).toEqual({ status: 409, error: 'disabled-endpoint', message: 'This endpoint is disabled' });
  });
});

describe('settings from the environment', () => {
  it('AUTH_DISABLE_SIGNUP, AUTH_CONCEAL_ERRORS and AUTH_ACCESS_TOKEN_EXPIRES_IN', async () => {
    const b = await startTestBackend({ env: { AUTH_DISABLE_SIGNUP: 'true', AUTH_CONCEAL_ERRORS: 'true', AUTH_ACCESS_TOKEN_EXPIRES_IN: '60' } });
    try {
      expect((await post(b, '/signup/email-password', { email: uniqueEmail(), password: 'long-enough' })).body).toEqual({
        status: 400,
        error: 'invalid-request',
        message: 'The request payload is incorrect',
      });
      expect((await post(b, '/signin/email-password', { email: uniqueEmail(), password: 'whatever' })).body).toMatchObject({ error: 'invalid-request' });
      // sign_in_anonymous.go: sign-up switched off also stops anonymous users (signup-disabled, concealed).
      expect((await post(b, '/signin/anonymous')).body).toMatchObject({ error: 'invalid-request' });
      const email = uniqueEmail('ttl');
      await b.ctx.db.query(`INSERT INTO auth.users (email, password_hash, email_verified, locale, display_name) VALUES ($1, $2, true, 'en', 'ttl')`, [email, bcrypt.hashSync('long-enough', 4)]);
      const signIn = await post<{ session: { accessTokenExpiresIn: number; accessToken: string } }>(b, '/signin/email-password', { email, password: 'long-enough' });
      expect(signIn.body.session.accessTokenExpiresIn).toBe(60);
      const claims = decodeJwt(signIn.body.session.accessToken);
      expect(Number(claims.exp) - Number(claims.iat)).toBe(60);
    } finally {
      await b.close();
    }
  });
});

describe('rate limits', () => {
  let b: RunningBackend;
  beforeAll(async () => {
    b = await startTestBackend({
      env: {
        AUTH_RATE_LIMIT_ENABLE: 'true',
        AUTH_RATE_LIMIT_BRUTE_FORCE_BURST: '3',
        AUTH_RATE_LIMIT_BRUTE_FORCE_INTERVAL: '5m',
        AUTH_RATE_LIMIT_SIGNUPS_BURST: '2',
        AUTH_RATE_LIMIT_EMAIL_BURST: '1',
        AUTH_RATE_LIMIT_EMAIL_INTERVAL: '1h',
      },
    });
  });
  afterAll(async () => {
    await b?.close();
  });

  it('repeated wrong passwords get 429 in the error shape once AUTH_RATE_LIMIT_BRUTE_FORCE_BURST is used up', async () => {
    const email = uniqueEmail('brute');
    await b.ctx.db.query(`INSERT INTO auth.users (email, locale, password_hash) VALUES ($1, 'en', 'x')`, [email]);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await post(b, '/signin/email-password', { email, password: `guess-${i}` })).status);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    const limited = await post(b, '/signin/email-password', { email, password: 'correct-horse' });
    expect(limited.body).toEqual({ status: 429, error: 'too-many-requests', message: 'Too many requests' });
    // endpoints outside the brute-force bucket still answer
    expect((await get(b, '/healthz')).status).toBe(200);
    // The same route in other spellings (routing ignores case and trailing slashes) is the same bucket.
    for (const variant of ['/SIGNIN/email-password', '/signin/email-password/', '/SignIn/Email-Password//']) {
      expect((await post(b, variant, { email, password: 'another-guess' })).status, variant).toBe(429);
    }
  });

  it('sign-ups and e-mails have their own limits', async () => {
    const s1 = await post(b, '/signup/email-password', { email: uniqueEmail(), password: 'long-enough' });
    const s2 = await post(b, '/signup/email-password', { email: uniqueEmail(), password: 'long-enough' });
    const s3 = await post(b, '/signup/email-password', { email: uniqueEmail(), password: 'long-enough' });
    expect([s1.status, s2.status, s3.status]).toEqual([200, 200, 429]);
    const e1 = await post(b, '/user/password/reset', { email: uniqueEmail() });
    const e2 = await post(b, '/user/password/reset', { email: uniqueEmail() });
    expect([e1.status, e2.status]).toEqual([200, 429]);
  });
});
