// The `crons` start option (startBackend, tests/helpers/backend.ts): a test backend started without
// crons (the helper's default) still delivers table events and one-off scheduled events but
// schedules no cron run and delivers none, not even one already due; startBackend called as
// backend/cli.ts calls it (no option) schedules the cron triggers and delivers a due run, as
// production needs. On the events fixture project (nightly_close, notes_changed) with a local
// webhook receiver.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import type { Db } from '../db';
import { startBackend, type RunningBackend } from '../server';
import { freshDatabase, startTestBackend } from '../../tests/helpers/backend';
import { fileEnv } from '../../tests/helpers/env';
import { startWebhookReceiver, waitUntil, type WebhookReceiver } from './testing';

const PROJECT = path.join(__dirname, '__fixtures__', 'project');
let hooks: WebhookReceiver;
const env = fileEnv({ NHOST_WEBHOOK_SECRET: 'test-webhook-secret' });

beforeAll(async () => {
  hooks = await startWebhookReceiver();
  env.set({ EVENTS_TEST_WEBHOOK_BASE: hooks.url, EVENTS_TEST_TAGS_WEBHOOK: `${hooks.url}/tags` });
});
afterAll(() => hooks?.close());

const cronRows = async (backend: RunningBackend) =>
  (await backend.ctx.db.query<{ id: string; status: string; scheduled_time: Date }>(`SELECT id, status, scheduled_time FROM hdb_catalog.hdb_cron_events WHERE trigger_name = 'nightly_close' ORDER BY scheduled_time`)).rows;

async function metadata(backend: RunningBackend, body: unknown) {
  const res = await fetch(`${backend.url}/v1/metadata`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-hasura-admin-secret': backend.ctx.config.adminSecret }, body: JSON.stringify(body) });
  return (await res.json()) as { message?: string; event_id?: string };
}

/** A run of nightly_close due a second ago (within its tolerance): a worker running crons sends it at once. */
async function dueCronRun(backend: RunningBackend): Promise<string> {
  const r = await backend.ctx.db.query<{ id: string }>(`INSERT INTO hdb_catalog.hdb_cron_events (trigger_name, scheduled_time) VALUES ('nightly_close', now() - interval '1 second') RETURNING id`);
  return r.rows[0].id;
}

describe('a test backend started without crons (the test helper’s default)', () => {
  let backend: RunningBackend;
  beforeAll(async () => {
    backend = await startTestBackend({ projectDir: PROJECT, shared: false });
  });
  afterAll(() => backend?.close());

  it('delivers table events and one-off scheduled events, but schedules and sends no cron run', async () => {
    const due = await dueCronRun(backend);
    await backend.engine.execute({ query: 'mutation { insert_notes_one(object: {body: "crons off"}) { id } }' }, { 'x-hasura-admin-secret': backend.ctx.config.adminSecret });
    const [note] = await hooks.waitFor('/notes', 1);
    expect(note.body.event).toMatchObject({ op: 'INSERT', data: { new: { body: 'crons off' } } });
    const once = await metadata(backend, { type: 'create_scheduled_event', args: { webhook: `${hooks.url}/once`, schedule_at: new Date(Date.now() + 300).toISOString(), payload: { off: true } } });
    expect(once.message).toBe('success');
    const [call] = await hooks.waitFor('/once', 1);
    expect(call.body).toMatchObject({ id: once.event_id, payload: { off: true } });
    // Rounds after the one-off's (the worker polls every second): a due cron run would have gone
    // out in the same round as the one-off, and the first round tops up 100 future runs.
    await new Promise((r) => setTimeout(r, 2500));
    expect(hooks.calls.filter((c) => c.path === '/cron')).toEqual([]);
    expect((await cronRows(backend)).map((r) => [r.id, r.status])).toEqual([[due, 'scheduled']]);
  });
});

describe('startBackend without the option, as backend/cli.ts starts production', () => {
  let backend: RunningBackend | undefined;
  let db: Db;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'staydesk-crons-on-'));
  beforeAll(async () => {
    db = await freshDatabase(PROJECT, false);
    const config = loadConfig({ project: PROJECT, port: '0', data: dataDir, host: '127.0.0.1', seeds: 'false', quiet: true }, { ...process.env, DATABASE_URL: '' });
    backend = await startBackend(config, { db });
  });
  afterAll(async () => {
    await backend?.close();
    await db?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('schedules the cron triggers’ next runs and delivers a due run', async () => {
    const running = backend as RunningBackend;
    hooks.calls.length = 0;
    const due = await dueCronRun(running);
    const [call] = await hooks.waitFor('/cron', 1);
    expect(call.body).toMatchObject({ name: 'nightly_close', id: due, payload: { job: 'close' } });
    await waitUntil(async () => (await cronRows(running)).filter((r) => new Date(r.scheduled_time).getTime() > Date.now()).length >= 50, 10_000);
    for (const r of (await cronRows(running)).filter((x) => x.id !== due)) expect(new Date(r.scheduled_time).toISOString()).toMatch(/T00:05:00\.000Z$/);
  });
});
