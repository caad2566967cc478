// The NTAK and VIZA doubles for `npm run dev` when no real endpoints are configured: both on
// loopback (ports NTAK_DOUBLE_PORT 1340, VIZA_DOUBLE_PORT 1341) with their CA and what they have
// accepted kept under <data>/registry-doubles, and a small HTTP "NTAK portal" (NTAK_PORTAL_PORT
// 1342) that issues the certificate for a CSR downloaded from the accommodation's NTAK tab, as
// NTAK's portal does. Returns the environment the backend needs to talk to them.
import http from 'node:http';
import path from 'node:path';
import fs from 'node:fs';
import { startRegistryDoubles, type RegistryDoubles } from './server';

export interface DevDoubles {
  env: Record<string, string>;
  /** Where the doubles and the portal listen (the actual ports when 0 asked for any). */
  urls: { ntak: string; viza: string; portal: string };
  /** Lines for the start-up banner: where each listens. */
  lines: string[];
  close(): Promise<void>;
}

/** The port in `name`; 0 means any free port (e2e runs publish the ones they got). */
const port = (name: string, fallback: number) => {
  const raw = process.env[name];
  const v = Number(raw);
  return raw !== undefined && raw !== '' && Number.isInteger(v) && v >= 0 && v < 65536 ? v : fallback;
};

const PAGE = `<!doctype html><meta charset="utf-8"><title>Local NTAK portal (development)</title>
<body style="font-family:sans-serif;max-width:720px;margin:2em auto">
<h1>Local NTAK portal</h1><p>Development only. Paste the CSR from the accommodation's NTAK tab, then upload the certificate you get back on the same tab.</p>
<form method="post" action="/issue"><p><label>NTAK id (reportingId) <input name="ntakId" required pattern="[A-Za-z0-9]{4,32}"></label></p>
<p><label>Accommodation name <input name="name" required></label></p><p><textarea name="csr" rows="14" cols="80" required placeholder="-----BEGIN CERTIFICATE REQUEST-----"></textarea></p>
<p><button>Issue certificate</button></p></form></body>`;

/** The optional certificate lifetime of a portal request: [validDays, notBefore]. */
function lifetime(form: Record<string, unknown>): [number?, Date?] {
  const days = Number(form.validDays);
  const ago = Number(form.startedDaysAgo);
  const validDays = Number.isInteger(days) && days > 0 && days <= 3650 ? days : undefined;
  const notBefore = Number.isInteger(ago) && ago > 0 && ago <= 3650 ? new Date(Date.now() - ago * 86_400_000) : undefined;
  return [validDays, notBefore];
}

/** A tiny stand-in for NTAK's portal: POST /issue {csr, ntakId, name} (form or JSON) → certificate PEM. */
function startPortal(doubles: RegistryDoubles, listenPort: number): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    if (req.method === 'GET' && (req.url === '/' || req.url === '')) return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
    if (req.method !== 'POST' || req.url !== '/issue') return void res.writeHead(404).end('Not found');
    let raw = '';
    req.on('data', (c: Buffer) => {
      raw += c.toString();
      if (raw.length > 64 * 1024) req.destroy();
    });
    req.on('end', () => {
      const form = (req.headers['content-type'] ?? '').includes('json') ? (JSON.parse(raw || '{}') as Record<string, string>) : Object.fromEntries(new URLSearchParams(raw));
      if (!form.csr?.includes('CERTIFICATE REQUEST') || !/^[A-Za-z0-9]{4,32}$/.test(form.ntakId ?? '')) return void res.writeHead(400, { 'content-type': 'text/plain' }).end('csr (PEM) and ntakId (4-32 letters or digits) are required');
      doubles
        // validDays / startedDaysAgo (JSON only) issue a short-lived or already expired certificate, for tests.
        .issueCertificate(form.csr, { accommodationName: form.name || form.ntakId, reportingId: form.ntakId, locality: 'Budapest' }, ...lifetime(form))
        .then((pem) => res.writeHead(200, { 'content-type': 'application/x-pem-file', 'content-disposition': `attachment; filename="ntak-${form.ntakId}.cer"` }).end(pem))
        .catch((e: unknown) => res.writeHead(400, { 'content-type': 'text/plain' }).end(`Not a usable CSR: ${(e as Error).message}`));
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(listenPort, '127.0.0.1', () => resolve(server));
  });
}

/** Starts the doubles unless NTAK_ENDPOINT and VIZA_ENDPOINT are both configured; null then. */
export async function startDevDoubles(dataDir: string, log: (line: string) => void): Promise<DevDoubles | null> {
  const needNtak = !process.env.NTAK_ENDPOINT;
  const needViza = !process.env.VIZA_ENDPOINT;
  if (!needNtak && !needViza) return null;
  const dir = path.join(dataDir, 'registry-doubles');
  fs.mkdirSync(dir, { recursive: true });
  // The scheduler asks for the last week, so the daily close shows on the dashboard at once.
  const since = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
  const doubles = await startRegistryDoubles({ dataDir: dir, stateFile: path.join(dir, 'state.json'), schedulerSince: since, ntakPort: port('NTAK_DOUBLE_PORT', 1340), vizaPort: port('VIZA_DOUBLE_PORT', 1341), log });
  const portal = await startPortal(doubles, port('NTAK_PORTAL_PORT', 1342));
  const address = portal.address();
  const portalPort = typeof address === 'object' && address ? address.port : 0;
  const env: Record<string, string> = {};
  if (needNtak) Object.assign(env, { NTAK_ENDPOINT: doubles.ntakUrl, NTAK_CA_PEM: doubles.caPem });
  if (needViza) Object.assign(env, { VIZA_ENDPOINT: doubles.vizaUrl, VIZA_CA_PEM: doubles.caPem });
  // Without a configured key the development key seals NTAK private keys (never in production).
  if (!process.env.REGISTRY_KEY_ENCRYPTION_KEY && !process.env.STAYDESK_ENV && process.env.NODE_ENV !== 'production') env.STAYDESK_ENV = 'development';
  const lines = [
    ...(needNtak ? [`NTAK double ${doubles.ntakUrl}  (mutual TLS; local CA in ${dir})`] : []),
    ...(needViza ? [`VIZA double ${doubles.vizaUrl}`] : []),
    `NTAK portal http://127.0.0.1:${portalPort}  (issues the certificate for a CSR from the NTAK tab)`,
  ];
  return {
    env,
    urls: { ntak: doubles.ntakUrl, viza: doubles.vizaUrl, portal: `http://127.0.0.1:${portalPort}` },
    lines,
    async close() {
      await new Promise<void>((r) => portal.close(() => r()));
      await doubles.close();
    },
  };
}
