// TOTP multi-factor: generate a secret with its QR code, activate/deactivate it with a code, and
// finish a password sign-in with the `mfaTotp:<uuid>` ticket. SHA1, 6 digits, 30 s, ±1 step.
import type { Router } from 'express';
import type * as Otplib from 'otplib';
import type { AuthApp } from '../app';
import { AuthError } from '../errors';
import { bodyOf, isUuid, requireString } from '../validate';
import type { UserRow } from '../users';
import { GuessLimit, SlidingWindow } from '../rate-limit';
import { lazy } from '../../lazy';

// otplib and qrcode load with the first TOTP request, not with every start (~0.1 s of CPU).
const otplib = lazy<typeof Otplib>(() => import('otplib'), { what: 'the TOTP module (otplib)' });

export async function totpValid(secret: string, code: string): Promise<boolean> {
  if (!/^\d{6}$/.test(code)) return false;
  const { verify } = await otplib();
  try {
    return (await verify({ secret, token: code, epochTolerance: 30 })).valid;
  } catch {
    return false;
  }
}

export function registerMfa(router: Router, app: AuthApp): void {
  const { s } = app;
  const ticketGuesses = new GuessLimit();
  // Every check of a user's TOTP secret, counted per user as it starts, whatever the route or the
  // address it comes from: five codes per user in five minutes. Per IP alone, a stolen access token
  // spread over many addresses could guess its way to the code that switches the owner's second
  // factor off; per ticket alone, each password sign-in's new ticket gave five more checks of the
  // live code. One window for both routes, or guesses at the same secret through each got five.
  const totpChecks = new SlidingWindow({ burst: 5, intervalMs: 5 * 60_000 });
  const requireCurrentCode = async (user: UserRow, code: string): Promise<void> => {
    if (!user.totp_secret) throw new AuthError('no-totp-secret');
    if (!totpChecks.allow(user.id)) throw new AuthError('too-many-requests');
    if (!(await totpValid(user.totp_secret, code))) throw new AuthError('invalid-totp');
  };

  router.get('/mfa/totp/generate', async (req, res) => {
    app.requireEnabled(s.mfaEnabled);
    // callerUser refuses anonymous users (forbidden-anonymous, or unverified-user when
    // verification is required), as change_user_mfa_get.go does through ValidateUser.
    const { user } = await app.callerUser(req);
    // Deliberately stricter than hasura-auth, which silently replaces the secret of an active
    // TOTP: that would let a stolen access token lock the owner out of their second factor.
    if (user.active_mfa_type === 'totp') throw new AuthError('totp-already-active');
    const [{ generateSecret, generateURI }, { default: QRCode }] = await Promise.all([otplib(), import('qrcode')]);
    const totpSecret = generateSecret({ length: 32 });
    await app.db.query('UPDATE auth.users SET totp_secret = $2 WHERE id = $1', [user.id, totpSecret]);
    const uri = generateURI({ issuer: s.totpIssuer, label: user.email ?? user.id, secret: totpSecret });
    const imageUrl = await QRCode.toDataURL(uri, { width: 200, type: 'image/png' });
    res.json({ imageUrl, totpSecret });
  });

  router.post('/user/mfa', async (req, res) => {
    app.requireEnabled(s.mfaEnabled);
    const { user } = await app.callerUser(req);
    const body = bodyOf(req.body);
    const code = requireString(body, 'code');
    const type = body.activeMfaType ?? '';
    if (type !== 'totp' && type !== '') throw new AuthError('invalid-request');
    if (type === 'totp') {
      if (user.active_mfa_type === 'totp') throw new AuthError('totp-already-active');
      await requireCurrentCode(user, code);
      await app.db.query(`UPDATE auth.users SET active_mfa_type = 'totp' WHERE id = $1`, [user.id]);
    } else {
      // verify_change_user_mfa.go postUserMfaDeactivate: nothing active is disabled-mfa-totp (401).
      if (user.active_mfa_type !== 'totp') throw new AuthError('disabled-mfa-totp');
      await requireCurrentCode(user, code);
      await app.db.query('UPDATE auth.users SET active_mfa_type = NULL, totp_secret = NULL WHERE id = $1', [user.id]);
    }
    res.json('OK');
  });

  router.post('/signin/mfa/totp', async (req, res) => {
    app.requireEnabled(s.mfaEnabled);
    const body = bodyOf(req.body);
    const ticket = requireString(body, 'ticket');
    const otp = requireString(body, 'otp');
    if (!ticket.startsWith('mfaTotp:') || !isUuid(ticket.slice('mfaTotp:'.length))) throw new AuthError('invalid-ticket');
    const { rows } = await app.db.query<UserRow>('SELECT * FROM auth.users WHERE ticket = $1 AND ticket_expires_at > now()', [ticket]);
    const user = rows[0];
    if (!user) throw new AuthError('invalid-ticket');
    app.validateUser(user);
    if (user.active_mfa_type !== 'totp') throw new AuthError('disabled-mfa-totp');
    if (!user.totp_secret) throw new AuthError('no-totp-secret');
    const secret = user.totp_secret;
    // Counted before the check (GuessLimit): guesses sent at once all read the ticket before the
    // first one failed, so counting failures let every one of them be checked.
    const valid = await ticketGuesses.guess(
      ticket,
      async () => {
        // Only guesses the ticket lets through are counted for the user (a wrong one it refused is
        // no check); one the user's count refuses is a wrong guess at the ticket too.
        if (!totpChecks.allow(user.id)) throw new AuthError('too-many-requests');
        return (await totpValid(secret, otp)) || undefined;
      },
      () => app.db.query('UPDATE auth.users SET ticket = NULL, ticket_expires_at = now() WHERE id = $1 AND ticket = $2', [user.id, ticket]),
    );
    if (!valid) throw new AuthError('invalid-totp');
    // One use: only the request that spends the ticket gets a session (two that both read it before
    // the code's check each got one), and none once a password change has ended it meanwhile.
    const { rows: spent } = await app.db.query<UserRow>(
      'UPDATE auth.users SET ticket = NULL, ticket_expires_at = now() WHERE id = $1 AND ticket = $2 RETURNING *',
      [user.id, ticket],
    );
    const fresh = spent[0];
    if (!fresh?.password_hash) throw new AuthError('invalid-ticket');
    // The ticket is the password half of a sign-in: its session is written only while that password
    // is still stored (a change committing between the two ends it, as in the password sign-in).
    try {
      res.json({ session: await app.sessions.create(fresh, { passwordHash: fresh.password_hash }) });
    } catch (e) {
      throw e instanceof AuthError && e.code === 'invalid-email-password' ? new AuthError('invalid-ticket') : e;
    }
  });
}
