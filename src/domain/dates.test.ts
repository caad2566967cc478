import { describe, expect, it } from 'vitest';
import { budapestDateTime, budapestInstant } from './dates';

describe('Budapest wall-clock time', () => {
  it('reads an instant as the Budapest day and time, winter and summer, and round-trips', () => {
    expect(budapestDateTime('2026-12-10T15:30:00Z')).toEqual({ date: '2026-12-10', time: '16:30' });
    expect(budapestDateTime('2026-07-01T22:30:00Z')).toEqual({ date: '2026-07-02', time: '00:30' });
    const { date, time } = budapestDateTime('2026-03-29T08:05:00Z');
    expect(new Date(budapestInstant(date, time)).toISOString()).toBe('2026-03-29T08:05:00.000Z');
  });
});
