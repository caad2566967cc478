// Backup and restore of a data folder: the database and the uploaded files, consistent with
// each other.
//   npm run backup  -- --data <folder> --out <dir>
//   npm run restore -- --in <dir> --data <new folder> [--postgres]  (DATABASE_URL set: into that server)
//
// What a backup holds:
// - embedded PGlite (the default): <out>/database.sql, a plain-format pg_dump of the project's
//   schemas (public, auth, storage, hdb_catalog), made by PGlite's own pg_dump
//   (@electric-sql/pglite-tools); restorable with psql into PostgreSQL 15 and later. Taken with
//   the backend stopped: it takes the folder's lock and refuses while a backend holds it (PGlite
//   is one process's memory; a copy of a folder being written to is not a backup);
// - embedded PostgreSQL server (--postgres): <out>/postgres/, an online base backup of the
//   cluster (what pg_basebackup makes: pg_backup_start, a copy of the files, pg_backup_stop, its
//   backup_label and the WAL from start to end, held by a temporary replication slot), taken
//   while the backend serves (no pg_dump of the server's version is at hand; restore copies it
//   back and PostgreSQL replays the WAL to the backup's end). With the backend stopped, backup
//   starts the folder's server itself for the copy;
// - a server Postgres (DATABASE_URL): database.sql from the system's pg_dump of the server's major
//   version or newer, refused when there is none;
// and <out>/storage/ (the files) and <out>/backup.json (what, when, from where, counts).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { DataDirLockedError, lockDataDir, type DataDirLock } from './db/lock';
import { openPgliteFolder } from './db/pglite';
import { embeddedPostgresBinaries, giveToServer, isCluster } from './db/cluster';
import { CLUSTER_DIR, runningClusterUrl, startEmbeddedCluster } from './db/embedded';
import { markRestoreFinished, markRestoreStarted, refuseInterruptedRestore } from './db/restoreMarker';

export const SCHEMAS = ['public', 'auth', 'storage', 'hdb_catalog'];
/**
 * Plain SQL that psql, PGlite and a driver's simple query all load: INSERTs (500 rows each)
 * rather than COPY blocks, which only psql reads; no owners or grants (roles differ per server).
 */
const DUMP_ARGS = ['--no-owner', '--no-privileges', '--inserts', '--rows-per-insert=500', ...SCHEMAS.map((s) => `--schema=${s}`)];
/** pg_dump leaves out extensions when it dumps chosen schemas; the tables need these. */
const EXTENSIONS_SQL = ['btree_gist', 'citext', 'pgcrypto', 'uuid-ossp'].map((e) => `CREATE EXTENSION IF NOT EXISTS "${e}" WITH SCHEMA public;`).join('\n');

export interface BackupManifest {
  format: 1;
  createdAt: string;
  source: 'pglite' | 'embedded-postgres' | 'postgres';
  database: 'database.sql' | 'postgres/';
  serverVersion?: string;
  files: number;
  bytes: number;
  tables?: Record<string, number>;
}

export class BackupError extends Error {}

function lockOrExplain(dataDir: string, command: string): DataDirLock {
  try {
    return lockDataDir(dataDir, { url: `(${command})`, command });
  } catch (e) {
    if (e instanceof DataDirLockedError) {
      const o = e.owner;
      throw new BackupError(
        `${command} needs the data folder to itself: ${dataDir} is in use by ${o.command || 'a backend'} (pid ${o.pid}, ${o.url}, started ${o.startedAt}). ` +
          `Stop it first (Ctrl-C, or kill ${o.pid}), then run ${command} again: a copy of a folder that is being written to is not a backup.`,
      );
    }
    throw e;
  }
}

function emptyOrMissing(dir: string): boolean {
  return !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;
}

interface CopyOptions {
  /** Leave out these paths (relative to `from`, '/'-separated); a trailing '/*' keeps the folder but not its contents. */
  exclude?: (relative: string) => boolean;
  /** Files that vanish during the copy (a live server's temporary files) are skipped, not an error. */
  live?: boolean;
  /** Keep files already at the target (a second pass picks up only what is new). */
  skipExisting?: boolean;
}

