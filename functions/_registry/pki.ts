// Keys, CSRs and certificates for NTAK, with @peculiar/x509 (PKCS#10 and X.509 on WebCrypto) and
// node:crypto; no hand-built ASN.1. The CSR follows the reference (ntak-viza-fields.md §1): RSA,
// SHA-256, key usages digitalSignature + nonRepudiation + keyEncipherment, extended key usage
// clientAuth, and an empty subject (NTAK writes the subject into the certificate it issues).
import 'reflect-metadata';
import crypto, { webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';

x509.cryptoProvider.set(webcrypto as unknown as Crypto);

export const RSA_ALGORITHM = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256', publicExponent: new Uint8Array([1, 0, 1]) } as const;

export interface KeyAndCsr {
  /** PKCS#8 PEM of the private key (to be encrypted before it is stored). */
  privateKeyPem: string;
  csrPem: string;
}

/** A fresh RSA key pair and a PKCS#10 CSR for it (4096 bits by default, as NTAK's sample). */
export async function generateKeyAndCsr(modulusLength = Number(process.env.NTAK_RSA_BITS) || 4096): Promise<KeyAndCsr> {
  const alg = { ...RSA_ALGORITHM, modulusLength };
  const keys = (await webcrypto.subtle.generateKey(alg, true, ['sign', 'verify'])) as CryptoKeyPair;
  const csr = await x509.Pkcs10CertificateRequestGenerator.create({
    keys,
    signingAlgorithm: alg,
    extensions: [
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.nonRepudiation | x509.KeyUsageFlags.keyEncipherment, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.clientAuth]),
    ],
  });
  const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey));
  return { privateKeyPem: x509.PemConverter.encode(pkcs8, 'PRIVATE KEY'), csrPem: csr.toString('pem') };
}

export interface CertificateInfo {
  pem: string;
  subject: Record<string, string>;
  issuer: Record<string, string>;
  serialNumber: string;
  validFrom: string;
  validTo: string;
  fingerprint256: string;
}

export class CertificateInputError extends Error {
  constructor(
    readonly code: 'invalid-certificate' | 'key-mismatch' | 'not-a-client-certificate',
    message: string,
  ) {
    super(message);
  }
}

/** Distinguished-name text (one `key=value` per line, as node prints it) to an object. */
function dn(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const i = line.indexOf('=');
    if (i > 0) out[line.slice(0, i)] = out[line.slice(0, i)] ? `${out[line.slice(0, i)]}, ${line.slice(i + 1)}` : line.slice(i + 1);
  }
  return out;
}

/** A certificate as uploaded: PEM text, or DER/base64 (the `.CER` NTAK hands out may be either). */
export function parseCertificate(input: string | Buffer): CertificateInfo {
  let cert: crypto.X509Certificate;
  try {
    const text = Buffer.isBuffer(input) ? input.toString('latin1') : input;
    if (text.includes('-----BEGIN CERTIFICATE-----')) cert = new crypto.X509Certificate(text);
    else if (Buffer.isBuffer(input)) cert = new crypto.X509Certificate(input);
    else cert = new crypto.X509Certificate(Buffer.from(text.replace(/\s+/g, ''), 'base64'));
  } catch {
    throw new CertificateInputError('invalid-certificate', 'This is not an X.509 certificate (PEM or DER)');
  }
  return {
    pem: cert.toString(),
    subject: dn(cert.subject),
    issuer: dn(cert.issuer),
    serialNumber: cert.serialNumber,
    validFrom: new Date(cert.validFrom).toISOString(),
    validTo: new Date(cert.validTo).toISOString(),
    fingerprint256: cert.fingerprint256,
  };
}

/** True when the certificate certifies the public half of `privateKeyPem`. */
export function certificateMatchesKey(certPem: string, privateKeyPem: string): boolean {
  const cert = new crypto.X509Certificate(certPem);
  return cert.checkPrivateKey(crypto.createPrivateKey(privateKeyPem));
}

/** Certificates in a PEM bundle, in order. */
export function splitPem(bundle: string): string[] {
  return bundle.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
}
