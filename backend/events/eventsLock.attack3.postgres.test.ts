// Attack on cdf6cfc (an outcome is recorded only on a still-locked table event). A takeover: W1's
// lock connection ends and W1 cannot take it back (its way to the lock is down; its pool works),
// W2 takes over and its lead() unlocks W1's events (it cannot know W1's calls are out). W1's call
// then answers 200 before W2's first fetch reaches the event. On 2420244 that answer was recorded
// (tries as fetched, not delivered): the event was delivered and W2 did not send it. Now the answer
// is dropped (the event is no longer locked) and W2 sends the delivered event a second time.
// The window is made deterministic by holding W2's queries after its lead()'s unlock until W1 has
// recorded (in production: W2's lead queries, the cron top-up, a backlog ahead of the event, or a
// W2 without the trigger in its metadata, which leaves it unlocked for good).
import fs from 'node:fs';
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

beforeAll(async () => {
  server = await startTempPostgres();
  hooks = await startWebhookReceiver();
  url = await server.createDatabase('break3');
  const boot = await startFixtureBackend(url, { NHOST_ADMIN_SECRET: 'x', EVENTS_TEST_WEBHOOK_BASE: hooks.url, NHOST_WEBHOOK_SECRET: 'x' });
  dataDirs.push(boot.dataDir);
  boot.proc.kill('SIGTERM');
  await boot.exited;
}, 90_000);

afterAll(async () => {
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
  return new EventWorker(db, loadEventsConfig(PROJECT), () => ({ ...process.env, NHOST_WEBHOOK_SECRET: 'x', ...env }), quietLog(logs), { ...DEFAULT_WORKER_OPTIONS, crons: false });
}

describe('events lock, third attack', () => {
  it('T1: after a takeover, the old holder\'s 200 that comes before the taker fetches the event is recorded: sent once', async () => {
    const a = await adminClient(url);
    const r1 = await openDb({ databaseUrl: url });
    const r2 = await openDb({ databaseUrl: url });
    let blocked = false;
    let w1Recorded = false;
    let w2Unlocked = false;
    const db1: Db = {
      ...r1,
      tryLock: async (k: string) => (blocked ? null : r1.tryLock!(k)),
      transaction: (async (fn: (tx: Db) => Promise<unknown>) => {
        const out = await r1.transaction(fn as never);
        if (blocked) w1Recorded = true;
        return out;
      }) as Db['transaction'],
    };
    const db2: Db = {
      ...r2,
      query: (async (sql: string, params?: unknown[]) => {
        const r = await r2.query(sql, params as unknown[]);
        if (!w2Unlocked && sql.includes('SET locked = NULL WHERE locked IS NOT NULL')) {
          w2Unlocked = true;
          // W1's answer comes in now, between W2's unlock and its first fetch.
          await waitUntilTrue(() => w1Recorded, 15_000);
        }
        return r;
      }) as Db['query'],
    };
    hooks.behave('/w1/tags', { delayMs: 6000, statuses: [200] });
    hooks.behave('/w2/tags', { statuses: [200] });
    const logs1: string[] = [];
    const logs2: string[] = [];
    const w1 = worker(db1, { EVENTS_TEST_WEBHOOK_BASE: hooks.url, EVENTS_TEST_TAGS_WEBHOOK: `${hooks.url}/w1/tags` }, logs1);
    const w2 = worker(db2, { EVENTS_TEST_WEBHOOK_BASE: hooks.url, EVENTS_TEST_TAGS_WEBHOOK: `${hooks.url}/w2/tags` }, logs2);
    await w1.start();
    await w2.start();
    expect(logs2.some((l) => l.includes('stands by'))).toBe(true);
    await a.query(`INSERT INTO public.tags (name) VALUES ('t1')`);
    await waitUntilTrue(() => callsTo('/w1/tags').length >= 1, 10_000);
    const id = callsTo('/w1/tags')[0]!.body.id as string;
    blocked = true;
    await a.query('SELECT pg_terminate_backend($1)', [await advisoryLockPid(a)]);
    await waitUntilTrue(() => w2Unlocked, 3 * STANDBY_RETRY_MS + 2000);
    expect(w2Unlocked).toBe(true);
    await waitUntilTrue(() => w1Recorded, 15_000);
    await sleep(3000); // W2 rounds run
    const row = (await a.query(`SELECT delivered, tries, locked FROM hdb_catalog.event_log WHERE id = $1`, [id])).rows[0];
    await w1.close();
    await w2.close();
    await r1.close();
    await r2.close();
    await a.end();
    expect(w1Recorded).toBe(true);
    expect(row?.delivered).toBe(true);
    // (tags_inserted: the default timeout, 60 s.) W1's webhook answered 200 (and the answer reached the database before W2 fetched): not sent again.
    expect({ w1: callsTo('/w1/tags').length, w2: callsTo('/w2/tags').length, tries: row?.tries }).toEqual({ w1: 1, w2: 0, tries: 1 });
  }, 90_000);
});
