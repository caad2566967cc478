// Second attack review of the events lock (kept as tests): in-process workers (EventWorker with
// openDb, as eventsLock.attack's D) on a throwaway server Postgres. On e55c32b H1, H2 and H8 failed:
// a blip while a round's fetch was in flight had the worker send those events twice (H1); a late
// answer of a holder whose lock was taken over set a delivered event back to be sent (H2); a
// half-open lock connection left two deliverers for ~11 minutes (H8). H3 and H5 held.
import fs from 'node:fs';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTempPostgres, type TempPostgres } from '../../tests/helpers/postgres';
import { DEFAULT_WORKER_OPTIONS, EventWorker, STANDBY_RETRY_MS } from './worker';
import { openDb, type Db } from '../db';
import { loadEventsConfig } from './config';
import { FIXTURE_PROJECT as PROJECT, startFixtureBackend, startWebhookReceiver, type WebhookReceiver, adminClient, advisoryLockPid, sleep } from './testing';

const dataDirs: string[] = [];
let server: TempPostgres | null = null;
let hooks: WebhookReceiver;
let url = '';
const unhandled: unknown[] = [];
const onUnhandled = (e: unknown) => unhandled.push(e);

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  server = await startTempPostgres();
  hooks = await startWebhookReceiver();
  url = await server.createDatabase('break2');
  // A backend migrates the database and installs the triggers, then stops cleanly.
  const boot = await startFixtureBackend(url, { NHOST_ADMIN_SECRET: 'x', EVENTS_TEST_WEBHOOK_BASE: hooks.url, NHOST_WEBHOOK_SECRET: 'x' });
  dataDirs.push(boot.dataDir);
  boot.proc.kill('SIGTERM');
  await boot.exited;
}, 90_000);

afterAll(async () => {
  process.off('unhandledRejection', onUnhandled);
  await hooks?.close();
  server?.stop();
  for (const d of dataDirs) fs.rmSync(d, { recursive: true, force: true });
});

async function waitUntilTrue(check: () => boolean | Promise<boolean>, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check()) && Date.now() < end) await sleep(50);
}
const callsTo = (p: string) => hooks.calls.filter((c) => c.path === p);
const quietLog = (logs: string[]) => ({ info: (m: string) => logs.push(m), warn: (m: string) => logs.push(m), error: (m: string) => logs.push(m) });
function worker(db: Db, env: Record<string, string>, logs: string[]): EventWorker {
  return new EventWorker(db, loadEventsConfig(PROJECT), () => ({ ...process.env, EVENTS_TEST_WEBHOOK_BASE: hooks.url, NHOST_WEBHOOK_SECRET: 'x', ...env }), quietLog(logs), { ...DEFAULT_WORKER_OPTIONS, crons: false });
}

