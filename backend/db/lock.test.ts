import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataDirLockedError, DataDirNotWritableError, LOCK_FILE, LockFileError, liveLockOwner, lockDataDir, type DataDirLock, type LockInfo } from './lock';

const dirs: string[] = [];
function tempDir(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'staydesk-lock-'));
  dirs.push(d);
  return d;
}
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** A pid that surely ran and is gone now: a child that has exited. */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(r.stdout.toString());
}

function writeLock(dir: string, info: Partial<LockInfo>): void {
  fs.writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify({ url: 'http://localhost:1', startedAt: '2020-01-01T00:00:00Z', command: 'backend', ...info }));
}

describe('data folder lock', () => {
  it('records pid, URL and start time, refuses a second owner naming the first, and is released', () => {
    const dir = tempDir();
    const lock = lockDataDir(dir, { url: 'http://localhost:1337', command: 'backend' });
    const stored = JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8')) as LockInfo;
    expect(stored).toMatchObject({ pid: process.pid, url: 'http://localhost:1337', command: 'backend' });
    expect(Date.parse(stored.startedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(liveLockOwner(dir)?.pid).toBe(process.pid);

    let error: unknown;
    try {
      lockDataDir(dir, { url: 'http://localhost:1437', command: 'backend' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DataDirLockedError);
    expect((error as Error).message).toContain(`pid ${process.pid}`);
    expect((error as Error).message).toContain('http://localhost:1337');

    lock.update('http://localhost:4242');
    expect(liveLockOwner(dir)?.url).toBe('http://localhost:4242');
    lock.release();
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    expect(liveLockOwner(dir)).toBeUndefined();
    lockDataDir(dir, { url: 'x', command: 'backend' }).release();
  });

  it('refuses while another live process holds it', () => {
    const dir = tempDir();
    // The parent of this test process is alive for sure, and it is another process.
    writeLock(dir, { pid: process.ppid });
    expect(() => lockDataDir(dir, { url: 'x', command: 'backend' })).toThrow(new RegExp(`in use by another backend \\(pid ${process.ppid}, http://localhost:1`));
  });

  it('takes over a stale lock left by a killed process and says so', () => {
    const dir = tempDir();
    const pid = deadPid();
    writeLock(dir, { pid });
    const lock = lockDataDir(dir, { url: 'http://localhost:1337', command: 'backend' });
    expect(lock.tookOver?.pid).toBe(pid);
    expect(liveLockOwner(dir)?.pid).toBe(process.pid);
    lock.release();
  });

  it('does not take a reused pid (another start time or another boot) for the owner', () => {
    const dir = tempDir();
    writeLock(dir, { pid: process.ppid, procStart: '1', bootId: undefined });
    if (fs.existsSync(`/proc/${process.ppid}/stat`)) {
      const lock = lockDataDir(dir, { url: 'x', command: 'backend' });
      expect(lock.tookOver?.pid).toBe(process.ppid);
      lock.release();
    }
    writeLock(dir, { pid: process.ppid, bootId: 'a-boot-long-ago' });
    if (fs.existsSync('/proc/sys/kernel/random/boot_id')) {
      const lock = lockDataDir(dir, { url: 'x', command: 'backend' });
      expect(lock.tookOver?.pid).toBe(process.ppid);
      lock.release();
    }
  });

  it('treats an unreadable lock file as stale', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, LOCK_FILE), 'not json');
    const lock = lockDataDir(dir, { url: 'x', command: 'backend' });
    expect(lock.tookOver).toBeDefined();
    lock.release();
  });
});

/** Blocks this thread (as a starter between two steps would be) until `done`, at most 30 s. */
function waitSync(done: () => boolean): void {
  const cell = new Int32Array(new SharedArrayBuffer(4));
  const deadline = Date.now() + 30_000;
  while (!done() && Date.now() < deadline) Atomics.wait(cell, 0, 0, 20);
}

// Another starter, a real process: takes the folder's lock (or is refused), writes which, and
// stays alive holding what it got.
const OTHER_STARTER = `
const fs = require('node:fs');
const { lockDataDir } = require(${JSON.stringify(path.join(__dirname, 'lock.ts'))});
let result;
try { lockDataDir(process.env.LOCK_DIR, { url: 'http://localhost:2', command: 'backend' }); result = 'locked'; }
catch (e) { result = 'refused: ' + e.message; }
fs.writeFileSync(process.env.STATUS + '.tmp', result);
fs.renameSync(process.env.STATUS + '.tmp', process.env.STATUS);
setInterval(() => {}, 60_000);
`;

describe('data folder lock: races and odd lock files', () => {
  it('two starters that both found one stale lock: one owns the folder, the other is refused (never both)', () => {
    const dir = tempDir();
    const file = path.join(dir, LOCK_FILE);
    const status = path.join(dir, 'other-starter');
    writeLock(dir, { pid: deadPid() });
    let other: ChildProcess | undefined;
    const read = fs.readFileSync;
    let reads = 0;
    // The second read of the lock comes after this starter found it stale, right before it removes
    // it: the other starter runs its whole start there (it found the same stale lock).
    const spy = vi.spyOn(fs, 'readFileSync').mockImplementation(((p: fs.PathOrFileDescriptor, o?: never) => {
      const text = read(p, o);
      if (p === file && ++reads === 2) {
        other = spawn(process.execPath, ['--import', 'tsx', '-e', OTHER_STARTER], { env: { ...process.env, LOCK_DIR: dir, STATUS: status }, stdio: 'ignore' });
        waitSync(() => fs.existsSync(status));
      }
      return text;
    }) as typeof fs.readFileSync);
    let mine: DataDirLock | undefined;
    let refusal: unknown;
    try {
      mine = lockDataDir(dir, { url: 'http://localhost:1', command: 'backend' });
    } catch (e) {
      refusal = e;
    } finally {
      spy.mockRestore();
    }
    try {
      expect(other).toBeDefined();
      const theirs = fs.readFileSync(status, 'utf8');
      const owners = Number(mine !== undefined) + Number(theirs === 'locked');
      expect(owners, `this starter: ${String(refusal ?? 'locked')}; the other: ${theirs}`).toBe(1);
      expect(liveLockOwner(dir)?.pid).toBe(mine ? process.pid : other!.pid);
      if (mine) expect(theirs).toContain(`in use by another backend (pid ${process.pid}`);
      expect(fs.readdirSync(dir).filter((f) => f.startsWith(LOCK_FILE) && f !== LOCK_FILE)).toEqual([]);
    } finally {
      other?.kill('SIGKILL');
      mine?.release();
    }
  }, 60_000);

  it('a lock path that is a link to nothing stops the start with what to do, not a bare EEXIST', () => {
    const dir = tempDir();
    fs.symlinkSync(path.join(dir, 'gone'), path.join(dir, LOCK_FILE));
    expect(() => lockDataDir(dir, { url: 'x', command: 'backend' })).toThrow(`${path.join(dir, LOCK_FILE)} is not a lock file a backend wrote`);
    expect(fs.readlinkSync(path.join(dir, LOCK_FILE))).toBe(path.join(dir, 'gone'));
  });

  it('a stale lock whose takeover path is a directory stops the start with what to do, not a bare EEXIST', () => {
    const dir = tempDir();
    writeLock(dir, { pid: deadPid() });
    fs.mkdirSync(path.join(dir, `${LOCK_FILE}.takeover`));
    expect(() => lockDataDir(dir, { url: 'x', command: 'backend' })).toThrow(`${path.join(dir, `${LOCK_FILE}.takeover`)} is not a lock file a backend wrote`);
  });

  it('a lock path that is a directory stops the start with what to do, not a bare EEXIST', () => {
    const dir = tempDir();
    fs.mkdirSync(path.join(dir, LOCK_FILE));
    expect(() => lockDataDir(dir, { url: 'x', command: 'backend' })).toThrow(LockFileError);
    expect(() => lockDataDir(dir, { url: 'x', command: 'backend' })).toThrow(`${path.join(dir, LOCK_FILE)} is not a lock file a backend wrote`);
    expect(fs.statSync(path.join(dir, LOCK_FILE)).isDirectory()).toBe(true);
  });
});

describe('a data folder that cannot be written', () => {
  it('stops the lock with one line saying so, whatever the failing write (read-only folder, read-only mount)', () => {
    const dir = tempDir();
    for (const [fn, code] of [['mkdirSync', 'EACCES'], ['writeFileSync', 'EROFS'], ['linkSync', 'EPERM']] as const) {
      const spy = vi.spyOn(fs, fn).mockImplementation(() => {
        throw Object.assign(new Error(`${code}: refused`), { code, path: path.join(dir, 'x') });
      });
      try {
        expect(() => lockDataDir(dir, { url: 'x', command: 'backend' })).toThrow(DataDirNotWritableError);
        expect(() => lockDataDir(dir, { url: 'x', command: 'backend' })).toThrow(`the data folder ${dir} cannot be written (${code} on ${path.join(dir, 'x')})`);
      } finally {
        spy.mockRestore();
      }
    }
    // Other failures are not called a read-only folder.
    const spy = vi.spyOn(fs, 'writeFileSync').mockImplementation(() => {
      throw Object.assign(new Error('ENOSPC: no space left'), { code: 'ENOSPC' });
    });
    try {
      expect(() => lockDataDir(dir, { url: 'x', command: 'backend' })).toThrow('ENOSPC');
    } finally {
      spy.mockRestore();
    }
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('the backend started on a read-only data folder prints one clear line and exits non-zero', () => {
    // Root writes anywhere: the backend then runs as nobody, which the folder's mode refuses.
    const asRoot = process.getuid?.() === 0;
    const dir = tempDir();
    const home = tempDir();
    fs.chmodSync(dir, 0o555);
    if (asRoot) fs.chownSync(home, 65534, 65534);
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'backend/cli.ts', '--port', '0', '--data', dir, '--seeds', 'false'], {
      cwd: path.resolve(__dirname, '../..'),
      env: { ...process.env, HOME: home, TMPDIR: home },
      encoding: 'utf8',
      timeout: 60_000,
      ...(asRoot ? { uid: 65534, gid: 65534 } : {}),
    });
    fs.chmodSync(dir, 0o755);
    expect(r.status).toBe(1);
    expect(r.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(new RegExp(`^\\[backend\\] the data folder ${dir} cannot be written \\(EACCES on ${dir}/backend\\.lock\\.\\d+\\.\\d+\\.tmp\\)\\. Give this user write access to it, or use another data folder`)),
    ]);
  });
});
