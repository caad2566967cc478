// An event, and a cron trigger's run, survive kill -9 of the backend between their commit and their
// delivery: the backend runs as a real process on an on-disk PGlite folder (crons on, as
// backend/cli.ts always runs them), is killed while the webhook call is in flight (locked, its try
// not yet recorded), and after a restart it is delivered again, with exactly one successful
// delivery in the log.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migratedDataFolder } from '../../tests/helpers/backend';
import { BACKEND_NODE_ARGS, freePort } from '../../tests/helpers/processes';
import { openDb } from '../db';
import { startWebhookReceiver, type WebhookReceiver } from './testing';

const ROOT = path.resolve(__dirname, '..', '..');
const PROJECT = path.join(__dirname, '__fixtures__', 'project');
const ADMIN_SECRET = 'restart-test-admin-secret';
const children: ChildProcess[] = [];
const receivers: WebhookReceiver[] = [];
const dataDirs: string[] = [];

afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  for (const r of receivers) await r.close();
  for (const d of dataDirs) fs.rmSync(d, { recursive: true, force: true });
});

/** A webhook receiver and a migrated data folder of the test's own. */
async function setUp(): Promise<{ hooks: WebhookReceiver; dataDir: string }> {
  const hooks = await startWebhookReceiver();
  receivers.push(hooks);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'staydesk-events-restart-'));
  dataDirs.push(dataDir);
  // The folder as a first start leaves it (migrated), without that start's initdb and migrations.
  await migratedDataFolder(dataDir, { projectDir: PROJECT });
  return { hooks, dataDir };
}

async function startBackendProcess(port: number, webhookBase: string, dataDir: string): Promise<ChildProcess> {
  // node itself (with tsx as a loader), so SIGKILL reaches the backend and not a wrapper process.
  const child = spawn(process.execPath, [...BACKEND_NODE_ARGS, 'backend/cli.ts', '--project', PROJECT, '--port', String(port), '--data', dataDir, '--seeds', 'false'], {
    cwd: ROOT,
    env: { ...process.env, NHOST_ADMIN_SECRET: ADMIN_SECRET, EVENTS_TEST_WEBHOOK_BASE: webhookBase, EVENTS_TEST_TAGS_WEBHOOK: `${webhookBase}/tags`, NHOST_BACKEND_QUIET: 'true' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const end = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`backend exited: ${output}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return child;
    } catch {
      // not up yet
    }
    if (Date.now() > end) throw new Error(`backend did not start: ${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function metadata(port: number, body: unknown): Promise<any> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const res = await fetch(`http://127.0.0.1:${port}/v1/metadata`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-hasura-admin-secret': ADMIN_SECRET }, body: JSON.stringify(body) });
  return res.json();
}

describe('event delivery across kill -9', () => {
  it('delivers after the restart an event whose delivery was cut off, and records one success', async () => {
    const { hooks, dataDir } = await setUp();
    // The first call hangs: the backend is killed while it waits.
    hooks.behave('/notes', { delayMs: 30_000 });
    const port = await freePort();
    const first = await startBackendProcess(port, hooks.url, dataDir);
    const res = await fetch(`http://127.0.0.1:${port}/v1/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hasura-admin-secret': ADMIN_SECRET },
      body: JSON.stringify({ query: 'mutation { insert_notes_one(object: {body: "survives"}) { id } }' }),
    });
    expect(((await res.json()) as { data?: unknown }).data).toBeTruthy();
    const [call] = await hooks.waitFor('/notes', 1);
    const eventId = call.body.id as string;
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));

    hooks.behave('/notes', {});
    const second = await startBackendProcess(port, hooks.url, dataDir);
    const calls = await hooks.waitFor('/notes', 2, 20_000);
    expect(calls[1].body.id).toBe(eventId);
    let byId: { event: { delivered: boolean; tries: number }; invocations: { status: number }[] } | undefined;
    for (let i = 0; i < 100; i++) {
      byId = await metadata(port, { type: 'pg_get_event_by_id', args: { event_id: eventId } });
      if (byId?.event?.delivered) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(byId?.event.delivered).toBe(true);
    expect(byId?.invocations.map((x) => x.status)).toEqual([200]);
    second.kill('SIGTERM');
    await new Promise((r) => second.once('exit', r));
  }, 120_000);

  it('delivers after the restart a cron run whose delivery was cut off, once, and records one success', async () => {
    const { hooks, dataDir } = await setUp();
    hooks.behave('/cron', { delayMs: 30_000 });
    const port = await freePort();
    // A run that is due now, as the worker's top-up would have scheduled it.
    const db = await openDb({ dataDir });
    const due = (await db.query<{ id: string }>(`INSERT INTO hdb_catalog.hdb_cron_events (trigger_name, scheduled_time) VALUES ('nightly_close', now() - interval '1 second') RETURNING id`)).rows[0].id;
    await db.close();
    const first = await startBackendProcess(port, hooks.url, dataDir);
    const [call] = await hooks.waitFor('/cron', 1, 20_000);
    expect(call.body.id).toBe(due);
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));

    hooks.behave('/cron', {});
    const second = await startBackendProcess(port, hooks.url, dataDir);
    const calls = await hooks.waitFor('/cron', 2, 20_000);
    expect(calls[1].body.id).toBe(due);
    let ev: { status: string; tries: number } | undefined;
    for (let i = 0; i < 100; i++) {
      const r = await metadata(port, { type: 'get_scheduled_events', args: { type: 'cron', trigger_name: 'nightly_close' } });
      ev = r.events.find((e: { id: string }) => e.id === due);
      if (ev?.status === 'delivered') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(ev?.status).toBe('delivered');
    expect(ev?.tries).toBe(1);
    const inv = await metadata(port, { type: 'get_scheduled_event_invocations', args: { type: 'cron', event_id: due } });
    expect(inv.invocations.map((x: { status: number }) => x.status)).toEqual([200]);
    // Two more rounds of the worker (1 s apart): nothing further for this run, no run time twice.
    await new Promise((r) => setTimeout(r, 2500));
    expect(hooks.calls.filter((c) => c.path === '/cron' && c.body.id === due).length).toBe(2);
    const all = await metadata(port, { type: 'get_scheduled_events', args: { type: 'cron', trigger_name: 'nightly_close' } });
    const times = all.events.map((e: { scheduled_time: string }) => String(e.scheduled_time));
    expect(new Set(times).size).toBe(times.length);
    second.kill('SIGTERM');
    await new Promise((r) => second.once('exit', r));
  }, 120_000);
});
