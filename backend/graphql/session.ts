// Turns request headers into a session (role + x-hasura-* variables) the way Hasura does:
// admin secret (with role impersonation), else a JWT bearer token, else the unauthorized role.
import { errors as joseErrors, type JWTPayload } from 'jose';
import type { JwtKeys } from '../jwt';
import { DEFAULT_CLAIMS_NAMESPACE } from '../jwt';
import { safeEqual } from '../secrets';
import { ADMIN } from './model';
import type { AuthResult, EngineSession, Headers } from './types';

export interface SessionOptions {
  adminSecret: string;
  jwt: JwtKeys;
  unauthorizedRole: string;
  /** Remembers verified tokens so a client's repeated token is not verified again on every request. */
  verifiedTokens?: VerifiedTokens;
}

const VERIFIED_TOKENS_MAX = 10_000;

/**
 * Payloads of tokens whose signature, issuer and audience checked out. A token's text fixes its
 * payload and signature, so only the time claims can change the verdict: `exp` and `nbf` are
 * checked again on every use (as jose does), and a token past them goes back to full verification.
 */
export class VerifiedTokens {
  private byToken = new Map<string, JWTPayload>();

  constructor(private readonly max = VERIFIED_TOKENS_MAX) {}

  async verify(token: string, jwt: JwtKeys): Promise<JWTPayload> {
    const known = this.byToken.get(token);
    if (known && withinTime(known, jwt.config.allowed_skew ?? 0)) return known;
    if (known) this.byToken.delete(token);
    const payload = await jwt.verify(token);
    if (this.byToken.size >= this.max) this.byToken.delete(this.byToken.keys().next().value as string);
    this.byToken.set(token, payload);
    return payload;
  }
}

function withinTime(p: JWTPayload, skew: number): boolean {
  const now = Math.floor(Date.now() / 1000);
  if (typeof p.exp === 'number' && p.exp <= now - skew) return false;
  return !(typeof p.nbf === 'number' && p.nbf > now + skew);
}

const deny = (code: string, message: string): AuthResult => ({ ok: false, error: { message, extensions: { path: '$', code } } });

/** Header lookup that ignores case (subscription payloads keep the client's spelling). */
export function lowerCaseHeaders(h: Record<string, unknown>): Headers {
  const out: Headers = {};
  for (const [k, v] of Object.entries(h)) {
    if (typeof v === 'string') out[k.toLowerCase()] = v;
    else if (Array.isArray(v) && typeof v[0] === 'string') out[k.toLowerCase()] = v[0];
  }
  return out;
}

export async function authenticate(headers: Headers, opts: SessionOptions): Promise<AuthResult> {
  const h = lowerCaseHeaders(headers);
  const secret = h['x-hasura-admin-secret'] ?? h['x-hasura-access-key'];
  if (secret !== undefined) {
    if (!safeEqual(secret, opts.adminSecret)) return deny('access-denied', 'invalid x-hasura-admin-secret/x-hasura-access-key');
    const variables: Record<string, string> = {};
    for (const [k, v] of Object.entries(h)) {
      if (k.startsWith('x-hasura-') && k !== 'x-hasura-admin-secret' && k !== 'x-hasura-access-key' && v !== undefined) variables[k] = v;
    }
    const role = variables['x-hasura-role'] ?? ADMIN;
    variables['x-hasura-role'] = role;
    // Hasura reads this header only with the admin secret, and refuses a value it cannot read.
    const backendOnly = variables[BACKEND_ONLY_HEADER];
    if (backendOnly !== undefined && backendOnlyValue(backendOnly) === null) {
      return deny('bad-request', `${BACKEND_ONLY_HEADER}: ${BOOLEAN_TEXT_ERROR}`);
    }
    return { ok: true, session: { role, variables, isAdmin: true } };
  }
  const auth = h.authorization;
  if (auth !== undefined) {
    const m = /^Bearer\s+(.+)$/i.exec(auth.trim());
    if (!m) return deny('invalid-headers', 'Malformed Authorization header');
    return fromJwt(m[1], h['x-hasura-role'], opts.jwt, opts.verifiedTokens);
  }
  const role = opts.unauthorizedRole;
  return { ok: true, session: { role, variables: { 'x-hasura-role': role }, isAdmin: false } };
}

