// Lighthouse's CPU slowdown for this host, by the procedure of Lighthouse's docs/throttling.md
// ("Calibrating the CPU slowdown"): the default 4x assumes a high-end desktop (benchmarkIndex
// 1500-2000) and moves it into the mid-tier mobile class; a weaker host gets a lower multiplier,
// which the docs compute with the Lighthouse CPU slowdown calculator
// (https://lighthouse-cpu-throttling-calculator.vercel.app/, patrickhulce/lighthouse-cpu-throttling-calculator,
// pages/index.js). Its piecewise-linear formula, with the docs' table as anchor points:
//   benchmarkIndex >= 1300: 3 + (bi - 1300) / 233    (1300 -> 3x, 1533 -> 4x, 1766 -> 5x, 2000 -> 6x)
//   800 <= bi < 1300:       2 + (bi - 800) / 500     (800 -> 2x, 1300 -> 3x)
//   150 <= bi < 800:        1 + (bi - 150) / 650     (150 -> 1x, 800 -> 2x)
//   bi < 150:               1 (the host is already a low-end phone; no slowdown)

/** The multiplier the calculator gives for a benchmarkIndex, rounded to one decimal as Lighthouse's flag takes it. */
export function calibratedCpuMultiplier(benchmarkIndex: number): number {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0) throw new Error(`no benchmarkIndex to calibrate from (${benchmarkIndex})`);
  const m = benchmarkIndex >= 1300 ? 3 + (benchmarkIndex - 1300) / 233 : benchmarkIndex >= 800 ? 2 + (benchmarkIndex - 800) / 500 : benchmarkIndex >= 150 ? 1 + (benchmarkIndex - 150) / 650 : 1;
  return Math.round(m * 10) / 10;
}

/** The middle benchmarkIndex of several Lighthouse runs (each run measures it anew; load moves it). */
export function medianBenchmarkIndex(values: number[]): number {
  const s = values.filter((v) => Number.isFinite(v) && v > 0).sort((a, b) => a - b);
  if (!s.length) return Number.NaN;
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}
