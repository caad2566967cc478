// Timing helpers for the benchmark: latency percentiles of sequential runs, throughput of
// concurrent runs for a fixed time, and a plain-text table.
import { performance } from 'node:perf_hooks';

export interface Latency {
  p50: number;
  p95: number;
  max: number;
  n: number;
}

/** Nearest-rank percentile of samples in milliseconds. */
export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

export function summarise(samples: number[]): Latency {
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), max: Math.max(...samples), n: samples.length };
}

/**
 * Runs fn one call at a time: `warmup` calls unmeasured, then up to `iterations` timed ones,
 * stopping early (after at least 20) once `budgetMs` is spent so slow cases stay affordable.
 */
export async function measureLatency(fn: () => Promise<unknown>, iterations: number, warmup: number, budgetMs = Infinity): Promise<Latency> {
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  const end = performance.now() + budgetMs;
  for (let i = 0; i < iterations && (i < 20 || performance.now() < end); i++) {
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
  }
  return summarise(samples);
}

/**
 * Times several functions interleaved (one call of each per round, in rotating order) so that
 * background load on the machine hits all of them alike. Also returns, per function, the median
 * of its per-round ratio to the `baseline` function.
 */
export async function measurePaired(
  fns: Record<string, () => Promise<unknown>>,
  baseline: string,
  opts: { iterations: number; warmup: number; budgetMs: number },
): Promise<Record<string, Latency & { pairedRatio: number }>> {
  const names = Object.keys(fns);
  for (let i = 0; i < opts.warmup; i++) for (const n of names) await fns[n]();
  const samples: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
  const end = performance.now() + opts.budgetMs;
  for (let i = 0; i < opts.iterations && (i < 20 || performance.now() < end); i++) {
    for (let k = 0; k < names.length; k++) {
      const n = names[(i + k) % names.length];
      const t = performance.now();
      await fns[n]();
      samples[n].push(performance.now() - t);
    }
  }
  const base = samples[baseline];
  return Object.fromEntries(
    names.map((n) => [n, { ...summarise(samples[n]), pairedRatio: percentile(samples[n].map((v, i) => v / base[i]), 50) }]),
  );
}

/** Throughput of each function, measured in alternating slices so background load is shared fairly. */
export async function measureThroughputPaired(
  fns: Record<string, () => Promise<unknown>>,
  concurrency: number,
  durationMs: number,
  slices = 4,
): Promise<Record<string, number>> {
  const done: Record<string, number> = {};
  const spent: Record<string, number> = {};
  for (let s = 0; s < slices; s++) {
    for (const [n, fn] of Object.entries(fns)) {
      const t = performance.now();
      const rps = await measureThroughput(fn, concurrency, durationMs / slices);
      const elapsed = performance.now() - t;
      done[n] = (done[n] ?? 0) + rps * (elapsed / 1000);
      spent[n] = (spent[n] ?? 0) + elapsed;
    }
  }
  return Object.fromEntries(Object.keys(fns).map((n) => [n, done[n] / (spent[n] / 1000)]));
}

/** Calls completed per second with `concurrency` callers looping for `durationMs`. */
export async function measureThroughput(fn: () => Promise<unknown>, concurrency: number, durationMs: number): Promise<number> {
  const end = performance.now() + durationMs;
  let done = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        await fn();
        done += 1;
      }
    }),
  );
  return done / ((performance.now() - started) / 1000);
}

export const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(2) : '-');

/** Left-aligned first column, right-aligned others. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}
