// WebAuthn (security keys / passkeys) with @simplewebauthn/server: sign-up, sign-in (with or
// without e-mail), adding a key to a signed-in user, and elevating a session for sensitive calls.
import crypto from 'node:crypto';
import type * as SimpleWebAuthn from '@simplewebauthn/server';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { Router } from 'express';
import type { AuthApp } from '../app';
import { AuthError } from '../errors';
import { bodyOf, checkEmailAllowed, isEmail, requireEmail, signUpOptions, type Body, type SignUpOptions } from '../validate';
import { createUser, findUserBy, gravatarUrl, newTicket, type UserRow } from '../users';
import { lazy } from '../../lazy';

// The library (with the X.509 and ASN.1 code it brings) costs a start ~0.4 s of CPU to load: it
// loads with the first ceremony instead, outside the try blocks that turn its throws into 400s.
const simpleWebAuthn = lazy<typeof SimpleWebAuthn>(() => import('@simplewebauthn/server'), { what: 'the security key module (@simplewebauthn/server)' });

const CHALLENGE_TTL_MS = 5 * 60_000;
const VERIFY_EMAIL_TTL = 30 * 24 * 3600;

type Ceremony =
  | { kind: 'signup'; email: string; options: SignUpOptions }
  | { kind: 'signin'; userId?: string }
  | { kind: 'add'; userId: string }
  | { kind: 'elevate'; userId: string };

interface KeyRow {
  id: string;
  user_id: string;
  credential_id: string;
  credential_public_key: Uint8Array | Buffer | string;
  counter: string | number;
  transports: string;
  nickname: string | null;
}

function toBytes(v: KeyRow['credential_public_key']): Uint8Array<ArrayBuffer> {
  if (typeof v === 'string') return new Uint8Array(Buffer.from(v.replace(/^\\x/, ''), 'hex'));
  return new Uint8Array(v);
}

/** The challenge the browser signed, read from clientDataJSON. */
function challengeOf(credential: unknown): string {
  try {
    const data = (credential as { response: { clientDataJSON: string } }).response.clientDataJSON;
    const parsed = JSON.parse(Buffer.from(data, 'base64url').toString('utf8')) as { challenge?: unknown };
    if (typeof parsed.challenge === 'string') return parsed.challenge;
  } catch {
    // falls through to invalid-request
  }
  throw new AuthError('invalid-request');
}

