import { describe, expect, it } from 'vitest';
import { medianRun, readReport, type LighthouseResult } from './lighthouse';

const run = (performance: number, tbt: number, lcp = 2000, observedFirstPaint = 180): LighthouseResult => ({
  url: 'http://localhost:3000/journey/x/checkin',
  signedIn: false,
  scores: { performance, accessibility: 100, 'best-practices': 100 },
  metrics: { fcp: 1000, lcp, tbt, cls: 0, speedIndex: 1200 },
  observedFirstPaint,
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

  it('names the runs whose first paint Chromium held, and gives the median of the others beside the median of all', () => {
    const median = medianRun([run(82, 240, 3800, 1290), run(97, 130, 1200), run(84, 300, 3600, 2250), run(95, 150, 1600), run(83, 260, 3700, 1210)]);
    expect(median.scores.performance).toBe(84);
    expect(median.heldRuns).toEqual([1, 3, 5]);
    expect(median.medianOfUnheld?.scores.performance).toBe(95);
    expect(median.medianOfUnheld?.metrics.lcp).toBe(1600);
  });

  it('gives no second median when no run, or every run, was held', () => {
    expect(medianRun([run(90, 10), run(91, 10)]).medianOfUnheld).toBeUndefined();
    const allHeld = medianRun([run(80, 10, 3000, 1200), run(81, 10, 3000, 2200)]);
    expect(allHeld.heldRuns).toEqual([1, 2]);
    expect(allHeld.medianOfUnheld).toBeUndefined();
  });

  it("reads the observed first paint from Lighthouse's metrics audit", () => {
    const report = { categories: { performance: { score: 0.85 } }, audits: { metrics: { details: { items: [{ observedFirstContentfulPaint: 1263.4 }] } } } };
    expect(readReport('http://localhost:3000/sign-in', report).observedFirstPaint).toBe(1263.4);
  });

  it('refuses no runs', () => {
    expect(() => medianRun([])).toThrow('no Lighthouse run');
  });
});
