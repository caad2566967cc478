// Passwordless sign-in with the real HasuraAuthClient: magic link through /verify, e-mail OTP and
// SMS OTP, reading the link or code from the dev outbox.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestBackend } from '../helpers/backend';
import type { RunningBackend } from '../../backend/server';
import { authClient, get, openLink, otpCode, post, uniqueEmail, verifyLink } from '../../backend/auth/testing';
import { otpGuessBurstTests } from '../helpers/otpGuessBursts';

let backend: RunningBackend;

beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(async () => {
  await backend?.close();
});

describe('magic link', () => {
  it('mails a /verify link that signs the user in and verifies the e-mail', async () => {
    const client = authClient(backend);
    const email = uniqueEmail('magic');
    const res = await client.signIn({ email, options: { redirectTo: 'http://localhost:3000/dashboard' } });
    expect(res.error).toBeNull();
    expect(client.isAuthenticated()).toBe(false);

    const link = verifyLink(backend, email, 'signin-passwordless');
    const url = new URL(link);
    expect(url.pathname).toBe('/v1/auth/verify');
    expect(url.searchParams.get('type')).toBe('signinPasswordless');
    expect(url.searchParams.get('ticket')).toMatch(/^passwordlessEmail:[0-9a-f-]{36}$/);

    const target = await openLink(link);
    expect(target.origin + target.pathname).toBe('http://localhost:3000/dashboard');
    expect(target.searchParams.get('type')).toBe('passwordlessEmail');
    const refreshToken = target.searchParams.get('refreshToken');
    expect(refreshToken).toMatch(/^[0-9a-f-]{36}$/);

    // what the browser client does with the URL: exchange the refresh token for a session
    const session = await client.refreshSession(refreshToken ?? '');
    expect(session.error).toBeNull();
    expect(client.isAuthenticated()).toBe(true);
    expect(client.getUser()).toMatchObject({ email, emailVerified: true });

    // the link works once
    const again = await openLink(link);
    expect(again.searchParams.get('error')).toBe('invalid-ticket');
    expect(again.searchParams.get('errorDescription')).toBe('Invalid ticket');
  });

  it('redirects with error for an expired ticket and refuses a foreign redirectTo', async () => {
    const email = uniqueEmail('expired-link');
    await post(backend, '/signin/passwordless/email', { email });
    const link = verifyLink(backend, email);
    await backend.ctx.db.query(`UPDATE auth.users SET ticket_expires_at = now() - interval '1 minute' WHERE email = $1`, [email]);
    const target = await openLink(link);
    expect(target.searchParams.get('error')).toBe('invalid-ticket');
    expect(target.searchParams.get('refreshToken')).toBeNull();

    const evil = new URL(link);
    evil.searchParams.set('redirectTo', 'https://evil.example/steal');
    const res = await get(backend, `${evil.pathname.replace('/v1/auth', '')}${evil.search}`);
    expect(res.status).toBe(302);
    const loc = new URL(res.headers.get('location') ?? '');
    expect(loc.searchParams.get('error')).toBe('redirectTo-not-allowed');
    expect(loc.searchParams.get('refreshToken')).toBeNull();

    const bad = await post(backend, '/signin/passwordless/email', { email: uniqueEmail(), options: { redirectTo: 'https://evil.example' } });
    expect(bad.body).toMatchObject({ error: 'redirectTo-not-allowed' });
  });
});

describe('e-mail OTP', () => {
  it('signs in with the 6-digit code, once', async () => {
    const client = authClient(backend);
    const email = uniqueEmail('otp');
    expect((await client.signInEmailOTP(email)).error).toBeNull();
    const code = otpCode(backend, email, 'signin-otp');
    const wrong = await post(backend, '/signin/otp/email/verify', { email, otp: code === '000000' ? '111111' : '000000' });
    expect(wrong).toMatchObject({ status: 401, body: { error: 'invalid-ticket', message: 'Invalid ticket' } });
    const res = await client.verifyEmailOTP(email, code);
    expect(res.error).toBeNull();
    expect(client.isAuthenticated()).toBe(true);
    expect(client.getUser()).toMatchObject({ email, emailVerified: true });
    const replay = await post(backend, '/signin/otp/email/verify', { email, otp: code });
    expect(replay.body).toMatchObject({ status: 401, error: 'invalid-ticket' });
  });
});

