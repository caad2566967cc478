// Ticket flows: mailed links for e-mail verification, e-mail change and password reset, the
// password change that redeems a reset ticket, and GET /verify which turns a ticket into a session.
import bcrypt from 'bcryptjs';
import type { Request, Response, Router } from 'express';
import type { AuthApp } from '../app';
import { AuthError, errorBody, type AuthErrorCode } from '../errors';
import { bodyOf, checkEmailAllowed, checkPassword, isRedirectAllowed, redirectOption, requireEmail, requireString } from '../validate';
import { consumeTicket, findUserBy, newTicket, setTicket, type UserRow } from '../users';
import { BCRYPT_COST } from './email-password';

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

  router.get('/verify', async (req: Request, res: Response) => {
    const ticket = typeof req.query.ticket === 'string' ? req.query.ticket : '';
    const rawRedirect = typeof req.query.redirectTo === 'string' && req.query.redirectTo ? req.query.redirectTo : s.clientUrl;
    let redirectTo: string;
    try {
      redirectTo = new URL(rawRedirect).toString();
    } catch {
      throw new AuthError('invalid-request');
    }
    const fail = (code: AuthErrorCode) => {
      const body = errorBody(code, s.concealErrors);
      res.redirect(302, withParams(redirectTo, { error: body.error, errorDescription: body.message }));
    };
    if (!isRedirectAllowed(rawRedirect, s)) return fail('redirectTo-not-allowed');
    const type = ticketType(ticket);
    if (!type) return fail('invalid-ticket');

    const user = await consumeTicket(app.db, ticket);
    if (!user) return fail('invalid-ticket');
    if (user.disabled) return fail('disabled-user');
    let current: UserRow = user;
    if (type === 'emailConfirmChange') {
      if (!user.new_email) return fail('invalid-ticket');
      if ((await findUserBy(app.db, 'email', user.new_email))?.id) return fail('email-already-in-use');
      const { rows } = await app.db.query<UserRow>(
        'UPDATE auth.users SET email = new_email, new_email = NULL, email_verified = true WHERE id = $1 RETURNING *',
        [user.id],
      );
      current = rows[0];
    } else if ((type === 'verifyEmail' || type === 'passwordlessEmail') && !user.email_verified) {
      const { rows } = await app.db.query<UserRow>('UPDATE auth.users SET email_verified = true WHERE id = $1 RETURNING *', [user.id]);
      current = rows[0];
    } else if (s.emailVerificationRequired && !user.email_verified && type === 'passwordReset') {
      return fail('unverified-user');
    }
    const session = await app.sessions.create(current);
    res.redirect(302, withParams(redirectTo, { refreshToken: session.refreshToken, type }));
  });

  router.post('/user/email/send-verification-email', async (req, res) => {
    const body = bodyOf(req.body);
    const email = requireEmail(body);
    const redirectTo = redirectOption(body.options, s);
    const user = await findUserBy(app.db, 'email', email);
    if (!user) throw new AuthError('invalid-email-password');
    if (user.email_verified) throw new AuthError('email-already-verified');
    const ticket = newTicket('verifyEmail');
    await setTicket(app.db, user.id, ticket, VERIFY_EMAIL_TTL);
    await app.sendLink(req, 'email-verify', user, email, 'emailVerify', ticket, redirectTo);
    res.json('OK');
  });

  router.post('/user/email/change', async (req, res) => {
    const { user } = await app.callerUser(req);
    if (user.is_anonymous) throw new AuthError('forbidden-anonymous');
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

  router.post('/user/password/reset', async (req, res) => {
    const body = bodyOf(req.body);
    const email = requireEmail(body);
    const redirectTo = redirectOption(body.options, s);
    const user = await findUserBy(app.db, 'email', email);
    if (!user) throw new AuthError('invalid-email-password');
    if (user.disabled) throw new AuthError('disabled-user');
    const ticket = newTicket('passwordReset');
    await setTicket(app.db, user.id, ticket, HOUR);
    await app.sendLink(req, 'password-reset', user, email, 'passwordReset', ticket, redirectTo);
    res.json('OK');
  });

  router.post('/user/password', async (req, res) => {
    const body = bodyOf(req.body);
    const newPassword = requireString(body, 'newPassword');
    checkPassword(newPassword, s);
    let user: UserRow | undefined;
    if (typeof body.ticket === 'string' && body.ticket) {
      if (!body.ticket.startsWith('passwordReset:')) throw new AuthError('invalid-ticket');
      user = await consumeTicket(app.db, body.ticket);
      if (!user) throw new AuthError('invalid-ticket');
    } else {
      user = (await app.callerUser(req)).user;
      if (user.is_anonymous) throw new AuthError('forbidden-anonymous');
    }
    if (user.disabled) throw new AuthError('disabled-user');
    await app.db.query('UPDATE auth.users SET password_hash = $2 WHERE id = $1', [user.id, await bcrypt.hash(newPassword, BCRYPT_COST)]);
    res.json('OK');
  });
}
