// TOTP MFA: generate (QR data URL), activate, password sign-in going to needsMfa, finishing with
// the mfaTotp ticket through the real client, wrong/expired/replayed tickets, deactivation.
import { hash } from '@node-rs/bcrypt';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestBackend } from '../helpers/backend';
import type { RunningBackend } from '../../backend/server';
import { authClient, get, post, uniqueEmail } from '../../backend/auth/testing';
import { passwordBytes } from '../../backend/auth/password';

let backend: RunningBackend;

beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(async () => {
  await backend?.close();
});

interface Session {
  accessToken: string;
  user: { id: string };
}

async function userWithTotp(): Promise<{ email: string; secret: string; session: Session }> {
  const email = uniqueEmail('mfa');
  const session = (await post<{ session: Session }>(backend, '/signup/email-password', { email, password: 'correct-horse' })).body.session;
  const gen = await get<{ imageUrl: string; totpSecret: string }>(backend, '/mfa/totp/generate', session.accessToken);
  expect(gen.status).toBe(200);
  expect(gen.body.imageUrl).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/=]{100,}$/);
  expect(gen.body.totpSecret).toMatch(/^[A-Z2-7]+=*$/);
  const secret = gen.body.totpSecret;
  const wrong = await post(backend, '/user/mfa', { code: '000000', activeMfaType: 'totp' }, session.accessToken);
  if ((await generate({ secret })) !== '000000') expect(wrong.body).toEqual({ status: 401, error: 'invalid-totp', message: 'Invalid TOTP code' });
  const ok = await post(backend, '/user/mfa', { code: await generate({ secret }), activeMfaType: 'totp' }, session.accessToken);
  expect(ok).toMatchObject({ status: 200, body: 'OK' });
  return { email, secret, session };
}

/**
 * A user with TOTP on, switched on in the database: activating it through /user/mfa checks codes,
 * which count against the user's five checks in five minutes that the tests of a ticket's own
 * five would then run into.
 */
async function userWithTotpOnInDatabase(): Promise<{ email: string; secret: string }> {
  const email = uniqueEmail('mfa');
  const session = (await post<{ session: Session }>(backend, '/signup/email-password', { email, password: 'correct-horse' })).body.session;
  const secret = (await get<{ totpSecret: string }>(backend, '/mfa/totp/generate', session.accessToken)).body.totpSecret;
  await backend.ctx.db.query(`UPDATE auth.users SET active_mfa_type = 'totp' WHERE email = $1`, [email]);
  return { email, secret };
}

/** Five codes that are not the user's current one (nor the ones either side of it). */
async function wrongCodes(secret: string): Promise<string[]> {
  const now = await generate({ secret });
  return Array.from({ length: 5 }, (_, i) => String((Number(now) + 100_000 * (i + 1)) % 1_000_000).padStart(6, '0'));
}

