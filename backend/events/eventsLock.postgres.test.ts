// The events lock between two backends in one process on one server Postgres: when the deliverer's
// lock connection is cut (the server or a DBA ends it) it stops and one of them takes the lock
// again, and a deliverer that is closed hands over; through both, every note written is delivered
// once. (Two processes and kill -9: twoBackends.postgres.test.ts.)
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningBackend } from '../server';
import { startTestBackend } from '../../tests/helpers/backend';
import { fileEnv } from '../../tests/helpers/env';
import { startTempPostgres, type TempPostgres } from '../../tests/helpers/postgres';
import { STANDBY_RETRY_MS } from './worker';
import { FIXTURE_PROJECT, startWebhookReceiver, waitUntil, type WebhookReceiver } from './testing';

const PROJECT = FIXTURE_PROJECT;
let server: TempPostgres | null = null;
let hooks: WebhookReceiver;
let admin: pg.Client;
const backends: RunningBackend[] = [];
const env = fileEnv({ NHOST_WEBHOOK_SECRET: 'events-lock-webhook' });

beforeAll(async () => {
  server = await startTempPostgres();
  const url = await server.createDatabase('events_lock');
  hooks = await startWebhookReceiver();
  env.set({ EVENTS_TEST_WEBHOOK_BASE: hooks.url, EVENTS_TEST_TAGS_WEBHOOK: `${hooks.url}/tags` });
  backends.push(await startTestBackend({ projectDir: PROJECT, databaseUrl: url, shared: false }));
  backends.push(await startTestBackend({ projectDir: PROJECT, databaseUrl: url, shared: false }));
  admin = new pg.Client({ connectionString: url });
  await admin.connect();
}, 60_000);

afterAll(async () => {
  await admin?.end();
  for (const b of backends) await b.close().catch(() => undefined);
  await hooks?.close();
  server?.stop();
});

/** Backend pids of the sessions holding an advisory lock. */
async function lockHolders(): Promise<number[]> {
  const r = await admin.query<{ pid: number }>(`SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted`);
  return r.rows.map((x) => x.pid);
}

async function writeNotes(through: RunningBackend, n: number, body: string): Promise<void> {
  for (let i = 0; i < n; i++) {
    const r = await through.engine.execute({ query: `mutation { insert_notes_one(object: {body: "${body}"}) { id } }` }, { 'x-hasura-admin-secret': through.ctx.config.adminSecret });
    expect(r.errors).toBeUndefined();
  }
}

/** Every note event is delivered, each once, and recorded so. */
async function expectEachNoteOnce(total: number): Promise<void> {
  await hooks.waitFor('/notes', total, 20_000);
  // Rounds of both workers pass: nothing is sent again.
  await new Promise((r) => setTimeout(r, 1500));
  const ids = hooks.calls.filter((c) => c.path === '/notes').map((c) => c.body.id as string);
  expect(ids).toHaveLength(total);
  expect(new Set(ids).size).toBe(total);
  await waitUntil(async () => (await admin.query(`SELECT 1 FROM hdb_catalog.event_log WHERE trigger_name = 'notes_changed' AND NOT delivered`)).rowCount === 0, 10_000);
}

describe('events lock on a server Postgres', () => {
  it('one backend holds it; cut, it is taken again; closed, the other takes it; every note goes out once', async () => {
    const [holder] = await lockHolders();
    expect(await lockHolders()).toEqual([holder]);
    await writeNotes(backends[0]!, 2, 'before');
    await writeNotes(backends[1]!, 2, 'before');
    await expectEachNoteOnce(4);

    // The lock's connection ended by the server: the holder stops; within a few standby attempts
    // one of the two holds it again, and notes still go out once each.
    // (pg_terminate_backend only signals: the ended session's lock shows until its process is gone.)
    await admin.query('SELECT pg_terminate_backend($1)', [holder]);
    await waitUntil(async () => {
      const holders = await lockHolders();
      return holders.length === 1 && !holders.includes(holder);
    }, 4 * STANDBY_RETRY_MS + 2000);
    await writeNotes(backends[1]!, 2, 'after the cut');
    await expectEachNoteOnce(6);

    // Closing both in turn: the first one closed hands over to the other if it held the lock.
    await backends[0]!.close();
    await waitUntil(async () => (await lockHolders()).length === 1, 2 * STANDBY_RETRY_MS + 2000);
    await writeNotes(backends[1]!, 2, 'after a close');
    await expectEachNoteOnce(8);
  }, 90_000);
});
