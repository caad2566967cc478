// A webhook receiver for event tests: records every call and answers as told per path (a list of
// statuses to use in turn, optional delays); a delay longer than the caller's timeout is a timeout.
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { QueryResult } from '../db';
import { spawnBackend, type BackendProcess } from '../../tests/helpers/processes';

export interface ReceivedCall {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
  at: number;
}

export interface Behaviour {
  /** Statuses answered in turn; the last one repeats. */
  statuses?: number[];
  delayMs?: number;
  retryAfterSec?: number;
  /** Raw response body (default: a small JSON object). */
  body?: string;
  /** A Location header (with a 3xx status: a redirect). */
  location?: string;
}

export interface WebhookReceiver {
  url: string;
  calls: ReceivedCall[];
  /** The most calls to `path` that were open at once (arrived, not yet answered). */
  peakOpen(path: string): number;
  behave(path: string, b: Behaviour): void;
  /** Resolves when `count` calls to `path` have arrived (or rejects after `timeoutMs`). */
  waitFor(path: string, count: number, timeoutMs?: number): Promise<ReceivedCall[]>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(port = 0): Promise<WebhookReceiver> {
  const calls: ReceivedCall[] = [];
  const behaviours = new Map<string, Behaviour>();
  const counts = new Map<string, number>();
  const open = new Map<string, number>();
  const peaks = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      } catch {
        body = {};
      }
      calls.push({ path, headers: req.headers, body, at: Date.now() });
      const b = behaviours.get(path) ?? {};
      const n = counts.get(path) ?? 0;
      counts.set(path, n + 1);
      open.set(path, (open.get(path) ?? 0) + 1);
      peaks.set(path, Math.max(peaks.get(path) ?? 0, open.get(path) ?? 0));
      const statuses = b.statuses ?? [200];
      const status = statuses[Math.min(n, statuses.length - 1)];
      const answer = () => {
        open.set(path, (open.get(path) ?? 1) - 1);
        if (res.destroyed) return;
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (b.retryAfterSec) headers['retry-after'] = String(b.retryAfterSec);
        if (b.location) headers.location = b.location;
        res.writeHead(status, headers);
        res.end(b.body ?? JSON.stringify({ ok: status < 300 }));
      };
      if (b.delayMs) setTimeout(answer, b.delayMs).unref();
      else answer();
    });
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  return {
    url,
    calls,
    peakOpen: (path) => peaks.get(path) ?? 0,
    behave: (path, b) => {
      behaviours.set(path, b);
      counts.set(path, 0);
      peaks.set(path, 0);
    },
    async waitFor(path, count, timeoutMs = 10_000) {
      const end = Date.now() + timeoutMs;
      for (;;) {
        const got = calls.filter((c) => c.path === path);
        if (got.length >= count) return got;
        if (Date.now() > end) throw new Error(`expected ${count} call(s) to ${path}, got ${got.length}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () => new Promise<void>((r) => {
      server.closeAllConnections?.();
      server.close(() => r());
    }),
  };
}

/** Polls check every 50 ms until it holds; throws after timeoutMs. */
export async function waitUntil(check: () => Promise<boolean>, timeoutMs = 8000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The events tests' fixture project (notes, tags and drafts with their event triggers, one cron trigger). */
export const FIXTURE_PROJECT = path.join(__dirname, '__fixtures__', 'project');

export interface FixtureBackend extends BackendProcess {
  /** Where its HTTP server listens. */
  port: number;
  /** Its own data folder (uploads; the database is the server's), for the caller to remove. */
  dataDir: string;
}

/**
 * The fixture project's backend as a real process (`cli.ts`, for kill -9 or two at once) on a server
 * Postgres, with a data folder of its own as a second host would have; resolves once it listens.
 */
export async function startFixtureBackend(databaseUrl: string, env: Record<string, string>): Promise<FixtureBackend> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'staydesk-events-backend-'));
  const backend = spawnBackend(dataDir, ['--project', FIXTURE_PROJECT], { DATABASE_URL: databaseUrl, ...env });
  const url = await backend.ready;
  return Object.assign(backend, { port: Number(new URL(url).port), dataDir });
}

/** POSTs `body` to the backend's /v1/graphql or /v1/metadata with the admin secret; the JSON answer. */
export async function askBackend(port: number, route: 'graphql' | 'metadata', body: unknown, adminSecret: string): Promise<any> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const res = await fetch(`http://127.0.0.1:${port}/v1/${route}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-hasura-admin-secret': adminSecret }, body: JSON.stringify(body) });
  return res.json();
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A worker log line as recordingLog keeps it. */
export type LogLine = { level: 'info' | 'warn' | 'error'; message: string };

/** A worker log that keeps its lines in `lines`. */
export function recordingLog(lines: LogLine[]) {
  return {
    info: (message: string) => lines.push({ level: 'info', message }),
    warn: (message: string) => lines.push({ level: 'warn', message }),
    error: (message: string) => lines.push({ level: 'error', message }),
  };
}

/** A fake database's answer with no events: counts are 0, every other statement finds or changes nothing. */
export const noEventsAnswer = async <R,>(sql = ''): Promise<QueryResult<R>> => ({ rows: (/count\(\*\)/.test(sql) ? [{ n: '0', last: null }] : []) as R[], rowCount: 0 });

/** An admin connection to a test's server Postgres that survives the server ending it (tests kill connections on purpose). */
export async function adminClient(url: string): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: url });
  c.on('error', () => undefined);
  await c.connect();
  return c;
}

/** The backend pid of the session holding an advisory lock in `c`'s database, if any. */
export async function advisoryLockPid(c: pg.Client): Promise<number | null> {
  const r = await c.query<{ pid: number }>(`SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`);
  return r.rows[0]?.pid ?? null;
}
