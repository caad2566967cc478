// Message signatures: a detached JWS (RS256) over the exact request body in `x-jws-signature`
// and the signing certificate (base64 of its PEM) in `x-certificate`. [I] This is the NTAK RMS
// interface's scheme; the accommodation interface's header names are a [GAP], so both names are
// configurable (NTAK_SIGNATURE_HEADER, NTAK_CERTIFICATE_HEADER).
import crypto from 'node:crypto';

export const SIGNATURE_HEADER = () => (process.env.NTAK_SIGNATURE_HEADER || 'x-jws-signature').toLowerCase();
export const CERTIFICATE_HEADER = () => (process.env.NTAK_CERTIFICATE_HEADER || 'x-certificate').toLowerCase();

const b64url = (b: Buffer | string) => Buffer.from(b).toString('base64url');

/** `header..signature`: the JWS compact form with the payload left out (RFC 7515 appendix F). */
export function signDetached(body: string, privateKeyPem: string): string {
  const header = b64url(JSON.stringify({ alg: 'RS256', typ: 'JWS' }));
  const signature = crypto.sign('RSA-SHA256', Buffer.from(`${header}.${b64url(body)}`), privateKeyPem);
  return `${header}..${b64url(signature)}`;
}

export type SignatureProblem = 'missing' | 'malformed' | 'wrong-algorithm' | 'invalid';

/** Checks a detached JWS over `body` with the certificate's public key; null when valid. */
export function verifyDetached(body: string, jws: string | undefined, certPem: string): SignatureProblem | null {
  if (!jws) return 'missing';
  const m = /^([A-Za-z0-9_-]+)\.\.([A-Za-z0-9_-]+)$/.exec(jws.trim());
  if (!m) return 'malformed';
  let header: { alg?: string };
  try {
    header = JSON.parse(Buffer.from(m[1], 'base64url').toString('utf8')) as { alg?: string };
  } catch {
    return 'malformed';
  }
  if (header.alg !== 'RS256') return 'wrong-algorithm';
  const ok = crypto.verify('RSA-SHA256', Buffer.from(`${m[1]}.${b64url(body)}`), new crypto.X509Certificate(certPem).publicKey, Buffer.from(m[2], 'base64url'));
  return ok ? null : 'invalid';
}
