// Starts the real embedded backend in-process for integration tests: a fresh in-memory PGlite
// (or the server Postgres given), a free port, quiet logs, rate limits as the test asks.
//
// Each fresh PGlite starts from a snapshot of a migrated (and, if asked, seeded) database instead
// of running initdb and every migration again: initdb alone costs 8-17 s on a 2-core machine, a
// snapshot loads in 2-4 s. Snapshots are kept per worker and on disk (node_modules/.cache), keyed
// by the project's migrations, seeds, the backend's own schema files, PGlite's version and the
// seeds' day, so any change to them makes a new one. The same snapshots give backend processes
// their data folder (migratedDataFolder) and SQL tests an empty database (emptyDatabase).
// STAYDESK_TEST_DB_SNAPSHOTS=off runs initdb and migrations every time, as before.
// In a worker whose files run one after another (node-shared) the files take turns on one such
// database, put back as the snapshot left it between them (sharedDatabases.ts); each backend
// still starts its own services.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../backend/config';
import { migrate, openDb, type Db } from '../../backend/db';
import { loadEventsConfig } from '../../backend/events/config';
import { installEventTriggers } from '../../backend/events/install';
import { startBackend, type RunningBackend } from '../../backend/server';
import { leaseSharedDatabase, sharingEnabled, type Lease } from './sharedDatabases';

const ROOT = path.resolve(__dirname, '../..');
const CACHE_DIR = path.join(ROOT, 'node_modules/.cache/staydesk/test-db');
// Above the number of kinds one full run makes (the empty database, the project with and without
// seeds, the fixture projects...): eviction by age would otherwise drop the empty snapshot, made
// first, and a later file would pay its initdb again.
const KEEP_ON_DISK = 24;
const snapshots = new Map<string, Promise<Blob>>();

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)])).sort();
}

/**
 * What the migrated database depends on: any change makes another snapshot. Files are named
 * relative to their project (or the repository), not by where the project lies, so a project a
 * test writes to a new temp folder on every run (aggregateLimit.test.ts) finds the snapshot its
 * last run made instead of paying initdb and a new cache entry each time.
 */
function snapshotKey(projectDir: string, applySeeds: boolean): string {
  const hash = createHash('sha256');
  const pglite = JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string };
  // The seeds date everything from their day (STAYDESK_SEED_TODAY, else today in Budapest).
  const seedDay = process.env.STAYDESK_SEED_TODAY || new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Budapest' }).format(new Date());
  // checkpointed: snapshots taken after a CHECKPOINT; byContent: files named relative to their root.
  hash.update(JSON.stringify({ pglite: pglite.version, applySeeds, seedDay: applySeeds ? seedDay : '', checkpointed: true, byContent: true }));
  const sources: [string, string][] = [
    ...filesUnder(path.join(projectDir, 'migrations')).map((f): [string, string] => [projectDir, f]),
    ...(applySeeds ? filesUnder(path.join(projectDir, 'seeds')).map((f): [string, string] => [projectDir, f]) : []),
    ...[...filesUnder(path.join(ROOT, 'backend/db/system')), path.join(ROOT, 'backend/db/migrate.ts')].map((f): [string, string] => [ROOT, f]),
  ];
  for (const [root, file] of sources) hash.update(`${root === ROOT ? 'repo' : 'project'}:${path.relative(root, file)}\0`).update(fs.readFileSync(file));
  return hash.digest('hex').slice(0, 32);
}

/**
 * The snapshot file `key` names, made by `prepare` when missing: on a new in-memory database, or
 * on one loaded from `base` (the empty snapshot, as initdb leaves it: its load costs ~2 s of CPU,
 * initdb ~5 s, and a clean checkout such as CI's builds every project's snapshot once).
 */
