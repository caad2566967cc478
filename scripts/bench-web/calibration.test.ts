import { describe, expect, it } from 'vitest';
import { calibratedCpuMultiplier, medianBenchmarkIndex } from './calibration';

describe('Lighthouse CPU slowdown calibration', () => {
  it('gives the calculator multipliers at the docs table anchor points', () => {
    expect(calibratedCpuMultiplier(2000)).toBe(6);
    expect(calibratedCpuMultiplier(1533)).toBe(4);
    expect(calibratedCpuMultiplier(1300)).toBe(3);
    expect(calibratedCpuMultiplier(800)).toBe(2);
    expect(calibratedCpuMultiplier(150)).toBe(1);
    expect(calibratedCpuMultiplier(100)).toBe(1);
  });

  it('interpolates between them (this 2-core host measured 680-1190)', () => {
    expect(calibratedCpuMultiplier(680)).toBe(1.8);
    expect(calibratedCpuMultiplier(1000)).toBe(2.4);
    expect(calibratedCpuMultiplier(1190)).toBe(2.8);
  });

  it('refuses to calibrate without a benchmark', () => {
    expect(() => calibratedCpuMultiplier(Number.NaN)).toThrow(/benchmarkIndex/);
    expect(() => calibratedCpuMultiplier(0)).toThrow(/benchmarkIndex/);
  });

  it('takes the middle of the runs, ignoring missing values', () => {
    expect(medianBenchmarkIndex([900, 700, Number.NaN, 1100])).toBe(900);
    expect(medianBenchmarkIndex([700, 1100])).toBe(900);
    expect(medianBenchmarkIndex([])).toBeNaN();
  });
});
