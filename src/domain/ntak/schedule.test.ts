import { describe, expect, it } from 'vitest';
import { budapestDate, dailyCloseKey, reminderThreshold, schedulerDays, schedulerDue, schedulerKey } from './schedule';

describe('daily-close schedule', () => {
  it('uses the Budapest calendar day and runs from 04:00 local time (CET and CEST)', () => {
    expect(budapestDate(new Date('2026-01-15T22:59:00Z'))).toBe('2026-01-15');
    expect(budapestDate(new Date('2026-01-15T23:00:00Z'))).toBe('2026-01-16');
    expect(budapestDate(new Date('2026-07-15T22:00:00Z'))).toBe('2026-07-16');
    expect(schedulerDue(new Date('2026-01-15T02:59:00Z'))).toBe(false);
    expect(schedulerDue(new Date('2026-01-15T03:00:00Z'))).toBe(true);
    expect(schedulerDue(new Date('2026-07-15T01:59:00Z'))).toBe(false);
    expect(schedulerDue(new Date('2026-07-15T02:00:00Z'))).toBe(true);
    expect(schedulerDue(new Date('2026-07-15T00:00:00Z'), 0)).toBe(true);
  });

  it('reads the scheduler answer: past days only, at most 60 back, sorted, each once', () => {
    expect(schedulerDays({ utemezoResponse: { napok: ['2026-03-03', '2026-03-01', '2026-03-03'] } }, '2026-03-10')).toEqual(['2026-03-01', '2026-03-03']);
    expect(schedulerDays({ utemezoResponse: ['2026-03-09', '2026-03-10', '2026-03-11'] }, '2026-03-10')).toEqual(['2026-03-09']);
    expect(schedulerDays(['2026-01-09', '2026-01-08', '2026-02-30', 'x', 5], '2026-03-10')).toEqual(['2026-01-09']);
    expect(schedulerDays({ utemezoResponse: [] }, '2026-03-10')).toEqual([]);
    expect(schedulerDays(null, '2026-03-10')).toEqual([]);
    const many = Array.from({ length: 90 }, (_, i) => new Date(Date.UTC(2026, 2, 10) - (i + 1) * 86_400_000).toISOString().slice(0, 10));
    const days = schedulerDays({ utemezoResponse: { napok: many } }, '2026-03-10');
    expect(days).toHaveLength(60);
    expect(days[0]).toBe('2026-01-09');
    expect(days[59]).toBe('2026-03-09');
  });

  it('keys a scheduler call per accommodation and day, and a close per closed day', () => {
    expect(schedulerKey('a', '2026-03-10')).toBe('ntak:scheduler:a:2026-03-10');
    expect(dailyCloseKey('a', '2026-03-09')).toBe('ntak:daily_close:a:2026-03-09');
  });
});

describe('certificate reminders', () => {
  const now = new Date('2026-06-01T12:00:00Z');
  const inDays = (d: number) => new Date(now.getTime() + d * 86_400_000).toISOString();
  it('is due from 30, 7 and 1 days before expiry, the nearest threshold only, and 0 once expired', () => {
    expect(reminderThreshold(inDays(31), now)).toBeNull();
    expect(reminderThreshold(inDays(30), now)).toBe(30);
    expect(reminderThreshold(inDays(8), now)).toBe(30);
    expect(reminderThreshold(inDays(7), now)).toBe(7);
    expect(reminderThreshold(inDays(5), now)).toBe(7);
    expect(reminderThreshold(inDays(0.5), now)).toBe(1);
    expect(reminderThreshold(inDays(0), now)).toBe(0);
    expect(reminderThreshold(inDays(-3), now)).toBe(0);
    expect(reminderThreshold('not a date', now)).toBeNull();
  });
});
