import { describe, expect, it } from 'vitest';
import { CronError, nextRun, nextRuns, parseCron } from './cron';

const at = (iso: string) => new Date(iso);
const iso = (d: Date | null) => d?.toISOString() ?? null;

describe('cron schedules (UTC)', () => {
  it('every minute, the next whole minute strictly after', () => {
    expect(iso(nextRun(parseCron('* * * * *'), at('2026-11-25T10:15:00Z')))).toBe('2026-11-25T10:16:00.000Z');
    expect(iso(nextRun(parseCron('* * * * *'), at('2026-11-25T10:15:59.999Z')))).toBe('2026-11-25T10:16:00.000Z');
  });

  it('crosses the hour, day, month and year boundaries', () => {
    expect(iso(nextRun(parseCron('0 * * * *'), at('2026-11-25T10:59:30Z')))).toBe('2026-11-25T11:00:00.000Z');
    expect(iso(nextRun(parseCron('0 * * * *'), at('2026-11-25T11:00:00Z')))).toBe('2026-11-25T12:00:00.000Z');
    expect(iso(nextRun(parseCron('30 23 * * *'), at('2026-12-31T23:30:00Z')))).toBe('2027-01-01T23:30:00.000Z');
    expect(iso(nextRun(parseCron('5 0 1 * *'), at('2026-11-25T00:00:00Z')))).toBe('2026-12-01T00:05:00.000Z');
  });

  it('month field with names, ranges and steps', () => {
    expect(iso(nextRun(parseCron('0 2 1 JAN,jul *'), at('2026-11-25T00:00:00Z')))).toBe('2027-01-01T02:00:00.000Z');
    expect(iso(nextRun(parseCron('0 0 1 3-5 *'), at('2026-05-02T00:00:00Z')))).toBe('2027-03-01T00:00:00.000Z');
    expect(nextRuns(parseCron('0 0 1 */4 *'), at('2026-01-15T00:00:00Z'), 3).map(iso)).toEqual([
      '2026-05-01T00:00:00.000Z', '2026-09-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z',
    ]);
  });

  it('weekday field: names, 0 and 7 as Sunday, ranges', () => {
    // 2026-11-25 is a Wednesday.
    expect(iso(nextRun(parseCron('0 9 * * MON'), at('2026-11-25T00:00:00Z')))).toBe('2026-11-30T09:00:00.000Z');
    expect(iso(nextRun(parseCron('0 9 * * 0'), at('2026-11-25T00:00:00Z')))).toBe('2026-11-29T09:00:00.000Z');
    expect(iso(nextRun(parseCron('0 9 * * 7'), at('2026-11-25T00:00:00Z')))).toBe('2026-11-29T09:00:00.000Z');
    expect(nextRuns(parseCron('0 18 * * mon-fri'), at('2026-11-27T18:00:00Z'), 2).map(iso)).toEqual(['2026-11-30T18:00:00.000Z', '2026-12-01T18:00:00.000Z']);
  });

  it('day-of-month and weekday both restricted: either one matches (Vixie cron)', () => {
    // The 1st of the month or any Friday, at noon.
    expect(nextRuns(parseCron('0 12 1 * FRI'), at('2026-11-25T00:00:00Z'), 3).map(iso)).toEqual([
      '2026-11-27T12:00:00.000Z', '2026-12-01T12:00:00.000Z', '2026-12-04T12:00:00.000Z',
    ]);
  });

  it('a 29th of February waits for the leap year; lists and steps in minutes', () => {
    expect(iso(nextRun(parseCron('0 0 29 2 *'), at('2026-11-25T00:00:00Z')))).toBe('2028-02-29T00:00:00.000Z');
    expect(nextRuns(parseCron('0,30 */12 * * *'), at('2026-11-25T11:59:00Z'), 3).map(iso)).toEqual([
      '2026-11-25T12:00:00.000Z', '2026-11-25T12:30:00.000Z', '2026-11-26T00:00:00.000Z',
    ]);
  });

  it('refuses malformed schedules', () => {
    for (const bad of ['* * * *', '60 * * * *', '* 24 * * *', '* * 0 * *', '* * * 13 *', '* * * * 8', '*/0 * * * *', '5-1 * * * *', 'x * * * *', '* * * * FUNDAY']) {
      expect(() => parseCron(bad), bad).toThrow(CronError);
    }
  });
});
