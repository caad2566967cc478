// The doubles' own certificate authority: generated at start into a data folder (never committed),
// it issues the doubles' server certificates (loopback) and signs the CSRs the app makes, so mutual
// TLS and message signatures are real in development and tests.
import 'reflect-metadata';
import crypto, { webcrypto } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import * as x509 from '@peculiar/x509';

x509.cryptoProvider.set(webcrypto as unknown as Crypto);
const ALG = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256', publicExponent: new Uint8Array([1, 0, 1]), modulusLength: 2048 };

export interface Ca {
  certPem: string;
  keyPem: string;
  key: CryptoKey;
  cert: x509.X509Certificate;
}

export interface ServerCert {
  certPem: string;
  keyPem: string;
}

const serial = () => crypto.randomBytes(8).toString('hex').replace(/^[89a-f]/, '1');

async function exportKey(key: CryptoKey): Promise<string> {
  return x509.PemConverter.encode(Buffer.from(await webcrypto.subtle.exportKey('pkcs8', key)), 'PRIVATE KEY');
}

async function importKey(pem: string): Promise<CryptoKey> {
  const der = x509.PemConverter.decode(pem)[0];
  return webcrypto.subtle.importKey('pkcs8', der, ALG, false, ['sign']) as Promise<CryptoKey>;
}

/** Loads the CA from `dir` (ca.pem, ca-key.pem) or creates it there. */
export async function loadOrCreateCa(dir: string, name = 'Staydesk local NTAK/VIZA test CA'): Promise<Ca> {
  const certFile = path.join(dir, 'ca.pem');
  const keyFile = path.join(dir, 'ca-key.pem');
  if (fs.existsSync(certFile) && fs.existsSync(keyFile)) {
    const certPem = fs.readFileSync(certFile, 'utf8');
    const keyPem = fs.readFileSync(keyFile, 'utf8');
    const cert = new x509.X509Certificate(certPem);
    if (cert.notAfter.getTime() > Date.now() + 86_400_000) return { certPem, keyPem, key: await importKey(keyPem), cert };
  }
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const keys = (await webcrypto.subtle.generateKey(ALG, true, ['sign', 'verify'])) as CryptoKeyPair;
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: serial(),
    name: `CN=${name}`,
    notBefore: new Date(Date.now() - 60_000),
    notAfter: new Date(Date.now() + 5 * 365 * 86_400_000),
    keys,
    signingAlgorithm: ALG,
    extensions: [new x509.BasicConstraintsExtension(true, 0, true), new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true)],
  });
  const certPem = cert.toString('pem');
  const keyPem = await exportKey(keys.privateKey);
  fs.writeFileSync(certFile, certPem);
  fs.writeFileSync(keyFile, keyPem, { mode: 0o600 });
  return { certPem, keyPem, key: keys.privateKey, cert };
}

/** A TLS server certificate for the loopback names. */
export async function issueServerCert(ca: Ca, hosts = ['localhost', '127.0.0.1', '::1']): Promise<ServerCert> {
  const keys = (await webcrypto.subtle.generateKey(ALG, true, ['sign', 'verify'])) as CryptoKeyPair;
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: serial(),
    subject: 'CN=localhost',
    issuer: ca.cert.subject,
    notBefore: new Date(Date.now() - 60_000),
    notAfter: new Date(Date.now() + 365 * 86_400_000),
    publicKey: keys.publicKey,
    signingKey: ca.key,
    signingAlgorithm: ALG,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.keyEncipherment, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
      new x509.SubjectAlternativeNameExtension(hosts.map((h) => (/^[\d.:]+$/.test(h) ? { type: 'ip' as const, value: h } : { type: 'dns' as const, value: h }))),
    ],
  });
  return { certPem: cert.toString('pem'), keyPem: await exportKey(keys.privateKey) };
}

export interface CertificateSubject {
  /** Accommodation name, provider name, provider tax number, postcode, locality, NTAK reporting id ([V] what NTAK's certificate carries). */
  accommodationName: string;
  providerName?: string;
  taxNumber?: string;
  postalCode?: string;
  locality?: string;
  reportingId: string;
}

/** Signs a CSR the way NTAK's portal does: the subject is NTAK's, the key and usages the CSR's. */
export async function signCsr(ca: Ca, csrPem: string, subject: CertificateSubject, validDays = 4 * 365, notBefore = new Date(Date.now() - 60_000)): Promise<string> {
  const csr = new x509.Pkcs10CertificateRequest(csrPem);
  if (!(await csr.verify())) throw new Error('The CSR signature is invalid');
  const esc = (v: string) => v.replace(/([,+"\\<>;=])/g, '\\$1');
  const parts = [`CN=${esc(subject.accommodationName)}`];
  if (subject.providerName) parts.push(`O=${esc(subject.providerName)}`);
  if (subject.locality) parts.push(`L=${esc(subject.locality)}`);
  if (subject.postalCode) parts.push(`2.5.4.17=${esc(subject.postalCode)}`);
  if (subject.taxNumber) parts.push(`2.5.4.5=${esc(subject.taxNumber)}`);
  parts.push(`OU=${esc(subject.reportingId)}`);
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: serial(),
    subject: parts.join(', '),
    issuer: ca.cert.subject,
    notBefore,
    notAfter: new Date(notBefore.getTime() + validDays * 86_400_000),
    publicKey: await csr.publicKey.export(ALG, ['verify']),
    signingKey: ca.key,
    signingAlgorithm: ALG,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.nonRepudiation | x509.KeyUsageFlags.keyEncipherment, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.clientAuth]),
    ],
  });
  return cert.toString('pem');
}