async function buildSnapshot(file: string, prepare: (db: Db) => Promise<unknown>, base?: () => Promise<Blob>): Promise<Blob> {
  if (fs.existsSync(file)) return new Blob([fs.readFileSync(file)]);
  const db = await openDb(base ? { loadDataDir: await base() } : {});
  try {
    await prepare(db);
    // A checkpoint first, so a database opened from the snapshot has no WAL to replay.
    await db.exec('CHECKPOINT');
    const blob = await db.snapshot!();
    // Another worker may write the same snapshot meanwhile: each writes its own file, then renames.
    fs.mkdirSync(CACHE_DIR, { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, Buffer.from(await blob.arrayBuffer()));
    fs.renameSync(tmp, file);
    pruneCache();
    return blob;
  } finally {
    await db.close();
  }
}

/** A snapshot (made on first use in this worker, or read from the disk cache). */
function snapshotOf(key: string, prepare: (db: Db) => Promise<unknown>, base?: () => Promise<Blob>): { file: string; blob: Promise<Blob> } {
  const file = path.join(CACHE_DIR, `${key}.tar`);
  let snapshot = snapshots.get(key);
  if (!snapshot) {
    snapshot = buildSnapshot(file, prepare, base);
    snapshots.set(key, snapshot);
    snapshot.catch(() => snapshots.delete(key));
  }
  return { file, blob: snapshot };
}

function projectSnapshot(projectDir: string, applySeeds: boolean) {
  return snapshotOf(snapshotKey(projectDir, applySeeds), (db) => migrate(db, { projectDir, applySeeds }), () => emptySnapshot().blob);
}

function pruneCache(): void {
  const entries = fs.readdirSync(CACHE_DIR).filter((f) => f.endsWith('.tar')).map((f) => ({ f, at: fs.statSync(path.join(CACHE_DIR, f)).mtimeMs }));
  for (const { f } of entries.sort((a, b) => b.at - a.at).slice(KEEP_ON_DISK)) fs.rmSync(path.join(CACHE_DIR, f), { force: true });
}

/** A fresh in-memory database of the project, migrated (and seeded when asked). */
export async function freshDatabase(projectDir: string, applySeeds: boolean) {
  if (process.env.STAYDESK_TEST_DB_SNAPSHOTS === 'off') return openDb({});
  return openDb({ loadDataDir: await projectSnapshot(projectDir, applySeeds).blob });
}

/**
 * A fresh in-memory PGlite as initdb leaves it (no schema at all), loaded from a cached snapshot:
 * PGlite's initdb costs ~5 s of CPU, the load ~1.5 s. For tests of migrations, seeds and SQL.
 */
export async function emptyDatabase(opts: { statementTimeoutMs?: number } = {}): Promise<Db> {
  if (process.env.STAYDESK_TEST_DB_SNAPSHOTS === 'off') return openDb(opts);
  return openDb({ ...opts, loadDataDir: await emptySnapshot().blob });
}

/** The snapshot of a database as initdb leaves it (the only one made by PGlite's initdb). */
function emptySnapshot() {
  const pglite = JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string };
  const key = createHash('sha256').update(JSON.stringify({ empty: true, pglite: pglite.version })).digest('hex').slice(0, 32);
  return snapshotOf(key, async () => undefined);
}

/**
 * A data folder for a backend process (`--data`) whose database is the project's, migrated (and
 * seeded when asked), as a backend's first start leaves it: the snapshot unpacked into
 * <dataDir>/pglite (tar, no PGlite needed) instead of that start's initdb and migrations, which
 * cost a spawned backend 10-20 s of CPU. For tests about later starts; a first start is tested
 * as a first start (dev-command, pglite folder tests).
 */
