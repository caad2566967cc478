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
    res.json(await app.sessions.refresh(refreshToken));
  });

  router.post('/token/verify', async (req, res) => {
    const body = bodyOf(req.body, true);
    const token = typeof body.token === 'string' && body.token ? body.token : /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    if (!token) throw new AuthError('invalid-request');
    try {
      await app.ctx.jwt.verify(token.trim());
    } catch {
      throw new AuthError('unauthenticated-user');
    }
    res.json('OK');
  });

  router.post('/signout', async (req, res) => {
    const body = bodyOf(req.body);
    if (body.all === true) {
      const caller = await app.caller(req);
      await app.sessions.signOutAll(caller.userId);
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
    const { caller, user } = await app.callerUser(req);
    if (app.s.requireElevatedClaim === 'required' && !caller.elevated) throw new AuthError('elevated-claim-required');
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
