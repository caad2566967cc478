// One signed request to NTAK or VIZA over mutual TLS: the accommodation's certificate and key
// authenticate the connection, the body is signed (signature.ts), and the server is trusted
// through the configured CA bundle (NTAK's test server is self-signed; the local doubles use their
// own CA) or the system store. Nothing here logs the key, the body or the certificate.
import fs from 'node:fs';
import https from 'node:https';
import { CERTIFICATE_HEADER, SIGNATURE_HEADER, signDetached } from './signature';

export interface SignedRequest {
  url: string;
  body: string;
  certPem: string;
  keyPem: string;
  caPem?: string;
  timeoutMs?: number;
}

export interface TransportAnswer {
  status: number;
  body: unknown;
}

export class TransportError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

/** The CA bundle from `<NAME>_CA_FILE` (a path) or `<NAME>_CA_PEM` (the PEM itself), if any. */
export function caFromEnv(prefix: 'NTAK' | 'VIZA'): string | undefined {
  const pem = process.env[`${prefix}_CA_PEM`];
  if (pem) return pem;
  const file = process.env[`${prefix}_CA_FILE`];
  return file ? fs.readFileSync(file, 'utf8') : undefined;
}

export function sendSigned(req: SignedRequest): Promise<TransportAnswer> {
  const url = new URL(req.url);
  if (url.protocol !== 'https:') return Promise.reject(new TransportError('Registry endpoints must be https (mutual TLS)', 'endpoint-not-https'));
  const headers = {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(req.body)),
    [SIGNATURE_HEADER()]: signDetached(req.body, req.keyPem),
    [CERTIFICATE_HEADER()]: Buffer.from(req.certPem).toString('base64'),
  };
  return new Promise((resolve, reject) => {
    const r = https.request(
      url,
      { method: 'POST', headers, cert: req.certPem, key: req.keyPem, ca: req.caPem, timeout: req.timeoutMs ?? 20_000, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          try {
            body = text ? JSON.parse(text) : null;
          } catch {
            // keep the text
          }
          resolve({ status: res.statusCode ?? 0, body });
        });
        res.on('error', (e) => reject(new TransportError(e.message, 'network')));
      },
    );
    r.on('timeout', () => r.destroy(new TransportError(`No answer within ${req.timeoutMs ?? 20_000} ms`, 'timeout')));
    r.on('error', (e: NodeJS.ErrnoException) => reject(e instanceof TransportError ? e : new TransportError(e.message, e.code ?? 'network')));
    r.end(req.body);
  });
}
