// `npm run backend -- --postgres`: the data folder's own PostgreSQL server (db/embedded.ts), run as
// a host runs it, one real process at a time or two on purpose:
// - the first start creates the cluster, later starts reuse it; a PGlite start on it is refused;
// - one owner per data folder: a second backend on the folder exits before touching the server;
// - kill -9 of the backend during concurrent writes (the server keeps running, the next start stops
//   it cleanly) and of the backend and its server together (a stale postmaster.pid, WAL replay):
//   every acknowledged write is there after the restart; a postmaster.pid naming a live process
//   of another program is not mistaken for the server;
// - event work queued and in flight when backend and server are killed is delivered after the
//   restart, one success per event;
// - an online backup taken while clients write restores into a new folder that serves every write
//   acknowledged before the backup and the uploaded file byte for byte; a backup of a stopped
//   folder starts the server itself.
// A template folder (cluster created, migrated, no seeds) is made once and copied for each case.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backup, restore } from '../../backend/backup';
import { giveToServer } from '../../backend/db/cluster';
import { readPostmasterPid } from '../../backend/db/embedded';
import { LOCK_FILE } from '../../backend/db/lock';
import { startWebhookReceiver, type WebhookReceiver } from '../../backend/events/testing';
import { copyOfFreshCluster } from '../helpers/postgres';
import { ADMIN_HEADERS, adminGraphql, burst, labelNames, spawnBackend, type BackendProcess } from '../helpers/processes';

const ROOT = path.resolve(__dirname, '../..');
const EVENTS_PROJECT = path.join(ROOT, 'backend/events/__fixtures__/project');
let base: string;
let template: string;
let hooks: WebhookReceiver | undefined;
const running: BackendProcess[] = [];
const serverPids: number[] = [];

function copyOfTemplate(name: string): string {
  const dir = path.join(base, name);
  fs.cpSync(template, dir, { recursive: true });
  fs.chmodSync(path.join(dir, 'postgres'), 0o700);
  giveToServer(path.join(dir, 'postgres'));
  return dir;
}

async function start(dir: string, args: string[] = [], env: Record<string, string> = {}): Promise<BackendProcess & { url: string }> {
  const b = spawnBackend(dir, ['--postgres', ...args], env);
  running.push(b);
  const url = await b.ready;
  const pm = readPostmasterPid(path.join(dir, 'postgres'));
  if (pm) serverPids.push(pm.pid);
  return Object.assign(b, { url });
}

async function stop(b: BackendProcess): Promise<void> {
  b.proc.kill('SIGTERM');
  expect(await b.exited).toBe(0);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** kill -9 of the backend, and of its PostgreSQL server too when `server` (a crash of everything). */
async function crash(b: BackendProcess, dir: string, server: boolean): Promise<void> {
  const pm = readPostmasterPid(path.join(dir, 'postgres'));
  b.proc.kill('SIGKILL');
  if (server && pm) process.kill(pm.pid, 'SIGKILL');
  expect(await b.exited).toBe('SIGKILL');
  if (server && pm) while (alive(pm.pid)) await new Promise((r) => setTimeout(r, 50));
}

beforeAll(async () => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'staydesk-embedded-pg-'));
  // Run as root, the server runs as the postgres user, which must reach the folders.
  fs.chmodSync(base, 0o755);
  template = path.join(base, 'template');
  const first = await start(template);
  expect(first.output).toContain(`creating the embedded PostgreSQL cluster in ${path.join(template, 'postgres')}`);
  expect(first.output).toContain(`database: embedded PostgreSQL server in ${template}`);
  await stop(first);
  // Shutdown stopped the server (no postmaster.pid) and released the folder.
  expect(fs.existsSync(path.join(template, 'postgres', 'postmaster.pid'))).toBe(false);
  expect(fs.existsSync(path.join(template, LOCK_FILE))).toBe(false);
}, 180_000);

afterAll(async () => {
  for (const b of running) if (b.proc.exitCode === null && b.proc.signalCode === null) b.proc.kill('SIGKILL');
  for (const pid of serverPids) if (alive(pid)) process.kill(pid, 'SIGKILL');
  await hooks?.close();
  fs.rmSync(base, { recursive: true, force: true });
});

