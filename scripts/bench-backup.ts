// npm run bench:backup [-- --scale 1,10]
// Backup and restore times and sizes, for the demo data and for a data set `scale` times as big
// (scripts/bench-backup/multiply.ts), on each database the backend runs on:
// - PGlite (the default): backup (PGlite's pg_dump, backend stopped), restore into a new folder;
// - the folder's own PostgreSQL server (--postgres): the move of a PGlite backup into it
//   (restore --postgres), online backup while the backend serves, backup of the stopped folder
//   (starts the server for the copy), restore of that base backup;
// - a server Postgres (DATABASE_URL; a throwaway PostgreSQL of the pinned major, fsync off):
//   restore into it, and backup (needs the system's pg_dump of the server's major or newer).
// Everything runs in temp folders, removed at the end.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { backup, BackupError, restore } from '../backend/backup';
import { loadConfig } from '../backend/config';
import { embeddedPostgresBinaries, freePort, initCluster, pinnedPostgresMajor, startCluster, stopCluster } from '../backend/db/cluster';
import { openPgliteFolder } from '../backend/db/pglite';
import { startBackend } from '../backend/server';
import { multiply } from './bench-backup/multiply';

const PROJECT = path.resolve('nhost');
const scales = (process.argv.find((a, i) => process.argv[i - 1] === '--scale') ?? '1,10').split(',').map(Number);

function size(p: string): number {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.size;
  return fs.readdirSync(p).reduce((n, e) => n + size(path.join(p, e)), 0);
}
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const r = await fn();
  return [r, (performance.now() - start) / 1000];
}

function config(dataDir: string, extra: { postgres?: boolean; databaseUrl?: string; seeds?: boolean } = {}) {
  return loadConfig(
    { project: PROJECT, port: '0', data: dataDir, host: '127.0.0.1', seeds: extra.seeds ? 'true' : 'false', quiet: true, postgres: extra.postgres },
    { ...process.env, DATABASE_URL: extra.databaseUrl ?? '', AUTH_RATE_LIMIT_ENABLE: 'false' },
  );
}

