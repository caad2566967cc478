// The auth flows that touch every column type (timestamps, jsonb, bytea keys, citext e-mail) on a
// server Postgres, not only on PGlite.
import { generate } from 'otplib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTempPostgres, type TempPostgres } from '../helpers/postgres';
import { startTestBackend } from '../helpers/backend';
import type { RunningBackend } from '../../backend/server';
import { authClient, get, openLink, post, uniqueEmail, verifyLink } from '../../backend/auth/testing';
import { hashSecret } from '../../backend/auth/password';
import { otpGuessBurstTests } from '../helpers/otpGuessBursts';
import { SoftAuthenticator, type CreationOptions, type RequestOptions } from '../../backend/auth/testing/authenticator';

interface Session {
  accessToken: string;
  refreshToken: string;
  refreshTokenId: string;
  user: { id: string; createdAt: string; metadata: unknown };
}

describe('auth on a server Postgres', () => {
  let server: TempPostgres | null;
  let url: string;
  let backend: RunningBackend;
  beforeAll(async () => {
    server = await startTempPostgres();
    if (!server) throw new Error('PostgreSQL server binaries not found: install Debian postgresql (.ci/run does)');
    url = await server.createDatabase('auth_flows');
    backend = await startTestBackend({ databaseUrl: url });
  });
  afterAll(async () => {
    await backend?.close();
    server?.stop();
  });

  describe('one-time codes guessed all at once', () => otpGuessBurstTests(() => backend));

  it('signs up, signs in with the client, rotates and signs out', async () => {
    expect(backend.ctx.db.kind).toBe('postgres');
    const email = uniqueEmail('pg');
    const up = await post<{ session: Session }>(backend, '/signup/email-password', { email, password: 'correct-horse', options: { metadata: { plan: 'pro' } } });
    expect(up.body.session.user.metadata).toEqual({ plan: 'pro' });
    expect(new Date(up.body.session.user.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const client = authClient(backend);
    expect((await client.signIn({ email: email.toUpperCase(), password: 'correct-horse' })).error).toBeNull();
    const rotated = await post<Session>(backend, '/token', { refreshToken: up.body.session.refreshToken });
    expect(rotated.body.refreshTokenId).toBe(up.body.session.refreshTokenId);
    expect((await post(backend, '/token', { refreshToken: up.body.session.refreshToken })).status).toBe(401);
    expect((await client.signOut()).error).toBeNull();
  });

  it('magic link, TOTP and a security key', async () => {
    const email = uniqueEmail('pg-magic');
    await post(backend, '/signin/passwordless/email', { email });
    const target = await openLink(verifyLink(backend, email));
    const session = await post<Session>(backend, '/token', { refreshToken: target.searchParams.get('refreshToken') });
    expect(session.status).toBe(200);
    const token = session.body.accessToken;

    const gen = await get<{ totpSecret: string }>(backend, '/mfa/totp/generate', token);
    expect((await post(backend, '/user/mfa', { code: await generate({ secret: gen.body.totpSecret }), activeMfaType: 'totp' }, token)).body).toBe('OK');

    const key = new SoftAuthenticator();
    const creation = await post<CreationOptions>(backend, '/user/webauthn/add', {}, token);
    expect((await post(backend, '/user/webauthn/verify', { credential: key.create(creation.body), nickname: 'pg' }, token)).status).toBe(200);
    const request = await post<RequestOptions>(backend, '/signin/webauthn', { email });
    const signin = await post<{ session: Session }>(backend, '/signin/webauthn/verify', { email, credential: key.get(request.body) });
    expect(signin.body.session.user.id).toBe(session.body.user.id);
  });

  it('a password sign-in whose session is written while a password change is being committed waits for it, and gets no session', async () => {
    // The change (what /user/password does: the new hash, the sessions ended) is held open on its
    // own connection. The sign-in read the old hash, which still matches: only FOR SHARE makes its
    // write wait for the change and then see the new hash; without it the row was written from the
    // old snapshot, after the change had ended the sessions, and outlived it.
    const email = uniqueEmail('pg-straddle');
    await post(backend, '/signup/email-password', { email, password: 'correct-horse' });
    const changer = new pg.Client({ connectionString: url });
    await changer.connect();
    try {
      await changer.query('BEGIN');
      await changer.query('UPDATE auth.users SET password_hash = $2 WHERE email = $1', [email, await hashSecret('second-horse')]);
      await changer.query('DELETE FROM auth.refresh_tokens t USING auth.users u WHERE u.id = t.user_id AND u.email = $1', [email]);
      let answered = false;
      const signIn = post(backend, '/signin/email-password', { email, password: 'correct-horse' }).finally(() => (answered = true));
      // The backend's pool connection is not known here: any session waiting on a lock is the sign-in.
      const someoneWaits = async () => (await changer.query<{ w: boolean }>('SELECT EXISTS (SELECT 1 FROM pg_locks WHERE NOT granted) AS w')).rows[0].w;
      let waited = false;
      const until = Date.now() + 10_000;
      while (!answered && !waited && Date.now() < until) {
        waited = await someoneWaits();
        if (!waited) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(waited, 'the sign-in waits for the change').toBe(true);
      await changer.query('COMMIT');
      expect((await signIn).body).toMatchObject({ status: 401, error: 'invalid-email-password' });
      const { rows } = await changer.query<{ n: number }>('SELECT count(*)::int AS n FROM auth.refresh_tokens t JOIN auth.users u ON u.id = t.user_id WHERE u.email = $1', [email]);
      expect(rows[0].n).toBe(0);
    } finally {
      await changer.end();
    }
  });
});