describe('an account someone else created with your address', () => {
  it('is yours once you prove the mailbox: their password and sessions end (e-mail code and magic link)', async () => {
    for (const via of ['code', 'link'] as const) {
      const email = uniqueEmail(`squat-${via}`);
      const squatter = await post<{ session: { refreshToken: string } }>(backend, '/signup/email-password', { email, password: 'squatter-pw-1' });
      expect(squatter.status).toBe(200);
      if (via === 'code') {
        await post(backend, '/signin/otp/email', { email });
        expect((await post(backend, '/signin/otp/email/verify', { email, otp: otpCode(backend, email, 'signin-otp') })).status).toBe(200);
      } else {
        await post(backend, '/signin/passwordless/email', { email });
        const landed = await openLink(verifyLink(backend, email));
        expect(landed.searchParams.get('refreshToken')).toBeTruthy();
      }
      expect((await post(backend, '/signin/email-password', { email, password: 'squatter-pw-1' })).status, via).toBe(401);
      if (squatter.body.session) expect((await post(backend, '/token', { refreshToken: squatter.body.session.refreshToken })).status, via).toBe(401);
      const [row] = (await backend.ctx.db.query<{ email_verified: boolean; password_hash: string | null }>('SELECT email_verified, password_hash FROM auth.users WHERE email = $1', [email])).rows;
      expect(row).toEqual({ email_verified: true, password_hash: null });
    }
  });
});

describe('guessing codes', () => {
  otpGuessBurstTests(() => backend);

  it('five wrong e-mail codes burn the code, even the right one fails afterwards', async () => {
    const email = uniqueEmail('guess');
    await post(backend, '/signin/otp/email', { email });
    const code = otpCode(backend, email, 'signin-otp');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await post(backend, '/signin/otp/email/verify', { email, otp: wrong })).status).toBe(401);
    expect((await post(backend, '/signin/otp/email/verify', { email, otp: code })).body).toMatchObject({ error: 'invalid-ticket' });
  });

  it('when burning the code fails, the fifth wrong code answers as the others and the code stays refused', async () => {
    const email = uniqueEmail('burn-fails');
    await post(backend, '/signin/otp/email', { email });
    const code = otpCode(backend, email, 'signin-otp');
    const wrong = code === '000000' ? '111111' : '000000';
    const db = backend.ctx.db;
    const query = db.query;
    let burns = 0;
    // The database is unavailable for the burn alone.
    db.query = (async (sql: string, params?: unknown[]) => {
      if (sql.includes("ticket LIKE 'otp:%'")) {
        burns += 1;
        throw new Error('connection terminated');
      }
      return query.call(db, sql, params);
    }) as typeof db.query;
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      for (let i = 0; i < 5; i++) {
        expect(await post(backend, '/signin/otp/email/verify', { email, otp: wrong })).toMatchObject({ status: 401, body: { error: 'invalid-ticket' } });
      }
      expect(burns).toBe(1);
    } finally {
      db.query = query;
      logged.mockRestore();
    }
    // Not burnt, but its count is spent: the right code is refused unchecked.
    expect((await db.query('SELECT ticket FROM auth.users WHERE email = $1', [email])).rows[0]).toEqual({ ticket: `otp:${code}` });
    expect(await post(backend, '/signin/otp/email/verify', { email, otp: code })).toMatchObject({ status: 401, body: { error: 'invalid-ticket' } });
  });

  it('guesses spread over spellings of one address get five checks in all, not five per spelling', async () => {
    const address = `kiss-${Math.random().toString(36).slice(2, 10)}@example.com`;
    await post(backend, '/signin/otp/email', { email: address });
    const code = otpCode(backend, address, 'signin-otp');
    const wrong = code === '000000' ? '111111' : '000000';
    const [local] = address.split('@');
    const rest = local.slice('kiss'.length);
    // What the database matches as the address (citext: lower() on both sides), case for case.
    const ascii = [address.toUpperCase(), `Kiss${rest}@Example.COM`];
    // Spellings a Unicode-aware lower() or case folding could take for it: dotted and dotless i,
    // I with a combining dot (NFD), the Kelvin sign, long s, sharp s, fullwidth letters.
    const unicode = ['KİSS', 'kıss', 'KI\u0307SS', '\u212Aiss', 'kiſs', 'kiẞ', 'ｋｉｓｓ'].map((l) => `${l}${rest}@example.com`);
    // Not addresses at all: wrong types and oversized input.
    const junk: unknown[] = [[address], 7, { email: address }, `${'k'.repeat(250)}${address}`, `${address} `, address.replace('@', '@@')];
    const db = backend.ctx.db;
    const query = db.query;
    let checks = 0;
    db.query = ((sql: string, params?: unknown[]) => {
      if (sql.includes('WHERE email = $1 AND ticket = $2')) checks += 1;
      return query.call(db, sql, params);
    }) as typeof db.query;
    try {
      // Two wrong guesses in each spelling, then the right code in each: every one is refused.
      for (const otp of [wrong, wrong, code]) {
        for (const email of [address, ...ascii, ...unicode, ...junk]) {
          const res = await post(backend, '/signin/otp/email/verify', { email, otp });
          expect(res.body).toMatchObject({ error: typeof email === 'string' && [address, ...ascii].includes(email) ? 'invalid-ticket' : 'invalid-request' });
        }
      }
      expect(checks).toBe(5);
    } finally {
      db.query = query;
    }
    // One count for every spelling: a new code starts it again for all of them.
    await post(backend, '/signin/otp/email', { email: address });
    const next = otpCode(backend, address, 'signin-otp');
    expect((await post(backend, '/signin/otp/email/verify', { email: ascii[1], otp: next })).status).toBe(200);
  });

  it('five wrong SMS codes burn the code', async () => {
    const phoneNumber = `+3670${Math.floor(1_000_000 + Math.random() * 8_999_999)}`;
    await post(backend, '/signin/passwordless/sms', { phoneNumber });
    const code = otpCode(backend, phoneNumber);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) await post(backend, '/signin/passwordless/sms/otp', { phoneNumber, otp: wrong });
    expect((await post(backend, '/signin/passwordless/sms/otp', { phoneNumber, otp: code })).status).toBe(400);
  });

  it('the right SMS code sent twice at once signs in once', async () => {
    // Both are checked against the hash each read before either spent it (bcrypt, ~0.1 s): only the
    // one whose write still finds that hash gets a session.
    const phoneNumber = `+3670${Math.floor(1_000_000 + Math.random() * 8_999_999)}`;
    await post(backend, '/signin/passwordless/sms', { phoneNumber });
    const code = otpCode(backend, phoneNumber);
    const answers = await Promise.all([0, 1].map(() => post(backend, '/signin/passwordless/sms/otp', { phoneNumber, otp: code })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
  });
});

