// Sessions: Hasura JWT claims, refresh tokens stored as `\x<sha256 hex>`, rotation on /token,
// personal access tokens, and reading the caller from the Bearer header.
import crypto from 'node:crypto';
import type { Request } from 'express';
import type { BackendContext } from '../context';
import { DEFAULT_CLAIMS_NAMESPACE } from '../jwt';
import { AuthError } from './errors';
import type { AuthSettings } from './settings';
import { findUserBy, toUser, userRoles, type User, type UserRow } from './users';

export interface Session {
  accessToken: string;
  accessTokenExpiresIn: number;
  refreshToken: string;
  refreshTokenId: string;
  user: User;
}

export function hashToken(token: string): string {
  return `\\x${crypto.createHash('sha256').update(token).digest('hex')}`;
}

/** Postgres array literal, the way hasura-auth encodes array-valued custom claims. */
function pgArray(values: unknown[]): string {
  return `{${values.map((v) => (typeof v === 'string' && /[",{}\s\\]/.test(v) ? JSON.stringify(v) : String(v))).join(',')}}`;
}

function valueAtPath(obj: unknown, path: string): unknown {
  let cur: unknown = obj;
  for (const part of path.split('.')) {
    if (part.endsWith('[]')) {
      const list = (cur as Record<string, unknown> | undefined)?.[part.slice(0, -2)];
      return Array.isArray(list) ? list : undefined;
    }
    if (!cur || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}

export function customClaimValues(user: User, s: AuthSettings): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [claim, path] of Object.entries(s.customClaims)) {
    const v = valueAtPath(user, path);
    if (v === undefined || v === null) continue;
    out[`x-hasura-${claim}`] = Array.isArray(v) ? pgArray(v) : typeof v === 'string' ? v : JSON.stringify(v);
  }
  return out;
}

export class Sessions {
  constructor(
    private readonly ctx: BackendContext,
    private readonly s: AuthSettings,
  ) {}

  get namespace(): string {
    return this.ctx.jwt.config.claims_namespace ?? DEFAULT_CLAIMS_NAMESPACE;
  }

  /**
   * `sid` (the OpenID session-id claim, outside Hasura's namespace so GraphQL ignores it) names the
   * refresh-token row, so a password change can end every session but the caller's own.
   */
  async accessToken(user: User, opts: { elevated?: boolean; sessionId?: string } = {}): Promise<string> {
    const claims: Record<string, unknown> = {
      ...customClaimValues(user, this.s),
      'x-hasura-allowed-roles': user.roles,
      'x-hasura-default-role': user.defaultRole,
      'x-hasura-user-id': user.id,
      'x-hasura-user-is-anonymous': String(user.isAnonymous),
      ...(opts.elevated ? { 'x-hasura-auth-elevated': user.id } : {}),
    };
    const sid = opts.sessionId ? { sid: opts.sessionId } : {};
    return this.ctx.jwt.sign({ sub: user.id, ...sid, [this.namespace]: claims }, this.s.accessTokenExpiresIn);
  }

  async loadUser(row: UserRow): Promise<User> {
    return toUser(row, await userRoles(this.ctx.db, row));
  }

  /**
   * A new regular refresh token row plus an access token: what every sign-in returns.
   * `passwordHash`: the stored hash the sign-in's password was checked against. The row is written
   * only while the user still has it: a password change or reset that commits while the check runs
   * (bcrypt, ~0.1 s) ends the account's sessions, and must end this one too. FOR SHARE orders the
   * two on a server Postgres: the change waits for this insert, or this insert sees the new hash.
   */
  async create(row: UserRow, opts: { elevated?: boolean; passwordHash?: string } = {}): Promise<Session> {
    const refreshToken = crypto.randomUUID();
    const expiresAt = new Date(Date.now() + this.s.refreshTokenExpiresIn * 1000);
    const { rows } =
      opts.passwordHash === undefined
        ? await this.ctx.db.query<{ id: string }>(
            `INSERT INTO auth.refresh_tokens (user_id, refresh_token_hash, expires_at, type) VALUES ($1, $2, $3, 'regular') RETURNING id`,
            [row.id, hashToken(refreshToken), expiresAt.toISOString()],
          )
        : await this.ctx.db.query<{ id: string }>(
            `INSERT INTO auth.refresh_tokens (user_id, refresh_token_hash, expires_at, type)
             (SELECT id, $2, $3, 'regular' FROM auth.users WHERE id = $1 AND password_hash = $4 FOR SHARE) RETURNING id`,
            [row.id, hashToken(refreshToken), expiresAt.toISOString(), opts.passwordHash],
          );
    if (!rows[0]) throw new AuthError('invalid-email-password');
    await this.ctx.db.query('UPDATE auth.users SET last_seen = now() WHERE id = $1', [row.id]);
    const user = await this.loadUser(row);
    return {
      accessToken: await this.accessToken(user, { elevated: opts.elevated, sessionId: rows[0].id }),
      accessTokenExpiresIn: this.s.accessTokenExpiresIn,
      refreshToken,
      refreshTokenId: rows[0].id,
      user,
    };
  }