export function registerWebauthn(router: Router, app: AuthApp): void {
  const { s } = app;
  const w = s.webauthn;
  const ceremonies = new Map<string, Ceremony & { expires: number }>();

  function remember(challenge: string, c: Ceremony): void {
    const now = Date.now();
    for (const [k, v] of ceremonies) if (v.expires < now) ceremonies.delete(k);
    ceremonies.set(challenge, { ...c, expires: now + CHALLENGE_TTL_MS });
  }

  /** Takes the ceremony a credential answers; each challenge is usable once. */
  function take<K extends Ceremony['kind']>(credential: unknown, kind: K): Extract<Ceremony, { kind: K }> {
    const challenge = challengeOf(credential);
    const c = ceremonies.get(challenge);
    ceremonies.delete(challenge);
    if (!c || c.kind !== kind || c.expires < Date.now()) throw new AuthError('invalid-request');
    return c as unknown as Extract<Ceremony, { kind: K }>;
  }

  async function keysOf(userId: string): Promise<KeyRow[]> {
    const { rows } = await app.db.query<KeyRow>('SELECT * FROM auth.user_security_keys WHERE user_id = $1', [userId]);
    return rows;
  }

  const descriptor = (k: KeyRow) => ({ id: k.credential_id, transports: k.transports ? k.transports.split(',') : undefined });

  async function registrationOptions(userName: string, displayName: string, exclude: KeyRow[]) {
    const { generateRegistrationOptions } = await simpleWebAuthn();
    return generateRegistrationOptions({
      rpName: w.rpName,
      rpID: w.rpId,
      userName,
      userDisplayName: displayName,
      userID: new Uint8Array(crypto.randomBytes(16)),
      timeout: w.timeout,
      attestationType: 'none',
      excludeCredentials: exclude.map(descriptor),
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    });
  }

  async function verifyRegistration(credential: unknown, challenge: string) {
    const { verifyRegistrationResponse } = await simpleWebAuthn();
    let result;
    try {
      result = await verifyRegistrationResponse({
        response: credential as RegistrationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: w.origins,
        expectedRPID: w.rpId,
        requireUserVerification: false,
      });
    } catch {
      throw new AuthError('invalid-request');
    }
    if (!result.verified) throw new AuthError('invalid-request');
    return result.registrationInfo.credential;
  }

  async function saveKey(userId: string, cred: Awaited<ReturnType<typeof verifyRegistration>>, nickname: string | null): Promise<string> {
    const { rows } = await app.db.query<{ id: string }>(
      `INSERT INTO auth.user_security_keys (user_id, credential_id, credential_public_key, counter, transports, nickname)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [userId, cred.id, Buffer.from(cred.publicKey), cred.counter, (cred.transports ?? []).join(','), nickname],
    );
    return rows[0].id;
  }

  /** Checks an assertion against a stored key and bumps its counter; answers the key's owner. */
  async function verifyAssertion(credential: unknown, challenge: string, expectedUserId?: string): Promise<UserRow> {
    const id = (credential as { id?: unknown })?.id;
    if (typeof id !== 'string') throw new AuthError('invalid-request');
    const { rows } = await app.db.query<KeyRow>('SELECT * FROM auth.user_security_keys WHERE credential_id = $1', [id]);
    const key = rows[0];
    if (!key || (expectedUserId && key.user_id !== expectedUserId)) throw new AuthError('invalid-request');
    const { verifyAuthenticationResponse } = await simpleWebAuthn();
    let result;
    try {
      result = await verifyAuthenticationResponse({
        response: credential as AuthenticationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: w.origins,
        expectedRPID: w.rpId,
        credential: {
          id: key.credential_id,
          publicKey: toBytes(key.credential_public_key),
          counter: Number(key.counter),
          transports: descriptor(key).transports,
        },
        requireUserVerification: false,
      });
    } catch {
      throw new AuthError('invalid-request');
    }
    if (!result.verified) throw new AuthError('invalid-request');
    await app.db.query('UPDATE auth.user_security_keys SET counter = $2 WHERE id = $1', [key.id, result.authenticationInfo.newCounter]);
    const user = await findUserBy(app.db, 'id', key.user_id);
    if (!user) throw new AuthError('invalid-request');
    return user;
  }

  router.post('/signup/webauthn', async (req, res) => {
    app.requireEnabled(w.enabled);
    const body = bodyOf(req.body);
    const email = requireEmail(body);
    const options = signUpOptions(body.options, s);
    app.requireSignupAllowed();
    checkEmailAllowed(email, s);
    if (await findUserBy(app.db, 'email', email)) throw new AuthError('email-already-in-use');
    const creation = await registrationOptions(email, options.displayName ?? email, []);
    remember(creation.challenge, { kind: 'signup', email, options });
    res.json(creation);
  });

  router.post('/signup/webauthn/verify', async (req, res) => {
    app.requireEnabled(w.enabled);
    const body = bodyOf(req.body);
    const c = take(body.credential, 'signup');
    const extra = (body.options && typeof body.options === 'object' ? body.options : {}) as Body;
    const cred = await verifyRegistration(body.credential, challengeOf(body.credential));
    if (await findUserBy(app.db, 'email', c.email)) throw new AuthError('email-already-in-use');
    const displayName = typeof extra.displayName === 'string' && extra.displayName ? extra.displayName : (c.options.displayName ?? c.email);
    const metadata = extra.metadata && typeof extra.metadata === 'object' && !Array.isArray(extra.metadata) ? (extra.metadata as Record<string, unknown>) : c.options.metadata;
    const needsVerification = s.emailVerificationRequired || s.disableNewUsers;
    const ticket = needsVerification ? { value: newTicket('verifyEmail'), expiresAt: new Date(Date.now() + VERIFY_EMAIL_TTL * 1000) } : undefined;
    const user = await createUser(app.db, {
      email: c.email,
      displayName,
      locale: c.options.locale,
      defaultRole: c.options.defaultRole,
      roles: c.options.allowedRoles,
      metadata,
      avatarUrl: gravatarUrl(c.email, s),
      disabled: s.disableNewUsers,
      ticket,
    });
    // The contract has the key's nickname beside `options` (SignUpWebauthnVerifyRequest.nickname);
    // `options` itself admits no nickname, so the SDK's options.nickname is refused at the door.
    await saveKey(user.id, cred, typeof body.nickname === 'string' && body.nickname ? body.nickname : null);
    if (ticket) {
      const redirectTo = typeof extra.redirectTo === 'string' ? signUpOptions({ redirectTo: extra.redirectTo }, s).redirectTo : c.options.redirectTo;
      if (!s.disableNewUsers) await app.sendLink(req, 'email-verify', user, c.email, 'emailVerify', ticket.value, redirectTo);
      res.json({});
      return;
    }
    res.json({ session: await app.sessions.create(user) });
  });

  router.post('/signin/webauthn', async (req, res) => {
    app.requireEnabled(w.enabled);
    const body = bodyOf(req.body, true);
    let userId: string | undefined;
    let allow: KeyRow[] = [];
    if (body.email !== undefined && body.email !== null && body.email !== '') {
      if (typeof body.email !== 'string' || !isEmail(body.email)) throw new AuthError('invalid-request');
      const user = await findUserBy(app.db, 'email', body.email);
      if (!user) throw new AuthError('invalid-email-password');
      userId = user.id;
      allow = await keysOf(user.id);
    }
    const { generateAuthenticationOptions } = await simpleWebAuthn();
    const request = await generateAuthenticationOptions({
      rpID: w.rpId,
      timeout: w.timeout,
      userVerification: 'preferred',
      allowCredentials: allow.map(descriptor),
    });
    remember(request.challenge, { kind: 'signin', userId });
    res.json(request);
  });

  router.post('/signin/webauthn/verify', async (req, res) => {
    app.requireEnabled(w.enabled);
    const body = bodyOf(req.body);
    const c = take(body.credential, 'signin');
    const user = await verifyAssertion(body.credential, challengeOf(body.credential), c.userId);
    app.validateUser(user);
    res.json({ session: await app.sessions.create(user) });
  });

  router.post('/user/webauthn/add', async (req, res) => {
    app.requireEnabled(w.enabled);
    const { user } = await app.callerUser(req);
    if (user.is_anonymous) throw new AuthError('forbidden-anonymous');
    const creation = await registrationOptions(user.email ?? user.id, user.display_name || (user.email ?? user.id), await keysOf(user.id));
    remember(creation.challenge, { kind: 'add', userId: user.id });
    res.json(creation);
  });

  router.post('/user/webauthn/verify', async (req, res) => {
    app.requireEnabled(w.enabled);
    const { user } = await app.callerUser(req);
    const body = bodyOf(req.body);
    const c = take(body.credential, 'add');
    if (c.userId !== user.id) throw new AuthError('invalid-request');
    const cred = await verifyRegistration(body.credential, challengeOf(body.credential));
    const nickname = typeof body.nickname === 'string' ? body.nickname : null;
    const id = await saveKey(user.id, cred, nickname);
    res.json({ id, nickname });
  });

  router.post('/elevate/webauthn', async (req, res) => {
    app.requireEnabled(w.enabled);
    const { user } = await app.callerUser(req);
    const body = bodyOf(req.body, true);
    if (typeof body.email === 'string' && body.email && body.email.toLowerCase() !== (user.email ?? '').toLowerCase()) throw new AuthError('invalid-request');
    const keys = await keysOf(user.id);
    if (keys.length === 0) throw new AuthError('invalid-request');
    const { generateAuthenticationOptions } = await simpleWebAuthn();
    const request = await generateAuthenticationOptions({ rpID: w.rpId, timeout: w.timeout, userVerification: 'preferred', allowCredentials: keys.map(descriptor) });
    remember(request.challenge, { kind: 'elevate', userId: user.id });
    res.json(request);
  });

  router.post('/elevate/webauthn/verify', async (req, res) => {
    app.requireEnabled(w.enabled);
    const { user } = await app.callerUser(req);
    const body = bodyOf(req.body);
    const c = take(body.credential, 'elevate');
    if (c.userId !== user.id) throw new AuthError('invalid-request');
    const owner = await verifyAssertion(body.credential, challengeOf(body.credential), user.id);
    res.json({ session: await app.sessions.create(owner, { elevated: true }) });
  });
}
