import { describe, expect, it } from 'vitest';
import { medianRun, type LighthouseResult } from './lighthouse';

const run = (performance: number, tbt: number, lcp = 2000): LighthouseResult => ({
  url: 'http://localhost:3000/journey/x/checkin',
  signedIn: false,
  scores: { performance, accessibility: 100, 'best-practices': 100 },
  metrics: { fcp: 1000, lcp, tbt, cls: 0, speedIndex: 1200 },
  benchmarkIndex: 1100,
  cpuMultiplier: 4,
});

describe('the median of several Lighthouse runs of a page', () => {
  it('is the middle run by performance score, kept whole (one outlier does not decide the figure)', () => {
    const median = medianRun([run(97, 118, 2300), run(89, 364, 2400), run(98, 101, 2200)]);
    expect(median.scores.performance).toBe(97);
    expect(median.metrics).toMatchObject({ tbt: 118, lcp: 2300 });
    expect(median.performanceOfRuns).toEqual([97, 89, 98]);
  });

  it('takes the lower middle of an even count, and the middle TBT among equal scores', () => {
    expect(medianRun([run(90, 10), run(80, 10), run(95, 10), run(85, 10)]).scores.performance).toBe(85);
    expect(medianRun([run(90, 200), run(90, 100), run(90, 300)]).metrics.tbt).toBe(200);
  });

  it('refuses no runs', () => {
    expect(() => medianRun([])).toThrow('no Lighthouse run');
  });
});