/** Copies <from> to <to> (files and folders), returning the file count and bytes. */
function copyTree(from: string, to: string, opts: CopyOptions = {}, rel = ''): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  if (!fs.existsSync(from)) return { files, bytes };
  fs.mkdirSync(to, { recursive: true });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const relative = rel ? `${rel}/${entry.name}` : entry.name;
    if (opts.exclude?.(relative)) continue;
    const a = path.join(from, entry.name);
    const b = path.join(to, entry.name);
    try {
      if (entry.isDirectory()) {
        const r = copyTree(a, b, opts, relative);
        files += r.files;
        bytes += r.bytes;
      } else if (entry.isFile()) {
        if (!(opts.skipExisting && fs.existsSync(b))) fs.copyFileSync(a, b);
        files++;
        bytes += fs.statSync(b).size;
      }
    } catch (e) {
      if (!(opts.live && (e as NodeJS.ErrnoException).code === 'ENOENT')) throw e;
    }
  }
  return { files, bytes };
}

/**
 * PostgreSQL 17+ writes `SET transaction_timeout`, which 15 and 16 (Nhost Cloud pins 16) refuse:
 * left out, as it only restates the default.
 */
export function portableDump(sql: string): string {
  // Every database has a public schema already; a dump of chosen schemas creates it anyway.
  const body = sql.replace(/^SET transaction_timeout = 0;\n/m, '').replace(/^CREATE SCHEMA public;$/m, 'CREATE SCHEMA IF NOT EXISTS public;');
  if (body.includes('CREATE EXTENSION IF NOT EXISTS "btree_gist"')) return body;
  // Right after the session settings, before the first object that uses them.
  const marker = 'SET row_security = off;\n';
  const at = body.indexOf(marker) + marker.length;
  const head = at >= marker.length ? body.slice(0, at) : '';
  const rest = at >= marker.length ? body.slice(at) : body;
  return `${head}\n-- The extensions the schemas use (pg_dump leaves them out of a dump of chosen schemas).\n${EXTENSIONS_SQL}\n${rest}`;
}

async function tableCounts(query: (sql: string) => Promise<Array<Record<string, unknown>>>): Promise<Record<string, number>> {
  const rows = await query(
    `SELECT n.nspname || '.' || c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE c.relkind = 'r' AND n.nspname IN ('public', 'auth', 'storage') ORDER BY 1`,
  );
  const counts: Record<string, number> = {};
  for (const r of rows) {
    const name = String(r.name);
    const [schema, table] = name.split('.');
    const [row] = await query(`SELECT count(*)::int AS n FROM "${schema}"."${table}"`);
    counts[name] = Number(row.n);
  }
  return counts;
}

export interface BackupOptions {
  dataDir: string;
  outDir: string;
  databaseUrl?: string;
  /** The Nhost project folder (its nhost.toml pins the embedded server's major version). Default ./nhost. */
  projectDir?: string;
  log?: (line: string) => void;
}

export async function backup(opts: BackupOptions): Promise<BackupManifest> {
  const log = opts.log ?? (() => undefined);
  if (!fs.existsSync(opts.dataDir)) throw new BackupError(`no data folder at ${opts.dataDir}`);
  if (!emptyOrMissing(opts.outDir)) throw new BackupError(`${opts.outDir} is not empty: back up into a new folder`);
  const clusterDir = path.join(opts.dataDir, CLUSTER_DIR);
  if (!opts.databaseUrl && isCluster(clusterDir)) return backupCluster(opts, clusterDir, log);
  const lock = lockOrExplain(opts.dataDir, 'backup');
  try {
    fs.mkdirSync(opts.outDir, { recursive: true });
    const manifest: BackupManifest = { format: 1, createdAt: new Date().toISOString(), source: 'pglite', database: 'database.sql', files: 0, bytes: 0 };
    if (opts.databaseUrl) {
      manifest.source = 'postgres';
      Object.assign(manifest, await dumpServer(opts.databaseUrl, path.join(opts.outDir, 'database.sql')));
    } else {
      const pgliteDir = path.join(opts.dataDir, 'pglite');
      if (!fs.existsSync(pgliteDir)) throw new BackupError(`${opts.dataDir} holds no database (no pglite/ or postgres/ in it)`);
      const db = await openPgliteFolder(pgliteDir);
      try {
        const { pgDump } = await import('@electric-sql/pglite-tools/pg_dump');
        const file = await pgDump({ pg: db, args: DUMP_ARGS });
        fs.writeFileSync(path.join(opts.outDir, 'database.sql'), portableDump(await file.text()));
        manifest.serverVersion = String((await db.query<{ server_version: string }>('SHOW server_version')).rows[0]?.server_version ?? '');
        manifest.tables = await tableCounts(async (sql) => (await db.query<Record<string, unknown>>(sql)).rows);
      } finally {
        await db.close();
      }
    }
    return finish(opts, manifest, copyTree(path.join(opts.dataDir, 'storage'), path.join(opts.outDir, 'storage')), log);
  } finally {
    lock.release();
  }
}

