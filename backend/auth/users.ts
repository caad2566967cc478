// auth.users access: lookups, creation with roles, tickets, and the camelCase User object
// hasura-auth returns (go/api/types.gen.go).
import crypto from 'node:crypto';
import type { Db, Queryable } from '../db';
import { isPgError } from '../db/types';
import { AuthError } from './errors';
import type { AuthSettings } from './settings';

export interface UserRow {
  id: string;
  created_at: Date | string;
  disabled: boolean;
  display_name: string;
  avatar_url: string;
  locale: string;
  email: string | null;
  phone_number: string | null;
  password_hash: string | null;
  email_verified: boolean;
  phone_number_verified: boolean;
  new_email: string | null;
  otp_hash: string | null;
  otp_hash_expires_at: Date | string;
  default_role: string;
  is_anonymous: boolean;
  totp_secret: string | null;
  active_mfa_type: string | null;
  ticket: string | null;
  ticket_expires_at: Date | string;
  metadata: Record<string, unknown> | null;
  webauthn_current_challenge: string | null;
}

export interface User {
  id: string;
  createdAt: string;
  displayName: string;
  avatarUrl: string;
  locale: string;
  email?: string;
  emailVerified: boolean;
  phoneNumber?: string;
  phoneNumberVerified: boolean;
  isAnonymous: boolean;
  defaultRole: string;
  roles: string[];
  metadata: Record<string, unknown> | null;
  activeMfaType: string | null;
}

export function toDate(v: Date | string): Date {
  return v instanceof Date ? v : new Date(v);
}

export async function findUserBy(db: Queryable, column: 'id' | 'email' | 'phone_number' | 'ticket', value: string): Promise<UserRow | undefined> {
  // citext makes the email lookup case-insensitive, as in hasura-auth.
  const { rows } = await db.query<UserRow>(`SELECT * FROM auth.users WHERE ${column} = $1 LIMIT 1`, [value]);
  return rows[0];
}

export async function userRoles(db: Queryable, user: Pick<UserRow, 'id' | 'default_role'>): Promise<string[]> {
  const { rows } = await db.query<{ role: string }>('SELECT role FROM auth.user_roles WHERE user_id = $1 ORDER BY created_at, role', [user.id]);
  const roles = rows.map((r) => r.role);
  if (!roles.includes(user.default_role)) roles.push(user.default_role);
  return roles;
}

export function toUser(row: UserRow, roles: string[]): User {
  return {
    id: row.id,
    createdAt: toDate(row.created_at).toISOString(),
    displayName: row.display_name,
    avatarUrl: row.avatar_url,
    locale: row.locale,
    ...(row.email !== null ? { email: row.email } : {}),
    emailVerified: row.email_verified,
    ...(row.phone_number !== null ? { phoneNumber: row.phone_number } : {}),
    phoneNumberVerified: row.phone_number_verified,
    isAnonymous: row.is_anonymous,
    defaultRole: row.default_role,
    roles,
    metadata: row.metadata ?? null,
    activeMfaType: row.active_mfa_type ?? null,
  };
}

export function gravatarUrl(email: string | undefined, s: AuthSettings): string {
  if (!s.gravatar || !email) return '';
  const hash = crypto.createHash('md5').update(email.trim().toLowerCase()).digest('hex');
  return `https://www.gravatar.com/avatar/${hash}?d=blank&r=g`;
}

export interface NewUser {
  email?: string;
  phoneNumber?: string;
  passwordHash?: string;
  displayName: string;
  locale: string;
  defaultRole: string;
  roles: string[];
  metadata: Record<string, unknown> | null;
  isAnonymous?: boolean;
  emailVerified?: boolean;
  phoneNumberVerified?: boolean;
  avatarUrl?: string;
  ticket?: { value: string; expiresAt: Date };
  disabled?: boolean;
}

/** Inserts the user and its roles in one transaction; a taken e-mail is email-already-in-use. */
export async function createUser(db: Db, u: NewUser): Promise<UserRow> {
  const run = async (q: Queryable) => {
    const { rows } = await q.query<UserRow>(
      `INSERT INTO auth.users (email, phone_number, password_hash, display_name, locale, default_role, metadata, is_anonymous,
         email_verified, phone_number_verified, avatar_url, ticket, ticket_expires_at, disabled)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, COALESCE($13::timestamptz, now()), $14) RETURNING *`,
      [
        u.email ?? null,
        u.phoneNumber ?? null,
        u.passwordHash ?? null,
        u.displayName,
        u.locale,
        u.defaultRole,
        u.metadata === null ? null : JSON.stringify(u.metadata),
        u.isAnonymous ?? false,
        u.emailVerified ?? false,
        u.phoneNumberVerified ?? false,
        u.avatarUrl ?? '',
        u.ticket?.value ?? null,
        u.ticket?.expiresAt.toISOString() ?? null,
        u.disabled ?? false,
      ],
    );
    const user = rows[0];
    for (const role of u.roles) {
      await q.query('INSERT INTO auth.user_roles (user_id, role) VALUES ($1, $2) ON CONFLICT DO NOTHING', [user.id, role]);
    }
    return user;
  };
  try {
    return await db.transaction(run);
  } catch (e) {
    if (isPgError(e) && e.code === '23505' && /email/.test(e.constraint ?? e.message)) throw new AuthError('email-already-in-use');
    if (isPgError(e) && e.code === '23503') throw new AuthError('role-not-allowed');
    throw e;
  }
}

/**
 * `passwordHash`: written only while the user still has that hash (a password sign-in's MFA
 * ticket: a password change during the sign-in's check wins, as in Sessions.create). Whether written.
 */
export async function setTicket(db: Queryable, userId: string, ticket: string, ttlSeconds: number, passwordHash?: string): Promise<boolean> {
  const expiresAt = new Date(Date.now() + ttlSeconds * 1000).toISOString();
  const { rows } =
    passwordHash === undefined
      ? await db.query('UPDATE auth.users SET ticket = $2, ticket_expires_at = $3 WHERE id = $1 RETURNING id', [userId, ticket, expiresAt])
      : await db.query('UPDATE auth.users SET ticket = $2, ticket_expires_at = $3 WHERE id = $1 AND password_hash = $4 RETURNING id', [userId, ticket, expiresAt, passwordHash]);
  return rows.length > 0;
}

/** The user holding this unexpired ticket; the ticket is consumed so a link works once. */
export async function consumeTicket(db: Queryable, ticket: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    `UPDATE auth.users SET ticket = NULL, ticket_expires_at = now()
     WHERE ticket = $1 AND ticket_expires_at > now() RETURNING *`,
    [ticket],
  );
  return rows[0];
}

export function newTicket(kind: 'verifyEmail' | 'passwordlessEmail' | 'passwordReset' | 'emailConfirmChange' | 'mfaTotp'): string {
  return `${kind}:${crypto.randomUUID()}`;
}

/**
 * A sign-in that proves the mailbox (magic link, e-mail code) of an account that was never
 * verified: whoever created the account may not have owned the address, so their password and
 * every session and token they opened end here, and the mailbox owner takes the account over.
 */
export async function claimUnverifiedAccount(db: Db, userId: string): Promise<UserRow> {
  return db.transaction(async (tx) => {
    await tx.query('DELETE FROM auth.refresh_tokens WHERE user_id = $1', [userId]);
    const { rows } = await tx.query<UserRow>('UPDATE auth.users SET email_verified = true, password_hash = NULL WHERE id = $1 RETURNING *', [userId]);
    return rows[0];
  });
}
