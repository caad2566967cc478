// Ticket flows: mailed links for e-mail verification, e-mail change and password reset, the
// password change that redeems a reset ticket, and GET /verify which turns a ticket into a session.
import type { Request, Response, Router } from 'express';
import type { AuthApp } from '../app';
import { AuthError, errorBody, type AuthErrorCode } from '../errors';
import { bodyOf, checkEmailAllowed, checkPassword, checkPasswordStorable, isRedirectAllowed, redirectOption, requireEmail, requireString } from '../validate';
import { claimUnverifiedAccount, consumeTicket, findUserBy, newTicket, setTicket, toDate, type UserRow } from '../users';
import { hashSecret } from '../password';

const HOUR = 3600;
const VERIFY_EMAIL_TTL = 30 * 24 * HOUR;

type TicketType = 'verifyEmail' | 'passwordlessEmail' | 'passwordReset' | 'emailConfirmChange';

function ticketType(ticket: string): TicketType | undefined {
  const prefix = ticket.split(':')[0];
  return (['verifyEmail', 'passwordlessEmail', 'passwordReset', 'emailConfirmChange'] as const).find((t) => t === prefix);
}

function withParams(target: string, params: Record<string, string>): string {
  const url = new URL(target);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
}

export function registerTickets(router: Router, app: AuthApp): void {
  const { s } = app;

  // verify_ticket.go. A redirectTo that is not allowed never receives the browser: the error goes
  // to the client URL. Every other failure goes to the (allowed) redirectTo, with error and
  // errorDescription. The ticket is only spent once the user passed the checks.
  router.get('/verify', async (req: Request, res: Response) => {
    const ticket = String(req.query.ticket);
    const rawRedirect = String(req.query.redirectTo);
    if (!URL.canParse(rawRedirect)) throw new AuthError('invalid-request');
    const fail = (code: AuthErrorCode, target = rawRedirect) => {
      const body = errorBody(code, s.concealErrors);
      res.redirect(302, withParams(target, { error: body.error, errorDescription: body.message }));
    };
    if (!isRedirectAllowed(rawRedirect, s)) return fail('redirectTo-not-allowed', s.clientUrl);
    if (ticket.startsWith('otp:')) return fail('invalid-request');
    const type = ticketType(ticket);
    if (!type) return fail('invalid-ticket');

    const found = await findUserBy(app.db, 'ticket', ticket);
    if (!found || toDate(found.ticket_expires_at).getTime() <= Date.now()) return fail('invalid-ticket');
    try {
      app.validateUser(found);
    } catch (e) {
      const code = e instanceof AuthError ? e.code : 'internal-server-error';
      // Confirming an address is what an unverified user is here for (GetUserByTicket's caller).
      const unverifiedOk = code === 'unverified-user' && (type === 'verifyEmail' || type === 'passwordlessEmail');
      if (!unverifiedOk) return fail(code);
    }
    let current = await consumeTicket(app.db, ticket);
    if (!current) return fail('invalid-ticket');
    if (type === 'emailConfirmChange') {
      if (!current.new_email) return fail('invalid-ticket');
      if ((await findUserBy(app.db, 'email', current.new_email))?.id) return fail('email-already-in-use');
      const { rows } = await app.db.query<UserRow>(
        'UPDATE auth.users SET email = new_email, new_email = NULL, email_verified = true WHERE id = $1 RETURNING *',
        [current.id],
      );
      current = rows[0];
    } else if (type === 'passwordlessEmail' && !current.email_verified) {
      current = await claimUnverifiedAccount(app.db, current.id);
    } else if (type === 'verifyEmail' && !current.email_verified) {
      const { rows } = await app.db.query<UserRow>('UPDATE auth.users SET email_verified = true WHERE id = $1 RETURNING *', [current.id]);
      current = rows[0];
    }
    const session = await app.sessions.create(current);
    res.redirect(302, withParams(rawRedirect, { refreshToken: session.refreshToken, type }));
  });

  router.post('/user/email/send-verification-email', async (req, res) => {
    const body = bodyOf(req.body);
    const email = requireEmail(body);
    const redirectTo = redirectOption(body.options, s);
    // send_verification_email.go: unknown is invalid-email-password; an unverified user is the
    // point of the call; any other failed check (disabled, anonymous, blocked) keeps its code.
    const user = await findUserBy(app.db, 'email', email);
    if (!user) throw new AuthError('invalid-email-password');
    if (!user.email_verified) {
      try {
        app.validateUser(user);
      } catch (e) {
        if (!(e instanceof AuthError && e.code === 'unverified-user')) throw e;
      }
    } else {
      app.validateUser(user);
      throw new AuthError('email-already-verified');
    }
    const ticket = newTicket('verifyEmail');
    await setTicket(app.db, user.id, ticket, VERIFY_EMAIL_TTL);
    await app.sendLink(req, 'email-verify', user, email, 'emailVerify', ticket, redirectTo);
    res.json('OK');
  });

  router.post('/user/email/change', async (req, res) => {
    const { user } = await app.callerUser(req);
    const body = bodyOf(req.body);
    const newEmail = requireEmail(body, 'newEmail');
    const redirectTo = redirectOption(body.options, s);
    checkEmailAllowed(newEmail, s);
    if (await findUserBy(app.db, 'email', newEmail)) throw new AuthError('email-already-in-use');
    const ticket = newTicket('emailConfirmChange');
    const { rows } = await app.db.query<UserRow>(
      'UPDATE auth.users SET new_email = $2, ticket = $3, ticket_expires_at = $4 WHERE id = $1 RETURNING *',
      [user.id, newEmail, ticket, new Date(Date.now() + HOUR * 1000).toISOString()],
    );
    await app.sendLink(req, 'email-confirm-change', rows[0], newEmail, 'emailConfirmChange', ticket, redirectTo);
    res.json('OK');
  });

  // send_password_reset_email.go: the answer is "OK" whether or not the address has an account
  // (or one that may use it), so nobody can learn who is a customer from it.
  router.post('/user/password/reset', async (req, res) => {
    const body = bodyOf(req.body);
    const email = requireEmail(body);
    const redirectTo = redirectOption(body.options, s);
    const user = await findUserBy(app.db, 'email', email);
    if (user && passesChecks(() => app.validateUser(user))) {
      const ticket = newTicket('passwordReset');
      await setTicket(app.db, user.id, ticket, HOUR);
      await app.sendLink(req, 'password-reset', user, email, 'passwordReset', ticket, redirectTo);
    }
    res.json('OK');
  });

  // change_user_password.go: with a Bearer caller the caller's password, else the holder of the
  // passwordReset ticket. A new password ends the account's other sessions: whoever knew the
  // old one (the reason for a reset) loses access at once. The caller's own session stays.
  router.post('/user/password', async (req, res) => {
    const body = bodyOf(req.body);
    const newPassword = requireString(body, 'newPassword');
    let user: UserRow;
    let keep: string | undefined;
    const signedIn = app.callerOrUndefined(req);
    if (signedIn) {
      user = (await app.callerUser(req)).user;
      keep = signedIn.sessionId;
    } else {
      if (typeof body.ticket !== 'string') throw new AuthError('invalid-request');
      const holder = await findUserBy(app.db, 'ticket', body.ticket);
      if (!holder || toDate(holder.ticket_expires_at).getTime() <= Date.now()) throw new AuthError('invalid-ticket');
      app.validateUser(holder);
      user = holder;
    }
    checkPassword(newPassword, s);
    checkPasswordStorable(newPassword);
    const hash = await hashSecret(newPassword);
    await app.db.transaction(async (tx) => {
      if (!signedIn) {
        const spent = await consumeTicket(tx, String(body.ticket));
        if (!spent) throw new AuthError('invalid-ticket');
      }
      // An MFA ticket is half a sign-in with the old password: it ends with the other sessions.
      await tx.query(`UPDATE auth.users SET password_hash = $2, ticket = CASE WHEN ticket LIKE 'mfaTotp:%' THEN NULL ELSE ticket END WHERE id = $1`, [user.id, hash]);
      await tx.query(`DELETE FROM auth.refresh_tokens WHERE user_id = $1 AND type = 'regular' AND id IS DISTINCT FROM $2`, [user.id, keep ?? null]);
    });
    res.json('OK');
  });
}

/** Whether a check passes; an AuthError only means no. */
function passesChecks(check: () => void): boolean {
  try {
    check();
    return true;
  } catch (e) {
    if (e instanceof AuthError) return false;
    throw e;
  }
}
