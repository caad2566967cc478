// Attacks on the events lock (an attack review's, kept as tests): real cli.ts processes on a
// throwaway server Postgres, except D (one worker in this process on the same server). Each failed
// on the lock's first version: a one-off created through the standing-by backend was never sent (A);
// a blip of the lock's connection had the other backend send a delivery in flight again (B) or
// left the worker delivering without the lock (D), and stopped every delivery for as long as the
// slowest call in flight (G); a server ending the pool's idle connections ended the process (C).
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTempPostgres, type TempPostgres } from '../../tests/helpers/postgres';
import { DEFAULT_WORKER_OPTIONS, EventWorker, STANDBY_RETRY_MS } from './worker';
import { openDb, type Db } from '../db';
import { loadEventsConfig } from './config';
import { askBackend, FIXTURE_PROJECT as PROJECT, startFixtureBackend, startWebhookReceiver, type FixtureBackend, type WebhookReceiver, adminClient, advisoryLockPid, sleep } from './testing';

const ADMIN_SECRET = 'break-lock-admin-secret';
const backends: FixtureBackend[] = [];
let server: TempPostgres | null = null;
let hooks: WebhookReceiver;

beforeAll(async () => {
  server = await startTempPostgres();
  hooks = await startWebhookReceiver();
}, 60_000);

afterAll(async () => {
  for (const b of backends) if (b.proc.exitCode === null) b.proc.kill('SIGKILL');
  await hooks?.close();
  server?.stop();
  for (const b of backends) fs.rmSync(b.dataDir, { recursive: true, force: true });
});

async function startBackend(databaseUrl: string): Promise<FixtureBackend> {
  const backend = await startFixtureBackend(databaseUrl, { NHOST_ADMIN_SECRET: ADMIN_SECRET, EVENTS_TEST_WEBHOOK_BASE: hooks.url, EVENTS_TEST_TAGS_WEBHOOK: `${hooks.url}/tags`, NHOST_WEBHOOK_SECRET: 'break-lock-webhook' });
  backends.push(backend);
  return backend;
}

const call = (port: number, route: 'graphql' | 'metadata', body: unknown) => askBackend(port, route, body, ADMIN_SECRET);
const callsTo = (p: string, id?: string) => hooks.calls.filter((c) => c.path === p && (id === undefined || c.body.id === id));
async function waitUntilTrue(check: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await sleep(50);
}
async function waitCalls(p: string, n: number, ms: number): Promise<number> {
  const end = Date.now() + ms;
  while (Date.now() < end && callsTo(p).length < n) await sleep(100);
  return callsTo(p).length;
}

