// E-mail/password sign-up and sign-in, refresh with rotation, sign-out and /user, through the real
// HasuraAuthClient against the embedded backend (plus raw calls where the wire shape matters).
import { hash } from '@node-rs/bcrypt';
import bcrypt from 'bcryptjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend } from '../helpers/backend';
import type { RunningBackend } from '../../backend/server';
import { authClient, decodeJwt, get, HASURA_NS, post, uniqueEmail, verifyLink } from '../../backend/auth/testing';
import { BCRYPT_COST, DUMMY_HASH, passwordBytes } from '../../backend/auth/password';

interface SessionBody {
  accessToken: string;
  accessTokenExpiresIn: number;
  refreshToken: string;
  refreshTokenId: string;
  user: Record<string, unknown>;
}

let backend: RunningBackend;

beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(async () => {
  await backend?.close();
});

async function signUp(email: string, password = 'correct-horse'): Promise<SessionBody> {
  const res = await post<{ session: SessionBody }>(backend, '/signup/email-password', { email, password });
  expect(res.status).toBe(200);
  return res.body.session;
}

describe('sign-up and sign-in with the real client', () => {
  it('signs up, is signed in with user + me roles, and the JWT carries the Hasura claims', async () => {
    const client = authClient(backend);
    const email = uniqueEmail('signup');
    const res = await client.signUp({ email, password: 'correct-horse', options: { displayName: 'Anna Kovács', locale: 'hu' } });
    expect(res.error).toBeNull();
    expect(res.session?.user.email).toBe(email);
    expect(client.isAuthenticated()).toBe(true);
    const user = client.getUser();
    expect(user).toMatchObject({ email, displayName: 'Anna Kovács', locale: 'hu', defaultRole: 'user', isAnonymous: false, emailVerified: false });
    expect(user?.roles.sort()).toEqual(['me', 'user']);

    const claims = decodeJwt(client.getAccessToken() ?? '');
    expect(claims.sub).toBe(user?.id);
    expect(claims.iss).toBe('hasura-auth');
    expect(Number(claims.exp) - Number(claims.iat)).toBe(900);
    const hasura = claims[HASURA_NS] as Record<string, unknown>;
    expect((hasura['x-hasura-allowed-roles'] as string[]).sort()).toEqual(['me', 'user']);
    expect(hasura).toEqual({
      'x-hasura-allowed-roles': expect.any(Array),
      'x-hasura-default-role': 'user',
      'x-hasura-user-id': user?.id,
      'x-hasura-user-is-anonymous': 'false',
    });
  });

  it('stores a bcrypt hash (cost 10) and a sha256 refresh-token hash, never the secrets', async () => {
    const email = uniqueEmail('hash');
    const session = await signUp(email, 'stored-secret');
    const { rows } = await backend.ctx.db.query<{ password_hash: string }>('SELECT password_hash FROM auth.users WHERE email = $1', [email]);
    expect(rows[0].password_hash).toMatch(/^\$2b\$10\$/);
    // bcryptjs, which made the hashes stored before the native bcrypt, reads the new ones too.
    expect(await bcrypt.compare('stored-secret', rows[0].password_hash)).toBe(true);
    const tokens = await backend.ctx.db.query<{ refresh_token_hash: string; type: string }>(
      'SELECT refresh_token_hash, type FROM auth.refresh_tokens WHERE id = $1',
      [session.refreshTokenId],
    );
    expect(tokens.rows[0].type).toBe('regular');
    expect(tokens.rows[0].refresh_token_hash).toMatch(/^\\x[0-9a-f]{64}$/);
    expect(tokens.rows[0].refresh_token_hash).not.toContain(session.refreshToken);
  });

  it('signs in (signedIn) and signs out (signedOut) with the client', async () => {
    const email = uniqueEmail('signin');
    await signUp(email);
    const client = authClient(backend);
    const signedIn: boolean[] = [];
    client.onAuthStateChanged((event) => signedIn.push(event === 'SIGNED_IN'));
    const res = await client.signIn({ email, password: 'correct-horse' });
    expect(res.error).toBeNull();
    expect(res.session?.user.email).toBe(email);
    expect(client.isAuthenticated()).toBe(true);
    const out = await client.signOut();
    expect(out.error).toBeNull();
    expect(client.isAuthenticated()).toBe(false);
    expect(signedIn.slice(-2)).toEqual([true, false]);
    // the signed-out refresh token is gone
    const refresh = await post(backend, '/token', { refreshToken: res.session?.refreshToken });
    expect(refresh.status).toBe(401);
  });

  it('answers an unknown e-mail exactly like a wrong password, and the client lands in failed', async () => {
    const email = uniqueEmail('known');
    await signUp(email);
    const wrong = await post(backend, '/signin/email-password', { email, password: 'wrong-password' });
    const unknown = await post(backend, '/signin/email-password', { email: uniqueEmail('nobody'), password: 'wrong-password' });
    const expected = { status: 401, error: 'invalid-email-password', message: 'Incorrect email or password' };
    expect(wrong).toMatchObject({ status: 401, body: expected });
    expect(unknown).toMatchObject({ status: 401, body: expected });
    // The unknown e-mail is checked against a hash as costly as a stored one, so it takes as long
    // (fastest of three each: a skipped verify would answer in a fraction of the time).
    expect(bcrypt.getRounds(DUMMY_HASH)).toBe(BCRYPT_COST);
    expect(await bcrypt.compare('wrong-password', DUMMY_HASH)).toBe(false);
    const fastest = async (to: string) => {
      let best = Infinity;
      for (let i = 0; i < 3; i++) {
        const started = performance.now();
        await post(backend, '/signin/email-password', { email: to, password: 'wrong-password' });
        best = Math.min(best, performance.now() - started);
      }
      return best;
    };
    const nobody = uniqueEmail('nobody');
    expect(await fastest(nobody)).toBeGreaterThan((await fastest(email)) / 3);

    const client = authClient(backend);
    const res = await client.signIn({ email, password: 'wrong-password' });
    expect(res.error).toEqual(expected);
    expect(client.isAuthenticated()).toBe(false);
  });

  it('an account whose stored hash is cheaper than cost 10, or of a cost bcrypt refuses, answers a wrong password as slowly as an unknown e-mail', async () => {
    // Hashes imported or written past the auth service: a cost-6 one (pgcrypto's default) took 1/16
    // of a check, a $2b$03$ one (bcrypt refuses the cost at once) none, so the answer told that the
    // e-mail had an account. Fastest of three each, the unknown e-mail's and the account's in turn.
    const valid = bcrypt.hashSync('real-password', 6);
    for (const stored of [valid, `$2b$03$${valid.slice(7)}`]) {
      const email = uniqueEmail('imported');
      await signUp(email);
      await backend.ctx.db.query('UPDATE auth.users SET password_hash = $2 WHERE email = $1', [email, stored]);
      const answerMs = async (to: string) => {
        const started = performance.now();
        const res = await post(backend, '/signin/email-password', { email: to, password: 'wrong-password' });
        expect(res.status).toBe(401);
        return performance.now() - started;
      };
      let [account, nobody] = [Infinity, Infinity];
      for (let i = 0; i < 3; i++) {
        nobody = Math.min(nobody, await answerMs(uniqueEmail('nobody')));
        account = Math.min(account, await answerMs(email));
      }
      expect(account, `${stored.slice(0, 7)}: ${account} ms vs ${nobody} ms`).toBeGreaterThan(nobody / 3);
    }
    // The cheap hash still opens its account.
    const email = uniqueEmail('imported-ok');
    await signUp(email);
    await backend.ctx.db.query('UPDATE auth.users SET password_hash = $2 WHERE email = $1', [email, valid]);
    expect((await post(backend, '/signin/email-password', { email, password: 'real-password' })).status).toBe(200);
  });

  it('is case-insensitive on the e-mail', async () => {
    const email = uniqueEmail('case');
    await signUp(email);
    const res = await post(backend, '/signin/email-password', { email: email.toUpperCase(), password: 'correct-horse' });
    expect(res.status).toBe(200);
  });
});

