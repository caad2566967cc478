// Attacks on the first FailureStreak (3f30de9), kept as tests: a failure that kept coming back
// between successes was never throttled. Every success reset the streak, so each failure was "the
// first" again: logged at once, plus a "works again" line -- two lines per failure, more than the
// one line per failure before. Now the minute holds across successes, and only a whole round
// (scheduled events checked too) counts as rounds working again.
import { describe, expect, it } from 'vitest';
import type { Db, HeldLock, QueryResult } from '../db';
import { loadEventsConfig } from './config';
import { FIXTURE_PROJECT, type LogLine, noEventsAnswer, recordingLog, sleep } from './testing';
import { DEFAULT_WORKER_OPTIONS, EventWorker } from './worker';


describe('attack: a failure that persists between successful rounds', () => {
  it('a delivery round that fails at every scheduled-events check, with writes nudging rounds in between, is logged once (not error/info every second)', async () => {
    const lines: LogLine[] = [];
    let broken = false;
    let failures = 0;
    const db = {
      kind: 'pglite',
      statementTimeoutMs: 0,
      query: async <R,>(sql: string): Promise<QueryResult<R>> => {
        // One part of the round is persistently broken (a bad table, a permission, a statement
        // that always times out); the table events query works.
        if (broken && /count\(\*\)::text AS n FROM hdb_catalog\.hdb_scheduled_events/.test(sql)) {
          failures++;
          throw new Error('relation "hdb_catalog.hdb_scheduled_events" is broken');
        }
        return noEventsAnswer<R>(sql);
      },
      exec: async () => undefined,
      transaction: async <T,>(fn: (tx: Db) => Promise<T>) => fn(db),
      close: async () => undefined,
    } as unknown as Db;
    const worker = new EventWorker(db, loadEventsConfig(FIXTURE_PROJECT), () => ({}), recordingLog(lines), { ...DEFAULT_WORKER_OPTIONS, crons: false, fetchIntervalMs: 300 });
    await worker.start();
    try {
      broken = true;
      // Steady writes: each nudges a round soon (nudgeMs), between the fetch-interval rounds.
      const writes = setInterval(() => worker.nudge(), 60);
      await sleep(3000);
      clearInterval(writes);
      expect(failures).toBeGreaterThanOrEqual(5);
      const errors = lines.filter((l) => l.level === 'error');
      const infos = lines.filter((l) => l.message.includes('works again'));
      // It never worked again: no recovery line, and one error (the next a minute later).
      expect({ errors: errors.length, worksAgain: infos.length }).toEqual({ errors: 1, worksAgain: 0 });
    } finally {
      await worker.close();
    }
  }, 20_000);
});

describe('attack: a flapping lock attempt during a reclaim', () => {
  it('attempts alternately refused and finding the lock held, during the 2 s reclaim, log one error, not ~10 errors and ~10 recoveries', async () => {
    const lines: LogLine[] = [];
    let n = 0;
    let phase: 'up' | 'flapping' | 'held' = 'up';
    let endConnection = () => {};
    const lock = (): HeldLock => ({ lost: new Promise<void>((resolve) => (endConnection = resolve)), release: async () => undefined });
    const db = {
      kind: 'postgres',
      statementTimeoutMs: 0,
      query: noEventsAnswer,
      exec: async () => undefined,
      transaction: async <T,>(fn: (tx: Db) => Promise<T>) => fn(db),
      tryLock: async () => {
        if (phase === 'up') return lock();
        if (phase === 'held') return null;
        // A busy or restarting server: every other connection refused ("too many clients").
        return n++ % 2 === 0 ? Promise.reject(new Error('sorry, too many clients already')) : null;
      },
      close: async () => undefined,
    } as unknown as Db;
    const worker = new EventWorker(db, { triggers: [], crons: [] }, () => ({}), recordingLog(lines), { ...DEFAULT_WORKER_OPTIONS, crons: false });
    await worker.start();
    try {
      phase = 'flapping';
      endConnection();
      await sleep(2200);
      phase = 'held';
      await sleep(300);
      const errors = lines.filter((l) => l.level === 'error' && l.message.includes('events lock'));
      const infos = lines.filter((l) => l.message.includes('events lock works again'));
      expect(n).toBeGreaterThanOrEqual(10);
      expect({ errors: errors.length, worksAgain: infos.length }).toEqual({ errors: 1, worksAgain: 1 });
    } finally {
      await worker.close();
    }
  }, 20_000);
});