async function fromJwt(token: string, requestedRole: string | undefined, jwt: JwtKeys, verified?: VerifiedTokens): Promise<AuthResult> {
  let payload: Record<string, unknown>;
  try {
    payload = (await (verified ? verified.verify(token, jwt) : jwt.verify(token))) as Record<string, unknown>;
  } catch (e) {
    return deny('invalid-jwt', `Could not verify JWT: ${jwtErrorName(e)}`);
  }
  const ns = jwt.config.claims_namespace ?? DEFAULT_CLAIMS_NAMESPACE;
  let claims = payload[ns];
  if (typeof claims === 'string') {
    try {
      claims = JSON.parse(claims);
    } catch {
      return deny('jwt-invalid-claims', `claims key: '${ns}' is not a valid JSON`);
    }
  }
  if (!claims || typeof claims !== 'object') return deny('jwt-invalid-claims', `claims key: '${ns}' not found`);
  const c = claims as Record<string, unknown>;
  const lower = Object.fromEntries(Object.entries(c).map(([k, v]) => [k.toLowerCase(), v]));
  const roles = roleClaims(lower['x-hasura-allowed-roles'], lower['x-hasura-default-role']);
  if ('error' in roles) return deny(roles.error, roles.message);
  // Hasura (Auth/JWT.hs processJwt): the requested role, or the default one when the header is
  // absent or empty, must be one of the allowed roles; a token whose default role is not allowed
  // is refused unless it asks for an allowed one.
  const role = requestedRole || roles.defaultRole;
  if (!roles.allowed.includes(role)) return deny('access-denied', 'Your requested role is not in allowed roles');
  // Hasura (Auth/JWT.hs, parseObjectAsClaims and withAuthZ): the session variables are the claims
  // named x-hasura-* other than the two role claims, and each must be a string (a Postgres array
  // goes as its text, '{"a","b"}', as hasura-auth writes it); any other value refuses the token.
  const variables: Record<string, string> = {};
  for (const [k, v] of Object.entries(c)) {
    const key = k.toLowerCase();
    if (!key.startsWith('x-hasura-') || key === 'x-hasura-allowed-roles' || key === 'x-hasura-default-role') continue;
    if (typeof v !== 'string') return deny('jwt-invalid-claims', `x-hasura-* claims: parsing Text failed, expected String, but encountered ${jsonKind(v)}`);
    variables[key] = v;
  }
  variables['x-hasura-role'] = role;
  const session: EngineSession = { role, variables, isAdmin: false };
  if (typeof payload.exp === 'number') session.expiresAt = (payload.exp + (jwt.config.allowed_skew ?? 0)) * 1000;
  return { ok: true, session };
}

type RoleClaims = { allowed: string[]; defaultRole: string } | { error: string; message: string };

/**
 * The role claims as Hasura parses them (Auth/JWT.hs parseHasuraClaims; a role is a RoleName,
 * non-empty text): an entry that is not a string, or an empty one, refuses the token, where
 * String() let `[1]` allow a role named "1".
 */
function roleClaims(allowed: unknown, dflt: unknown): RoleClaims {
  const notARole = (v: unknown, claim: string, hint: string): RoleClaims | null => {
    if (typeof v !== 'string') return { error: 'jwt-invalid-claims', message: `invalid ${claim}; ${hint}: parsing String failed, expected String, but encountered ${jsonKind(v)}` };
    if (v === '') return { error: 'jwt-invalid-claims', message: `invalid ${claim}; ${hint}: empty string not allowed` };
    return null;
  };
  const rolesHint = 'should be a list of roles';
  if (allowed === undefined) return { error: 'jwt-missing-role-claims', message: 'JWT claim does not contain x-hasura-allowed-roles' };
  if (!Array.isArray(allowed)) return { error: 'jwt-invalid-claims', message: `invalid x-hasura-allowed-roles; ${rolesHint}: parsing [] failed, expected Array, but encountered ${jsonKind(allowed)}` };
  for (const entry of allowed) {
    const refused = notARole(entry, 'x-hasura-allowed-roles', rolesHint);
    if (refused) return refused;
  }
  if (dflt === undefined) return { error: 'jwt-missing-role-claims', message: 'JWT claim does not contain x-hasura-default-role' };
  return notARole(dflt, 'x-hasura-default-role', 'should be a single role name') ?? { allowed: allowed as string[], defaultRole: dflt as string };
}

/** The JSON type name Aeson puts in its errors. */
function jsonKind(v: unknown): string {
  if (v === null || v === undefined) return 'Null';
  if (Array.isArray(v)) return 'Array';
  return { number: 'Number', boolean: 'Boolean', object: 'Object' }[typeof v as 'number' | 'boolean' | 'object'] ?? 'String';
}

function jwtErrorName(e: unknown): string {
  if (e instanceof joseErrors.JWTExpired) return 'JWTExpired';
  if (e instanceof joseErrors.JWSSignatureVerificationFailed) return 'JWSError JWSInvalidSignature';
  if (e instanceof joseErrors.JWTClaimValidationFailed) return `JWTClaimsSetError ${e.claim}`;
  if (e instanceof joseErrors.JWSInvalid || e instanceof joseErrors.JWTInvalid) return 'JWSError (CompactDecodeError Invalid number of parts)';
  if (e instanceof joseErrors.JOSEAlgNotAllowed) return 'JWSError (JWSInvalidHeader)';
  return 'JWSError';
}

const BACKEND_ONLY_HEADER = 'x-hasura-use-backend-only-permissions';
const TRUE_TEXTS = ['true', 't', 'yes', 'y'];
const FALSE_TEXTS = ['false', 'f', 'no', 'n'];
// Hasura's text (Authentication/User.hs parseStringAsBool), double space included.
const BOOLEAN_TEXT_ERROR = ` Not a valid boolean text. True values are ${JSON.stringify(TRUE_TEXTS)} and  False values are ${JSON.stringify(FALSE_TEXTS)}. All values are case insensitive`;

/** The backend-only header's value as Hasura reads it (any case); null when it is neither. */
export function backendOnlyValue(text: string): boolean | null {
  const v = text.toLowerCase();
  return TRUE_TEXTS.includes(v) ? true : FALSE_TEXTS.includes(v) ? false : null;
}

/** Backend-only insert/update/delete permissions are visible with the admin secret plus this header. */
export function usesBackendOnly(s: EngineSession): boolean {
  return s.isAdmin && backendOnlyValue(s.variables[BACKEND_ONLY_HEADER] ?? '') === true;
}
