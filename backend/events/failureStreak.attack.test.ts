// Kept as a test after the fix: failures no line has mentioned are told ("failed again, N since the
// last report, and works again") once the minute after the last line is up.
// Attack on 2420244's FailureStreak: the minute between error lines holds across successes, and a
// "works again" line answers only an error line. A second outage that starts within a minute of
// the last error line (after its "works again") and ends before that minute is up is never
// logged: no error line (throttled), no "works again" (nothing reported to answer). Its failures
// are only counted in some later error line, if the thing ever fails again.
import { describe, expect, it } from 'vitest';
import { FailureStreak } from './worker';

type Line = { level: 'info' | 'error'; message: string };

describe('attack: FailureStreak hides a whole outage', () => {
  it('a 50-second run of failures that starts 2 s after a one-off blip was answered leaves a trace in the log', () => {
    const lines: Line[] = [];
    let now = 1_000_000;
    const log = { info: (m: string) => lines.push({ level: 'info', message: m }), warn: () => undefined, error: (m: string) => lines.push({ level: 'error', message: m }) };
    const streak = new FailureStreak('an event delivery round', log, () => now);
    // A blip: one failure, then it works (error line, "works again" line).
    streak.failed(new Error('blip'));
    now += 1000;
    streak.over();
    expect(lines.map((l) => l.level)).toEqual(['error', 'info']);
    const before = lines.length;
    // The database is down for 50 s: a failed round every second.
    for (let i = 0; i < 50; i++) {
      now += 1000;
      streak.failed(new Error('connection refused'));
    }
    // Back for good: rounds work from now on, every second for an hour.
    for (let i = 0; i < 3600; i++) {
      now += 1000;
      streak.over();
    }
    // 50 failed rounds over 50 s: some line (an error, or "works again after 50 failures") must say so.
    expect(lines.slice(before), 'lines after the first outage was answered').not.toEqual([]);
  });
});
