// Request validation shared by the endpoints: body fields, e-mail and password rules, and the
// SignUpOptions checks of hasura-auth (workflows.go ValidateSignUpOptions, ValidateRedirectTo).
import { AuthError } from './errors';
import type { AuthSettings } from './settings';
import { passwordTooLong } from './password';

const EMAIL_RE = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type Body = Record<string, unknown>;

/** The JSON body as an object; anything else (array, string, missing) is an invalid request. */
export function bodyOf(raw: unknown, allowEmpty = false): Body {
  if (raw === undefined || raw === null) {
    if (allowEmpty) return {};
    throw new AuthError('invalid-request');
  }
  if (typeof raw !== 'object' || Array.isArray(raw)) throw new AuthError('invalid-request');
  return raw as Body;
}

export function requireString(body: Body, key: string): string {
  const v = body[key];
  if (typeof v !== 'string' || v === '') throw new AuthError('invalid-request');
  return v;
}

export function optionalString(body: Body, key: string): string | undefined {
  const v = body[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw new AuthError('invalid-request');
  return v;
}

export function isEmail(v: string): boolean {
  return v.length <= 254 && EMAIL_RE.test(v);
}

export function isUuid(v: string): boolean {
  return UUID_RE.test(v);
}

export function requireEmail(body: Body, key = 'email'): string {
  const v = requireString(body, key);
  if (!isEmail(v)) throw new AuthError('invalid-request');
  return v;
}

/** Access-control lists of AUTH_ACCESS_CONTROL_*: blocked first, then the allow lists when set. */
export function checkEmailAllowed(email: string, s: AuthSettings): void {
  const lower = email.toLowerCase();
  const domain = lower.split('@')[1] ?? '';
  if (s.blockedEmails.map((e) => e.toLowerCase()).includes(lower) || s.blockedEmailDomains.includes(domain)) {
    throw new AuthError('invalid-email-password');
  }
  const hasAllowList = s.allowedEmails.length > 0 || s.allowedEmailDomains.length > 0;
  if (hasAllowList && !s.allowedEmails.map((e) => e.toLowerCase()).includes(lower) && !s.allowedEmailDomains.includes(domain)) {
    throw new AuthError('invalid-email-password');
  }
}

/** Schema bounds are 3–50; the configured minimum may be higher. */
export function checkPassword(password: string, s: AuthSettings): void {
  if (password.length > 50) throw new AuthError('invalid-request');
  if (password.length < Math.max(3, s.passwordMinLength)) throw new AuthError('password-too-short');
}

/**
 * A password to be stored: over bcrypt's 72 bytes (fifty letters such as ő are 100) hasura-auth
 * answers 500 internal-server-error, where it hashes (its hashPassword fails); here bcrypt would
 * silently keep only the first 72 bytes. The web app says so before it sends one.
 */
export function checkPasswordStorable(password: string): void {
  if (passwordTooLong(password)) throw new AuthError('internal-server-error');
}

const globToRegex = (glob: string, star: string) => glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, star);

/**
 * An allowed URL with `*` wildcards, matched part by part on the parsed target (scheme, host and
 * port, path prefix) rather than on its text: `https://evil.example\.vercel.app` is host
 * evil.example to a browser, and `http://localhost:x@evil.example` is evil.example.
 */
