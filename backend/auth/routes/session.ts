// Session endpoints: refresh (/token), sign-out, the current user, personal access tokens,
// and the service's own health, version and JWKS.
import type { Router } from 'express';
import type { AuthApp } from '../app';
import { AuthError } from '../errors';
import { bodyOf, requireString } from '../validate';
import { toUser, userRoles } from '../users';

export const AUTH_VERSION = '0.36.0-staydesk';

export function registerSession(router: Router, app: AuthApp): void {
  router.post('/token', async (req, res) => {
    const refreshToken = requireString(bodyOf(req.body), 'refreshToken');
    // refresh_token.go lets anonymous users (forbidden-anonymous) and e-mails off the access
    // lists (invalid-email-password) refresh; disabled and unverified users may not.
    const check = (row: Parameters<typeof app.validateUser>[0]) => {
      try {
        app.validateUser(row);
      } catch (e) {
        if (e instanceof AuthError && (e.code === 'forbidden-anonymous' || e.code === 'invalid-email-password')) return;
        throw e;
      }
    };
    res.json(await app.sessions.refresh(refreshToken, check));
  });

  // A token in the body is checked on its own; without one, the Bearer caller must be a valid
  // user (verify_token.go). Either failure is invalid-request (ErrUnauthenticatedUser).
  router.post('/token/verify', async (req, res) => {
    const body = bodyOf(req.body, true);
    if (typeof body.token === 'string') {
      try {
        await app.ctx.jwt.verify(body.token.replace(/^Bearer /, '').trim());
      } catch {
        throw new AuthError('invalid-request');
      }
    } else {
      await app.callerUser(req);
    }
    res.json('OK');
  });

  // `all: true` needs the Bearer caller (missing or bad: invalid-request, sign_out.go).
  router.post('/signout', async (req, res) => {
    const body = bodyOf(req.body);
    if (body.all === true) {
      await app.sessions.signOutAll(app.caller(req).userId);
    } else {
      await app.sessions.signOut(requireString(body, 'refreshToken'));
    }
    res.json('OK');
  });

  router.get('/user', async (req, res) => {
    const { user } = await app.callerUser(req);
    res.json(toUser(user, await userRoles(app.db, user)));
  });

  router.post('/pat', async (req, res) => {
    // The elevated claim was checked with the token (BearerAuthElevated in the contract).
    const { user } = await app.callerUser(req);
    const body = bodyOf(req.body);
    const raw = body.expiresAt;
    const expiresAt = typeof raw === 'string' || typeof raw === 'number' ? new Date(raw) : new Date(NaN);
    if (Number.isNaN(expiresAt.getTime()) || expiresAt.getTime() <= Date.now()) throw new AuthError('invalid-request');
    const metadata = body.metadata && typeof body.metadata === 'object' && !Array.isArray(body.metadata) ? (body.metadata as Record<string, unknown>) : null;
    res.json(await app.sessions.createPat(user.id, expiresAt, metadata));
  });

  router.post('/signin/pat', async (req, res) => {
    const pat = requireString(bodyOf(req.body), 'personalAccessToken');
    const user = await app.sessions.userByPat(pat);
    app.validateUser(user);
    res.json({ session: await app.sessions.create(user) });
  });

  router.get('/.well-known/jwks.json', async (_req, res) => {
    res.json(await app.ctx.jwt.jwks());
  });
  router.get('/healthz', (_req, res) => {
    res.json('OK');
  });
  router.head('/healthz', (_req, res) => {
    res.status(200).end();
  });
  router.get('/version', (_req, res) => {
    res.json({ version: AUTH_VERSION });
  });
}
