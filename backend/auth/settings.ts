// Auth settings: nhost/nhost.toml first, then the AUTH_* environment variables hasura-auth reads,
// so a deployment's settings mean the same here as on Nhost. Read once when the service starts.
import fs from 'node:fs';
import path from 'node:path';
import { parse as parseToml } from 'smol-toml';
import type { BackendConfig } from '../config';

export interface RateLimit {
  burst: number;
  intervalMs: number;
}

export interface OAuthProviderSettings {
  name: string;
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  scope: string;
}

export interface IdTokenProviderSettings {
  name: string;
  /** Accepted `aud` values (the provider's client ids). */
  audience: string[];
  issuer?: string;
  jwksUrl?: string;
  publicKeyPem?: string;
}

export interface AuthSettings {
  /** Public URL of the auth service, e.g. http://localhost:1337/v1/auth; undefined = derive per request. */
  serverUrl?: string;
  clientUrl: string;
  allowedRedirectUrls: string[];
  signupDisabled: boolean;
  disableNewUsers: boolean;
  concealErrors: boolean;
  defaultRole: string;
  defaultAllowedRoles: string[];
  defaultLocale: string;
  allowedLocales: string[];
  allowedEmails: string[];
  allowedEmailDomains: string[];
  blockedEmails: string[];
  blockedEmailDomains: string[];
  accessTokenExpiresIn: number;
  refreshTokenExpiresIn: number;
  customClaims: Record<string, string>;
  /** AUTH_REQUIRE_ELEVATED_CLAIM: 'disabled' (default), 'recommended' or 'required' (PAT creation needs a WebAuthn-elevated token). */
  requireElevatedClaim: string;
  emailVerificationRequired: boolean;
  passwordMinLength: number;
  anonymousEnabled: boolean;
  emailPasswordlessEnabled: boolean;
  emailOtpEnabled: boolean;
  smsPasswordlessEnabled: boolean;
  mfaEnabled: boolean;
  totpIssuer: string;
  webauthn: { enabled: boolean; rpId: string; rpName: string; origins: string[]; timeout: number };
  gravatar: boolean;
  rateLimit: {
    enabled: boolean;
    global: RateLimit;
    bruteForce: RateLimit;
    signups: RateLimit;
    emails: RateLimit & { global: boolean };
    sms: RateLimit;
  };
  oauth: Record<string, OAuthProviderSettings>;
  idToken: Record<string, IdTokenProviderSettings>;
}

type Toml = Record<string, unknown>;
type Env = Record<string, string | undefined>;

function at(obj: unknown, ...keys: string[]): unknown {
  let cur = obj;
  for (const k of keys) {
    if (!cur || typeof cur !== 'object') return undefined;
    cur = (cur as Toml)[k];
  }
  return cur;
}

/** Replaces `{{ secrets.NAME }}` with the environment value, as the Nhost CLI does from `.secrets`. */
function resolveSecret(value: string, env: Env): string {
  return value.replace(/\{\{\s*secrets\.([A-Za-z0-9_]+)\s*\}\}/g, (_m, name: string) => env[name] ?? '');
}

function str(v: unknown, env: Env): string | undefined {
  return typeof v === 'string' ? resolveSecret(v, env) : undefined;
}
function bool(v: unknown): boolean | undefined {
  return typeof v === 'boolean' ? v : undefined;
}
function num(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}
function strList(v: unknown): string[] | undefined {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : undefined;
}