describe('events lock, second attack', () => {
  it('H1: the lock blips while a round\'s fetch is in flight: the events just fetched are sent once', async () => {
    const a = await adminClient(url);
    const real = await openDb({ databaseUrl: url });
    let armed = true;
    const db: Db = {
      ...real,
      query: (async (sql: string, params?: unknown[]) => {
        const r = await real.query(sql, params as unknown[]);
        if (armed && sql.includes('SET locked = now()') && r.rows.length) {
          armed = false;
          // The fetch has locked the note's event; its answer is slow to arrive (a big batch, a busy
          // event loop, latency) and meanwhile the lock's connection blips.
          await a.query('SELECT pg_terminate_backend($1)', [await advisoryLockPid(a)]);
          await sleep(400);
        }
        return r;
      }) as Db['query'],
    };
    hooks.behave('/h1/notes', { delayMs: 1000 });
    await a.query(`INSERT INTO public.notes (body) VALUES ('h1')`);
    const logs: string[] = [];
    const w = worker(db, { EVENTS_TEST_WEBHOOK_BASE: `${hooks.url}/h1` }, logs);
    await w.start();
    await sleep(5000);
    await w.close();
    await real.close();
    await a.end();
    expect(logs).toContain('events: the connection holding the events lock ended; delivery stops until the lock is taken again');
    // One note, one event: sent once (both calls carry the same event id).
    expect(new Set(callsTo('/h1/notes').map((c) => c.body.id)).size).toBe(1);
    expect(callsTo('/h1/notes').length).toBe(1);
  }, 60_000);

  it('H2: after a takeover, the old holder\'s late outcome changes nothing: a delivered one-off is not sent again', async () => {
    const a = await adminClient(url);
    const r1 = await openDb({ databaseUrl: url });
    const r2 = await openDb({ databaseUrl: url });
    let blocked = false;
    // W1 cannot take the lock back (its way to the server is down for a few seconds; its pool recovers).
    const db1: Db = { ...r1, tryLock: async (k: string) => (blocked ? null : r1.tryLock!(k)) };
    hooks.behave('/w1/oneoff', { delayMs: 9000, statuses: [500] });
    hooks.behave('/w2/oneoff', { statuses: [200] });
    const logs1: string[] = [];
    const logs2: string[] = [];
    const w1 = worker(db1, { ONEOFF_HOOK: `${hooks.url}/w1/oneoff` }, logs1);
    const w2 = worker(r2, { ONEOFF_HOOK: `${hooks.url}/w2/oneoff` }, logs2);
    await w1.start();
    await w2.start();
    expect(logs2.some((l) => l.includes('stands by'))).toBe(true);
    const ins = await a.query<{ id: string }>(
      `INSERT INTO hdb_catalog.hdb_scheduled_events (webhook_conf, retry_conf, payload, scheduled_time)
       VALUES ($1, $2, '{}', now()) RETURNING id`,
      [JSON.stringify({ fromEnv: 'ONEOFF_HOOK' }), JSON.stringify({ numRetries: 1, intervalSec: 1, timeoutSec: 60, toleranceSec: 21600 })],
    );
    const id = ins.rows[0]!.id;
    await waitUntilTrue(() => callsTo('/w1/oneoff').length >= 1, 10_000);
    blocked = true;
    await a.query('SELECT pg_terminate_backend($1)', [await advisoryLockPid(a)]);
    await waitUntilTrue(() => callsTo('/w2/oneoff').length >= 1, 3 * STANDBY_RETRY_MS + 2000);
    // W2 records its outcome once its call has answered: read the status when it has (or after 5 s).
    const status = async () => (await a.query(`SELECT status FROM hdb_catalog.hdb_scheduled_events WHERE id = $1`, [id])).rows[0]?.status;
    await waitUntilTrue(async () => (await status()) === 'delivered', 5000);
    const afterTakeover = await status();
    blocked = false;
    await sleep(12_000); // W1's call answers 500 and is recorded; W2 keeps polling
    const final = (await a.query(`SELECT status, tries FROM hdb_catalog.hdb_scheduled_events WHERE id = $1`, [id])).rows[0];
    await w1.close();
    await w2.close();
    await r1.close();
    await r2.close();
    await a.end();
    // (At least once: a holder that lost the lock for good has its call in flight sent again by the taker.)
    expect(afterTakeover).toBe('delivered');
    // Delivered by W2; W1's stale outcome must not turn it back into a retry.
    expect(final?.status).toBe('delivered');
    expect(callsTo('/w2/oneoff').length).toBe(1);
  }, 90_000);

  it('H3: many blips: no lock connections left behind, nothing stuck locked, no unhandled rejections', async () => {
    const a = await adminClient(url);
    const real = await openDb({ databaseUrl: url });
    const logs: string[] = [];
    const w = worker(real, { EVENTS_TEST_WEBHOOK_BASE: `${hooks.url}/h3` }, logs);
    await w.start();
    const lockConns = async () => Number((await a.query<{ n: string }>(`SELECT count(*)::text AS n FROM pg_stat_activity WHERE datname = current_database() AND query LIKE '%pg_try_advisory_lock%' AND pid <> pg_backend_pid()`)).rows[0].n);
    for (let i = 0; i < 25; i++) {
      await a.query(`INSERT INTO public.notes (body) VALUES ('h3-${i}')`);
      const pid = await advisoryLockPid(a);
      if (pid) await a.query('SELECT pg_terminate_backend($1)', [pid]);
      await sleep(i % 2 ? 30 : 150);
    }
    await sleep(4000);
    const conns = await lockConns();
    const stuck = Number((await a.query<{ n: string }>(`SELECT count(*)::text AS n FROM hdb_catalog.event_log WHERE delivered = false AND error = false AND trigger_name = 'notes_changed' AND created_at > now() - interval '1 minute'`)).rows[0].n);
    const held = (w as unknown as { held: Set<string>; lock: unknown });
    const heldSize = held.held.size;
    const holding = held.lock !== null;
    await w.close();
    await real.close();
    await a.end();
    expect(holding).toBe(true);
    expect(conns).toBe(1);
    expect(stuck).toBe(0);
    expect(heldSize).toBe(0);
    const sent = new Map<string, number>();
    for (const c of callsTo('/h3/notes')) sent.set(String(c.body.id), (sent.get(String(c.body.id)) ?? 0) + 1);
    expect(sent.size).toBe(25);
    expect([...sent.values()].filter((n) => n > 1)).toEqual([]);
    expect(unhandled).toEqual([]);
  }, 90_000);

  it('H5: close() during the reclaim: resolves, no lock or lock connection left, no later attempts', async () => {
    const a = await adminClient(url);
    const real = await openDb({ databaseUrl: url });
    let attempts = 0;
    const db: Db = { ...real, tryLock: async (k: string) => { attempts++; await sleep(300); return real.tryLock!(k); } };
    const logs: string[] = [];
    const w = worker(db, {}, logs);
    await w.start();
    await a.query('SELECT pg_terminate_backend($1)', [await advisoryLockPid(a)]);
    await sleep(50); // the reclaim's attempt is under way
    const t0 = Date.now();
    await w.close();
    const closeMs = Date.now() - t0;
    const n = attempts;
    await sleep(1500);
    const pid = await advisoryLockPid(a);
    const conns = Number((await a.query<{ n: string }>(`SELECT count(*)::text AS n FROM pg_stat_activity WHERE datname = current_database() AND query LIKE '%pg_try_advisory_lock%' AND pid <> pg_backend_pid()`)).rows[0].n);
    await real.close();
    await a.end();
    expect(closeMs).toBeLessThan(2000);
    expect(pid).toBeNull();
    expect(conns).toBe(0);
    expect(attempts).toBe(n);
  }, 60_000);

  it('H8: the lock connection half-open (the server dropped it, the holder\'s side never hears): the holder stops within its checks, one worker delivers', async () => {
    // A TCP proxy for W1's lock connection: "partition" ends the server's side of each connection and
    // leaves W1's side open and silent, as a network cut does once the server's keepalives gave up.
    const target = new URL(url);
    const pairs: { client: net.Socket; upstream: net.Socket }[] = [];
    const proxy = net.createServer((client) => {
      const upstream = net.connect(Number(target.port), target.hostname);
      client.pipe(upstream);
      upstream.pipe(client);
      client.on('error', () => undefined);
      upstream.on('error', () => undefined);
      pairs.push({ client, upstream });
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', () => r()));
    const proxied = new URL(url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String((proxy.address() as net.AddressInfo).port);
    const a = await adminClient(url);
    const r1 = await openDb({ databaseUrl: url });
    const lockDb = await openDb({ databaseUrl: proxied.toString() });
    const r2 = await openDb({ databaseUrl: url });
    const db1: Db = { ...r1, tryLock: lockDb.tryLock };
    hooks.behave('/h8a/oneoff', { delayMs: 15_000 });
    const w1 = worker(db1, { EVENTS_TEST_WEBHOOK_BASE: `${hooks.url}/h8a`, ONEOFF_HOOK: `${hooks.url}/h8a/oneoff` }, []);
    const w2 = worker(r2, { EVENTS_TEST_WEBHOOK_BASE: `${hooks.url}/h8b`, ONEOFF_HOOK: `${hooks.url}/h8b/oneoff` }, []);
    await w1.start();
    await w2.start();
    await a.query(`INSERT INTO hdb_catalog.hdb_scheduled_events (webhook_conf, retry_conf, payload, scheduled_time) VALUES ($1, $2, '{}', now())`,
      [JSON.stringify({ fromEnv: 'ONEOFF_HOOK' }), JSON.stringify({ numRetries: 0, intervalSec: 1, timeoutSec: 60, toleranceSec: 21600 })]);
    await waitUntilTrue(() => callsTo('/h8a/oneoff').length >= 1, 10_000);
    // The cut: the server's side ends (lock freed), W1's side hears nothing.
    for (const p of pairs) { p.upstream.unpipe(p.client); p.client.unpipe(p.upstream); p.upstream.destroy(); }
    const w1s = w1 as unknown as { lock: unknown; leading: boolean };
    const w2s = w2 as unknown as { lock: unknown; leading: boolean };
    // W1's check of its lock's connection (every 5 s, 5 s to answer) finds it dead.
    await waitUntilTrue(() => !w1s.leading, 12_000);
    await sleep(2 * STANDBY_RETRY_MS + 1000);
    const both = w1s.leading && w1s.lock !== null && w2s.leading && w2s.lock !== null;
    for (let i = 0; i < 10; i++) await a.query(`INSERT INTO public.notes (body) VALUES ('h8-${i}')`);
    await sleep(3000);
    const byW1 = callsTo('/h8a/notes').length;
    const byW2 = callsTo('/h8b/notes').length;
    for (const p of pairs) p.client.destroy();
    await w1.close();
    await w2.close();
    for (const d of [r1, lockDb, r2]) await d.close();
    proxy.close();
    await a.end();
    // One deliverer once W1 has found its connection dead. The one-off W1 had in flight when the
    // server freed the lock is sent again by W2 (at least once: W1 may still finish its call).
    expect({ both, byW1, byW2, w2Leads: w2s.leading }).toEqual({ both: false, byW1: 0, byW2: 10, w2Leads: true });
    expect(callsTo('/h8b/oneoff').length).toBeLessThanOrEqual(1);
  }, 90_000);

});
