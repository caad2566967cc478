// One owner per data folder. PGlite takes no lock on its files (Postgres refuses a second server
// on a data directory through postmaster.pid; PGlite does not), and two processes on one folder
// both serve and lose acknowledged writes. So the backend, and the backup and restore commands,
// take `<dataDir>/backend.lock` before they open anything in the folder:
// - created atomically (link of a complete temp file: a reader never sees half a lock),
// - holding the owner's pid, URL, start time and the identity of that process (its start tick
//   and the machine's boot id), so a pid reused after a crash or a reboot is not taken for it,
// - a lock whose process is gone is stale: it is taken over, and the caller logs that. Only the
//   holder of `<dataDir>/backend.lock.takeover` (also linked atomically) removes a stale lock, after
//   reading it again: two starters that both found it stale cannot remove each other's new lock,
// - released on close and on process exit.
import fs from 'node:fs';
import path from 'node:path';

export const LOCK_FILE = 'backend.lock';

export interface LockInfo {
  pid: number;
  /** Where the owner serves (or what it is doing: "backup", "restore"). */
  url: string;
  startedAt: string;
  /** The command that holds it, e.g. "backend", "backup". */
  command: string;
  /** Linux: start time of the process in clock ticks since boot, and the boot id. */
  procStart?: string;
  bootId?: string;
}

export interface DataDirLock {
  readonly file: string;
  readonly info: LockInfo;
  /** A lock left by a process that is gone, taken over (for the caller to log). */
  readonly tookOver?: LockInfo;
  /** Rewrites the URL once it is known (port 0). */
  update(url: string): void;
  release(): void;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: LockInfo,
  ) {
    super(
      `the data folder ${dataDir} is in use by another ${owner.command || 'backend'} ` +
        `(pid ${owner.pid}, ${owner.url}, started ${owner.startedAt}). ` +
        `Stop that process first, or use another data folder (--data, NHOST_DATA_DIR).`,
    );
    this.name = 'DataDirLockedError';
  }
}

/** A lock path that holds something this backend did not write (a directory, a dangling link, an unreadable file). */
export class LockFileError extends Error {
  constructor(readonly file: string) {
    super(`${file} is not a lock file a backend wrote (a directory, a link to nothing, or a file this user cannot read). If no backend uses the folder, remove it and start again.`);
    this.name = 'LockFileError';
  }
}

/** The data folder (or the lock in it) cannot be written: read-only, another owner's, a read-only mount. */
export class DataDirNotWritableError extends Error {
  constructor(
    readonly dataDir: string,
    readonly failure: NodeJS.ErrnoException,
  ) {
    super(
      `the data folder ${dataDir} cannot be written (${failure.code} on ${failure.path ?? dataDir}). ` +
        `Give this user write access to it, or use another data folder (--data, NHOST_DATA_DIR).`,
    );
    this.name = 'DataDirNotWritableError';
  }
}

const NOT_WRITABLE = new Set(['EACCES', 'EPERM', 'EROFS']);

function readFileOr(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    return undefined;
  }
}

/** Field 22 of /proc/<pid>/stat: the process's start time in ticks since boot (Linux only). */
function procStart(pid: number): string | undefined {
  const stat = readFileOr(`/proc/${pid}/stat`);
  if (!stat) return undefined;
  // The command name (field 2) is in parentheses and may hold spaces: count from its end.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19];
}

function bootId(): string | undefined {
  return readFileOr('/proc/sys/kernel/random/boot_id');
}

function pidAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: it exists but belongs to another user.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Is the process that wrote this lock still running (and still the same process)? */
export function lockOwnerAlive(info: LockInfo): boolean {
  if (info.bootId && bootId() && info.bootId !== bootId()) return false;
  if (!pidAlive(info.pid)) return false;
  if (info.procStart) {
    const now = procStart(info.pid);
    if (now && now !== info.procStart) return false;
  }
  return true;
}

function parseLock(text: string | undefined): LockInfo | undefined {
  if (text === undefined) return undefined;
  try {
    const v = JSON.parse(text) as Partial<LockInfo>;
    if (typeof v.pid === 'number') return { url: '', startedAt: '', command: '', ...v } as LockInfo;
  } catch {
    // An unreadable lock (a crash while it was written cannot happen: it is linked complete).
  }
  return { pid: 0, url: 'unknown', startedAt: 'unknown', command: '' };
}