function finish(opts: BackupOptions, manifest: BackupManifest, files: { files: number; bytes: number }, log: (line: string) => void): BackupManifest {
  fs.mkdirSync(path.join(opts.outDir, 'storage'), { recursive: true });
  manifest.files = files.files;
  manifest.bytes = files.bytes;
  fs.writeFileSync(path.join(opts.outDir, 'backup.json'), JSON.stringify(manifest, null, 2) + '\n');
  log(`backup of ${opts.dataDir} (${manifest.source}) written to ${opts.outDir}: ${manifest.database}, storage/ (${files.files} files, ${files.bytes} bytes)`);
  return manifest;
}

/**
 * The embedded PostgreSQL server's folder, online: from the server its backend runs, or (no
 * backend) from the server this command starts under the folder's lock and stops afterwards.
 */
async function backupCluster(opts: BackupOptions, clusterDir: string, log: (line: string) => void): Promise<BackupManifest> {
  let url = runningClusterUrl(opts.dataDir);
  let stopServer: (() => void) | undefined;
  let lock: DataDirLock | undefined;
  if (!url) {
    lock = lockOrExplain(opts.dataDir, 'backup');
    try {
      const cluster = startEmbeddedCluster(opts.dataDir, opts.projectDir ?? path.resolve('nhost'), log);
      url = cluster.url;
      stopServer = () => cluster.stop();
    } catch (e) {
      lock.release();
      throw e;
    }
  } else log(`backing up the running PostgreSQL server of ${opts.dataDir} online`);
  try {
    fs.mkdirSync(opts.outDir, { recursive: true });
    const manifest: BackupManifest = {
      format: 1,
      createdAt: new Date().toISOString(),
      source: 'embedded-postgres',
      database: 'postgres/',
      serverVersion: fs.readFileSync(path.join(clusterDir, 'PG_VERSION'), 'utf8').trim(),
      files: 0,
      bytes: 0,
    };
    const storageFrom = path.join(opts.dataDir, 'storage');
    const storageTo = path.join(opts.outDir, 'storage');
    // Files before and after the database copy: every file a row of the backup names is there
    // (a file uploaded during the backup is picked up by the second pass).
    copyTree(storageFrom, storageTo, { live: true });
    manifest.tables = await baseBackup(url, clusterDir, path.join(opts.outDir, 'postgres'));
    return finish(opts, manifest, copyTree(storageFrom, storageTo, { live: true, skipExisting: true }), log);
  } finally {
    stopServer?.();
    lock?.release();
  }
}

/** What a base backup leaves out: the server's runtime state, rebuilt on start (as pg_basebackup does). */
const NOT_IN_BASE_BACKUP = /^(postmaster\.(pid|opts)|pg_wal\/.+|pg_replslot\/.+|pg_stat_tmp\/.+|pg_dynshmem\/.+|pg_notify\/.+|pg_serial\/.+|pg_snapshots\/.+|pg_subtrans\/.+|.*pgsql_tmp.*|.*pg_internal\.init|backup_label(\.old)?|tablespace_map)$/;

/**
 * An online base backup through SQL: a temporary replication slot keeps every WAL segment from
 * here on, pg_backup_start (fast checkpoint), a copy of the files while the server writes,
 * pg_backup_stop (its backup_label goes into the copy), then the WAL up to the backup's end.
 * Returns the row counts as the backup started (the manifest's; writes during the copy are in it too).
 */