  /**
   * /token: the holder is checked first (`check`, hasura-auth's ValidateUser), then the same row
   * gets a new hash and expiry in one statement, so the old token dies at once.
   */
  async refresh(refreshToken: string, check: (row: UserRow) => void): Promise<Session> {
    const { rows: holders } = await this.ctx.db.query<{ user_id: string }>(
      `SELECT user_id FROM auth.refresh_tokens WHERE refresh_token_hash = $1 AND type = 'regular' AND expires_at > now()`,
      [hashToken(refreshToken)],
    );
    const holder = holders[0] && (await findUserBy(this.ctx.db, 'id', holders[0].user_id));
    if (!holder) throw new AuthError('invalid-refresh-token');
    check(holder);
    const newToken = crypto.randomUUID();
    const expiresAt = new Date(Date.now() + this.s.refreshTokenExpiresIn * 1000);
    const { rows } = await this.ctx.db.query<{ id: string; user_id: string }>(
      `UPDATE auth.refresh_tokens SET refresh_token_hash = $2, expires_at = $3
       WHERE refresh_token_hash = $1 AND type = 'regular' AND expires_at > now() RETURNING id, user_id`,
      [hashToken(refreshToken), hashToken(newToken), expiresAt.toISOString()],
    );
    const token = rows[0];
    // Lost a race with another refresh of the same token: that one won, this one is spent.
    if (!token) throw new AuthError('invalid-refresh-token');
    const row = holder;
    await this.ctx.db.query('UPDATE auth.users SET last_seen = now() WHERE id = $1', [row.id]);
    const user = await this.loadUser(row);
    return {
      accessToken: await this.accessToken(user, { sessionId: token.id }),
      accessTokenExpiresIn: this.s.accessTokenExpiresIn,
      refreshToken: newToken,
      refreshTokenId: token.id,
      user,
    };
  }

  async signOut(refreshToken: string): Promise<void> {
    await this.ctx.db.query(`DELETE FROM auth.refresh_tokens WHERE refresh_token_hash = $1 AND type = 'regular'`, [hashToken(refreshToken)]);
  }

  async signOutAll(userId: string): Promise<void> {
    await this.ctx.db.query(`DELETE FROM auth.refresh_tokens WHERE user_id = $1 AND type = 'regular'`, [userId]);
  }

  async createPat(userId: string, expiresAt: Date, metadata: Record<string, unknown> | null): Promise<{ id: string; personalAccessToken: string }> {
    const pat = crypto.randomUUID();
    const { rows } = await this.ctx.db.query<{ id: string }>(
      `INSERT INTO auth.refresh_tokens (user_id, refresh_token_hash, expires_at, type, metadata) VALUES ($1, $2, $3, 'pat', $4) RETURNING id`,
      [userId, hashToken(pat), expiresAt.toISOString(), metadata === null ? null : JSON.stringify(metadata)],
    );
    return { id: rows[0].id, personalAccessToken: pat };
  }

  /** The holder of an unexpired PAT; its state is checked by the caller (ValidateUser). */
  async userByPat(pat: string): Promise<UserRow> {
    const { rows } = await this.ctx.db.query<{ user_id: string }>(
      `SELECT user_id FROM auth.refresh_tokens WHERE refresh_token_hash = $1 AND type = 'pat' AND expires_at > now()`,
      [hashToken(pat)],
    );
    const row = rows[0] && (await findUserBy(this.ctx.db, 'id', rows[0].user_id));
    if (!row) throw new AuthError('invalid-pat');
    return row;
  }
}

export interface Caller {
  userId: string;
  isAnonymous: boolean;
  elevated: boolean;
  /** The refresh-token row the access token was minted for (`sid`), when known. */
  sessionId?: string;
}

/**
 * The signed-in caller from `Authorization: Bearer <jwt>`. A missing, tampered or expired token
 * is invalid-request (400): hasura-auth maps ErrUnauthenticatedUser to it (errors.go).
 */
export async function callerOf(req: Request, ctx: BackendContext, namespace: string): Promise<Caller> {
  const header = req.headers.authorization ?? '';
  const m = /^Bearer\s+(.+)$/i.exec(header);
  if (!m) throw new AuthError('invalid-request');
  let payload: Record<string, unknown>;
  try {
    payload = (await ctx.jwt.verify(m[1].trim())) as Record<string, unknown>;
  } catch {
    throw new AuthError('invalid-request');
  }
  const claims = payload[namespace] as Record<string, unknown> | undefined;
  const userId = claims?.['x-hasura-user-id'];
  if (typeof userId !== 'string') throw new AuthError('invalid-request');
  return {
    userId,
    isAnonymous: claims?.['x-hasura-user-is-anonymous'] === 'true',
    elevated: claims?.['x-hasura-auth-elevated'] === userId,
    sessionId: typeof payload.sid === 'string' ? payload.sid : undefined,
  };
}