function envBool(env: Env, name: string): boolean | undefined {
  const v = env[name];
  if (v === undefined || v === '') return undefined;
  return v.toLowerCase() === 'true' || v === '1';
}
function envNum(env: Env, name: string): number | undefined {
  const v = env[name];
  if (v === undefined || v === '') return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? n : undefined;
}
function envList(env: Env, name: string): string[] | undefined {
  const v = env[name];
  if (v === undefined) return undefined;
  return v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Go durations as hasura-auth takes them ("5m", "1h", "90s", "1h30m"), or plain seconds. */
export function parseDuration(value: string | number | undefined, fallbackMs: number): number {
  if (value === undefined || value === '') return fallbackMs;
  if (typeof value === 'number') return value * 1000;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const units: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
  let total = 0;
  const re = /(\d+(?:\.\d+)?)(ms|s|m|h)/g;
  let matched = '';
  for (let m = re.exec(value); m; m = re.exec(value)) {
    total += Number(m[1]) * units[m[2]];
    matched += m[0];
  }
  return matched === value && total > 0 ? total : fallbackMs;
}

function rateLimit(env: Env, toml: unknown, envName: string, tomlName: string, burst: number, interval: string): RateLimit {
  const t = at(toml, 'auth', 'rateLimit', tomlName);
  return {
    burst: envNum(env, `AUTH_RATE_LIMIT_${envName}_BURST`) ?? num(at(t, 'limit')) ?? burst,
    intervalMs: parseDuration(env[`AUTH_RATE_LIMIT_${envName}_INTERVAL`] ?? str(at(t, 'interval'), env), parseDuration(interval, 60_000)),
  };
}

export function readNhostToml(projectDir: string): Toml {
  const file = path.join(projectDir, 'nhost.toml');
  if (!fs.existsSync(file)) return {};
  return parseToml(fs.readFileSync(file, 'utf8')) as Toml;
}

const OAUTH_DEFAULTS: Record<string, Pick<OAuthProviderSettings, 'authorizeUrl' | 'tokenUrl' | 'userinfoUrl' | 'scope'>> = {
  google: {
    authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    userinfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
    scope: 'openid email profile',
  },
  github: {
    authorizeUrl: 'https://github.com/login/oauth/authorize',
    tokenUrl: 'https://github.com/login/oauth/access_token',
    userinfoUrl: 'https://api.github.com/user',
    scope: 'user:email',
  },
};

const ID_TOKEN_DEFAULTS: Record<string, { issuer: string; jwksUrl: string }> = {
  google: { issuer: 'https://accounts.google.com', jwksUrl: 'https://www.googleapis.com/oauth2/v3/certs' },
  apple: { issuer: 'https://appleid.apple.com', jwksUrl: 'https://appleid.apple.com/auth/keys' },
};

/** Providers are switched on by AUTH_PROVIDER_<NAME>_ENABLED=true or [auth.method.oauth.<name>] enabled. */
function providerNames(env: Env, toml: unknown): string[] {
  const names = new Set<string>();
  for (const key of Object.keys(env)) {
    const m = /^AUTH_PROVIDER_([A-Z0-9_]+)_ENABLED$/.exec(key);
    if (m && envBool(env, key)) names.add(m[1].toLowerCase().replace(/_/g, ''));
  }
  const oauth = at(toml, 'auth', 'method', 'oauth');
  if (oauth && typeof oauth === 'object') {
    for (const [name, cfg] of Object.entries(oauth as Toml)) if (bool(at(cfg, 'enabled'))) names.add(name.toLowerCase());
  }
  return [...names];
}

export function loadAuthSettings(config: BackendConfig, env: Env = process.env): AuthSettings {
  const toml = readNhostToml(config.projectDir);
  const a = (...keys: string[]) => at(toml, 'auth', ...keys);
  const method = (...keys: string[]) => a('method', ...keys);

  const clientUrl = (env.AUTH_CLIENT_URL ?? str(a('redirections', 'clientUrl'), env) ?? config.clientUrl).replace(/\/$/, '');
  const serverUrl = env.AUTH_SERVER_URL || (/:0$/.test(config.publicUrl) ? undefined : `${config.publicUrl}/v1/auth`);

  const oauth: Record<string, OAuthProviderSettings> = {};
  const idToken: Record<string, IdTokenProviderSettings> = {};
  for (const name of providerNames(env, toml)) {
    const P = `AUTH_PROVIDER_${name.toUpperCase()}`;
    const t = method('oauth', name);
    const clientId = env[`${P}_CLIENT_ID`] ?? str(at(t, 'clientId'), env) ?? '';
    const defaults = OAUTH_DEFAULTS[name];
    oauth[name] = {
      name,
      clientId,
      clientSecret: env[`${P}_CLIENT_SECRET`] ?? str(at(t, 'clientSecret'), env) ?? '',
      authorizeUrl: env[`${P}_AUTHORIZE_URL`] ?? defaults?.authorizeUrl ?? '',
      tokenUrl: env[`${P}_TOKEN_URL`] ?? defaults?.tokenUrl ?? '',
      userinfoUrl: env[`${P}_USERINFO_URL`] ?? defaults?.userinfoUrl ?? '',
      scope: env[`${P}_SCOPE`]?.replace(/,/g, ' ') ?? strList(at(t, 'scope'))?.join(' ') ?? defaults?.scope ?? 'openid email profile',
    };
    const idDefaults = ID_TOKEN_DEFAULTS[name];
    const audience = envList(env, `${P}_AUDIENCE`) ?? (clientId ? clientId.split(',').map((s) => s.trim()) : []);
    idToken[name] = {
      name,
      audience,
      issuer: env[`${P}_ISSUER`] ?? idDefaults?.issuer,
      jwksUrl: env[`${P}_JWKS_URL`] ?? (env[`${P}_PUBLIC_KEY`] ? undefined : idDefaults?.jwksUrl),
      publicKeyPem: env[`${P}_PUBLIC_KEY`],
    };
  }

  const rlEnabled = env.AUTH_RATE_LIMIT_ENABLE === undefined ? true : env.AUTH_RATE_LIMIT_ENABLE.toLowerCase() !== 'false';
  let customClaims: Record<string, string> = {};
  const claimsRaw = env.AUTH_JWT_CUSTOM_CLAIMS;
  if (claimsRaw) {
    try {
      customClaims = JSON.parse(claimsRaw) as Record<string, string>;
    } catch {
      throw new Error('AUTH_JWT_CUSTOM_CLAIMS must be a JSON object like {"claim":"path.in.user"}');
    }
  } else {
    const list = a('session', 'accessToken', 'customClaims');
    if (Array.isArray(list)) {
      for (const c of list) {
        const key = str(at(c, 'key'), env);
        const value = str(at(c, 'value'), env);
        if (key && value) customClaims[key] = value;
      }
    }
  }

  // The client URL is always an allowed origin, so a web app moved by AUTH_CLIENT_URL keeps working.
  const listedOrigins = envList(env, 'AUTH_WEBAUTHN_RP_ORIGINS') ?? strList(method('webauthn', 'relyingParty', 'origins')) ?? [];
  const webauthnOrigins = [...new Set([...listedOrigins, new URL(clientUrl).origin])];
  return {
    serverUrl: serverUrl?.replace(/\/$/, ''),
    clientUrl,
    allowedRedirectUrls: envList(env, 'AUTH_ACCESS_CONTROL_ALLOWED_REDIRECT_URLS') ?? strList(a('redirections', 'allowedUrls')) ?? [],
    signupDisabled: envBool(env, 'AUTH_DISABLE_SIGNUP') ?? (bool(a('signUp', 'enabled')) === false ? true : false),
    disableNewUsers: envBool(env, 'AUTH_DISABLE_NEW_USERS') ?? bool(a('signUp', 'disableNewUsers')) ?? false,
    concealErrors: envBool(env, 'AUTH_CONCEAL_ERRORS') ?? false,
    defaultRole: env.AUTH_USER_DEFAULT_ROLE || str(a('user', 'roles', 'default'), env) || 'user',
    defaultAllowedRoles: envList(env, 'AUTH_USER_DEFAULT_ALLOWED_ROLES') ?? strList(a('user', 'roles', 'allowed')) ?? ['user', 'me'],
    defaultLocale: env.AUTH_LOCALE_DEFAULT || str(a('user', 'locale', 'default'), env) || 'en',
    allowedLocales: envList(env, 'AUTH_LOCALE_ALLOWED_LOCALES') ?? strList(a('user', 'locale', 'allowed')) ?? ['en'],
    allowedEmails: envList(env, 'AUTH_ACCESS_CONTROL_ALLOWED_EMAILS') ?? strList(a('user', 'email', 'allowed')) ?? [],
    allowedEmailDomains: envList(env, 'AUTH_ACCESS_CONTROL_ALLOWED_EMAIL_DOMAINS') ?? strList(a('user', 'emailDomains', 'allowed')) ?? [],
    blockedEmails: envList(env, 'AUTH_ACCESS_CONTROL_BLOCKED_EMAILS') ?? strList(a('user', 'email', 'blocked')) ?? [],
    blockedEmailDomains: envList(env, 'AUTH_ACCESS_CONTROL_BLOCKED_EMAIL_DOMAINS') ?? strList(a('user', 'emailDomains', 'blocked')) ?? [],
    accessTokenExpiresIn: envNum(env, 'AUTH_ACCESS_TOKEN_EXPIRES_IN') ?? num(a('session', 'accessToken', 'expiresIn')) ?? 900,
    refreshTokenExpiresIn: envNum(env, 'AUTH_REFRESH_TOKEN_EXPIRES_IN') ?? num(a('session', 'refreshToken', 'expiresIn')) ?? 2_592_000,
    customClaims,
    requireElevatedClaim: env.AUTH_REQUIRE_ELEVATED_CLAIM || 'disabled',
    emailVerificationRequired:
      envBool(env, 'AUTH_EMAIL_SIGNIN_EMAIL_VERIFIED_REQUIRED') ?? bool(method('emailPassword', 'emailVerificationRequired')) ?? true,
    passwordMinLength: envNum(env, 'AUTH_PASSWORD_MIN_LENGTH') ?? num(method('emailPassword', 'passwordMinLength')) ?? 3,
    anonymousEnabled: envBool(env, 'AUTH_ANONYMOUS_USERS_ENABLED') ?? bool(method('anonymous', 'enabled')) ?? false,
    emailPasswordlessEnabled: envBool(env, 'AUTH_EMAIL_PASSWORDLESS_ENABLED') ?? bool(method('emailPasswordless', 'enabled')) ?? false,
    emailOtpEnabled: envBool(env, 'AUTH_OTP_EMAIL_ENABLED') ?? bool(method('otp', 'email', 'enabled')) ?? false,
    smsPasswordlessEnabled: envBool(env, 'AUTH_SMS_PASSWORDLESS_ENABLED') ?? bool(method('smsPasswordless', 'enabled')) ?? false,
    mfaEnabled: envBool(env, 'AUTH_MFA_ENABLED') ?? bool(a('totp', 'enabled')) ?? false,
    totpIssuer: env.AUTH_MFA_TOTP_ISSUER || str(a('totp', 'issuer'), env) || 'auth',
    webauthn: {
      enabled: envBool(env, 'AUTH_WEBAUTHN_ENABLED') ?? bool(method('webauthn', 'enabled')) ?? false,
      rpId: env.AUTH_WEBAUTHN_RP_ID || str(method('webauthn', 'relyingParty', 'id'), env) || new URL(clientUrl).hostname,
      rpName: env.AUTH_WEBAUTHN_RP_NAME || str(method('webauthn', 'relyingParty', 'name'), env) || 'auth',
      origins: webauthnOrigins,
      timeout: envNum(env, 'AUTH_WEBAUTHN_ATTESTATION_TIMEOUT') ?? num(method('webauthn', 'attestation', 'timeout')) ?? 60_000,
    },
    gravatar: envBool(env, 'AUTH_GRAVATAR_ENABLED') ?? bool(a('user', 'gravatar', 'enabled')) ?? false,
    rateLimit: {
      enabled: rlEnabled,
      global: rateLimit(env, toml, 'GLOBAL', 'global', 100, '1m'),
      bruteForce: rateLimit(env, toml, 'BRUTE_FORCE', 'bruteForce', 10, '5m'),
      signups: rateLimit(env, toml, 'SIGNUPS', 'signups', 10, '5m'),
      emails: { ...rateLimit(env, toml, 'EMAIL', 'emails', 10, '1h'), global: envBool(env, 'AUTH_RATE_LIMIT_EMAIL_IS_GLOBAL') ?? false },
      sms: rateLimit(env, toml, 'SMS', 'sms', 10, '1h'),
    },
    oauth,
    idToken,
  };
}