async function baseBackup(url: string, clusterDir: string, out: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await tableCounts(async (sql) => (await client.query(sql)).rows as Array<Record<string, unknown>>);
    await client.query(`SELECT pg_create_physical_replication_slot($1, true, true)`, [`staydesk_backup_${process.pid}`]);
    await client.query(`SELECT pg_backup_start('staydesk backup', true)`);
    copyTree(clusterDir, out, { live: true, exclude: (rel) => NOT_IN_BASE_BACKUP.test(rel) });
    const stop = await client.query<{ labelfile: string; spcmapfile: string | null }>('SELECT labelfile, spcmapfile FROM pg_backup_stop(false)');
    fs.writeFileSync(path.join(out, 'backup_label'), stop.rows[0].labelfile);
    if (stop.rows[0].spcmapfile) fs.writeFileSync(path.join(out, 'tablespace_map'), stop.rows[0].spcmapfile);
    // The WAL from the backup's start to its end (the slot kept it), then what followed.
    copyTree(path.join(clusterDir, 'pg_wal'), path.join(out, 'pg_wal'), { live: true, exclude: (rel) => rel.startsWith('archive_status/') });
    fs.chmodSync(out, 0o700);
    return tables;
  } finally {
    await client.end();
  }
}

/** A server's dump with the system's pg_dump, which must be of the server's major version or newer. */
async function dumpServer(url: string, out: string): Promise<Partial<BackupManifest>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let serverMajor: number;
  let serverVersion: string;
  let tables: Record<string, number>;
  try {
    serverVersion = String((await client.query<{ server_version: string }>('SHOW server_version')).rows[0].server_version);
    serverMajor = Math.floor(Number((await client.query<{ server_version_num: string }>('SHOW server_version_num')).rows[0].server_version_num) / 10000);
    tables = await tableCounts(async (sql) => (await client.query(sql)).rows as Array<Record<string, unknown>>);
  } finally {
    await client.end();
  }
  const version = spawnSync('pg_dump', ['--version'], { encoding: 'utf8' });
  const dumpMajor = Number(/(\d+)(\.\d+)?/.exec(version.stdout ?? '')?.[1] ?? 0);
  if (version.status !== 0 || dumpMajor < serverMajor) {
    throw new BackupError(
      `backing up a server Postgres (DATABASE_URL) needs pg_dump ${serverMajor} or newer on this machine` +
        (version.status === 0 ? ` (found ${version.stdout.trim()})` : ' (none found)') +
        `: install postgresql-client-${serverMajor}, or use the server's own backup (Nhost Cloud backs up its database).`,
    );
  }
  const r = spawnSync('pg_dump', [...DUMP_ARGS, '--file', out, url], { encoding: 'utf8' });
  if (r.status !== 0) throw new BackupError(`pg_dump failed: ${r.stderr.trim()}`);
  fs.writeFileSync(out, portableDump(fs.readFileSync(out, 'utf8')));
  return { serverVersion, tables };
}

export interface RestoreOptions {
  inDir: string;
  dataDir: string;
  /** Restore the database into this server instead of a new embedded folder. */
  databaseUrl?: string;
  /** Restore into the folder's own PostgreSQL server (served with --postgres) instead of PGlite. */
  embeddedPostgres?: boolean;
  /** The Nhost project folder (its nhost.toml pins the embedded server's major version). Default ./nhost. */
  projectDir?: string;
  log?: (line: string) => void;
}