describe('SMS OTP', () => {
  it('texts a code; the client goes to needsOtp and then signs in', async () => {
    const client = authClient(backend);
    const phoneNumber = `+3630${Math.floor(1_000_000 + Math.random() * 8_999_999)}`;
    const first = await client.signIn({ phoneNumber });
    expect(first.error).toBeNull();
    expect(client.isAuthenticated()).toBe(false);
    expect(client.client.interpreter?.getSnapshot().matches({ registration: { incomplete: 'needsOtp' } })).toBe(true);
    const code = otpCode(backend, phoneNumber, 'signin-passwordless-sms');
    const wrong = await post(backend, '/signin/passwordless/sms/otp', { phoneNumber, otp: code === '000000' ? '111111' : '000000' });
    expect(wrong.body).toMatchObject({ status: 400, error: 'invalid-request' });
    const res = await client.signIn({ phoneNumber, otp: code });
    expect(res.error).toBeNull();
    expect(client.isAuthenticated()).toBe(true);
    expect(client.getUser()).toMatchObject({ phoneNumber, phoneNumberVerified: true });
  });

  it('an expired code is refused', async () => {
    const phoneNumber = `+3620${Math.floor(1_000_000 + Math.random() * 8_999_999)}`;
    await post(backend, '/signin/passwordless/sms', { phoneNumber });
    const code = otpCode(backend, phoneNumber);
    await backend.ctx.db.query(`UPDATE auth.users SET otp_hash_expires_at = now() - interval '1 second' WHERE phone_number = $1`, [phoneNumber]);
    expect((await post(backend, '/signin/passwordless/sms/otp', { phoneNumber, otp: code })).status).toBe(400);
  });

  it('a wrong code costs one full check whether or not a code is pending for the number', async () => {
    // Without one (used up, or a number nobody has) the answer came at once, telling whoever tried
    // a number whether a code had just been texted to it. Four wrong codes for each in turn (five
    // burn the pending one), the fastest of each compared, so a busy machine slows all alike.
    const newNumber = () => `+3650${Math.floor(1_000_000 + Math.random() * 8_999_999)}`;
    const [pending, usedUp, nobody] = [newNumber(), newNumber(), newNumber()];
    await post(backend, '/signin/passwordless/sms', { phoneNumber: pending });
    await post(backend, '/signin/passwordless/sms', { phoneNumber: usedUp });
    expect((await post(backend, '/signin/passwordless/sms/otp', { phoneNumber: usedUp, otp: otpCode(backend, usedUp) })).status).toBe(200);
    const code = otpCode(backend, pending);
    const wrong = code === '000000' ? '111111' : '000000';
    const answerMs = async (phoneNumber: string) => {
      const started = performance.now();
      const res = await post(backend, '/signin/passwordless/sms/otp', { phoneNumber, otp: wrong });
      expect(res.body, phoneNumber).toMatchObject({ status: 400, error: 'invalid-request' });
      return performance.now() - started;
    };
    const fastest = { pending: Infinity, usedUp: Infinity, nobody: Infinity };
    for (let i = 0; i < 4; i++) {
      fastest.pending = Math.min(fastest.pending, await answerMs(pending));
      fastest.usedUp = Math.min(fastest.usedUp, await answerMs(usedUp));
      fastest.nobody = Math.min(fastest.nobody, await answerMs(nobody));
    }
    expect(fastest.usedUp, JSON.stringify(fastest)).toBeGreaterThan(0.25 * fastest.pending);
    expect(fastest.nobody, JSON.stringify(fastest)).toBeGreaterThan(0.25 * fastest.pending);
    // The pending code still works after the four.
    expect((await post(backend, '/signin/passwordless/sms/otp', { phoneNumber: pending, otp: code })).status).toBe(200);
  });

  it('refuses a missing or unusable phone number', async () => {
    expect((await post(backend, '/signin/passwordless/sms', { phoneNumber: '' })).body).toMatchObject({ status: 400, error: 'invalid-request' });
    expect((await post(backend, '/signin/passwordless/sms', { phoneNumber: 'call me' })).body).toEqual({
      status: 400,
      error: 'cannot-send-sms',
      message: 'Cannot send SMS, check your phone number is correct',
    });
  });

  it('a code checked for a number no code can be texted to is refused before any lookup', async () => {
    // Each number guessed at keeps a count in memory: numbers of up to a megabyte (the body limit),
    // 10,000 of them, held gigabytes.
    const db = backend.ctx.db;
    const query = db.query;
    let queries = 0;
    db.query = ((...args: Parameters<typeof db.query>) => {
      // Lookups of users only: the backend's own pollers (events, schedules) query meanwhile.
      if (String(args[0]).includes('auth.users')) queries += 1;
      return query.apply(db, args);
    }) as typeof db.query;
    try {
      for (const phoneNumber of ['+36'.padEnd(500_000, '1'), 'call me']) {
        const res = await post(backend, '/signin/passwordless/sms/otp', { phoneNumber, otp: '123456' });
        expect(res.body).toMatchObject({ status: 400, error: 'invalid-request' });
      }
    } finally {
      db.query = query;
    }
    expect(queries).toBe(0);
  });
});