describe('events lock attacks', () => {
  it('A: a one-off scheduled event created through the standing-by backend is delivered', async () => {
    const url = await server!.createDatabase('break_a');
    const first = await startBackend(url);
    await sleep(1500); // the leader's rounds find no one-off events: oneOffMaybe = false
    const second = await startBackend(url);
    await sleep(STANDBY_RETRY_MS + 500);
    expect(second.output).toContain('stands by');
    const r = await call(second.port, 'metadata', { type: 'create_scheduled_event', args: { webhook: `${hooks.url}/a-oneoff`, schedule_at: new Date().toISOString() } });
    expect(r.event_id).toBeTruthy();
    const t0 = Date.now();
    const n = await waitCalls('/a-oneoff', 1, 10_000);
    expect(n).toBe(1);
    expect(Date.now() - t0).toBeLessThan(5000);
    expect(callsTo('/a-oneoff')[0]!.body.id).toBe(r.event_id);
    first.proc.kill('SIGKILL');
    second.proc.kill('SIGKILL');
  }, 120_000);

  it('B: the lock connection ended while a delivery is in flight: the holder takes it back, the call is not sent again', async () => {
    const url = await server!.createDatabase('break_b');
    const a = await adminClient(url);
    const first = await startBackend(url);
    hooks.behave('/b-hang', { delayMs: 60_000 });
    const created = await call(first.port, 'metadata', { type: 'create_scheduled_event', args: { webhook: `${hooks.url}/b-hang`, schedule_at: new Date().toISOString(), retry_conf: { num_retries: 0, timeout_seconds: 3600 } } });
    await hooks.waitFor('/b-hang', 1, 20_000);
    const second = await startBackend(url);
    await sleep(STANDBY_RETRY_MS + 500);
    const pid = await advisoryLockPid(a);
    expect(pid).not.toBeNull();
    await a.query('SELECT pg_terminate_backend($1)', [pid]);
    const n = await waitCalls('/b-hang', 2, 3 * STANDBY_RETRY_MS + 2000);
    expect(callsTo('/b-hang', created.event_id)).toHaveLength(1);
    expect(first.output).toContain('events lock ended');
    // Still the one delivering: a note written through the standby goes out once.
    const before = callsTo('/notes').length;
    await call(second.port, 'graphql', { query: 'mutation { insert_notes_one(object: {body: "b"}) { id } }' });
    expect(await waitCalls('/notes', before + 1, 10_000)).toBe(before + 1);
    hooks.behave('/b-hang', {});
    first.proc.kill('SIGKILL');
    second.proc.kill('SIGKILL');
    await a.end();
    expect(n).toBe(1);
  }, 120_000);

  it('C: a standing-by backend holds no extra connections over time; both survive the server ending every connection', async () => {
    const url = await server!.createDatabase('break_c');
    const a = await adminClient(url);
    const count = async () => Number((await a.query<{ n: string }>(`SELECT count(*)::text AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`)).rows[0].n);
    const first = await startBackend(url);
    const second = await startBackend(url);
    await sleep(3000);
    const c0 = await count();
    await sleep(3 * STANDBY_RETRY_MS);
    const c1 = await count();
    expect(c1).toBeLessThanOrEqual(c0);
    // Kill every connection to the database (as a server restart would).
    await a.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`);
    await sleep(500);
    const before = callsTo('/notes').length;
    let ok = false;
    for (let i = 0; i < 3 && !ok; i++) {
      const r = await call(second.port, 'graphql', { query: 'mutation { insert_notes_one(object: {body: "c2"}) { id } }' }).catch((e) => ({ e }));
      ok = !!r?.data;
      if (!ok) await sleep(500);
    }
    expect(ok).toBe(true);
    expect(await waitCalls('/notes', before + 1, 30_000)).toBe(before + 1);
    expect(first.proc.exitCode).toBeNull();
    expect(second.proc.exitCode).toBeNull();
    first.proc.kill('SIGKILL');
    second.proc.kill('SIGKILL');
    await a.end();
  }, 120_000);

  it('D: the lock connection ending while lead() runs: the worker delivers only while it holds the lock', async () => {
    const url = await server!.createDatabase('break_d');
    // A backend migrates the database and installs the triggers, then stops cleanly.
    const boot = await startBackend(url);
    boot.proc.kill('SIGTERM');
    await new Promise((r) => boot.proc.once('exit', r));
    const a = await adminClient(url);
    const real = await openDb({ databaseUrl: url });
    let armed = true;
    const db: Db = {
      ...real,
      query: (async (sql: string, params?: unknown[]) => {
        if (armed && sql.includes('SET locked = NULL WHERE locked IS NOT NULL')) {
          armed = false;
          // The lock's connection ends (network blip, idle killer, admin) while lead() runs.
          const pid = await advisoryLockPid(a);
          await a.query('SELECT pg_terminate_backend($1)', [pid]);
          await sleep(300);
        }
        return real.query(sql, params as unknown[]);
      }) as Db['query'],
    };
    const logs: string[] = [];
    const log = { info: (m: string) => logs.push(m), warn: (m: string) => logs.push(m), error: (m: string) => logs.push(m) };
    const worker = new EventWorker(db, loadEventsConfig(PROJECT), () => ({ ...process.env, EVENTS_TEST_WEBHOOK_BASE: hooks.url, NHOST_WEBHOOK_SECRET: 'x' }), log, { ...DEFAULT_WORKER_OPTIONS, crons: false });
    await worker.start();
    const w = worker as unknown as { leading: boolean; lock: unknown };
    expect(logs).toContain('events: the connection holding the events lock ended; delivery stops until the lock is taken again');
    // It took the lock back at once (or stands by): never delivering without it.
    await waitUntilTrue(() => w.lock !== null, 4 * STANDBY_RETRY_MS);
    expect(w.leading && w.lock === null).toBe(false);
    // Another backend takes the (free) lock, as a standby would within 2 s.
    const other = await adminClient(url);
    const got = await other.query<{ l: boolean }>(`SELECT pg_try_advisory_lock(hashtextextended('staydesk.events.worker', 0)) AS l`);
    const before = callsTo('/notes').length;
    await a.query(`INSERT INTO public.notes (body) VALUES ('d')`);
    const n = await waitCalls('/notes', before + 1, 8000);
    // The worker holds the lock, so no other session could take it, and it delivers the note.
    expect(got.rows[0]!.l).toBe(false);
    expect(n - before).toBe(1);
    expect(logs.some((l) => l.includes('stands by'))).toBe(false);
    await worker.close();
    await real.close();
    await other.end();
    await a.end();
  }, 120_000);

  it('G: one backend, a slow delivery in flight, the lock connection blips: other events go out at once', async () => {
    const url = await server!.createDatabase('break_g');
    const a = await adminClient(url);
    const first = await startBackend(url);
    hooks.behave('/g-hang', { delayMs: 25_000 });
    await call(first.port, 'metadata', { type: 'create_scheduled_event', args: { webhook: `${hooks.url}/g-hang`, schedule_at: new Date().toISOString(), retry_conf: { num_retries: 0, timeout_seconds: 3600 } } });
    await hooks.waitFor('/g-hang', 1, 20_000);
    await a.query('SELECT pg_terminate_backend($1)', [await advisoryLockPid(a)]);
    await sleep(300);
    const before = callsTo('/notes').length;
    const t0 = Date.now();
    await call(first.port, 'graphql', { query: 'mutation { insert_notes_one(object: {body: "g"}) { id } }' });
    const n = await waitCalls('/notes', before + 1, 40_000);
    const ms = Date.now() - t0;
    expect(n - before).toBe(1);
    expect(callsTo('/g-hang')).toHaveLength(1);
    first.proc.kill('SIGKILL');
    await a.end();
    expect(ms).toBeLessThan(5000);
  }, 120_000);
});
