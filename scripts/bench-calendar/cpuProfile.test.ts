import { describe, expect, it } from 'vitest';
import { windowsOf, type CpuProfile } from './cpuProfile';

// A profile: root -> work -> inner, and idle; samples every 1 ms from t = 10,000 us.
const frame = (functionName: string, url = '') => ({ functionName, url, lineNumber: 0, columnNumber: 0 });
const profile: CpuProfile = {
  nodes: [
    { id: 1, callFrame: frame('(root)'), children: [2, 4] },
    { id: 2, callFrame: frame('work', 'http://x/a.js'), children: [3] },
    { id: 3, callFrame: frame('inner', 'http://x/a.js') },
    { id: 4, callFrame: frame('(idle)') },
  ],
  startTime: 10_000,
  endTime: 20_000,
  samples: [2, 3, 3, 4, 2, 2, 3, 4],
  timeDeltas: [0, 1000, 1000, 1000, 1000, 1000, 1000, 1000],
};
const name = (f: { functionName: string }) => f.functionName;

describe("a profile's samples by task", () => {
  it('sums what ran inside each window, self and inclusive, and leaves idle and outside samples out', () => {
    // Samples at 10,000 (work) 11,000 (inner) 12,000 (inner) 13,000 (idle) 14,000 (work) 15,000 (work) 16,000 (inner) 17,000 (idle).
    const [first, second] = windowsOf(profile, [{ startUs: 10_000, endUs: 13_500 }, { startUs: 15_000, endUs: 16_500 }], name);
    expect(first.start).toBe(0);
    expect(first.ms).toBe(3.5);
    expect(Object.fromEntries(first.self)).toEqual({ work: 1, inner: 2 });
    expect(Object.fromEntries(first.inclusive)).toEqual({ work: 3, inner: 2, '(root)': 3 });
    expect(second.start).toBe(5);
    expect(Object.fromEntries(second.self)).toEqual({ work: 1, inner: 1 });
  });
});