describe('sign-up validation', () => {
  it('rejects a taken e-mail with 409 email-already-in-use', async () => {
    const email = uniqueEmail('taken');
    await signUp(email);
    const res = await post(backend, '/signup/email-password', { email, password: 'another-one' });
    expect(res).toMatchObject({ status: 409, body: { status: 409, error: 'email-already-in-use', message: 'Email already in use' } });
  });

  it('rejects malformed e-mails and short or long passwords', async () => {
    const bad = await post(backend, '/signup/email-password', { email: 'not-an-email', password: 'long-enough' });
    expect(bad).toMatchObject({ status: 400, body: { status: 400, error: 'invalid-request', message: 'The request payload is incorrect' } });
    // Under the document's minLength (3) the contract check answers; above it the configured minimum.
    const short = await post(backend, '/signup/email-password', { email: uniqueEmail(), password: 'ab' });
    expect(short).toMatchObject({ status: 400, body: { error: 'invalid-request', message: 'The request payload is incorrect' } });
    const long = await post(backend, '/signup/email-password', { email: uniqueEmail(), password: 'x'.repeat(51) });
    expect(long.body).toMatchObject({ error: 'invalid-request' });
  });

  it('refuses a password over bcrypt\'s 72 bytes wherever one is stored, as hasura-auth does (500), and keeps what was stored', async () => {
    // bcrypt reads 72 bytes and 'ő' is two: 37 of them (under the 50-character bound) were stored as
    // their first 36, so the password the user chose was not the one checked. Go's bcrypt refuses to
    // hash it, which hasura-auth answers with internal-server-error.
    const tooLong = 'ő'.repeat(37);
    const refused = { status: 500, body: { status: 500, error: 'internal-server-error', message: 'Internal server error' } };
    const email = uniqueEmail('long');
    expect(await post(backend, '/signup/email-password', { email, password: tooLong })).toMatchObject(refused);
    expect((await backend.ctx.db.query('SELECT 1 FROM auth.users WHERE email = $1', [email])).rows).toEqual([]);
    const session = await signUp(email, 'ő'.repeat(36)); // 72 bytes: bcrypt reads every one
    expect(await post(backend, '/user/password', { newPassword: tooLong }, session.accessToken)).toMatchObject(refused);
    await post(backend, '/user/password/reset', { email });
    const ticket = new URL(verifyLink(backend, email, 'password-reset')).searchParams.get('ticket');
    expect(await post(backend, '/user/password', { newPassword: '😀'.repeat(19), ticket })).toMatchObject(refused);
    // Nothing was changed or ended: the password, the session, the reset link.
    expect((await post(backend, '/signin/email-password', { email, password: 'ő'.repeat(36) })).status).toBe(200);
    expect((await post(backend, '/token', { refreshToken: session.refreshToken })).status).toBe(200);
    expect((await post(backend, '/user/password', { newPassword: 'ő'.repeat(30), ticket })).body).toBe('OK');

    const anonymous = (await post<{ session: SessionBody }>(backend, '/signin/anonymous', {})).body.session;
    const upgrade = { signInMethod: 'email-password', email: uniqueEmail('long-anon'), password: tooLong };
    expect(await post(backend, '/user/deanonymize', upgrade, anonymous.accessToken)).toMatchObject(refused);
    expect((await post(backend, '/token', { refreshToken: anonymous.refreshToken })).status).toBe(200);
  });

  it('limits requested roles to the default allowed roles', async () => {
    const admin = await post(backend, '/signup/email-password', { email: uniqueEmail(), password: 'long-enough', options: { allowedRoles: ['user', 'admin'] } });
    expect(admin).toMatchObject({ status: 400, body: { error: 'role-not-allowed', message: 'Role not allowed' } });
    const outside = await post(backend, '/signup/email-password', {
      email: uniqueEmail(),
      password: 'long-enough',
      options: { allowedRoles: ['me'], defaultRole: 'user' },
    });
    expect(outside).toMatchObject({ status: 400, body: { error: 'default-role-must-be-in-allowed-roles', message: 'Default role must be in allowed roles' } });
    const me = await post<{ session: SessionBody }>(backend, '/signup/email-password', {
      email: uniqueEmail(),
      password: 'long-enough',
      options: { allowedRoles: ['me'], defaultRole: 'me' },
    });
    expect(me.body.session.user).toMatchObject({ defaultRole: 'me', roles: ['me'] });
  });

  it('checks redirectTo against the client URL and allowed URLs', async () => {
    const evil = await post(backend, '/signup/email-password', { email: uniqueEmail(), password: 'long-enough', options: { redirectTo: 'https://evil.example/' } });
    expect(evil).toMatchObject({ status: 400, body: { error: 'redirectTo-not-allowed', message: 'The value of "options.redirectTo" is not allowed.' } });
    const ok = await post(backend, '/signup/email-password', { email: uniqueEmail(), password: 'long-enough', options: { redirectTo: 'http://localhost:3000/welcome' } });
    expect(ok.status).toBe(200);
  });

  it('answers malformed JSON and non-object bodies with 400 invalid-request and no stack trace', async () => {
    const res = await post(backend, '/signin/email-password', undefined, undefined, '{"email": ');
    expect(res).toMatchObject({ status: 400, body: { status: 400, error: 'invalid-request', message: 'The request payload is incorrect' } });
    const arr = await post(backend, '/signin/email-password', ['a']);
    expect(arr.body).toEqual({ status: 400, error: 'invalid-request', message: 'The request payload is incorrect' });
    const missing = await post(backend, '/signin/email-password', { email: uniqueEmail() });
    expect(missing.body).toEqual({ status: 400, error: 'invalid-request', message: 'The request payload is incorrect' });
  });

  it('the client rejects a bad e-mail or a too-short password before calling the server (SPEC 5)', async () => {
    const client = authClient(backend);
    const email = await client.signIn({ email: 'nope', password: 'whatever' });
    expect(email.error).toMatchObject({ error: 'invalid-email', message: 'Email is incorrectly formatted' });
    const pw = await client.signUp({ email: uniqueEmail(), password: 'ab' });
    expect(pw.error).toMatchObject({ error: 'invalid-password', message: 'Password is incorrectly formatted' });
  });
});

