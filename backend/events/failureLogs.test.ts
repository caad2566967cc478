// While the database is down or restarting, the events worker keeps trying (the lock every 100 ms
// for 2 s after losing it, then every 2 s; a delivery round every fetch interval) and says so once,
// again once a minute with the count, and once when it works again: a restart used to log ~20
// identical errors in the 2 s of a reclaim, then one every 2 s, and a leader one per second.
import { describe, expect, it } from 'vitest';
import type { Db, HeldLock, QueryResult } from '../db';
import { loadEventsConfig } from './config';
import { FIXTURE_PROJECT, type LogLine, noEventsAnswer, recordingLog, sleep } from './testing';
import { DEFAULT_WORKER_OPTIONS, EventWorker, FailureStreak } from './worker';

const NO_EVENTS = { triggers: [], crons: [] };
const down = () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432'));

describe('FailureStreak', () => {
  it('logs the first failure, then at most one a minute with the count, and the way back once', () => {
    const lines: LogLine[] = [];
    let now = 0;
    const streak = new FailureStreak('taking the events lock', recordingLog(lines), () => now);
    streak.over();
    expect(lines).toEqual([]);
    for (let i = 0; i < 40; i++, now += 2000) streak.failed(new Error('down'));
    expect(lines).toEqual([
      { level: 'error', message: 'events: taking the events lock failed (trying again; logged at most once a minute while it fails)' },
      { level: 'error', message: 'events: taking the events lock failed (30 times since the last report; logged at most once a minute while it fails)' },
    ]);
    streak.over();
    streak.over();
    expect(lines.at(-1)).toEqual({ level: 'info', message: 'events: taking the events lock works again, after 40 failures' });
    expect(lines).toHaveLength(3);
  });

  // A failure that keeps coming back between successes (a part that is broken for good, a flapping
  // connection) must not be logged anew at each success, nor a "works again" line each time.
  it('keeps to one error line a minute when failures and successes alternate', () => {
    const lines: LogLine[] = [];
    let now = 0;
    const streak = new FailureStreak('an event delivery round', recordingLog(lines), () => now);
    for (let i = 0; i < 120; i++, now += 1000) {
      streak.failed(new Error('flaky'));
      streak.over();
    }
    expect(lines.map((l) => l.message)).toEqual([
      'events: an event delivery round failed (trying again; logged at most once a minute while it fails)',
      'events: an event delivery round works again, after 1 failure',
      'events: an event delivery round failed (60 times since the last report; logged at most once a minute while it fails)',
      'events: an event delivery round works again, after 60 failures',
    ]);
  });
});

describe('the events worker while its database is away', () => {
  it('after losing the events lock, 3 s of failed attempts to take it back log one error, and one line when it is back', async () => {
    const lines: LogLine[] = [];
    let attempts = 0;
    let available = true;
    let endConnection = () => {};
    const lock = (): HeldLock => ({ lost: new Promise<void>((resolve) => (endConnection = resolve)), release: async () => undefined });
    const db = {
      kind: 'postgres',
      statementTimeoutMs: 0,
      query: noEventsAnswer,
      exec: async () => undefined,
      transaction: async <T,>(fn: (tx: Db) => Promise<T>) => fn(db),
      tryLock: async () => {
        attempts++;
        return available ? lock() : down();
      },
      close: async () => undefined,
    } as unknown as Db;
    const worker = new EventWorker(db, NO_EVENTS, () => ({}), recordingLog(lines), { ...DEFAULT_WORKER_OPTIONS, crons: false });
    await worker.start();
    try {
      // The server restarts: the lock's connection ends and for 3 s no connection can be made.
      available = false;
      const before = attempts;
      endConnection();
      await sleep(3000);
      expect(attempts - before).toBeGreaterThanOrEqual(10);
      available = true;
      await sleep(2500);
      const lockLines = lines.filter((l) => l.message.includes('events lock'));
      expect(lockLines.map((l) => l.level)).toEqual(['warn', 'error', 'info']);
      expect(lockLines[1].message).toBe('events: taking the events lock failed (trying again; logged at most once a minute while it fails)');
      expect(lockLines[2].message).toMatch(/^events: taking the events lock works again, after \d+ failures?$/);
      expect((worker as unknown as { lock: unknown }).lock).not.toBeNull();
    } finally {
      await worker.close();
    }
  }, 20_000);

  it('a leader whose rounds fail for 1 s (every 50 ms) logs one error, and one line when they work again', async () => {
    const lines: LogLine[] = [];
    let rounds = 0;
    let available = true;
    const db = {
      kind: 'pglite',
      statementTimeoutMs: 0,
      query: async <R,>(sql: string): Promise<QueryResult<R>> => {
        rounds++;
        return available ? noEventsAnswer<R>(sql) : down();
      },
      exec: async () => undefined,
      transaction: async <T,>(fn: (tx: Db) => Promise<T>) => fn(db),
      close: async () => undefined,
    } as unknown as Db;
    // The fixture project's table triggers: a round asks the log for their events.
    const worker = new EventWorker(db, loadEventsConfig(FIXTURE_PROJECT), () => ({}), recordingLog(lines), { ...DEFAULT_WORKER_OPTIONS, crons: false, fetchIntervalMs: 50 });
    await worker.start();
    try {
      available = false;
      const before = rounds;
      await sleep(1000);
      expect(rounds - before).toBeGreaterThanOrEqual(5);
      available = true;
      await sleep(300);
      expect(lines.map((l) => l.level)).toEqual(['error', 'info']);
      expect(lines[0].message).toBe('events: an event delivery round failed (trying again; logged at most once a minute while it fails)');
      expect(lines[1].message).toMatch(/^events: an event delivery round works again, after \d+ failures?$/);
    } finally {
      await worker.close();
    }
  });
});
