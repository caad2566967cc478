// Private keys at rest: AES-256-GCM under REGISTRY_KEY_ENCRYPTION_KEY (32 bytes, base64 or hex),
// stored as `v1.<iv>.<tag>.<ciphertext>` (base64url). Outside development, sending refuses to
// start without the key; in development a fixed, loudly named key keeps `npm run dev` working.
import crypto from 'node:crypto';

const DEV_KEY = crypto.createHash('sha256').update('staydesk-development-only-registry-key').digest();

export class MissingKeyError extends Error {
  readonly code = 'encryption-key-missing';
  constructor() {
    super('REGISTRY_KEY_ENCRYPTION_KEY is not set (32 bytes, base64 or hex); NTAK keys cannot be stored or used');
  }
}

export function isDevelopment(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.NODE_ENV !== 'production' && env.STAYDESK_ENV !== 'production' && (env.NODE_ENV === 'development' || env.NODE_ENV === 'test' || env.STAYDESK_ENV === 'development' || !!env.VITEST);
}

/** The encryption key from the environment; the development key only in development. */
export function encryptionKey(env: NodeJS.ProcessEnv = process.env): Buffer {
  const raw = env.REGISTRY_KEY_ENCRYPTION_KEY?.trim();
  if (raw) {
    const key = /^[0-9a-f]{64}$/i.test(raw) ? Buffer.from(raw, 'hex') : Buffer.from(raw, 'base64');
    if (key.length !== 32) throw new Error('REGISTRY_KEY_ENCRYPTION_KEY must be 32 bytes (64 hex digits or 44 base64 characters)');
    return key;
  }
  if (isDevelopment(env)) return DEV_KEY;
  throw new MissingKeyError();
}

export function seal(plain: string, key = encryptionKey()): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ct.toString('base64url')].join('.');
}

export function open(sealed: string, key = encryptionKey()): string {
  const [v, iv, tag, ct] = sealed.split('.');
  if (v !== 'v1' || !iv || !tag || !ct) throw new Error('The stored key is not in the sealed format');
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
}
