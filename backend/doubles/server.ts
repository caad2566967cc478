// Local doubles of NTAK (accommodation PMS interface) and VIZA, for `npm run dev` and the tests.
// Each is an HTTPS server on loopback that demands a client certificate from its own CA (mutual
// TLS), checks that `x-certificate` is that same certificate and that the detached JWS signature
// over the body verifies with it, then checks the header and the body field by field with the
// validators of src/domain/ntak and src/domain/viza (enums, patterns, required fields, the
// cross-field rules of the reference's §9) and answers the documented success body or a
// Laravel-style 422 `{message, errors: {field: [text]}}`; NTAK also checks what only its own
// registers know (a Hungarian guest's postcode exists). Accepted message ids are de-duplicated: the
// same `uzenetId` sent twice is processed once (the second answer repeats the first); a refused
// one is checked again when it comes back fixed.
import crypto from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import type http from 'node:http';
import type net from 'node:net';
import type tls from 'node:tls';
import { validateNtakBody, validateNtakHeader, type FieldIssue, type NtakMessageType } from '../../src/domain/ntak';
import { DEFAULT_NTAK_PATHS, SUCCESS_KEYS } from '../../src/domain/ntak/wire';
import { validateVizaBody } from '../../src/domain/viza';
import { CERTIFICATE_HEADER, SIGNATURE_HEADER, verifyDetached } from '../../functions/_registry/signature';
import { issueServerCert, loadOrCreateCa, signCsr, type Ca, type CertificateSubject } from './pki';

export const DEFAULT_VIZA_PATHS = { check_in: '/bejelentkezes', check_out: '/kijelentkezes', status: '/allapot' } as const;

export interface Behaviour {
  status: number;
  body?: unknown;
  delayMs?: number;
  /** How many requests this applies to (default 1). */
  times?: number;
  /** With status 0: process the request as usual, then hold the answer this long (a sender cut
   * off now has been acknowledged without knowing it). */
  holdAnswerMs?: number;
}

export interface Received {
  service: 'ntak' | 'viza';
  type: string;
  messageId: string | null;
  status: number;
  duplicate: boolean;
  body: unknown;
  at: number;
}

export interface RegistryDoubles {
  ntakUrl: string;
  vizaUrl: string;
  caPem: string;
  ca: Ca;
  received: Received[];
  /** Messages processed (first receipt of each id) per message id. */
  processed: Map<string, number>;
  /** Answers the next request(s) to `path` of `service` as told. */
  behave(service: 'ntak' | 'viza', path: string, b: Behaviour): void;
  /** How many requests to `path` of `service` the behaviours told so far still wait for. */
  behavioursLeft(service: 'ntak' | 'viza', path: string): number;
  issueCertificate(csrPem: string, subject: CertificateSubject, validDays?: number, notBefore?: Date): Promise<string>;
  close(): Promise<void>;
}

export interface DoublesOptions {
  dataDir: string;
  host?: string;
  ntakPort?: number;
  vizaPort?: number;
  /** Earliest day the NTAK scheduler asks for (default: the first day a message came in). */
  schedulerSince?: string;
  /** Keep what NTAK and VIZA know (reservations, closed days, open guests, answered ids) in this
   * file, so a restarted `npm run dev` still knows the reservations it accepted before. */
  stateFile?: string;
  log?: (line: string) => void;
}

type Obj = Record<string, unknown>;

interface NtakAccount {
  reservations: Set<string>;
  closed: Set<string>;
  firstSeen: string;
}

function toErrors(issues: FieldIssue[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const i of issues) (out[i.path || 'body'] ??= []).push(`${i.code}: ${i.message}`);
  return out;
}

/** Budapest postcodes are 1, the district (01-23), one digit; elsewhere 2000-9999. */
const HU_POSTCODE = /^(1(0[1-9]|1\d|2[0-3])\d|[2-9]\d{3})$/;

/**
 * What only NTAK's own registers can tell (the app cannot pre-check it: NTAK holds the list):
 * a guest living in Hungary names a Hungarian postcode that exists. The double knows the
 * postcodes' structure, not the post's whole list, so it refuses e.g. 1000 or 1999 (no such
 * Budapest district) or 0123.
 */
