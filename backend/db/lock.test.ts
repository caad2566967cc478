import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, LOCK_FILE, liveLockOwner, lockDataDir, type LockInfo } from './lock';

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
