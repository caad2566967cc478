// One test per row of the contract table in backend/auth/README.md: a request hasura-auth
// refuses (or answers without telling anything), the status, code and message it answers with,
// and that the refused request changed nothing in the database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend } from '../helpers/backend';
import type { RunningBackend } from '../../backend/server';
import { authUrl, HASURA_NS, otpCode, post, uniqueEmail, verifyLink } from '../../backend/auth/testing';

interface Session {
  accessToken: string;
  refreshToken: string;
  user: { id: string };
}

let backend: RunningBackend;
const email = uniqueEmail('contract');
let user: Session;
let anonymous: Session;
let deletedUsersToken: string;
const phoneNumber = '+36301234567';

/** A hash of every auth table, so a refused request can be shown to have written nothing. */
async function dbState(): Promise<string[]> {
  const tables = ['users', 'refresh_tokens', 'user_roles', 'user_providers', 'user_security_keys'];
  const out: string[] = [];
  for (const t of tables) {
    const { rows } = await backend.ctx.db.query<{ h: string }>(`SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS h FROM auth.${t} t`);
    out.push(`${t}:${rows[0].h}`);
  }
  return out;
}

async function call(method: string, path: string, opts: { body?: unknown; raw?: string; token?: string; on?: RunningBackend } = {}): Promise<{ status: number; body: unknown; location: string | null }> {
  const headers: Record<string, string> = {};
  if (opts.body !== undefined || opts.raw !== undefined) headers['content-type'] = 'application/json';
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const res = await fetch(`${authUrl(opts.on ?? backend)}${path}`, {
    method,
    headers,
    body: opts.raw ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
    redirect: 'manual',
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON (a redirect)
  }
  return { status: res.status, body, location: res.headers.get('location') };
}

const INVALID_REQUEST = { status: 400, error: 'invalid-request', message: 'The request payload is incorrect' };

interface Row {
  endpoint: string;
  condition: string;
  request: () => Promise<{ status: number; body: unknown; location: string | null }>;
  status: number;
  body: unknown;
}

const rows: Row[] = [
  {
    endpoint: 'POST /signin/email-password',
    condition: 'unknown body property',
    request: () => call('POST', '/signin/email-password', { body: { email, password: 'correct-horse', admin: true } }),
    ...{ status: 400, body: INVALID_REQUEST },
  },
  {
    endpoint: 'POST /signin/email-password',
    condition: 'wrong type (password a number)',
    request: () => call('POST', '/signin/email-password', { body: { email, password: 12345678 } }),
    ...{ status: 400, body: INVALID_REQUEST },
  },
  {
    endpoint: 'POST /signup/email-password',
    condition: 'oversized input (password over 50, metadata not an object)',
    request: () => call('POST', '/signup/email-password', { body: { email: uniqueEmail('big'), password: 'x'.repeat(10_000), options: { metadata: 'x' } } }),
    ...{ status: 400, body: INVALID_REQUEST },
  },
  {
    endpoint: 'POST /signup/email-password',
    condition: 'body is not JSON',
    request: () => call('POST', '/signup/email-password', { raw: '{"email": ' }),
    ...{ status: 400, body: INVALID_REQUEST },
  },
  {
    endpoint: 'POST /signin/anonymous',
    condition: 'a body with an e-mail',
    request: () => call('POST', '/signin/anonymous', { body: { email: uniqueEmail('anon') } }),
    ...{ status: 400, body: INVALID_REQUEST },
  },
  {
    endpoint: 'GET /user',
    condition: 'no Authorization header',
    request: () => call('GET', '/user'),
    ...{ status: 400, body: INVALID_REQUEST },
  },
  {
    endpoint: 'GET /user',
    condition: 'forged token (claims changed, old signature)',
    request: () => call('GET', '/user', { token: forge(user.accessToken) }),
    ...{ status: 400, body: INVALID_REQUEST },
  },
  {
    endpoint: 'GET /user',
    condition: 'token of a deleted user',
    request: () => call('GET', '/user', { token: deletedUsersToken }),
    ...{ status: 401, body: { status: 401, error: 'invalid-email-password', message: 'Incorrect email or password' } },
  },
  {
    endpoint: 'POST /signin/mfa/totp',
    condition: 'ticket without the mfaTotp: prefix',
    request: () => call('POST', '/signin/mfa/totp', { body: { ticket: crypto.randomUUID(), otp: '123456' } }),
    ...{ status: 400, body: INVALID_REQUEST },
  },
  {
    endpoint: 'POST /user/password',
    condition: 'ticket without the passwordReset: prefix',
    request: () => call('POST', '/user/password', { body: { newPassword: 'new-password', ticket: `verifyEmail:${crypto.randomUUID()}` } }),
    ...{ status: 400, body: INVALID_REQUEST },
  },
  {
    endpoint: 'POST /token',
    condition: 'refresh token that is not a UUID',
    request: () => call('POST', '/token', { body: { refreshToken: 'not-a-uuid' } }),
    ...{ status: 400, body: INVALID_REQUEST },
  },
  {
    endpoint: 'POST /token',
    condition: 'unknown refresh token',
    request: () => call('POST', '/token', { body: { refreshToken: crypto.randomUUID() } }),
    ...{ status: 401, body: { status: 401, error: 'invalid-refresh-token', message: 'Invalid or expired refresh token' } },
  },
  {
    endpoint: 'POST /token/verify',
    condition: 'tampered token in the body',
    request: () => call('POST', '/token/verify', { body: { token: forge(user.accessToken) } }),
    ...{ status: 400, body: INVALID_REQUEST },
  },
  {
    endpoint: 'POST /signout',
    condition: '`all: true` without a token',
    request: () => call('POST', '/signout', { body: { refreshToken: user.refreshToken, all: true } }),
    ...{ status: 400, body: INVALID_REQUEST },
  },
  {
    endpoint: 'POST /signin/otp/email/verify',
    condition: 'wrong code',
    request: () => call('POST', '/signin/otp/email/verify', { body: { email, otp: wrongCode(otpCode(backend, email, 'signin-otp')) } }),
    ...{ status: 401, body: { status: 401, error: 'invalid-ticket', message: 'Invalid ticket' } },
  },
  {
    endpoint: 'POST /signin/passwordless/sms/otp',
    condition: 'wrong code',
    request: () => call('POST', '/signin/passwordless/sms/otp', { body: { phoneNumber, otp: wrongCode(otpCode(backend, phoneNumber, 'signin-passwordless-sms')) } }),
    ...{ status: 400, body: INVALID_REQUEST },
  },
  {
    endpoint: 'POST /user/mfa',
    condition: 'deactivate while MFA is not active',
    request: () => call('POST', '/user/mfa', { body: { code: '123456', activeMfaType: '' }, token: user.accessToken }),
    ...{ status: 401, body: { status: 401, error: 'disabled-mfa-totp', message: 'User does not have TOTP MFA enabled' } },
  },
  {
    endpoint: 'GET /mfa/totp/generate',
    condition: 'anonymous user',
    request: () => call('GET', '/mfa/totp/generate', { token: anonymous.accessToken }),
    ...{ status: 403, body: { status: 403, error: 'forbidden-anonymous', message: 'Forbidden, user is anonymous.' } },
  },
  {
    endpoint: 'POST /pat',
    condition: 'expiresAt not RFC 3339 (RFC 1123)',
    request: () => call('POST', '/pat', { body: { expiresAt: new Date(Date.now() + 86_400_000).toUTCString() }, token: user.accessToken }),
    ...{ status: 400, body: INVALID_REQUEST },
  },
  {
    endpoint: 'POST /user/password/reset',
    condition: 'e-mail without an account',
    request: () => call('POST', '/user/password/reset', { body: { email: uniqueEmail('nobody') } }),
    ...{ status: 200, body: 'OK' },
  },
];

function forge(token: string): string {
  const [h, p, sig] = token.split('.');
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, Record<string, unknown>>;
  claims[HASURA_NS]['x-hasura-default-role'] = 'admin';
  return `${h}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${sig}`;
}

const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

beforeAll(async () => {
  backend = await startTestBackend({
    env: { AUTH_ANONYMOUS_USERS_ENABLED: 'true', AUTH_MFA_ENABLED: 'true', AUTH_OTP_EMAIL_ENABLED: 'true', AUTH_SMS_PASSWORDLESS_ENABLED: 'true' },
  });
  user = (await post<{ session: Session }>(backend, '/signup/email-password', { email, password: 'correct-horse' })).body.session;
  anonymous = (await post<{ session: Session }>(backend, '/signin/anonymous')).body.session;
  const doomed = (await post<{ session: Session }>(backend, '/signup/email-password', { email: uniqueEmail('doomed'), password: 'correct-horse' })).body.session;
  deletedUsersToken = doomed.accessToken;
  await backend.ctx.db.query('DELETE FROM auth.users WHERE id = $1', [doomed.user.id]);
  expect((await post(backend, '/signin/otp/email', { email })).body).toBe('OK');
  expect((await post(backend, '/signin/passwordless/sms', { phoneNumber })).body).toBe('OK');
});
afterAll(async () => {
  await backend?.close();
});

describe('the contract table (backend/auth/README.md)', () => {
  for (const row of rows) {
    it(`${row.endpoint}: ${row.condition} -> ${row.status}`, async () => {
      const before = await dbState();
      const mails = backend.mailer.outbox().length;
      const res = await row.request();
      expect(res.status).toBe(row.status);
      expect(res.body).toEqual(row.body);
      expect(await dbState()).toEqual(before);
      expect(backend.mailer.outbox().length).toBe(mails);
    });
  }
});

describe('security fixes', () => {
  it('password reset: a known and an unknown e-mail get the same answer; only the known one gets mail', async () => {
    const known = await call('POST', '/user/password/reset', { body: { email } });
    const unknown = await call('POST', '/user/password/reset', { body: { email: uniqueEmail('stranger') } });
    expect(unknown).toEqual(known);
    expect(known).toEqual({ status: 200, body: 'OK', location: null });
    expect(verifyLink(backend, email, 'password-reset')).toContain('passwordReset%3A');
  });

  it('GET /verify with a redirectTo that is not allowed sends the browser to the client URL, never elsewhere', async () => {
    const target = uniqueEmail('verify');
    await post(backend, '/signup/email-password', { email: target, password: 'correct-horse' });
    expect((await post(backend, '/user/email/send-verification-email', { email: target })).body).toBe('OK');
    const ticket = new URL(verifyLink(backend, target, 'email-verify')).searchParams.get('ticket') ?? '';
    for (const foreign of ['https://elsewhere.example/phish', 'http://localhost.elsewhere.example:3000/', 'javascript:alert(1)']) {
      const before = await dbState();
      const res = await call('GET', `/verify?${new URLSearchParams({ ticket, type: 'emailVerify', redirectTo: foreign })}`);
      expect(res.status).toBe(302);
      const location = new URL(res.location ?? '');
      expect(location.origin + location.pathname).toBe(`${backend.ctx.config.clientUrl}/`);
      expect(Object.fromEntries(location.searchParams)).toEqual({
        error: 'redirectTo-not-allowed',
        errorDescription: 'The value of "options.redirectTo" is not allowed.',
      });
      // The ticket was not spent: nothing changed.
      expect(await dbState()).toEqual(before);
    }
    // Not even an absolute URI: refused by the contract check, with no redirect at all.
    for (const malformed of ['http://localhost:3000.elsewhere.example/', '//elsewhere.example/x']) {
      const res = await call('GET', `/verify?${new URLSearchParams({ ticket, redirectTo: malformed })}`);
      expect(res).toMatchObject({ status: 400, body: INVALID_REQUEST, location: null });
    }
    const ok = await call('GET', `/verify?${new URLSearchParams({ ticket, type: 'emailVerify', redirectTo: 'http://localhost:3000/welcome' })}`);
    expect(new URL(ok.location ?? '').pathname).toBe('/welcome');
    expect(new URL(ok.location ?? '').searchParams.get('refreshToken')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a new password ends the account\'s other sessions: all of them with a reset ticket, all but the caller\'s when signed in', async () => {
    const target = uniqueEmail('sessions');
    const signIn = async (password: string) => (await post<{ session: Session }>(backend, '/signin/email-password', { email: target, password })).body.session;
    const refreshes = async (s: Session) => (await post(backend, '/token', { refreshToken: s.refreshToken })).status;
    await post(backend, '/signup/email-password', { email: target, password: 'first-password' });
    const [a, b] = [await signIn('first-password'), await signIn('first-password')];
    await post(backend, '/user/password/reset', { email: target });
    const ticket = new URL(verifyLink(backend, target, 'password-reset')).searchParams.get('ticket');
    expect((await post(backend, '/user/password', { newPassword: 'second-password', ticket })).body).toBe('OK');
    expect([await refreshes(a), await refreshes(b)]).toEqual([401, 401]);
    // The ticket is spent.
    expect((await post(backend, '/user/password', { newPassword: 'third-password', ticket })).body).toMatchObject({ status: 401, error: 'invalid-ticket' });

    const [c, d] = [await signIn('second-password'), await signIn('second-password')];
    expect((await post(backend, '/user/password', { newPassword: 'third-password' }, c.accessToken)).body).toBe('OK');
    expect(await refreshes(d)).toBe(401);
    expect(await refreshes(c)).toBe(200);
    expect((await post(backend, '/signin/email-password', { email: target, password: 'third-password' })).status).toBe(200);
  });
});

describe('a second backend in the same process (the contract validator is made once per process)', () => {
  let second: RunningBackend;
  beforeAll(async () => {
    second = await startTestBackend({
      shared: false,
      env: { NHOST_JWT_SECRET: '{"type":"HS256","key":"a-second-backends-own-key-of-at-least-32-characters"}' },
    });
  });
  afterAll(async () => {
    await second?.close();
  });

  it('validates path parameters and Bearer tokens as the first does, each with its own keys', async () => {
    const paths = [
      '/signin/provider/not-a-provider',
      '/signin/provider/GitHub',
      '/signin/provider/github',
      '/signin/provider/github?redirectTo=http%3A%2F%2Fevil.example%2F',
      '/signin/provider/not-a-provider/callback?state=x',
      '/signin/provider/github/callback?state=not-a-state&code=x',
      '/signin/provider/%20/callback',
    ];
    const sameness = (r: { status: number; body: unknown; location: string | null }, b: RunningBackend) => ({ ...r, location: r.location?.replaceAll(b.url, '<backend>') ?? null });
    for (const path of paths) {
      const [first, other] = [await call('GET', path), await call('GET', path, { on: second })];
      expect(sameness(other, second), path).toEqual(sameness(first, backend));
    }
    expect((await call('GET', '/signin/provider/not-a-provider', { on: second })).body).toEqual(INVALID_REQUEST);

    // The Bearer check is the backend's own: its tokens pass there and nowhere else, and the
    // first backend's tokens do not pass on it.
    const own = (await post<{ session: Session }>(second, '/signup/email-password', { email: uniqueEmail('second'), password: 'correct-horse' })).body.session;
    // (A token signed with another key is refused as a forged one is: 400 invalid-request.)
    expect((await call('GET', '/user', { token: own.accessToken, on: second })).status).toBe(200);
    expect(await call('GET', '/user', { token: own.accessToken })).toMatchObject({ status: 400, body: INVALID_REQUEST });
    expect(await call('GET', '/user', { token: user.accessToken, on: second })).toMatchObject({ status: 400, body: INVALID_REQUEST });
    expect((await call('GET', '/user', { token: user.accessToken })).status).toBe(200);
    // The contract still refuses a body it does not know, on both.
    for (const on of [backend, second]) {
      expect(await call('POST', '/signin/email-password', { body: { email, password: 'correct-horse', unknownField: 1 }, on })).toMatchObject({ status: 400, body: INVALID_REQUEST });
    }
  });
});