function registerIssues(body: unknown): FieldIssue[] {
  const guests = (body as { guests?: unknown } | null)?.guests;
  if (!Array.isArray(guests)) return [];
  return guests.flatMap((g: unknown, i: number) => {
    const o = (g ?? {}) as Obj;
    return o.residenceCountryCode === 'HU' && !HU_POSTCODE.test(String(o.residencePostCode ?? ''))
      ? [{ path: `guests[${i}].residencePostCode`, code: 'unknown' as const, message: `${String(o.residencePostCode)} is not a Hungarian postcode` }]
      : [];
  });
}

function readBody(req: http.IncomingMessage, limit = 2 * 1024 * 1024): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > limit) reject(new Error('too large'));
      else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function today(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Budapest', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

export async function startRegistryDoubles(opts: DoublesOptions): Promise<RegistryDoubles> {
  const host = opts.host ?? '127.0.0.1';
  const log = opts.log ?? (() => {});
  const ca = await loadOrCreateCa(opts.dataDir);
  const serverCert = await issueServerCert(ca);
  const received: Received[] = [];
  const processed = new Map<string, number>();
  const answers = new Map<string, { status: number; body: unknown }>();
  const behaviours = new Map<string, Behaviour[]>();
  const accounts = new Map<string, NtakAccount>();
  const openGuests = new Set<string>();
  const sockets = new Set<net.Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const ntakPaths = Object.fromEntries(
    (Object.keys(DEFAULT_NTAK_PATHS) as NtakMessageType[]).map((t) => [process.env[`NTAK_PATH_${t.toUpperCase()}`] || DEFAULT_NTAK_PATHS[t], t]),
  ) as Record<string, NtakMessageType>;

  if (opts.stateFile && fs.existsSync(opts.stateFile)) {
    try {
      const saved = JSON.parse(fs.readFileSync(opts.stateFile, 'utf8')) as { accounts: [string, { reservations: string[]; closed: string[]; firstSeen: string }][]; answers: [string, { status: number; body: unknown }][]; openGuests: string[] };
      for (const [id, a] of saved.accounts) accounts.set(id, { reservations: new Set(a.reservations), closed: new Set(a.closed), firstSeen: a.firstSeen });
      for (const [id, a] of saved.answers) answers.set(id, a);
      for (const g of saved.openGuests) openGuests.add(g);
    } catch (e) {
      log(`registry doubles: ignoring unreadable ${opts.stateFile} (${String(e)})`);
    }
  }
  function save(): void {
    if (!opts.stateFile) return;
    const state = { accounts: [...accounts].map(([id, a]) => [id, { reservations: [...a.reservations], closed: [...a.closed], firstSeen: a.firstSeen }]), answers: [...answers], openGuests: [...openGuests] };
    fs.writeFileSync(opts.stateFile, JSON.stringify(state));
  }

  function account(id: string): NtakAccount {
    let a = accounts.get(id);
    if (!a) accounts.set(id, (a = { reservations: new Set(), closed: new Set(), firstSeen: opts.schedulerSince ?? today() }));
    return a;
  }

  /** Mutual TLS, certificate header and signature; returns the verified envelope or answers itself. */
  async function authenticate(req: http.IncomingMessage, res: http.ServerResponse, raw: string): Promise<{ header: Obj; body: unknown; subjectOu: string } | null> {
    const socket = req.socket as tls.TLSSocket;
    const fail = (status: number, message: string, code: string) => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ message, errors: { [code]: [message] } }));
      return null;
    };
    if (!socket.authorized) return fail(401, `Unauthenticated. (client certificate: ${socket.authorizationError ? String(socket.authorizationError) : 'none'})`, 'certificate');
    const peer = socket.getPeerX509Certificate();
    const headerCert = req.headers[CERTIFICATE_HEADER()];
    if (typeof headerCert !== 'string' || !headerCert) return fail(401, `Unauthenticated. (${CERTIFICATE_HEADER()} header missing)`, 'certificate');
    let signing: crypto.X509Certificate;
    try {
      signing = new crypto.X509Certificate(Buffer.from(headerCert, 'base64').toString('utf8'));
    } catch {
      return fail(401, `Unauthenticated. (${CERTIFICATE_HEADER()} is not a base64 PEM certificate)`, 'certificate');
    }
    if (!signing.checkIssued(new crypto.X509Certificate(ca.certPem)) || !signing.verify(new crypto.X509Certificate(ca.certPem).publicKey)) return fail(401, 'Unauthenticated. (signing certificate not issued by NTAK)', 'certificate');
    if (Date.parse(signing.validTo) < Date.now()) return fail(401, 'Unauthenticated. (signing certificate expired)', 'certificate');
    if (peer && peer.fingerprint256 !== signing.fingerprint256 && peer.subject !== signing.subject) return fail(401, 'Unauthenticated. (signing and TLS certificates belong to different accommodations)', 'certificate');
    const sigProblem = verifyDetached(raw, req.headers[SIGNATURE_HEADER()] as string | undefined, signing.toString());
    if (sigProblem) return fail(401, `Unauthenticated. (${SIGNATURE_HEADER()} signature ${sigProblem})`, 'signature');
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return fail(400, 'The body is not JSON', 'body');
    }
    if (!parsed || typeof parsed !== 'object') return fail(400, 'The body is not a JSON object', 'body');
    const ou = /OU=([^\n]+)/.exec(signing.subject)?.[1] ?? '';
    return { header: ((parsed as Obj).header ?? null) as Obj, body: (parsed as Obj).body, subjectOu: ou };
  }

  function handler(service: 'ntak' | 'viza') {
    return async (req: http.IncomingMessage, res: http.ServerResponse) => {
      const path = (req.url ?? '/').split('?')[0];
      let raw = '';
      try {
        raw = await readBody(req);
      } catch {
        return void res.writeHead(413).end();
      }
      const queue = behaviours.get(`${service} ${path}`);
      const b = queue?.[0];
      let holdMs = 0;
      if (b) {
        b.times = (b.times ?? 1) - 1;
        if (b.times <= 0) queue.shift();
        if (b.delayMs) await new Promise((r) => setTimeout(r, b.delayMs));
        holdMs = b.holdAnswerMs ?? 0;
        if (res.destroyed) return;
        if (b.status > 0) {
          received.push({ service, type: path, messageId: null, status: b.status, duplicate: false, body: null, at: Date.now() });
          return void res.writeHead(b.status, { 'content-type': 'application/json' }).end(JSON.stringify(b.body ?? { message: 'Simulated failure' }));
        }
      }
      const type = service === 'ntak' ? ntakPaths[path] : path === DEFAULT_VIZA_PATHS.check_in ? 'check_in' : path === DEFAULT_VIZA_PATHS.check_out ? 'check_out' : undefined;
      if (req.method !== 'POST' || !type) return void res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Page not found.' }));
      const auth = await authenticate(req, res, raw);
      if (!auth) return;
      const answer = (status: number, body: unknown, messageId: string | null, duplicate = false) => {
        received.push({ service, type, messageId, status, duplicate, body: auth.body, at: Date.now() });
        log(`${service} ${type} ${messageId ?? '-'} -> ${status}${duplicate ? ' (duplicate)' : ''}`);
        const write = () => {
          if (!res.destroyed) res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
        };
        if (holdMs > 0) {
          const t = setTimeout(() => (timers.delete(t), write()), holdMs);
          timers.add(t);
        }
        else write();
      };
      const headerIssues = validateNtakHeader(auth.header);
      if (headerIssues.length) return answer(422, { message: 'The given data was invalid.', errors: toErrors(headerIssues) }, null);
      const ntakId = String(auth.header.szallasAdatszolgaltatasiAzonosito);
      if (auth.subjectOu && auth.subjectOu !== ntakId) return answer(403, { message: 'Unauthorized.', errors: { 'header.szallasAdatszolgaltatasiAzonosito': [`The certificate belongs to ${auth.subjectOu}`] } }, null);
      const messageId = `${service}:${ntakId}:${String(auth.header.uzenetId)}`;
      const earlier = answers.get(messageId);
      if (earlier) return answer(earlier.status, earlier.body, messageId, true);
      const acc = account(ntakId);
      let status = 200;
      let body: unknown;
      if (service === 'ntak') {
        const t = type as NtakMessageType;
        const issues = validateNtakBody(t, auth.body, t === 'reservation' ? {} : { knownReservations: acc.reservations });
        if (!issues.length) issues.push(...registerIssues(auth.body));
        if (issues.length) {
          status = 422;
          body = { message: 'The given data was invalid.', errors: toErrors(issues) };
        } else if (t === 'scheduler') {
          const days: string[] = [];
          for (let i = 60; i >= 1; i -= 1) {
            const d = new Date(Date.parse(`${today()}T00:00:00Z`) - i * 86_400_000).toISOString().slice(0, 10);
            if (d >= acc.firstSeen && !acc.closed.has(d)) days.push(d);
          }
          body = { [SUCCESS_KEYS.scheduler as string]: { napok: days } };
        } else {
          const o = auth.body as Obj;
          if (t === 'reservation') acc.reservations.add(String(o.reservationNumber));
          if (t === 'daily_close') acc.closed.add(String(o.closedDay));
          body = { [SUCCESS_KEYS[t] as string]: [] };
        }
      } else {
        const t = type as 'check_in' | 'check_out';
        const issues = validateVizaBody(t, auth.body, t === 'check_out' ? { openGuests } : {});
        if (issues.length) {
          status = 422;
          body = { status: 'DATA-REJECTED', message: 'The given data was invalid.', errors: toErrors(issues) };
        } else {
          const guests = (auth.body as { guests: { id: string }[] }).guests;
          for (const g of guests) {
            if (t === 'check_in') openGuests.add(g.id);
            else openGuests.delete(g.id);
          }
          body = { status: 'OK' };
        }
      }
      // Only an accepted message is remembered: a refused one was not processed, and the sender
      // re-sends it under the same id once the data is fixed (a re-send after a fix).
      if (status < 300) {
        answers.set(messageId, { status, body });
        processed.set(messageId, (processed.get(messageId) ?? 0) + 1);
      }
      save();
      answer(status, body, messageId);
    };
  }

  const tlsOptions: https.ServerOptions = { key: serverCert.keyPem, cert: serverCert.certPem, ca: [ca.certPem], requestCert: true, rejectUnauthorized: false };
  const listen = async (service: 'ntak' | 'viza', port: number) => {
    const server = https.createServer(tlsOptions, (req, res) => {
      handler(service)(req, res).catch((e: unknown) => {
        log(`${service} double failed: ${String(e)}`);
        if (!res.headersSent) res.writeHead(500).end();
      });
    });
    server.on('connection', (s: net.Socket) => {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    return server;
  };
  const ntak = await listen('ntak', opts.ntakPort ?? 0);
  const viza = await listen('viza', opts.vizaPort ?? 0);
  const url = (s: https.Server) => `https://${host.includes(':') ? `[${host}]` : host}:${(s.address() as net.AddressInfo).port}`;

  return {
    ntakUrl: url(ntak),
    vizaUrl: url(viza),
    caPem: ca.certPem,
    ca,
    received,
    processed,
    behave(service, path, b) {
      const key = `${service} ${path}`;
      behaviours.set(key, [...(behaviours.get(key) ?? []), b]);
    },
    behavioursLeft: (service, path) => (behaviours.get(`${service} ${path}`) ?? []).reduce((n, b) => n + Math.max(0, b.times ?? 1), 0),
    issueCertificate: (csrPem, subject, validDays, notBefore) => signCsr(ca, csrPem, subject, validDays, notBefore),
    async close() {
      for (const t of timers) clearTimeout(t);
      for (const s of sockets) s.destroy();
      await Promise.all([ntak, viza].map((s) => new Promise<void>((r) => s.close(() => r()))));
    },
  };
}