describe('tokens', () => {
  it('rotates the refresh token: same refreshTokenId, old token dead, new token works', async () => {
    const first = await signUp(uniqueEmail('rotate'));
    const refreshed = await post<SessionBody>(backend, '/token', { refreshToken: first.refreshToken });
    expect(refreshed.status).toBe(200);
    // /token answers a bare session object
    expect(Object.keys(refreshed.body).sort()).toEqual(['accessToken', 'accessTokenExpiresIn', 'refreshToken', 'refreshTokenId', 'user']);
    expect(refreshed.body.refreshTokenId).toBe(first.refreshTokenId);
    expect(refreshed.body.refreshToken).not.toBe(first.refreshToken);

    const replay = await post(backend, '/token', { refreshToken: first.refreshToken });
    expect(replay).toMatchObject({ status: 401, body: { status: 401, error: 'invalid-refresh-token', message: 'Invalid or expired refresh token' } });
    const again = await post<SessionBody>(backend, '/token', { refreshToken: refreshed.body.refreshToken });
    expect(again.status).toBe(200);
  });

  it('a sign-in with the old password whose check ends after a password change gets no session that outlives the change', async () => {
    const email = uniqueEmail('straddle');
    const owner = await signUp(email, 'old-password');
    // The old password stored at cost 12 (four cost-10 checks): the sign-in reads that hash, the
    // change (a cost-10 hash and a transaction) commits while bcrypt still checks it.
    const slow = await hash(passwordBytes('old-password'), 12);
    await backend.ctx.db.query('UPDATE auth.users SET password_hash = $2 WHERE email = $1', [email, slow]);
    const signIn = post<{ session: SessionBody }>(backend, '/signin/email-password', { email, password: 'old-password' });
    const change = await post(backend, '/user/password', { newPassword: 'new-password' }, owner.accessToken);
    expect(change).toMatchObject({ status: 200, body: 'OK' });
    const late = await signIn;
    // Refused as a wrong password would be, or (had it finished first) ended with the others.
    if (late.status === 200) expect((await post(backend, '/token', { refreshToken: late.body.session.refreshToken })).status).toBe(401);
    else expect(late).toMatchObject({ status: 401, body: { error: 'invalid-email-password' } });
    const { rows } = await backend.ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM auth.refresh_tokens t JOIN auth.users u ON u.id = t.user_id WHERE u.email = $1', [email]);
    expect(rows[0].n).toBe(1); // the changer's own session only
    expect((await post(backend, '/signin/email-password', { email, password: 'new-password' })).status).toBe(200);
  });

  it('401 for a made-up or expired refresh token', async () => {
    const unknown = await post(backend, '/token', { refreshToken: '2b0c1f2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f' });
    expect(unknown.status).toBe(401);
    const s = await signUp(uniqueEmail('expired'));
    await backend.ctx.db.query(`UPDATE auth.refresh_tokens SET expires_at = now() - interval '1 second' WHERE id = $1`, [s.refreshTokenId]);
    const expired = await post(backend, '/token', { refreshToken: s.refreshToken });
    expect(expired.body).toMatchObject({ error: 'invalid-refresh-token' });
  });

  it('the client refreshes before expiry when it gets close, and a 401 on refresh signs it out', async () => {
    const email = uniqueEmail('auto');
    await signUp(email);
    const client = authClient(backend, { autoRefreshToken: true, refreshIntervalTime: 1 });
    await client.signIn({ email, password: 'correct-horse' });
    const firstToken = client.getAccessToken();
    // (the unsubscribe function onTokenChanged returns stops the whole client in xstate 4: not called)
    const changed = await new Promise<string | null>((resolve) => {
      client.onTokenChanged((session) => {
        if (session && session.accessToken !== firstToken) resolve(session.accessToken);
      });
      setTimeout(() => resolve(null), 8000);
    });
    expect(changed).toBeTruthy();
    expect(client.isAuthenticated()).toBe(true);

    // All sessions deleted server-side: the next refresh gets a 401 and the client signs out.
    await backend.ctx.db.query('DELETE FROM auth.refresh_tokens WHERE user_id = $1', [client.getUser()?.id]);
    const deadline = Date.now() + 8000;
    while (client.isAuthenticated() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(client.isAuthenticated()).toBe(false);
  });

  it('signs out of all sessions only with the access token', async () => {
    const email = uniqueEmail('all');
    const a = await signUp(email);
    const b = (await post<{ session: SessionBody }>(backend, '/signin/email-password', { email, password: 'correct-horse' })).body.session;
    const noBearer = await post(backend, '/signout', { refreshToken: a.refreshToken, all: true });
    expect(noBearer).toMatchObject({ status: 400, body: { status: 400, error: 'invalid-request' } });
    expect((await post(backend, '/token', { refreshToken: b.refreshToken })).status).toBe(200);

    const c = (await post<{ session: SessionBody }>(backend, '/signin/email-password', { email, password: 'correct-horse' })).body.session;
    const all = await post(backend, '/signout', { refreshToken: c.refreshToken, all: true }, c.accessToken);
    expect(all).toMatchObject({ status: 200, body: 'OK' });
    expect((await post(backend, '/token', { refreshToken: c.refreshToken })).status).toBe(401);
    const { rows } = await backend.ctx.db.query(`SELECT 1 FROM auth.refresh_tokens WHERE user_id = $1 AND type = 'regular'`, [a.user.id]);
    expect(rows).toHaveLength(0);
  });

  it('the client signOut({all: true}) ends the other sessions too', async () => {
    const email = uniqueEmail('clientall');
    const other = await signUp(email);
    const client = authClient(backend);
    await client.signIn({ email, password: 'correct-horse' });
    await client.signOut({ all: true });
    expect((await post(backend, '/token', { refreshToken: other.refreshToken })).status).toBe(401);
  });
});

describe('GET /user and token checks', () => {
  it('returns the camelCase user for a valid token', async () => {
    const s = await signUp(uniqueEmail('me'));
    const res = await get<Record<string, unknown>>(backend, '/user', s.accessToken);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(s.user);
    expect(Object.keys(res.body).sort()).toEqual(
      ['activeMfaType', 'avatarUrl', 'createdAt', 'defaultRole', 'displayName', 'email', 'emailVerified', 'id', 'isAnonymous', 'locale', 'metadata', 'phoneNumberVerified', 'roles'].sort(),
    );
  });

  it('rejects a missing, tampered or expired token', async () => {
    const s = await signUp(uniqueEmail('tamper'));
    // hasura-auth: the validator refuses a missing token, ErrUnauthenticatedUser is invalid-request.
    expect(await get(backend, '/user')).toMatchObject({ status: 400, body: { status: 400, error: 'invalid-request' } });
    const [h, p, sig] = s.accessToken.split('.');
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
    claims[HASURA_NS]['x-hasura-default-role'] = 'admin';
    const tampered = `${h}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${sig}`;
    const res = await get(backend, '/user', tampered);
    expect(res).toMatchObject({ status: 400, body: { status: 400, error: 'invalid-request' } });
    const expired = await backend.ctx.jwt.sign({ sub: s.user.id as string, [HASURA_NS]: claims[HASURA_NS] }, -10);
    expect((await get(backend, '/user', expired)).status).toBe(400);
    const verify = await post(backend, '/token/verify', { token: tampered });
    expect(verify).toMatchObject({ status: 400, body: { status: 400, error: 'invalid-request' } });
    expect((await post(backend, '/token/verify', { token: s.accessToken })).body).toBe('OK');
  });

  it('serves health, version and JWKS', async () => {
    expect((await get(backend, '/healthz')).body).toBe('OK');
    expect((await get<{ version: string }>(backend, '/version')).body.version).toEqual(expect.any(String));
    expect((await get(backend, '/.well-known/jwks.json')).body).toEqual({ keys: [] });
  });
});