async function run(base: string, scale: number, serverUrl: (name: string) => Promise<string>): Promise<string[]> {
  const dir = (name: string) => path.join(base, `${name}-x${scale}`);
  const rows: string[] = [];
  const row = (what: string, seconds: number, detail = '') => {
    rows.push(`| ${scale}x | ${what} | ${seconds.toFixed(1)} s | ${detail} |`);
    console.log(rows[rows.length - 1]);
  };

  // The demo data on PGlite, made `scale` times as big.
  const source = dir('pglite');
  await (await startBackend(config(source, { seeds: true }))).close();
  const db = await openPgliteFolder(path.join(source, 'pglite'));
  if (scale > 1) {
    const { copied, skipped } = await multiply(db, scale);
    console.log(`${scale}x: ${copied.length} tables copied${skipped.length ? `, not copied (a CHECK refused the changed key): ${skipped.join(', ')}` : ''}`);
  }
  const counted = await db.query<{ n: number }>(`SELECT sum(n_live_tup)::int AS n FROM pg_stat_user_tables WHERE schemaname = 'public'`);
  const bookings = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM public.bookings');
  await db.exec('CHECKPOINT');
  await db.close();
  console.log(`${scale}x: ${bookings.rows[0].n} bookings, ~${counted.rows[0].n} rows in public, pglite/ ${mb(size(path.join(source, 'pglite')))}`);

  const pgliteBackup = dir('backup-pglite');
  const [, tBackup] = await timed(() => backup({ dataDir: source, outDir: pgliteBackup, projectDir: PROJECT }));
  row('PGlite: backup (backend stopped)', tBackup, `database.sql ${mb(size(path.join(pgliteBackup, 'database.sql')))} of a ${mb(size(path.join(source, 'pglite')))} pglite/`);
  const [, tRestore] = await timed(() => restore({ inDir: pgliteBackup, dataDir: dir('restored-pglite'), projectDir: PROJECT }));
  row('PGlite: restore into a new folder', tRestore, `pglite/ ${mb(size(path.join(dir('restored-pglite'), 'pglite')))}`);

  const pgFolder = dir('postgres');
  const [, tMove] = await timed(() => restore({ inDir: pgliteBackup, dataDir: pgFolder, embeddedPostgres: true, projectDir: PROJECT }));
  row('--postgres: restore a PGlite backup into a new folder (initdb + SQL)', tMove, `postgres/ ${mb(size(path.join(pgFolder, 'postgres')))}`);
  const backend = await startBackend(config(pgFolder, { postgres: true }));
  const online = dir('backup-online');
  const [, tOnline] = await timed(() => backup({ dataDir: pgFolder, outDir: online, projectDir: PROJECT }));
  await backend.close();
  row('--postgres: online backup (backend serving)', tOnline, `postgres/ base backup ${mb(size(path.join(online, 'postgres')))}`);
  const offline = dir('backup-offline');
  const [, tOffline] = await timed(() => backup({ dataDir: pgFolder, outDir: offline, projectDir: PROJECT }));
  row('--postgres: backup of the stopped folder (starts and stops the server)', tOffline, `${mb(size(path.join(offline, 'postgres')))}`);
  const [, tRestoreCluster] = await timed(() => restore({ inDir: online, dataDir: dir('restored-postgres'), projectDir: PROJECT }));
  row('--postgres: restore the base backup (copy, WAL replay, check)', tRestoreCluster, '');

  const url = await serverUrl(`bench_x${scale}`);
  const [, tServer] = await timed(() => restore({ inDir: pgliteBackup, dataDir: dir('server'), databaseUrl: url, projectDir: PROJECT }));
  row('server Postgres: restore database.sql (one transaction)', tServer, '');
  try {
    const [, tDump] = await timed(() => backup({ dataDir: dir('server'), outDir: dir('backup-server'), databaseUrl: url, projectDir: PROJECT }));
    row('server Postgres: backup (system pg_dump)', tDump, `database.sql ${mb(size(path.join(dir('backup-server'), 'database.sql')))}`);
  } catch (e) {
    if (!(e instanceof BackupError)) throw e;
    rows.push(`| ${scale}x | server Postgres: backup (system pg_dump) | refused | ${e.message.split(':')[0]} |`);
    console.log(`${scale}x server Postgres backup refused: ${e.message}`);
  }
  return rows;
}

async function main(): Promise<void> {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'staydesk-bench-backup-'));
  // Run as root, the embedded server runs as the postgres user, which must reach the folders.
  fs.chmodSync(base, 0o755);
  const { bin, major } = embeddedPostgresBinaries(pinnedPostgresMajor(PROJECT));
  const serverDir = path.join(base, 'server-cluster');
  initCluster(bin, path.join(serverDir, 'data'));
  const port = await freePort();
  const serverUrl = startCluster({ bin, dataDir: path.join(serverDir, 'data'), port, runDir: serverDir, throwaway: true });
  const rows: string[] = [];
  try {
    for (const scale of scales) {
      rows.push(
        ...(await run(base, scale, async (name) => {
          const { default: pg } = await import('pg');
          const client = new pg.Client({ connectionString: serverUrl });
          await client.connect();
          await client.query(`CREATE DATABASE ${name}`);
          await client.end();
          return serverUrl.replace(/\/postgres$/, `/${name}`);
        })),
      );
    }
  } finally {
    stopCluster(bin, path.join(serverDir, 'data'), 'immediate');
    fs.rmSync(base, { recursive: true, force: true });
  }
  console.log(`\nBackup and restore (PostgreSQL ${major} for --postgres and the server; ${os.cpus().length} CPUs):\n`);
  console.log('| data | step | time | size |\n|---|---|---|---|');
  for (const r of rows) console.log(r);
  process.exit(0);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
