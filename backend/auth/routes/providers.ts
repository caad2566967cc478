// Third-party identities: ID-token sign-in and linking (verified against each provider's JWKS or
// PEM key), and the OAuth2 redirect sign-in with configurable authorize/token/userinfo endpoints.
import crypto from 'node:crypto';
import { createRemoteJWKSet, importSPKI, jwtVerify, type JWTPayload } from 'jose';
import type { Request, Response, Router } from 'express';
import type { AuthApp } from '../app';
import { AuthError, errorBody, type AuthErrorCode } from '../errors';
import type { IdTokenProviderSettings } from '../settings';
import { bodyOf, checkEmailAllowed, isEmail, requireString, signUpOptions, type SignUpOptions } from '../validate';
import { createUser, findUserBy, type UserRow } from '../users';

interface Profile {
  providerUserId: string;
  email?: string;
  emailVerified: boolean;
  displayName?: string;
  avatarUrl?: string;
}

type KeyResolver = Parameters<typeof jwtVerify>[1];

export function registerProviders(router: Router, app: AuthApp): void {
  const { s } = app;
  const keyCache = new Map<string, Promise<KeyResolver> | KeyResolver>();

  function keyFor(p: IdTokenProviderSettings): Promise<KeyResolver> | KeyResolver {
    let key = keyCache.get(p.name);
    if (!key) {
      if (p.publicKeyPem) key = importSPKI(p.publicKeyPem.replace(/\\n/g, '\n'), 'RS256');
      else if (p.jwksUrl) key = createRemoteJWKSet(new URL(p.jwksUrl)) as KeyResolver;
      else throw new AuthError('disabled-endpoint');
      keyCache.set(p.name, key);
    }
    return key;
  }

  async function verifyIdToken(providerName: string, idToken: string, nonce: string | undefined): Promise<Profile> {
    const p = s.idToken[providerName];
    if (!p) throw new AuthError('disabled-endpoint');
    // Without an audience any token the provider issued to any other app would sign in here.
    if (p.audience.length === 0) {
      app.ctx.log.warn(`ID-token sign-in with ${providerName} refused: set AUTH_PROVIDER_${providerName.toUpperCase()}_CLIENT_ID or _AUDIENCE`);
      throw new AuthError('disabled-endpoint');
    }
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(idToken, await keyFor(p), { audience: p.audience, issuer: p.issuer }));
    } catch {
      throw new AuthError('invalid-request');
    }
    if (nonce !== undefined) {
      const hashed = crypto.createHash('sha256').update(nonce).digest('hex');
      if (payload.nonce !== nonce && payload.nonce !== hashed) throw new AuthError('invalid-request');
    }
    if (typeof payload.sub !== 'string' || !payload.sub) throw new AuthError('invalid-request');
    const email = typeof payload.email === 'string' ? payload.email : undefined;
    if (email !== undefined && !isEmail(email)) throw new AuthError('invalid-email-password');
    return {
      providerUserId: payload.sub,
      email,
      emailVerified: payload.email_verified === true || payload.email_verified === 'true',
      displayName: typeof payload.name === 'string' ? payload.name : undefined,
      avatarUrl: typeof payload.picture === 'string' ? payload.picture : undefined,
    };
  }

  async function linkProvider(userId: string, provider: string, profile: Profile, accessToken: string, refreshToken: string | null): Promise<void> {
    await app.db.query(
      `INSERT INTO auth.user_providers (user_id, provider_id, provider_user_id, access_token, refresh_token) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (provider_id, provider_user_id) DO UPDATE SET access_token = EXCLUDED.access_token, refresh_token = EXCLUDED.refresh_token`,
      [userId, provider, profile.providerUserId, accessToken, refreshToken],
    );
  }

  async function providerUser(provider: string, providerUserId: string): Promise<UserRow | undefined> {
    const { rows } = await app.db.query<{ user_id: string }>(
      'SELECT user_id FROM auth.user_providers WHERE provider_id = $1 AND provider_user_id = $2',
      [provider, providerUserId],
    );
    return rows[0] ? findUserBy(app.db, 'id', rows[0].user_id) : undefined;
  }

  /**
   * The user behind a provider identity: already linked, else the account with the same e-mail,
   * else a new user. Linking to an existing account needs the provider to vouch for the address
   * (email_verified): otherwise anyone who can put someone's e-mail on a provider profile would
   * take over that person's account. Unvouched, the address counts as taken.
   */
  async function userForProfile(provider: string, profile: Profile, options: SignUpOptions, accessToken: string, refreshToken: string | null): Promise<UserRow> {
    let user = await providerUser(provider, profile.providerUserId);
    if (!user && profile.email) {
      user = await findUserBy(app.db, 'email', profile.email);
      if (user && !profile.emailVerified) throw new AuthError('email-already-in-use');
    }
    if (!user) {
      app.requireSignupAllowed();
      if (profile.email) checkEmailAllowed(profile.email, s);
      user = await createUser(app.db, {
        email: profile.email,
        emailVerified: profile.emailVerified,
        displayName: options.displayName ?? profile.displayName ?? profile.email ?? '',
        avatarUrl: profile.avatarUrl ?? '',
        locale: options.locale,
        defaultRole: options.defaultRole,
        roles: options.allowedRoles,
        metadata: options.metadata,
        disabled: s.disableNewUsers,
      });
    }
    if (user.disabled) throw new AuthError('disabled-user');
    await linkProvider(user.id, provider, profile, accessToken, refreshToken);
    return user;
  }

  router.post('/signin/idtoken', async (req, res) => {
    const body = bodyOf(req.body);
    const provider = requireString(body, 'provider');
    const idToken = requireString(body, 'idToken');
    const nonce = typeof body.nonce === 'string' && body.nonce ? body.nonce : undefined;
    const options = signUpOptions(body.options, s);
    const profile = await verifyIdToken(provider, idToken, nonce);
    const user = await userForProfile(provider, profile, options, '', null);
    res.json({ session: await app.sessions.create(user) });
  });

  router.post('/link/idtoken', async (req, res) => {
    const { user } = await app.callerUser(req);
    const body = bodyOf(req.body);
    const provider = requireString(body, 'provider');
    const idToken = requireString(body, 'idToken');
    const nonce = typeof body.nonce === 'string' && body.nonce ? body.nonce : undefined;
    const profile = await verifyIdToken(provider, idToken, nonce);
    const linked = await providerUser(provider, profile.providerUserId);
    if (linked) throw new AuthError('invalid-request');
    await linkProvider(user.id, provider, profile, '', null);
    res.json('OK');
  });

  // ---- OAuth2 redirect sign-in -------------------------------------------------------------

  function callbackUrl(req: Request, provider: string): string {
    return `${app.serverUrl(req)}/signin/provider/${provider}/callback`;
  }

  function redirectError(res: Response, redirectTo: string, code: AuthErrorCode): void {
    const body = errorBody(code, s.concealErrors);
    const url = new URL(redirectTo);
    url.searchParams.set('error', body.error);
    url.searchParams.set('errorDescription', body.message);
    res.redirect(302, url.toString());
  }

  router.get('/signin/provider/:provider', async (req, res) => {
    const provider = String(req.params.provider);
    const cfg = s.oauth[provider];
    if (!cfg || !cfg.authorizeUrl) throw new AuthError('disabled-endpoint');
    const q = req.query;
    const text = (k: string) => (typeof q[k] === 'string' ? (q[k] as string) : undefined);
    let metadata: unknown;
    if (text('metadata')) {
      try {
        metadata = JSON.parse(text('metadata') ?? '');
      } catch {
        throw new AuthError('invalid-request');
      }
    }
    const options = signUpOptions(
      {
        redirectTo: text('redirectTo'),
        allowedRoles: text('allowedRoles')?.split(',').map((r) => r.trim()).filter(Boolean),
        defaultRole: text('defaultRole'),
        displayName: text('displayName'),
        locale: text('locale'),
        metadata,
      },
      s,
    );
    let connectUserId: string | undefined;
    const connect = text('connect');
    if (connect) {
      try {
        const payload = await app.ctx.jwt.verify(connect);
        const claims = payload[app.sessions.namespace] as Record<string, unknown> | undefined;
        connectUserId = typeof claims?.['x-hasura-user-id'] === 'string' ? (claims['x-hasura-user-id'] as string) : undefined;
      } catch {
        throw new AuthError('invalid-request');
      }
    }
    const state = crypto.randomUUID();
    await app.db.query('INSERT INTO auth.provider_requests (id, options) VALUES ($1, $2)', [
      state,
      JSON.stringify({ ...options, connectUserId, createdAt: Date.now() }),
    ]);
    const url = new URL(cfg.authorizeUrl);
    url.searchParams.set('client_id', cfg.clientId);
    url.searchParams.set('redirect_uri', callbackUrl(req, provider));
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('scope', cfg.scope);
    url.searchParams.set('state', state);
    res.redirect(302, url.toString());
  });

  router.get('/signin/provider/:provider/callback', async (req, res) => {
    const provider = String(req.params.provider);
    const cfg = s.oauth[provider];
    const state = typeof req.query.state === 'string' ? req.query.state : '';
    const { rows } = state
      ? await app.db.query<{ options: SignUpOptions & { connectUserId?: string; createdAt: number } }>(
          'DELETE FROM auth.provider_requests WHERE id = $1 RETURNING options',
          [state],
        )
      : { rows: [] };
    const request = rows[0]?.options;
    if (!cfg || !request || Date.now() - request.createdAt > 10 * 60_000) return redirectError(res, s.clientUrl, 'invalid-state');
    const redirectTo = request.redirectTo;
    if (typeof req.query.error === 'string') return redirectError(res, redirectTo, 'oauth-provider-error');
    const code = typeof req.query.code === 'string' ? req.query.code : '';
    if (!code) return redirectError(res, redirectTo, 'oauth-token-echange-failed');

    let tokens: { access_token?: string; refresh_token?: string };
    try {
      const tokenRes = await fetch(cfg.tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: callbackUrl(req, provider),
          client_id: cfg.clientId,
          client_secret: cfg.clientSecret,
        }),
      });
      tokens = tokenRes.ok ? ((await tokenRes.json()) as typeof tokens) : {};
    } catch {
      tokens = {};
    }
    if (!tokens.access_token) return redirectError(res, redirectTo, 'oauth-token-echange-failed');

    let profile: Profile;
    try {
      const infoRes = await fetch(cfg.userinfoUrl, { headers: { authorization: `Bearer ${tokens.access_token}`, accept: 'application/json' } });
      if (!infoRes.ok) throw new Error(`userinfo ${infoRes.status}`);
      const info = (await infoRes.json()) as Record<string, unknown>;
      const id = info.sub ?? info.id;
      if (id === undefined || id === null) throw new Error('no user id');
      const email = typeof info.email === 'string' && isEmail(info.email) ? info.email : undefined;
      profile = {
        providerUserId: String(id),
        email,
        emailVerified: info.email_verified === true || info.verified_email === true,
        displayName: typeof info.name === 'string' ? info.name : typeof info.login === 'string' ? info.login : undefined,
        avatarUrl: typeof info.picture === 'string' ? info.picture : typeof info.avatar_url === 'string' ? info.avatar_url : undefined,
      };
    } catch {
      return redirectError(res, redirectTo, 'oauth-profile-fetch-failed');
    }

    try {
      let user: UserRow | undefined;
      if (request.connectUserId) {
        user = await findUserBy(app.db, 'id', request.connectUserId);
        if (!user) throw new AuthError('invalid-request');
        await linkProvider(user.id, provider, profile, tokens.access_token, tokens.refresh_token ?? null);
      } else {
        user = await userForProfile(provider, profile, request, tokens.access_token, tokens.refresh_token ?? null);
      }
      const session = await app.sessions.create(user);
      const url = new URL(redirectTo);
      url.searchParams.set('refreshToken', session.refreshToken);
      res.redirect(302, url.toString());
    } catch (e) {
      if (e instanceof AuthError) return redirectError(res, redirectTo, e.code);
      throw e;
    }
  });
}