describe('the data folder as its own PostgreSQL server', () => {
  it('reuses the cluster on a later start, refuses a second backend and a PGlite start on the folder; a folder with spaces, reached through a symlink too', async () => {
    // pg_ctl hands its server options to a shell: a space in the folder's path must survive it.
    const dir = copyOfTemplate('owned folder');
    const first = await start(dir);
    expect(first.output).not.toContain('creating the embedded PostgreSQL cluster');
    await adminGraphql(first.url, 'mutation { insert_labels_one(object: {name: "kept"}) { id } }');

    const second = spawnBackend(dir, ['--postgres']);
    running.push(second);
    expect(await second.exited).toBe(1);
    expect(second.output).toContain(`in use by another backend (pid ${first.proc.pid}, ${first.url}`);
    expect(second.output).not.toContain('database: embedded PostgreSQL');
    await stop(first);

    const pglite = spawnBackend(dir);
    running.push(pglite);
    expect(await pglite.exited).toBe(1);
    expect(pglite.output).toContain(`${dir} holds an embedded PostgreSQL server's data (postgres/), not PGlite's: start it with --postgres`);
    expect(fs.existsSync(path.join(dir, 'pglite'))).toBe(false);

    const again = await start(dir);
    expect(await labelNames(again.url)).toContain('kept');
    // The backend dies, its server lives on; the next start comes through a symlink to the folder:
    // the running server is still recognised as this cluster's (stopped cleanly, not "stale").
    await crash(again, dir, false);
    const link = path.join(base, 'link to owned');
    fs.symlinkSync(dir, link);
    const viaLink = await start(link);
    expect(viaLink.output).toContain('is still running without its backend');
    expect(viaLink.output).not.toContain('stale postmaster.pid');
    expect(await labelNames(viaLink.url)).toContain('kept');
    await stop(viaLink);
  }, 120_000);

  it('keeps every acknowledged write through kill -9 of the backend, then of backend and server together, during concurrent bursts', async () => {
    const dir = copyOfTemplate('killed');
    const acknowledged: string[] = [];
    let b = await start(dir);
    const rounds: Array<{ server: boolean; expectLine: RegExp }> = [
      { server: false, expectLine: /PostgreSQL server of .* \(pid \d+\) is still running without its backend .*: stopping it cleanly first/ },
      { server: true, expectLine: /removed the stale postmaster\.pid of .* \(pid \d+ is no longer its server\)/ },
    ];
    for (const [i, round] of rounds.entries()) {
      const writers = burst(b.url, 4, `kill${i}`);
      // Killed mid-burst: after some writes were acknowledged, while more are in flight.
      await writers.acknowledgedAtLeast(20 + 20 * i);
      await crash(b, dir, round.server);
      await writers.stop();
      expect(writers.acknowledged.length).toBeGreaterThan(0);
      acknowledged.push(...writers.acknowledged);

      b = await start(dir);
      expect(b.output).toContain(`took over the lock of ${dir}`);
      expect(b.output).toMatch(round.expectLine);
      const names = await labelNames(b.url);
      expect(acknowledged.filter((n) => !names.has(n))).toEqual([]);
    }
    // A postmaster.pid naming a live process that is not the server (a pid reused after a crash).
    await stop(b);
    fs.writeFileSync(path.join(dir, 'postgres', 'postmaster.pid'), `${process.pid}\n${path.join(dir, 'postgres')}\n0\n5432\n/nowhere\n`);
    b = await start(dir);
    expect(b.output).toContain(`(pid ${process.pid} is no longer its server)`);
    const names = await labelNames(b.url);
    expect(acknowledged.filter((n) => !names.has(n))).toEqual([]);
    await stop(b);
  }, 240_000);

  it('delivers after a crash of backend and server the event work that was queued and in flight, one success each', async () => {
    hooks = await startWebhookReceiver();
    // Every first call hangs: the crash comes while deliveries wait and others queue behind them.
    hooks.behave('/notes', { delayMs: 30_000 });
    const dir = path.join(base, 'events');
    // A cluster as a first start leaves it (initdb'd; that start is proven in beforeAll).
    copyOfFreshCluster(path.join(dir, 'postgres'));
    const env = { EVENTS_TEST_WEBHOOK_BASE: hooks.url, EVENTS_TEST_TAGS_WEBHOOK: `${hooks.url}/tags` };
    let b = await start(dir, ['--project', EVENTS_PROJECT], env);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${b.url}/v1/graphql`, { method: 'POST', headers: ADMIN_HEADERS, body: JSON.stringify({ query: `mutation { insert_notes_one(object: {body: "queued ${i}"}) { id } }` }) });
      expect(((await res.json()) as { data?: unknown }).data).toBeTruthy();
    }
    await hooks.waitFor('/notes', 1);
    await crash(b, dir, true);

    hooks.behave('/notes', {});
    b = await start(dir, ['--project', EVENTS_PROJECT], env);
    const pending = async () => {
      const res = await fetch(`${b.url}/v1/metadata`, {
        method: 'POST',
        headers: ADMIN_HEADERS,
        body: JSON.stringify({ type: 'pg_get_event_logs', args: { name: 'notes_changed', status: 'processed', limit: 100 } }),
      });
      return (await res.json()) as Array<{ id: string }>;
    };
    let delivered: Array<{ id: string }> = [];
    for (let i = 0; i < 200 && delivered.length < 5; i++) {
      delivered = await pending();
      if (delivered.length < 5) await new Promise((r) => setTimeout(r, 100));
    }
    expect(delivered).toHaveLength(5);
    for (const { id } of delivered) {
      ids.push(id);
      const res = await fetch(`${b.url}/v1/metadata`, { method: 'POST', headers: ADMIN_HEADERS, body: JSON.stringify({ type: 'pg_get_event_by_id', args: { event_id: id } }) });
      const byId = (await res.json()) as { event: { delivered: boolean }; invocations: Array<{ status: number }> };
      expect(byId.event.delivered).toBe(true);
      expect(byId.invocations.filter((x) => x.status === 200)).toHaveLength(1);
    }
    const bodies = hooks.calls.filter((c) => c.path === '/notes').map((c) => (c.body.event as { data: { new: { body: string } } }).data.new.body);
    expect(new Set(bodies)).toEqual(new Set(['queued 0', 'queued 1', 'queued 2', 'queued 3', 'queued 4']));
    await stop(b);
  }, 150_000);

  it('backs up online while clients write and restores into a new folder that serves the acknowledged writes and the file; a stopped folder too', async () => {
    const dir = copyOfTemplate('backed-up');
    const b = await start(dir);
    const bytes = randomBytes(48 * 1024);
    const form = new FormData();
    form.append('file[]', new Blob([bytes], { type: 'application/octet-stream' }), 'contract.bin');
    const up = await fetch(`${b.url}/v1/storage/files`, { method: 'POST', body: form, headers: { 'x-hasura-admin-secret': ADMIN_HEADERS['x-hasura-admin-secret'] } });
    const fileId = ((await up.json()) as { processedFiles: Array<{ id: string }> }).processedFiles[0].id;

    const writers = burst(b.url, 3, 'online');
    await writers.acknowledgedAtLeast(10);
    const before = [...writers.acknowledged];
    const out = path.join(base, 'backup-online');
    const manifest = await backup({ dataDir: dir, outDir: out, projectDir: path.join(ROOT, 'nhost') });
    await writers.stop();
    expect(manifest).toMatchObject({ source: 'embedded-postgres', database: 'postgres/', serverVersion: '16', files: 1 });
    expect(fs.readFileSync(path.join(out, 'postgres', 'backup_label'), 'utf8')).toContain('BACKUP METHOD: streamed');
    await stop(b);

    const restored = path.join(base, 'restored');
    await restore({ inDir: out, dataDir: restored, projectDir: path.join(ROOT, 'nhost') });
    // Never over existing data.
    await expect(restore({ inDir: out, dataDir: restored, projectDir: path.join(ROOT, 'nhost') })).rejects.toThrow(/already holds data \(postgres, storage\)/);
    const r = await start(restored);
    const names = await labelNames(r.url);
    expect(before.length).toBeGreaterThan(0);
    expect(before.filter((n) => !names.has(n))).toEqual([]);
    const file = await fetch(`${r.url}/v1/storage/files/${fileId}`, { headers: { 'x-hasura-admin-secret': ADMIN_HEADERS['x-hasura-admin-secret'] } });
    expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);
    await stop(r);

    // The backend stopped: backup starts the folder's server for the copy and stops it again;
    // with nothing writing, its row counts are exact, and the restore replays to them.
    const offline = path.join(base, 'backup-offline');
    const stopped = await backup({ dataDir: restored, outDir: offline, projectDir: path.join(ROOT, 'nhost') });
    expect(stopped.tables?.['public.labels']).toBe(names.size);
    expect(fs.existsSync(path.join(restored, 'postgres', 'postmaster.pid'))).toBe(false);
    expect(fs.existsSync(path.join(restored, LOCK_FILE))).toBe(false);
    await restore({ inDir: offline, dataDir: path.join(base, 'restored-again'), projectDir: path.join(ROOT, 'nhost') });
    expect(fs.existsSync(path.join(base, 'restored-again', 'postgres', 'backup_label.old'))).toBe(true);
  }, 150_000);
});