describe('e-mail OTP codes sent again', () => {
  // The new code is stored, but its UPDATE's answer comes back late (a pooled server
  // Postgres answers each connection on its own; here 300 ms). Guesses answered meanwhile were counted
  // against the old count, which forget() then wiped: the new code got them on top of its five.
  it('a new e-mail code is checked at most five times, however late the answer of its store', async () => {
    const email = uniqueEmail('late-store');
    await post(backend, '/signin/otp/email', { email });
    const db = backend.ctx.db;
    const query = db.query;
    let stored = false;
    let checksOfNew = 0;
    db.query = (async (sql: string, params?: unknown[]) => {
      const result = await query.call(db, sql, params);
      if (sql.startsWith('UPDATE auth.users SET ticket = $2, ticket_expires_at = $3 WHERE id = $1')) {
        stored = true;
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
      if (sql.includes('AND ticket = $2 AND ticket_expires_at > now() RETURNING') && stored) checksOfNew += 1;
      return result;
    }) as typeof db.query;
    try {
      const request = post(backend, '/signin/otp/email', { email });
      while (!stored) await new Promise((resolve) => setTimeout(resolve, 2));
      // Four wrong guesses while the store's answer is on its way (a fifth would burn the new code).
      for (let i = 0; i < 4; i++) expect((await post(backend, '/signin/otp/email/verify', { email, otp: `99999${i}` })).status).toBe(401);
      await request;
      const code = otpCode(backend, email, 'signin-otp');
      const wrong = ['111111', '222222', '333333', '444444'].filter((c) => c !== code).slice(0, 4);
      for (const otp of wrong) expect((await post(backend, '/signin/otp/email/verify', { email, otp })).status).toBe(401);
      const right = await post(backend, '/signin/otp/email/verify', { email, otp: code });
      expect({ checksOfNew, right: right.status }).toEqual({ checksOfNew: 5, right: 401 });
    } finally {
      db.query = query;
    }
  });
});