export async function migratedDataFolder(dataDir: string, opts: { projectDir?: string; applySeeds?: boolean } = {}): Promise<string> {
  const projectDir = path.resolve(ROOT, opts.projectDir ?? 'nhost');
  const applySeeds = opts.applySeeds ?? false;
  const pglite = path.join(dataDir, 'pglite');
  if (process.env.STAYDESK_TEST_DB_SNAPSHOTS === 'off') {
    const db = await openDb({ dataDir });
    try {
      await migrate(db, { projectDir, applySeeds });
    } finally {
      await db.close();
    }
    return dataDir;
  }
  const { file, blob } = projectSnapshot(projectDir, applySeeds);
  await blob;
  fs.mkdirSync(pglite, { recursive: true });
  // The snapshot's members are absolute (/PG_VERSION, /base/...): tar makes them relative.
  execFileSync('tar', ['-xf', file, '-C', pglite], { stdio: 'pipe' });
  // Taken from a running in-memory database: a folder closed cleanly has no postmaster.pid.
  fs.rmSync(path.join(pglite, 'postmaster.pid'), { force: true });
  return dataDir;
}

export interface TestBackendOptions {
  /** Nhost project folder; default the product's own nhost/. */
  projectDir?: string;
  /** Use this server Postgres instead of a fresh in-memory PGlite. */
  databaseUrl?: string;
  applySeeds?: boolean;
  /** Extra environment (e.g. AUTH_* switches) visible to the services while they start. */
  env?: Record<string, string>;
  /**
   * false: a database of its own, even where the worker's files share theirs (sharedDatabases.ts),
   * for a file that changes what a reset cannot put back (the schema, session settings).
   */
  shared?: boolean;
  /**
   * true: the metadata's cron triggers run, as in production. Default false: a test backend
   * schedules and delivers no cron runs (registry_tick would record demo guests' check-outs and
   * queue NTAK/VIZA submissions every minute under tests that do not expect it, at ~1.7 s of CPU
   * per backend and minute, measured idle: 2.5 s with, 0.8 s without); table event triggers and
   * one-off scheduled events work as ever. Files that test crons pass true (events.suite.ts). The
   * in-process start option (startBackend's `crons`), not an environment variable, so nothing
   * production runs can turn crons off.
   */
  crons?: boolean;
}

/** The in-memory database a test backend starts on: the worker's shared one where allowed. */
async function databaseFor(projectDir: string, applySeeds: boolean, shared: boolean): Promise<Lease> {
  // Only the repository's own projects: a project made in a temp folder is used by one file.
  const ownProject = !path.relative(ROOT, projectDir).startsWith('..');
  if (shared && ownProject && sharingEnabled()) {
    return leaseSharedDatabase(`${projectDir}|seeds=${applySeeds}`, async () => {
      const db = await freshDatabase(projectDir, applySeeds);
      // Every start (re)installs the metadata's event triggers; installed before the baseline is
      // taken, they are part of the schema every later file finds.
      await installEventTriggers(db, loadEventsConfig(projectDir).triggers).catch(async (e: unknown) => {
        await db.close();
        throw e;
      });
      return db;
    });
  }
  const db = await freshDatabase(projectDir, applySeeds);
  return { db, release: () => db.close() };
}

export async function startTestBackend(opts: TestBackendOptions = {}): Promise<RunningBackend> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'staydesk-test-'));
  const env = { ...process.env, AUTH_RATE_LIMIT_ENABLE: 'false', ...opts.env };
  const saved = { ...process.env };
  Object.assign(process.env, env);
  try {
    const config = loadConfig(
      { project: opts.projectDir ?? 'nhost', port: '0', data: dataDir, host: '127.0.0.1', seeds: String(opts.applySeeds ?? false), quiet: true },
      { ...env, DATABASE_URL: opts.databaseUrl ?? '' },
    );
    let database: Lease | undefined;
    let backend: RunningBackend;
    try {
      database = opts.databaseUrl ? undefined : await databaseFor(config.projectDir, config.applySeeds, opts.shared ?? true);
      backend = await startBackend(config, { db: database?.db, crons: opts.crons ?? false });
    } catch (e) {
      await database?.release().catch(() => undefined);
      fs.rmSync(dataDir, { recursive: true, force: true });
      throw e;
    }
    const close = backend.close;
    return {
      ...backend,
      async close() {
        try {
          await close();
        } finally {
          fs.rmSync(dataDir, { recursive: true, force: true });
          await database?.release();
        }
      },
    };
  } finally {
    process.env = saved;
  }
}
