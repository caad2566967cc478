// Presigned download URLs: HMAC-SHA256 over the file id, the signing time and the lifetime, with
// a key derived from the admin secret and the JWT key (never stored, never sent). Parameter names
// follow S3's so the URLs look like hasura-storage's.
import crypto from 'node:crypto';

export interface PresignParams {
  'X-Amz-Algorithm': string;
  'X-Amz-Date': string;
  'X-Amz-Expires': string;
  'X-Amz-Signature': string;
}

const ALGORITHM = 'STAYDESK-HMAC-SHA256';

export function derivePresignKey(adminSecret: string, jwtKey: string): Buffer {
  return crypto.createHmac('sha256', `${adminSecret}\0${jwtKey}`).update('staydesk storage presigned urls v1').digest();
}

/** 20260102T030405Z, S3's amz-date format. */
export function amzDate(d: Date): string {
  return d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

function parseAmzDate(s: string): number | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(s);
  return m ? Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]) : undefined;
}

function signature(key: Buffer, fileId: string, date: string, expires: string): string {
  return crypto.createHmac('sha256', key).update(`${ALGORITHM}\n${fileId.toLowerCase()}\n${date}\n${expires}`).digest('hex');
}

export function presign(key: Buffer, fileId: string, expiresInSeconds: number, now = new Date()): PresignParams {
  const date = amzDate(now);
  const expires = String(expiresInSeconds);
  return { 'X-Amz-Algorithm': ALGORITHM, 'X-Amz-Date': date, 'X-Amz-Expires': expires, 'X-Amz-Signature': signature(key, fileId, date, expires) };
}

export type PresignCheck = { ok: true } | { ok: false; reason: string };

export function verifyPresigned(key: Buffer, fileId: string, query: Record<string, unknown>, now = Date.now()): PresignCheck {
  const date = query['X-Amz-Date'];
  const expires = query['X-Amz-Expires'];
  const sig = query['X-Amz-Signature'];
  if (typeof date !== 'string' || typeof expires !== 'string' || typeof sig !== 'string') return { ok: false, reason: 'the presigned url is missing its signature' };
  const signedAt = parseAmzDate(date);
  const lifetime = /^\d{1,7}$/.test(expires) ? Number(expires) : NaN;
  if (signedAt === undefined || !(lifetime >= 1 && lifetime <= 604800)) return { ok: false, reason: 'the presigned url is malformed' };
  const expected = Buffer.from(signature(key, fileId, date, expires), 'hex');
  const given = Buffer.from(/^[0-9a-f]{64}$/.test(sig) ? sig : '', 'hex');
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return { ok: false, reason: 'signature does not match' };
  if (now > signedAt + lifetime * 1000) return { ok: false, reason: 'the presigned url has expired' };
  if (signedAt > now + 60_000) return { ok: false, reason: 'the presigned url is not valid yet' };
  return { ok: true };
}
