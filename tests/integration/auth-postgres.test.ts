// The auth flows that touch every column type (timestamps, jsonb, bytea keys, citext e-mail) on a
// server Postgres, not only on PGlite.
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTempPostgres, type TempPostgres } from '../helpers/postgres';
import { startTestBackend } from '../helpers/backend';
import type { RunningBackend } from '../../backend/server';
import { authClient, get, openLink, post, uniqueEmail, verifyLink } from '../../backend/auth/testing';
import { SoftAuthenticator, type CreationOptions, type RequestOptions } from '../../backend/auth/testing/authenticator';

interface Session {
  accessToken: string;
  refreshToken: string;
  refreshTokenId: string;
  user: { id: string; createdAt: string; metadata: unknown };
}

describe('auth on a server Postgres', () => {
  let pg: TempPostgres | null;
  let backend: RunningBackend;
  beforeAll(async () => {
    pg = await startTempPostgres();
    if (!pg) throw new Error('PostgreSQL server binaries not found: install Debian postgresql (.ci/run does)');
    backend = await startTestBackend({ databaseUrl: await pg.createDatabase('auth_flows') });
  });
  afterAll(async () => {
    await backend?.close();
    pg?.stop();
  });

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
});
