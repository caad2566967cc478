// Passwordless sign-in: e-mail magic link, e-mail one-time code, and SMS one-time code. Each
// creates the user on first use (unless sign-up is off), like hasura-auth.
import crypto from 'node:crypto';
import type { Request, Router } from 'express';
import type { AuthApp } from '../app';
import { AuthError } from '../errors';
import { bodyOf, checkEmailAllowed, requireEmail, requireString, signUpOptions, type SignUpOptions } from '../validate';
import { claimUnverifiedAccount, createUser, findUserBy, gravatarUrl, newTicket, setTicket, type UserRow } from '../users';
import { GuessLimit } from '../rate-limit';
import { hashSecret, verifySecret } from '../password';

const HOUR = 3600;
const SMS_OTP_TTL = 5 * 60;

/** A 6-digit code from a CSPRNG. */
export function sixDigitCode(): string {
  return String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
}

/** A number the SMS sign-in texts codes to (and so the only kind a code can be checked for). */
function canTextTo(phoneNumber: string): boolean {
  return /^\+?[0-9 ()-]{4,20}$/.test(phoneNumber);
}

export function registerPasswordless(router: Router, app: AuthApp): void {
  const { s } = app;
  const emailOtpGuesses = new GuessLimit();
  const smsOtpGuesses = new GuessLimit();

  /** The user for this e-mail, created on first passwordless use. */
  async function userForEmail(email: string, options: SignUpOptions): Promise<UserRow> {
    checkEmailAllowed(email, s);
    let user = await findUserBy(app.db, 'email', email);
    if (!user) {
      app.requireSignupAllowed();
      user = await createUser(app.db, {
        email,
        displayName: options.displayName ?? email,
        locale: options.locale,
        defaultRole: options.defaultRole,
        roles: options.allowedRoles,
        metadata: options.metadata,
        avatarUrl: gravatarUrl(email, s),
        disabled: s.disableNewUsers,
      });
    }
    if (user.disabled) throw new AuthError('disabled-user');
    return user;
  }

  router.post('/signin/passwordless/email', async (req, res) => {
    app.requireEnabled(s.emailPasswordlessEnabled);
    const body = bodyOf(req.body);
    const email = requireEmail(body);
    const options = signUpOptions(body.options, s);
    const user = await userForEmail(email, options);
    const ticket = newTicket('passwordlessEmail');
    await setTicket(app.db, user.id, ticket, HOUR);
    await app.sendLink(req, 'signin-passwordless', user, email, 'signinPasswordless', ticket, options.redirectTo);
    res.json('OK');
  });

  router.post('/signin/otp/email', async (req, res) => {
    app.requireEnabled(s.emailOtpEnabled);
    const body = bodyOf(req.body);
    const email = requireEmail(body);
    const options = signUpOptions(body.options, s);
    const user = await userForEmail(email, options);
    const code = sixDigitCode();
    await emailOtpGuesses.renew(email.toLowerCase(), () => setTicket(app.db, user.id, `otp:${code}`, HOUR));
    await app.mailer.sendTemplate('signin-otp', user.locale, email, app.templateVars(req, user, { code, ticket: `otp:${code}`, redirectTo: options.redirectTo }));
    res.json('OK');
  });

  router.post('/signin/otp/email/verify', async (req, res) => {
    app.requireEnabled(s.emailOtpEnabled);
    const body = bodyOf(req.body);
    const email = requireEmail(body);
    const otp = requireString(body, 'otp');
    // Keyed as auth.users.email (citext) matches it: lower() on both sides. requireEmail lets only
    // ASCII addresses through, whose toLowerCase is that lower() in any locale but a Turkish one
    // (where I and i are two accounts sharing one count: never one account with two counts). Letters
    // beyond ASCII would need the database's own lower() or the user's id as the key instead: under
    // a UTF-8 ctype (PGlite's C.UTF-8 too) lower() takes İ to i, toLowerCase to i and U+0307.
    let user = await emailOtpGuesses.guess(
      email.toLowerCase(),
      async () => {
        const { rows } = await app.db.query<UserRow>(
          `UPDATE auth.users SET ticket = NULL, ticket_expires_at = now()
           WHERE email = $1 AND ticket = $2 AND ticket_expires_at > now() RETURNING *`,
          [email, `otp:${otp}`],
        );
        return rows[0];
      },
      () => app.db.query(`UPDATE auth.users SET ticket = NULL, ticket_expires_at = now() WHERE email = $1 AND ticket LIKE 'otp:%'`, [email]),
    );
    // verify_sign_in_otp_email.go looks the code up as the user's ticket: GetUserByEmailAndTicket
    // answers invalid-ticket (401), not invalid-otp.
    if (!user) throw new AuthError('invalid-ticket');
    if (!user.email_verified) user = await claimUnverifiedAccount(app.db, user.id);
    if (!user) throw new AuthError('invalid-ticket');
    app.validateUser(user);
    res.json({ session: await app.sessions.create(user) });
  });

  router.post('/signin/passwordless/sms', async (req: Request, res) => {
    app.requireEnabled(s.smsPasswordlessEnabled);
    const body = bodyOf(req.body);
    const phoneNumber = requireString(body, 'phoneNumber').trim();
    if (!canTextTo(phoneNumber)) throw new AuthError('cannot-send-sms');
    const options = signUpOptions(body.options, s);
    let user = await findUserBy(app.db, 'phone_number', phoneNumber);
    if (!user) {
      app.requireSignupAllowed();
      user = await createUser(app.db, {
        phoneNumber,
        displayName: options.displayName ?? phoneNumber,
        locale: options.locale,
        defaultRole: options.defaultRole,
        roles: options.allowedRoles,
        metadata: options.metadata,
        disabled: s.disableNewUsers,
      });
    }
    if (user.disabled) throw new AuthError('disabled-user');
    const code = sixDigitCode();
    const otpHash = await hashSecret(code);
    await smsOtpGuesses.renew(phoneNumber, () =>
      app.db.query(
        `UPDATE auth.users SET otp_hash = $2, otp_hash_expires_at = $3, otp_method_last_used = 'sms' WHERE id = $1`,
        [user.id, otpHash, new Date(Date.now() + SMS_OTP_TTL * 1000).toISOString()],
      ),
    );
    try {
      await app.mailer.sendSms('signin-passwordless-sms', user.locale, phoneNumber, app.templateVars(req, user, { code }));
    } catch (e) {
      app.ctx.log.error('sending the sign-in SMS failed', e);
      throw new AuthError('cannot-send-sms');
    }
    res.json('OK');
  });

  router.post('/signin/passwordless/sms/otp', async (req, res) => {
    app.requireEnabled(s.smsPasswordlessEnabled);
    const body = bodyOf(req.body);
    const phoneNumber = requireString(body, 'phoneNumber').trim();
    const otp = requireString(body, 'otp');
    // No code was ever texted to it; and each number guessed at keeps a count in memory, so one of
    // up to a megabyte (the body limit) must not get that far.
    if (!canTextTo(phoneNumber)) throw new AuthError('invalid-request');
    // Counted by number, known or not: refusing guesses at once only for known numbers would tell
    // which numbers have an account.
    const user = await smsOtpGuesses.guess(
      phoneNumber,
      async () => {
        const found = await findUserBy(app.db, 'phone_number', phoneNumber);
        const live = found?.otp_hash && new Date(found.otp_hash_expires_at).getTime() > Date.now();
        // Checked whether or not a code is pending (with none, against '': the dummy hash): answering
        // at once told whoever tried a number whether a code had just been sent to it.
        const matches = await verifySecret(otp, (live && found?.otp_hash) || '');
        if (!found || !live || !matches) return undefined;
        if (found.disabled) throw new AuthError('disabled-user');
        // Spent only while it is the code just checked: wrong guesses sent alongside burn it while this
        // check runs (bcrypt, ~0.1 s), and a right one among them must not sign in after the burn.
        const { rows } = await app.db.query<UserRow>(
          `UPDATE auth.users SET otp_hash = NULL, otp_hash_expires_at = now(), phone_number_verified = true WHERE id = $1 AND otp_hash = $2 RETURNING *`,
          [found.id, found.otp_hash],
        );
        return rows[0];
      },
      () => app.db.query('UPDATE auth.users SET otp_hash = NULL, otp_hash_expires_at = now() WHERE phone_number = $1 AND otp_hash IS NOT NULL', [phoneNumber]),
    );
    // errors.go: ErrInvalidOTP is mapped to invalid-request (400), not to invalid-otp.
    if (!user) throw new AuthError('invalid-request');
    res.json({ session: await app.sessions.create(user) });
  });
}
