// Attack on bbad457's FailureStreak timer at the worker level: no line after close(), close()
// twice, a worker started again after close(), and the timer neither throws nor keeps firing.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Db, QueryResult } from '../db';
import { DEFAULT_WORKER_OPTIONS, EventWorker, FailureStreak, STANDBY_RETRY_MS } from './worker';

type Line = { level: 'info' | 'warn' | 'error'; message: string; at: number };

afterEach(() => {
  vi.useRealTimers();
});

function setup(mode: { value: 'held' | 'refused' }) {
  const lines: Line[] = [];
  const log = {
    info: (m: string) => lines.push({ level: 'info', message: m, at: Date.now() }),
    warn: (m: string) => lines.push({ level: 'warn', message: m, at: Date.now() }),
    error: (m: string) => lines.push({ level: 'error', message: m, at: Date.now() }),
  };
  const attempts = { n: 0 };
  const db = {
    kind: 'postgres',
    statementTimeoutMs: 0,
    query: async <R,>(): Promise<QueryResult<R>> => ({ rows: [] as R[], rowCount: 0 }),
    exec: async () => undefined,
    transaction: async <T,>(fn: (tx: Db) => Promise<T>) => fn(db),
    tryLock: async () => {
      attempts.n++;
      if (mode.value === 'refused') throw new Error('connection refused');
      return null;
    },
    close: async () => undefined,
  } as unknown as Db;
  const worker = new EventWorker(db, { triggers: [], crons: [] }, () => ({}), log, { ...DEFAULT_WORKER_OPTIONS, crons: false });
  return { lines, worker, attempts };
}

describe('attack 4: FailureStreak timer and close()', () => {
  it('no line after close(), close() twice is harmless, and nothing is owed later', async () => {
    vi.useFakeTimers({ now: 5_000_000 });
    const mode = { value: 'held' as 'held' | 'refused' };
    const { lines, worker } = setup(mode);
    await worker.start();
    mode.value = 'refused';
    for (let i = 0; i < 5; i++) await vi.advanceTimersByTimeAsync(STANDBY_RETRY_MS);
    const closing = [worker.close(), worker.close()];
    await vi.advanceTimersByTimeAsync(10);
    await Promise.all(closing);
    const closedAt = Date.now();
    const atClose = lines.filter((l) => l.message.includes('events lock')).length;
    expect(atClose).toBe(2); // the first failure, then the rest told at close
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(lines.filter((l) => l.at > closedAt)).toEqual([]);
  });

  // Pre-existing (3f30de9~1's close() too): close() clears the standby timer but leaves
  // standbyTimer set, so standBy() of a worker started again returns at once: it never tries for
  // the lock again (never takes over), and its failures are never logged.
  it('a worker started again after close() keeps trying for the lock, logs its new failures and tells them at its next close', async () => {
    vi.useFakeTimers({ now: 5_000_000 });
    const mode = { value: 'held' as 'held' | 'refused' };
    const { lines, worker, attempts } = setup(mode);
    await worker.start();
    mode.value = 'refused';
    await vi.advanceTimersByTimeAsync(3 * STANDBY_RETRY_MS);
    await worker.close();
    const before = lines.length;
    mode.value = 'held';
    await worker.start();
    const started = attempts.n;
    mode.value = 'refused';
    await vi.advanceTimersByTimeAsync(5 * STANDBY_RETRY_MS);
    expect(attempts.n - started, 'lock attempts after the restart').toBeGreaterThanOrEqual(4);
    // Within the minute of the last line: said at close, or by the timer.
    await worker.close();
    const after = lines.slice(before).filter((l) => l.message.includes('events lock'));
    expect(after.length).toBeGreaterThanOrEqual(1);
    expect(after.some((l) => l.level === 'error' && /5 failures|trying again/.test(l.message))).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('the timer fires once per owed line, even when the clock steps back', () => {
    vi.useFakeTimers({ now: 5_000_000 });
    const lines: string[] = [];
    let now = 5_000_000;
    const log = { info: (m: string) => lines.push(m), warn: () => undefined, error: (m: string) => lines.push(m) };
    const streak = new FailureStreak('x', log, () => now);
    streak.failed(new Error('a'));
    streak.failed(new Error('b'));
    expect(vi.getTimerCount()).toBe(1);
    now -= 3_600_000; // the wall clock set back an hour
    vi.advanceTimersByTime(60_000);
    expect(vi.getTimerCount()).toBe(1);
    now += 3_600_000 + 60_000;
    vi.advanceTimersByTime(3_700_000);
    expect(lines).toHaveLength(2);
    expect(vi.getTimerCount()).toBe(0);
    streak.close();
    streak.close();
    expect(lines).toHaveLength(2);
  });
});
