// JWT signing and verification in the format of HASURA_GRAPHQL_JWT_SECRET, shared by auth (signs)
// and the GraphQL engine (verifies). HS256/384/512 use `key`; RS* use a PEM public `key` and a
// private `signing_key`.
import { SignJWT, jwtVerify, importPKCS8, importSPKI, exportJWK, type JWTPayload, type JWK } from 'jose';
import { createPublicKey } from 'node:crypto';

export interface JwtSecretConfig {
  type: 'HS256' | 'HS384' | 'HS512' | 'RS256' | 'RS384' | 'RS512';
  key: string;
  signing_key?: string;
  kid?: string;
  issuer?: string;
  audience?: string | string[];
  claims_namespace?: string;
  allowed_skew?: number;
}

export const DEFAULT_CLAIMS_NAMESPACE = 'https://hasura.io/jwt/claims';

export function parseJwtSecret(raw: string): JwtSecretConfig {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new Error('NHOST_JWT_SECRET must be JSON like {"type":"HS256","key":"..."}');
  }
  const cfg = parsed as JwtSecretConfig;
  if (!cfg || typeof cfg.key !== 'string' || !/^(HS|RS)(256|384|512)$/.test(cfg.type)) {
    throw new Error('NHOST_JWT_SECRET needs "type" (HS256/384/512 or RS256/384/512) and "key"');
  }
  if (cfg.type.startsWith('HS') && cfg.key.length < 32) {
    throw new Error('NHOST_JWT_SECRET: an HS* key must be at least 32 characters');
  }
  return cfg;
}

export interface JwtKeys {
  config: JwtSecretConfig;
  sign(payload: JWTPayload, expiresInSeconds: number): Promise<string>;
  verify(token: string): Promise<JWTPayload>;
  /** Public JWKs for /.well-known/jwks.json (empty for HS* secrets). */
  jwks(): Promise<{ keys: JWK[] }>;
}

export function createJwtKeys(config: JwtSecretConfig): JwtKeys {
  const isHmac = config.type.startsWith('HS');
  const secret = new TextEncoder().encode(config.key);
  let privateKey: Promise<CryptoKey> | undefined;
  let publicKey: Promise<CryptoKey> | undefined;
  const getPrivate = () => (privateKey ??= importPKCS8(config.signing_key ?? '', config.type));
  const getPublic = () => (publicKey ??= importSPKI(normalisePublicPem(config.key), config.type));

  return {
    config,
    async sign(payload, expiresInSeconds) {
      const header = { alg: config.type, typ: 'JWT', ...(config.kid ? { kid: config.kid } : {}) };
      const now = Math.floor(Date.now() / 1000);
      const jwt = new SignJWT(payload)
        .setProtectedHeader(header)
        .setIssuedAt(now)
        .setExpirationTime(now + expiresInSeconds)
        .setIssuer(config.issuer ?? 'hasura-auth');
      return isHmac ? jwt.sign(secret) : jwt.sign(await getPrivate());
    },
    async verify(token) {
      const key = isHmac ? secret : await getPublic();
      const { payload } = await jwtVerify(token, key, {
        algorithms: [config.type],
        issuer: config.issuer,
        audience: config.audience,
        clockTolerance: config.allowed_skew ?? 0,
      });
      return payload;
    },
    async jwks() {
      if (isHmac) return { keys: [] };
      const jwk = await exportJWK(await getPublic());
      return { keys: [{ ...jwk, alg: config.type, use: 'sig', ...(config.kid ? { kid: config.kid } : {}) }] };
    },
  };
}

/** Accepts a PEM SPKI public key or a PEM certificate/PKCS1 key and returns SPKI PEM. */
function normalisePublicPem(pem: string): string {
  if (pem.includes('BEGIN PUBLIC KEY')) return pem;
  return createPublicKey(pem).export({ type: 'spki', format: 'pem' }).toString();
}
