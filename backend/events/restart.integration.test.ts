// An event survives kill -9 of the backend between its commit and its delivery: the backend runs
// as a real process on an on-disk PGlite folder, is killed while the webhook call is in flight
// (the event locked, its try not yet recorded), and after a restart the event is delivered again,
// with exactly one successful delivery in the log.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migratedDataFolder } from '../../tests/helpers/backend';
import { BACKEND_NODE_ARGS } from '../../tests/helpers/processes';
import { startWebhookReceiver, type WebhookReceiver } from './testing';

const ROOT = path.resolve(__dirname, '..', '..');
const PROJECT = path.join(__dirname, '__fixtures__', 'project');
const ADMIN_SECRET = 'restart-test-admin-secret';
const children: ChildProcess[] = [];
let hooks: WebhookReceiver | undefined;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'staydesk-events-restart-'));

afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  await hooks?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

async function startBackendProcess(port: number, webhookBase: string): Promise<ChildProcess> {
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
    hooks = await startWebhookReceiver();
    // The first call hangs: the backend is killed while it waits.
    hooks.behave('/notes', { delayMs: 30_000 });
    const port = await freePort();
    // The folder as a first start leaves it (migrated), without that start's initdb and migrations.
    await migratedDataFolder(dataDir, { projectDir: PROJECT });
    const first = await startBackendProcess(port, hooks.url);
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
    const second = await startBackendProcess(port, hooks.url);
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
});
