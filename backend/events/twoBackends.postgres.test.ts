// Two backends on one server Postgres: one delivers the database's events (the holder of the events
// lock), the other stands by. Real `cli.ts` processes on a throwaway server: a backend started while
// the first has a delivery in flight leaves it alone (it used to release every lock at its start and
// send that event a second time); events written through the standing-by backend go out once,
// through the first; and when the first is killed with kill -9, the second takes over and sends the
// cut-off delivery again with its id. Counted: every event acknowledged is delivered, none twice
// while its first delivery was alive.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTempPostgres, type TempPostgres } from '../../tests/helpers/postgres';
import { BACKEND_NODE_ARGS, freePort } from '../../tests/helpers/processes';
import { STANDBY_RETRY_MS } from './worker';
import { startWebhookReceiver, type WebhookReceiver } from './testing';

const ROOT = path.resolve(__dirname, '..', '..');
const PROJECT = path.join(__dirname, '__fixtures__', 'project');
const ADMIN_SECRET = 'two-backends-admin-secret';
const children: ChildProcess[] = [];
const dataDirs: string[] = [];
let server: TempPostgres | null = null;
let hooks: WebhookReceiver;
let databaseUrl = '';

beforeAll(async () => {
  server = await startTempPostgres();
  databaseUrl = await server.createDatabase('two_backends');
  hooks = await startWebhookReceiver();
}, 60_000);

afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  await hooks?.close();
  server?.stop();
  for (const d of dataDirs) fs.rmSync(d, { recursive: true, force: true });
});

interface Backend {
  child: ChildProcess;
  port: number;
  output: () => string;
}

async function startBackend(): Promise<Backend> {
  const port = await freePort();
  // A data folder each (their uploaded files; the database is the server's), as two hosts would have.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'staydesk-two-backends-'));
  dataDirs.push(dataDir);
  // node itself (tsx as a loader), so SIGKILL reaches the backend and not a wrapper process.
  const child = spawn(process.execPath, [...BACKEND_NODE_ARGS, 'backend/cli.ts', '--project', PROJECT, '--port', String(port), '--data', dataDir, '--seeds', 'false'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, NHOST_ADMIN_SECRET: ADMIN_SECRET, EVENTS_TEST_WEBHOOK_BASE: hooks.url, EVENTS_TEST_TAGS_WEBHOOK: `${hooks.url}/tags`, NHOST_WEBHOOK_SECRET: 'two-backends-webhook' },
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
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return { child, port, output: () => output };
    } catch {
      // not up yet
    }
    if (Date.now() > end) throw new Error(`backend did not start: ${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function call(port: number, route: 'graphql' | 'metadata', body: unknown): Promise<any> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const res = await fetch(`http://127.0.0.1:${port}/v1/${route}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-hasura-admin-secret': ADMIN_SECRET }, body: JSON.stringify(body) });
  return res.json();
}

async function delivered(port: number, eventId: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const r = await call(port, 'metadata', { type: 'pg_get_event_by_id', args: { event_id: eventId } });
    if (r?.event?.delivered) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`event ${eventId} not recorded as delivered`);
}

const callsTo = (p: string, id?: string) => hooks.calls.filter((c) => c.path === p && (id === undefined || c.body.id === id));

describe('two backends on one server Postgres', () => {
  it('one delivers, the other stands by and takes over a kill -9, and no event goes out twice while its delivery is alive', async () => {
    const first = await startBackend();
    // A one-off event whose call hangs (its timeout an hour): in flight, locked by the first backend.
    hooks.behave('/hang', { delayMs: 120_000 });
    const created = await call(first.port, 'metadata', { type: 'create_scheduled_event', args: { webhook: `${hooks.url}/hang`, schedule_at: new Date().toISOString(), retry_conf: { num_retries: 0, timeout_seconds: 3600 } } });
    const hanging = created.event_id as string;
    await hooks.waitFor('/hang', 1, 20_000);

    const second = await startBackend();
    // Rounds of both workers pass (1 s apart, the standby's lock attempts every STANDBY_RETRY_MS).
    await new Promise((r) => setTimeout(r, STANDBY_RETRY_MS + 1500));
    expect(callsTo('/hang', hanging)).toHaveLength(1);
    expect(second.output()).toContain('stands by');

    // Notes written through either backend go out once each, from the one that delivers.
    const ids: string[] = [];
    for (const b of [second, first, second]) {
      const r = await call(b.port, 'graphql', { query: 'mutation { insert_notes_one(object: {body: "either"}) { id } }' });
      expect(r.data?.insert_notes_one?.id).toBeTruthy();
    }
    const notes = await hooks.waitFor('/notes', 3, 20_000);
    ids.push(...notes.map((c) => c.body.id as string));
    expect(new Set(ids).size).toBe(3);
    // Recorded as delivered (the kill below is to cut off only the hanging call).
    for (const id of ids) await delivered(second.port, id);

    // kill -9 of the delivering backend, its call still open: the second takes the lock (Postgres
    // frees it with the dead connection) and sends the cut-off event again, with its id.
    hooks.behave('/hang', {});
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));
    await hooks.waitFor('/hang', 2, 30_000);
    expect(callsTo('/hang', hanging)).toHaveLength(2);
    let event: { status: string; tries: number } | undefined;
    for (let i = 0; i < 100 && event?.status !== 'delivered'; i++) {
      const r = await call(second.port, 'metadata', { type: 'get_scheduled_events', args: { type: 'one_off' } });
      event = r.events?.find((e: { id: string }) => e.id === hanging);
      if (event?.status !== 'delivered') await new Promise((r) => setTimeout(r, 100));
    }
    expect(event).toMatchObject({ status: 'delivered', tries: 1 });

    // A note written after the takeover goes out through the second backend, and nothing was sent
    // twice: acknowledged 1 one-off + 4 notes, each delivered, the notes once each.
    await call(second.port, 'graphql', { query: 'mutation { insert_notes_one(object: {body: "after"}) { id } }' });
    await hooks.waitFor('/notes', 4, 20_000);
    await new Promise((r) => setTimeout(r, 1500));
    const noteIds = callsTo('/notes').map((c) => c.body.id as string);
    expect(noteIds).toHaveLength(4);
    expect(new Set(noteIds).size).toBe(4);
    for (const id of noteIds) await delivered(second.port, id);
    second.child.kill('SIGTERM');
    await new Promise((r) => second.child.once('exit', r));
  }, 180_000);
});
