// E-mail + password sign-up and sign-in, anonymous sign-in, and the upgrade of an anonymous user.
import type { Router } from 'express';
import type { AuthApp } from '../app';
import { AuthError } from '../errors';
import { bodyOf, checkEmailAllowed, checkPassword, checkPasswordStorable, requireEmail, requireString, signUpOptions } from '../validate';
import { createUser, findUserBy, gravatarUrl, newTicket, setTicket } from '../users';
import { DUMMY_HASH, hashSecret, verifySecret } from '../password';

const VERIFY_EMAIL_TTL = 30 * 24 * 3600;
const MFA_TICKET_TTL = 5 * 60;

export function registerEmailPassword(router: Router, app: AuthApp): void {
  const { s } = app;

  router.post('/signup/email-password', async (req, res) => {
    const body = bodyOf(req.body);
    const email = requireEmail(body);
    const password = requireString(body, 'password');
    const options = signUpOptions(body.options, s);
    checkPassword(password, s);
    app.requireSignupAllowed();
    checkEmailAllowed(email, s);
    checkPasswordStorable(password); // after the request's checks, before the address's (as hasura-auth)
    if (await findUserBy(app.db, 'email', email)) throw new AuthError('email-already-in-use');

    const needsVerification = s.emailVerificationRequired || s.disableNewUsers;
    const ticket = needsVerification ? { value: newTicket('verifyEmail'), expiresAt: new Date(Date.now() + VERIFY_EMAIL_TTL * 1000) } : undefined;
    const user = await createUser(app.db, {
      email,
      passwordHash: await hashSecret(password),
      displayName: options.displayName ?? email,
      locale: options.locale,
      defaultRole: options.defaultRole,
      roles: options.allowedRoles,
      metadata: options.metadata,
      avatarUrl: gravatarUrl(email, s),
      disabled: s.disableNewUsers,
      ticket,
    });
    if (ticket) {
      if (!s.disableNewUsers) await app.sendLink(req, 'email-verify', user, email, 'emailVerify', ticket.value, options.redirectTo);
      res.json({});
      return;
    }
    res.json({ session: await app.sessions.create(user) });
  });

  router.post('/signin/email-password', async (req, res) => {
    const body = bodyOf(req.body);
    const email = requireEmail(body);
    const password = requireString(body, 'password');
    const user = await findUserBy(app.db, 'email', email);
    // An unknown e-mail costs the same full verify as a wrong password.
    const ok = await verifySecret(password, user?.password_hash ?? DUMMY_HASH);
    if (!user || !user.password_hash || !ok) throw new AuthError('invalid-email-password');
    app.validateUser(user);
    if (user.active_mfa_type === 'totp') {
      const ticket = newTicket('mfaTotp');
      if (!(await setTicket(app.db, user.id, ticket, MFA_TICKET_TTL, user.password_hash))) throw new AuthError('invalid-email-password');
      res.json({ session: null, mfa: { ticket } });
      return;
    }
    res.json({ session: await app.sessions.create(user, { passwordHash: user.password_hash }) });
  });

  router.post('/signin/anonymous', async (req, res) => {
    // sign_in_anonymous.go: sign-up switched off wins over the anonymous switch.
    app.requireSignupAllowed();
    app.requireEnabled(s.anonymousEnabled);
    const body = bodyOf(req.body, true);
    const displayName = typeof body.displayName === 'string' && body.displayName ? body.displayName : 'Anonymous User';
    const locale = typeof body.locale === 'string' && s.allowedLocales.includes(body.locale) ? body.locale : s.defaultLocale;
    const metadata = body.metadata && typeof body.metadata === 'object' && !Array.isArray(body.metadata) ? (body.metadata as Record<string, unknown>) : null;
    const user = await createUser(app.db, {
      displayName,
      locale,
      defaultRole: 'anonymous',
      roles: ['anonymous'],
      metadata,
      isAnonymous: true,
    });
    res.json({ session: await app.sessions.create(user) });
  });

  router.post('/user/deanonymize', async (req, res) => {
    // deanonymize_user.go reads only the token's anonymous claim, not the user's state.
    const caller = app.caller(req);
    const body = bodyOf(req.body);
    const user = await findUserBy(app.db, 'id', caller.userId);
    if (!caller.isAnonymous || !user?.is_anonymous) throw new AuthError('user-not-anonymous');
    const method = requireString(body, 'signInMethod');
    if (method !== 'email-password' && method !== 'passwordless') throw new AuthError('invalid-request');
    if (method === 'passwordless' && body.connection !== undefined && body.connection !== 'email') throw new AuthError('invalid-request');
    const email = requireEmail(body);
    const options = signUpOptions(body.options, s);
    let passwordHash: string | null = null;
    if (method === 'email-password') {
      const password = requireString(body, 'password');
      checkPassword(password, s);
      checkPasswordStorable(password);
      passwordHash = await hashSecret(password);
    } else {
      app.requireEnabled(s.emailPasswordlessEnabled);
    }
    checkEmailAllowed(email, s);
    if (await findUserBy(app.db, 'email', email)) throw new AuthError('email-already-in-use');

    const sendVerify = method === 'passwordless' || s.emailVerificationRequired;
    const ticket = method === 'passwordless' ? newTicket('passwordlessEmail') : newTicket('verifyEmail');
    const ttl = method === 'passwordless' ? 3600 : VERIFY_EMAIL_TTL;
    const updated = await app.db.transaction(async (tx) => {
      const { rows } = await tx.query<typeof user>(
        `UPDATE auth.users SET email = $2, password_hash = $3, is_anonymous = false, default_role = $4,
           display_name = $5, locale = $6, metadata = $7, email_verified = false, avatar_url = $8,
           ticket = $9, ticket_expires_at = $10 WHERE id = $1 RETURNING *`,
        [
          user.id,
          email,
          passwordHash,
          options.defaultRole,
          options.displayName ?? email,
          options.locale,
          options.metadata === null ? null : JSON.stringify(options.metadata),
          gravatarUrl(email, s),
          sendVerify ? ticket : null,
          new Date(Date.now() + (sendVerify ? ttl : 0) * 1000).toISOString(),
        ],
      );
      await tx.query('DELETE FROM auth.user_roles WHERE user_id = $1', [user.id]);
      for (const role of options.allowedRoles) await tx.query('INSERT INTO auth.user_roles (user_id, role) VALUES ($1, $2)', [user.id, role]);
      // The anonymous session ends: the client signs in again as the real user.
      await tx.query(`DELETE FROM auth.refresh_tokens WHERE user_id = $1 AND type = 'regular'`, [user.id]);
      return rows[0];
    });
    if (sendVerify) {
      if (method === 'passwordless') {
        await app.sendLink(req, 'signin-passwordless', updated, email, 'signinPasswordless', ticket, options.redirectTo);
      } else {
        await app.sendLink(req, 'email-verify', updated, email, 'emailVerify', ticket, options.redirectTo);
      }
    }
    res.json('OK');
  });
}