function readManifest(inDir: string): BackupManifest {
  const file = path.join(inDir, 'backup.json');
  if (!fs.existsSync(file)) throw new BackupError(`${inDir} is not a backup (no backup.json): make one with npm run backup -- --data <folder> --out <dir>`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as BackupManifest;
}

export async function restore(opts: RestoreOptions): Promise<void> {
  const log = opts.log ?? (() => undefined);
  const manifest = readManifest(opts.inDir);
  const lock = lockOrExplain(opts.dataDir, 'restore');
  try {
    refuseInterruptedRestore(opts.dataDir);
    const held = ['pglite', 'postgres', 'storage'].filter((d) => !emptyOrMissing(path.join(opts.dataDir, d)));
    if (held.length) throw new BackupError(`${opts.dataDir} already holds data (${held.join(', ')}): restore into a new folder, so nothing is overwritten`);
    const projectDir = opts.projectDir ?? path.resolve('nhost');
    // Removed only once the database and the files are all in place (see db/restoreMarker.ts).
    markRestoreStarted(opts.dataDir, opts.inDir);
    if (manifest.database === 'postgres/') {
      if (opts.databaseUrl) throw new BackupError('this backup is a copy of an embedded PostgreSQL cluster: restore it into a data folder (without DATABASE_URL) and serve it with --postgres');
      const { major } = embeddedPostgresBinaries();
      if (manifest.serverVersion !== major) throw new BackupError(`this cluster copy is PostgreSQL ${manifest.serverVersion}; the embedded server here is ${major}`);
      await restoreCluster(opts, projectDir, log);
    } else {
      const sql = portableDump(fs.readFileSync(path.join(opts.inDir, 'database.sql'), 'utf8'));
      if (opts.databaseUrl) await restoreIntoServer(opts.databaseUrl, sql);
      else if (opts.embeddedPostgres) {
        const cluster = startEmbeddedCluster(opts.dataDir, projectDir, log);
        try {
          await restoreIntoServer(cluster.url, sql);
        } catch (e) {
          cluster.stop();
          fs.rmSync(path.join(opts.dataDir, CLUSTER_DIR), { recursive: true, force: true });
          throw e;
        }
        cluster.stop();
      } else await restoreIntoPglite(path.join(opts.dataDir, 'pglite'), sql);
    }
    const files = copyTree(path.join(opts.inDir, 'storage'), path.join(opts.dataDir, 'storage'));
    markRestoreFinished(opts.dataDir);
    log(
      `restored ${opts.inDir} (${manifest.source}, ${manifest.createdAt}) into ${opts.databaseUrl ? 'the server Postgres of DATABASE_URL' : `${opts.dataDir}${opts.embeddedPostgres || manifest.database === 'postgres/' ? ' (serve it with --postgres)' : ''}`}, ` +
        `files into ${path.join(opts.dataDir, 'storage')} (${files.files} files)`,
    );
  } finally {
    lock.release();
  }
}

/**
 * A base backup back into place: the server started once on it replays the WAL to the backup's
 * end (backup_label; it accepts connections only once consistent) and checkpoints as it stops.
 */
async function restoreCluster(opts: RestoreOptions, projectDir: string, log: (line: string) => void): Promise<void> {
  const clusterDir = path.join(opts.dataDir, CLUSTER_DIR);
  try {
    copyTree(path.join(opts.inDir, 'postgres'), clusterDir);
    fs.chmodSync(clusterDir, 0o700);
    giveToServer(clusterDir);
    const cluster = startEmbeddedCluster(opts.dataDir, projectDir, log);
    try {
      const client = new pg.Client({ connectionString: cluster.url });
      await client.connect();
      const counts = await tableCounts(async (sql) => (await client.query(sql)).rows as Array<Record<string, unknown>>).finally(() => client.end());
      if (!('auth.users' in counts)) throw new BackupError('the restored cluster holds no auth.users table: this is not a Staydesk backup');
    } finally {
      cluster.stop();
    }
  } catch (e) {
    fs.rmSync(clusterDir, { recursive: true, force: true });
    if (e instanceof BackupError) throw new BackupError(`restore failed, nothing kept: ${e.message}`);
    throw new BackupError(`restore failed, nothing kept: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** Statements psql would act on but a server does not take: its own backslash commands. */
function withoutPsqlCommands(sql: string): string {
  return sql.replace(/^\\[a-z]+\b.*$/gm, '');
}

async function restoreIntoPglite(dir: string, sql: string): Promise<void> {
  if (/^COPY .* FROM stdin;$/m.test(sql)) throw new BackupError('this database.sql holds COPY blocks, which only psql can load');
  const db = await openPgliteFolder(dir);
  try {
    await db.exec(withoutPsqlCommands(sql));
  } catch (e) {
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
    throw new BackupError(`restore failed, nothing kept: ${e instanceof Error ? e.message : String(e)}`);
  }
  await db.exec('CHECKPOINT');
  await db.close();
}

async function restoreIntoServer(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const taken = await client.query<{ nspname: string }>(
      `SELECT nspname FROM pg_namespace WHERE nspname IN ('auth', 'storage', 'hdb_catalog')
       UNION ALL SELECT 'public.' || relname FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind = 'r'`,
    );
    if (taken.rows.length) throw new BackupError(`the database of DATABASE_URL is not empty (${taken.rows.slice(0, 5).map((r) => r.nspname).join(', ')}…): restore into a new, empty database`);
    // One transaction: a failed restore leaves the database as it was.
    await client.query(`BEGIN;\n${withoutPsqlCommands(sql)}\nCOMMIT;`).catch(async (e: unknown) => {
      await client.query('ROLLBACK').catch(() => undefined);
      throw new BackupError(`restore failed, nothing kept: ${e instanceof Error ? e.message : String(e)}`);
    });
  } finally {
    await client.end();
  }
}