function matchesPattern(pattern: string, target: URL): boolean {
  const m = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]*)([^?#]*)/i.exec(pattern.replace(/\/$/, ''));
  if (!m) return false;
  const [, scheme, hostPattern, pathPattern] = m;
  if (target.protocol !== `${scheme.toLowerCase()}:` || target.username || target.password) return false;
  if (!new RegExp(`^${globToRegex(hostPattern.toLowerCase(), '[a-z0-9.-]*')}$`).test(target.host)) return false;
  return new RegExp(`^${globToRegex(pathPattern, '[^/]*')}(?:/.*)?$`).test(target.pathname || '/');
}

/** A redirect target must be on the client URL (any path below it) or match an allowed URL (with * wildcards). */
export function isRedirectAllowed(redirectTo: string, s: AuthSettings): boolean {
  let target: URL;
  try {
    target = new URL(redirectTo);
  } catch {
    return false;
  }
  const candidates = [s.clientUrl, ...s.allowedRedirectUrls];
  for (const allowed of candidates) {
    if (!allowed) continue;
    if (allowed.includes('*')) {
      if (matchesPattern(allowed, target)) return true;
      continue;
    }
    let base: URL;
    try {
      base = new URL(allowed);
    } catch {
      continue;
    }
    const basePath = base.pathname.replace(/\/$/, '');
    if (target.origin === base.origin && (target.pathname === basePath || target.pathname.startsWith(`${basePath}/`) || basePath === '')) {
      return true;
    }
  }
  return false;
}

export function resolveRedirectTo(value: unknown, s: AuthSettings): string {
  if (value === undefined || value === null || value === '') return s.clientUrl;
  if (typeof value !== 'string') throw new AuthError('invalid-request');
  if (!isRedirectAllowed(value, s)) throw new AuthError('redirectTo-not-allowed');
  return value;
}

export interface SignUpOptions {
  allowedRoles: string[];
  defaultRole: string;
  displayName?: string;
  locale: string;
  metadata: Record<string, unknown> | null;
  redirectTo: string;
}

const DISPLAY_NAME_RE = /^[\p{L}\p{N}\p{S} ,.'-]{1,32}$/u;

/** hasura-auth ValidateSignUpOptions: defaults from the config, requested roles limited to the default allowed list. */
export function signUpOptions(raw: unknown, s: AuthSettings): SignUpOptions {
  const o = raw === undefined || raw === null ? {} : raw;
  if (typeof o !== 'object' || Array.isArray(o)) throw new AuthError('invalid-request');
  const opts = o as Body;
  const redirectTo = resolveRedirectTo(opts.redirectTo, s);

  let allowedRoles = s.defaultAllowedRoles;
  if (opts.allowedRoles !== undefined && opts.allowedRoles !== null) {
    if (!Array.isArray(opts.allowedRoles) || !opts.allowedRoles.every((r) => typeof r === 'string')) throw new AuthError('invalid-request');
    allowedRoles = opts.allowedRoles as string[];
    for (const role of allowedRoles) if (!s.defaultAllowedRoles.includes(role)) throw new AuthError('role-not-allowed');
  }
  let defaultRole = s.defaultRole;
  if (opts.defaultRole !== undefined && opts.defaultRole !== null) {
    if (typeof opts.defaultRole !== 'string') throw new AuthError('invalid-request');
    defaultRole = opts.defaultRole;
  }
  if (!allowedRoles.includes(defaultRole)) throw new AuthError('default-role-must-be-in-allowed-roles');

  let displayName: string | undefined;
  if (opts.displayName !== undefined && opts.displayName !== null && opts.displayName !== '') {
    if (typeof opts.displayName !== 'string' || !DISPLAY_NAME_RE.test(opts.displayName)) throw new AuthError('invalid-request');
    displayName = opts.displayName;
  }
  let locale = s.defaultLocale;
  if (typeof opts.locale === 'string' && opts.locale !== '') {
    if (opts.locale.length !== 2) throw new AuthError('invalid-request');
    if (s.allowedLocales.includes(opts.locale)) locale = opts.locale;
  }
  let metadata: Record<string, unknown> | null = null;
  if (opts.metadata !== undefined && opts.metadata !== null) {
    if (typeof opts.metadata !== 'object' || Array.isArray(opts.metadata)) throw new AuthError('invalid-request');
    metadata = opts.metadata as Record<string, unknown>;
  }
  return { allowedRoles, defaultRole, displayName, locale, metadata, redirectTo };
}

/** `options.redirectTo` only (password reset, e-mail change, verification mail). */
export function redirectOption(raw: unknown, s: AuthSettings): string {
  if (raw === undefined || raw === null) return s.clientUrl;
  if (typeof raw !== 'object' || Array.isArray(raw)) throw new AuthError('invalid-request');
  return resolveRedirectTo((raw as Body).redirectTo, s);
}