/** The live owner of a data folder, if any (for `npm run dev` to say so before starting anything). */
export function liveLockOwner(dataDir: string): LockInfo | undefined {
  const info = parseLock(readFileOr(path.join(dataDir, LOCK_FILE)));
  return info && lockOwnerAlive(info) ? info : undefined;
}

const held = new Set<string>();
let exitHookInstalled = false;

/**
 * Takes the data folder's lock or throws DataDirLockedError naming the running owner, or
 * DataDirNotWritableError when the folder cannot be written (the lock is the first write there).
 */
export function lockDataDir(dataDir: string, opts: { url: string; command: string }): DataDirLock {
  try {
    return takeLock(dataDir, opts);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code && NOT_WRITABLE.has(code)) throw new DataDirNotWritableError(dataDir, e as NodeJS.ErrnoException);
    throw e;
  }
}

function takeLock(dataDir: string, opts: { url: string; command: string }): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const info: LockInfo = {
    pid: process.pid,
    url: opts.url,
    startedAt: new Date().toISOString(),
    command: opts.command,
    procStart: procStart(process.pid),
    bootId: bootId(),
  };
  // This very process holds it already (two backends in one process, as tests may try).
  if (held.has(file)) throw new DataDirLockedError(dataDir, parseLock(readFileOr(file)) ?? info);
  const write = (target: string, i: LockInfo) => {
    const tmp = `${target}.${process.pid}.${Date.now()}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(i, null, 2) + '\n');
    return tmp;
  };
  let tookOver: LockInfo | undefined;
  for (let attempt = 0; ; attempt++) {
    const tmp = write(file, info);
    try {
      fs.linkSync(tmp, file);
      fs.unlinkSync(tmp);
      break;
    } catch (e) {
      fs.unlinkSync(tmp);
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 3) throw e;
    }
    const text = readFileOr(file);
    const owner = parseLock(text);
    if (text === undefined || !owner) {
      // lstat: a symlink to nothing is there (the link above fails on it) though existsSync says no.
      if (fs.lstatSync(file, { throwIfNoEntry: false })) throw new LockFileError(file);
      continue; // removed meanwhile: try again
    }
    if (lockOwnerAlive(owner)) throw new DataDirLockedError(dataDir, owner);
    if (removeStale(dataDir, file, text, info, write)) tookOver = owner;
  }
  held.add(file);
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.on('exit', () => {
      for (const f of held) releaseFile(f);
    });
  }
  let released = false;
  return {
    file,
    info,
    tookOver,
    update(url: string) {
      if (released) return;
      info.url = url;
      const tmp = write(file, info);
      fs.renameSync(tmp, file);
    },
    release() {
      if (released) return;
      released = true;
      held.delete(file);
      releaseFile(file);
    },
  };
}

/**
 * Removes the stale lock `file` (whose text was `stale`) under the takeover lock, so that no
 * other starter is between its reading and its removal: one that found the same stale lock and
 * has linked its own since would lose it (both would then open the folder). False when the lock is
 * no longer that stale one (the caller tries again and finds its new owner).
 */
function removeStale(dataDir: string, file: string, stale: string, info: LockInfo, write: (target: string, i: LockInfo) => string): boolean {
  const takeover = `${file}.takeover`;
  const tmp = write(takeover, info);
  try {
    fs.linkSync(tmp, takeover);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    const text = readFileOr(takeover);
    const taker = parseLock(text);
    // Another starter is taking the folder over right now: it owns it.
    if (taker && lockOwnerAlive(taker)) throw new DataDirLockedError(dataDir, taker);
    // Something this backend did not write (a directory): no number of tries clears it.
    if (text === undefined && fs.lstatSync(takeover, { throwIfNoEntry: false })) throw new LockFileError(takeover);
    // Left by a starter that died inside the takeover (a few microseconds): clear it, try again.
    if (text !== undefined) fs.rmSync(takeover, { force: true });
    return false;
  } finally {
    fs.unlinkSync(tmp);
  }
  try {
    if (readFileOr(file) !== stale) return false;
    fs.rmSync(file, { force: true });
    return true;
  } finally {
    fs.rmSync(takeover, { force: true });
  }
}

/** Removes the lock only while it is this process's own. */
function releaseFile(file: string): void {
  const owner = parseLock(readFileOr(file));
  if (owner?.pid === process.pid) fs.rmSync(file, { force: true });
}

export function describeStaleLock(dataDir: string, stale: LockInfo): string {
  return `took over the lock of ${dataDir} left by pid ${stale.pid} (${stale.url}, started ${stale.startedAt}), which is no longer running`;
}