describe('TOTP', () => {
  it('password sign-in goes to needsMfa, then the code signs in', async () => {
    const { email, secret } = await userWithTotp();
    const client = authClient(backend);
    const first = await client.signIn({ email, password: 'correct-horse' });
    expect(first.error).toBeNull();
    expect(first.session).toBeNull();
    expect(first.mfa?.ticket).toMatch(/^mfaTotp:[0-9a-f-]{36}$/);
    expect(client.client.interpreter?.getSnapshot().matches({ authentication: { signedOut: 'needsMfa' } })).toBe(true);
    expect(client.isAuthenticated()).toBe(false);

    const done = await client.signIn({ otp: await generate({ secret }), ticket: first.mfa?.ticket });
    expect(done.error).toBeNull();
    expect(client.isAuthenticated()).toBe(true);
    expect(client.getUser()?.activeMfaType).toBe('totp');

    // the ticket is single-use
    const replay = await post(backend, '/signin/mfa/totp', { ticket: first.mfa?.ticket, otp: await generate({ secret }) });
    expect(replay.body).toEqual({ status: 401, error: 'invalid-ticket', message: 'Invalid ticket' });
  });

  it('refuses a wrong code, a malformed or expired ticket', async () => {
    const { email, secret } = await userWithTotp();
    const signin = await post<{ mfa: { ticket: string } }>(backend, '/signin/email-password', { email, password: 'correct-horse' });
    const ticket = signin.body.mfa.ticket;
    const code = await generate({ secret });
    const wrong = await post(backend, '/signin/mfa/totp', { ticket, otp: code === '123456' ? '654321' : '123456' });
    expect(wrong.body).toEqual({ status: 401, error: 'invalid-totp', message: 'Invalid TOTP code' });
    const malformed = await post(backend, '/signin/mfa/totp', { ticket: 'mfaTotp:nope', otp: code });
    expect(malformed.status).toBe(401);
    await backend.ctx.db.query(`UPDATE auth.users SET ticket_expires_at = now() - interval '1 second' WHERE email = $1`, [email]);
    expect((await post(backend, '/signin/mfa/totp', { ticket, otp: code })).body).toMatchObject({ error: 'invalid-ticket' });
  });

  it('five wrong codes burn the MFA ticket', async () => {
    const { email, secret } = await userWithTotpOnInDatabase();
    const ticket = (await post<{ mfa: { ticket: string } }>(backend, '/signin/email-password', { email, password: 'correct-horse' })).body.mfa.ticket;
    const code = await generate({ secret });
    const wrong = code === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++) expect((await post(backend, '/signin/mfa/totp', { ticket, otp: wrong })).body).toMatchObject({ error: 'invalid-totp' });
    expect((await post(backend, '/signin/mfa/totp', { ticket, otp: code })).body).toMatchObject({ error: 'invalid-ticket' });
  });

  it('twenty wrong codes and then the right one sent at once on one ticket: five are checked, the right one is refused', async () => {
    // All read the ticket before any check failed: counting failures after their checks let every
    // guess be checked, and the right one sent 21st signed in while the burn had not yet committed.
    const { email, secret } = await userWithTotpOnInDatabase();
    const ticket = (await post<{ mfa: { ticket: string } }>(backend, '/signin/email-password', { email, password: 'correct-horse' })).body.mfa.ticket;
    const code = await generate({ secret });
    const wrong = code === '123456' ? '654321' : '123456';
    const db = backend.ctx.db;
    const query = db.query;
    let read = 0;
    const gate = () => {
      let open = () => {};
      const opened = new Promise<void>((resolve) => (open = resolve));
      return { open, held: () => Promise.race([opened, new Promise((resolve) => setTimeout(resolve, 5000))]) };
    };
    const reads = gate();
    const burns = gate();
    db.query = (async (sql: string, params?: unknown[]) => {
      // Every guess reads the ticket before any is checked; the burn commits once the right one is answered.
      if (sql.includes('WHERE ticket = $1 AND ticket_expires_at > now()')) {
        read += 1;
        await reads.held();
      }
      if (sql.includes('SET ticket = NULL') && !sql.includes('RETURNING')) await burns.held();
      return query.call(db, sql, params);
    }) as typeof db.query;
    try {
      const guesses = Array.from({ length: 20 }, () => post(backend, '/signin/mfa/totp', { ticket, otp: wrong }));
      // Generous waits: on a loaded machine twenty requests take more than Vitest's default second.
      await vi.waitFor(() => expect(read).toBe(20), { timeout: 15_000 });
      const right = post(backend, '/signin/mfa/totp', { ticket, otp: code });
      await vi.waitFor(() => expect(read).toBe(21), { timeout: 15_000 });
      reads.open();
      expect((await right).body).toMatchObject({ status: 401, error: 'invalid-totp' });
      burns.open();
      expect((await Promise.all(guesses)).map((a) => a.status)).toEqual(Array(20).fill(401));
    } finally {
      reads.open();
      burns.open();
      db.query = query;
    }
    // The five wrong ones that were checked burnt the ticket.
    expect((await post(backend, '/signin/mfa/totp', { ticket, otp: code })).body).toMatchObject({ error: 'invalid-ticket' });
  });

  it('the client validates the ticket before calling (SPEC 5)', async () => {
    const client = authClient(backend);
    const none = await client.signIn({ otp: '123456' });
    expect(none.error).toMatchObject({ error: 'no-mfa-ticket' });
    const bad = await client.signIn({ otp: '123456', ticket: 'nope' });
    expect(bad.error).toMatchObject({ error: 'invalid-mfa-ticket', message: 'MFA ticket is invalid' });
  });

  it('activating twice, deactivating with a code, and errors without a secret', async () => {
    const { email, secret, session } = await userWithTotp();
    expect((await get(backend, '/mfa/totp/generate', session.accessToken)).body).toMatchObject({ error: 'totp-already-active' });
    const off = await post(backend, '/user/mfa', { code: await generate({ secret }), activeMfaType: '' }, session.accessToken);
    expect(off.body).toBe('OK');
    const again = await post(backend, '/user/mfa', { code: '123456' }, session.accessToken);
    expect(again.body).toEqual({ status: 401, error: 'disabled-mfa-totp', message: 'User does not have TOTP MFA enabled' });
    const noSecret = await post(backend, '/user/mfa', { code: '123456', activeMfaType: 'totp' }, session.accessToken);
    expect(noSecret.body).toEqual({ status: 400, error: 'no-totp-secret', message: 'User does not have a TOTP secret' });
    // without MFA the password sign-in gives a session directly
    const plain = await post<{ session: Session }>(backend, '/signin/email-password', { email, password: 'correct-horse' });
    expect(plain.body.session.accessToken).toEqual(expect.any(String));
  });

  it('an MFA ticket from a sign-in with the old password ends with a password change, even one made during that sign-in', async () => {
    const { email, secret, session } = await userWithTotp();
    const before = await post<{ mfa: { ticket: string } }>(backend, '/signin/email-password', { email, password: 'correct-horse' });
    expect(before.body.mfa.ticket).toMatch(/^mfaTotp:/);
    expect(await post(backend, '/user/password', { newPassword: 'second-horse' }, session.accessToken)).toMatchObject({ status: 200, body: 'OK' });
    expect((await post(backend, '/signin/mfa/totp', { ticket: before.body.mfa.ticket, otp: await generate({ secret }) })).body).toMatchObject({ status: 401, error: 'invalid-ticket' });

    // The second password stored at cost 12: the change to a third commits while bcrypt checks it.
    await backend.ctx.db.query('UPDATE auth.users SET password_hash = $2 WHERE email = $1', [email, await hash(passwordBytes('second-horse'), 12)]);
    const during = post<{ mfa?: { ticket: string } }>(backend, '/signin/email-password', { email, password: 'second-horse' });
    expect(await post(backend, '/user/password', { newPassword: 'third-horse' }, session.accessToken)).toMatchObject({ status: 200, body: 'OK' });
    const late = await during;
    if (late.status === 200) {
      const finish = await post(backend, '/signin/mfa/totp', { ticket: late.body.mfa?.ticket, otp: await generate({ secret }) });
      expect(finish.body).toMatchObject({ status: 401, error: 'invalid-ticket' });
    } else expect(late.body).toMatchObject({ status: 401, error: 'invalid-email-password' });
  });

  it('a ticket sent twice at once signs in once', async () => {
    // The second request reads the ticket, checks its code and spends it while the first is about
    // to spend it: the spending was not checked, so each got a session.
    const { email, secret } = await userWithTotp();
    const first = await post<{ mfa: { ticket: string } }>(backend, '/signin/email-password', { email, password: 'correct-horse' });
    const body = { ticket: first.body.mfa.ticket, otp: await generate({ secret }) };
    const db = backend.ctx.db;
    const query = db.query;
    let second: Promise<{ status: number; body: unknown }> | undefined;
    db.query = (async (sql: string, params?: unknown[]) => {
      if (!second && sql.includes('SET ticket = NULL') && sql.includes('AND ticket = $2')) await (second = post(backend, '/signin/mfa/totp', body));
      return query.call(db, sql, params);
    }) as typeof db.query;
    const answers = [await post(backend, '/signin/mfa/totp', body).finally(() => (db.query = query)), await second];
    expect(answers.map((a) => a?.status)).toEqual([401, 200]);
    expect(answers[0]?.body).toMatchObject({ error: 'invalid-ticket' });
  });

  it('a password change that commits between the ticket\'s spending and its session\'s writing ends that session too', async () => {
    const { email, secret, session } = await userWithTotp();
    const first = await post<{ mfa: { ticket: string } }>(backend, '/signin/email-password', { email, password: 'correct-horse' });
    // The change is made right before the session's row is written: after the ticket was spent,
    // so clearing the ticket does not stop it.
    const db = backend.ctx.db;
    const query = db.query;
    let changed: { status: number; body: unknown } | undefined;
    db.query = (async (sql: string, params?: unknown[]) => {
      if (!changed && sql.includes('INSERT INTO auth.refresh_tokens')) changed = await post(backend, '/user/password', { newPassword: 'second-horse' }, session.accessToken);
      return query.call(db, sql, params);
    }) as typeof db.query;
    const late = await post(backend, '/signin/mfa/totp', { ticket: first.body.mfa.ticket, otp: await generate({ secret }) }).finally(() => {
      db.query = query;
    });
    expect(changed).toMatchObject({ status: 200, body: 'OK' });
    expect(late.body).toMatchObject({ status: 401, error: 'invalid-ticket' });
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM auth.refresh_tokens t JOIN auth.users u ON u.id = t.user_id WHERE u.email = $1', [email]);
    expect(rows[0].n).toBe(1); // the changer's own session only
  });

  it('a stolen access token cannot guess the code that turns TOTP off: five codes per user in five minutes, sent at once or from many addresses', async () => {
    const { email, secret, session } = await userWithTotp();
    const code = await generate({ secret });
    const wrong = code === '123456' ? '654321' : '123456';
    // Twenty wrong codes at once, then the right one. This backend has the per-IP limits off, as if
    // each came from its own address: the two codes of userWithTotp and three of these are checked.
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(backend, '/user/mfa', { code: wrong, activeMfaType: '' }, session.accessToken)));
    const errors = answers.map((a) => (a.body as { error?: string }).error);
    expect(errors.filter((e) => e === 'invalid-totp')).toHaveLength(3);
    expect(errors.filter((e) => e === 'too-many-requests')).toHaveLength(17);
    const right = await post(backend, '/user/mfa', { code, activeMfaType: '' }, session.accessToken);
    expect(right.body).toEqual({ status: 429, error: 'too-many-requests', message: 'Too many requests' });
    // TOTP is still on: the password alone does not sign in.
    const signin = await post<{ session: Session | null; mfa: unknown }>(backend, '/signin/email-password', { email, password: 'correct-horse' });
    expect(signin.body.session).toBeNull();
    // Counted per user: another user still turns TOTP on.
    await userWithTotp();
    // Wrong types answer 400, never a server error.
    for (const bad of [123456, null, ['123456'], { code: '123456' }]) {
      expect((await post(backend, '/user/mfa', { code: bad, activeMfaType: '' }, session.accessToken)).status).toBe(400);
    }
  });

  // Each password sign-in gets a new ticket with five checks of its own: per ticket alone, whoever
  // has the password could guess at the live code five times per sign-in, without end.
  it('the TOTP code of a password sign-in is checked at most five times per user in five minutes, whatever the tickets', async () => {
    const { email, secret } = await userWithTotpOnInDatabase();
    let checked = 0;
    for (let signIn = 0; signIn < 6; signIn++) {
      const ticket = (await post<{ mfa: { ticket: string } }>(backend, '/signin/email-password', { email, password: 'correct-horse' })).body.mfa.ticket;
      const wrong = await wrongCodes(secret);
      const answers = await Promise.all(wrong.map((otp) => post<{ error?: string }>(backend, '/signin/mfa/totp', { ticket, otp })));
      for (const a of answers) {
        expect(a.status).toBeLessThan(500);
        if (a.body.error === 'invalid-totp') checked += 1;
      }
    }
    // The right code after thirty wrong ones: a guesser's thirty-first try.
    const ticket = (await post<{ mfa: { ticket: string } }>(backend, '/signin/email-password', { email, password: 'correct-horse' })).body.mfa.ticket;
    const right = await post<{ error?: string }>(backend, '/signin/mfa/totp', { ticket, otp: await generate({ secret }) });
    expect({ checked, right: right.status }).toEqual({ checked: 5, right: 429 });
  });

  it('checks of a user\'s TOTP code count together whichever route they come through: five per user in five minutes', async () => {
    const { email, secret, session } = await userWithTotp();
    const other = await userWithTotp();
    // The clock the window and the codes read, moved on past the five minutes of userWithTotp's checks.
    const realNow = Date.now.bind(Date);
    let later = 5 * 60_000 + 1_000;
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => realNow() + later);
    try {
      const wrong = await wrongCodes(secret);
      const ticket = (await post<{ mfa: { ticket: string } }>(backend, '/signin/email-password', { email, password: 'correct-horse' })).body.mfa.ticket;
      for (const otp of wrong.slice(0, 3)) expect((await post(backend, '/signin/mfa/totp', { ticket, otp })).body).toMatchObject({ status: 401, error: 'invalid-totp' });
      for (const code of wrong.slice(3, 5)) expect((await post(backend, '/user/mfa', { code, activeMfaType: '' }, session.accessToken)).body).toMatchObject({ status: 401, error: 'invalid-totp' });
      const tooMany = { status: 429, error: 'too-many-requests', message: 'Too many requests' };
      // The sixth check, wrong or right, through either route.
      expect((await post(backend, '/user/mfa', { code: wrong[0], activeMfaType: '' }, session.accessToken)).body).toEqual(tooMany);
      expect((await post(backend, '/user/mfa', { code: await generate({ secret }), activeMfaType: '' }, session.accessToken)).body).toEqual(tooMany);
      expect((await post(backend, '/signin/mfa/totp', { ticket, otp: await generate({ secret }) })).body).toEqual(tooMany);
      // Counted per user: another user's right code still turns their TOTP off.
      expect((await post(backend, '/user/mfa', { code: await generate({ secret: other.secret }), activeMfaType: '' }, other.session.accessToken)).body).toBe('OK');
      // Five minutes on, the right code is checked again.
      later += 5 * 60_000 + 1_000;
      expect((await post(backend, '/user/mfa', { code: await generate({ secret }), activeMfaType: '' }, session.accessToken)).body).toBe('OK');
    } finally {
      clock.mockRestore();
    }
  });

  it('needs a signed-in user', async () => {
    expect((await get(backend, '/mfa/totp/generate')).status).toBe(400);
    expect((await post(backend, '/user/mfa', { code: '123456', activeMfaType: 'totp' })).status).toBe(400);
  });
});
