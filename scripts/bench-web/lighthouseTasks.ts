// `tsx scripts/bench-web/lighthouseTasks.ts <report.json> [...]`: the page's main-thread tasks in a
// Lighthouse run's observed trace (kept by `bench:web --keep-reports`), each with its wall time (what
// Lantern, Lighthouse's simulation, multiplies by the CPU slowdown) and its thread (CPU) time, and
// the backend requests in flight meanwhile (the local servers share this host's cores with Chromium).
// Not a test; a reading aid for docs/performance.md.
import fs from 'node:fs';
import { mainThreadOf, TASK_NAMES, type TraceEvent } from './mainThread';

export interface ObservedTask {
  /** ms after the navigation's time origin */
  startMs: number;
  wallMs: number;
  cpuMs: number;
  /** What ran in it: the first script's URL (its file name) or the first child event's name. */
  what: string;
  /** Backend requests (GraphQL, auth) in flight during the task. */
  backendInFlight: number;
  /** The event inside that waited longest (wall minus thread time), e.g. a Layout waiting for fonts. */
  waited: string;
}

/** Σ max(0, slowdown x ms - 50) over tasks: Lighthouse's blocking time of tasks taken at that length. */
export const blockingAt = (ms: readonly number[], slowdown = 4) => ms.reduce((sum, m) => sum + Math.max(0, slowdown * m - 50), 0);

const isTask = (e: TraceEvent) => e.ph === 'X' && TASK_NAMES.has(e.name);

export function observedTasks(events: readonly TraceEvent[], timeOriginUs: number, backend: RegExp, minWallMs = 10): ObservedTask[] {
  const main = mainThreadOf(events);
  if (!main) return [];
  const { pid, tid } = main;
  const thread = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X').sort((a, b) => a.ts - b.ts);
  // Backend requests: from the renderer's send to the network's finish.
  const sent = new Map<string, number>();
  const spans: { from: number; to: number }[] = [];
  for (const e of [...events].sort((a, b) => a.ts - b.ts)) {
    const data = e.args?.data;
    if (e.name === 'ResourceSendRequest' && data?.requestId && data.url && backend.test(data.url)) sent.set(data.requestId, e.ts);
    if (e.name === 'ResourceFinish' && data?.requestId && sent.has(data.requestId)) spans.push({ from: sent.get(data.requestId)!, to: e.ts });
  }
  const tasks: ObservedTask[] = [];
  for (const task of thread.filter(isTask)) {
    const wall = task.dur ?? 0;
    if (wall < minWallMs * 1000 || task.ts < timeOriginUs) continue;
    const end = task.ts + wall;
    const inside = thread.filter((e) => e !== task && e.ts >= task.ts && e.ts < end);
    const script = inside.find((e) => e.args?.data?.url);
    const what = script ? `${script.name} ${script.args!.data!.url!.split('/').pop()}` : (inside.find((e) => !isTask(e))?.name ?? '');
    const gap = (e: TraceEvent) => (e.dur ?? 0) - (e.tdur ?? e.dur ?? 0);
    const longestWait = inside.reduce<TraceEvent | undefined>((best, e) => (!best || gap(e) > gap(best) ? e : best), undefined);
    tasks.push({
      startMs: (task.ts - timeOriginUs) / 1000,
      wallMs: wall / 1000,
      cpuMs: (task.tdur ?? wall) / 1000,
      what,
      backendInFlight: spans.filter((s) => s.from < end && s.to > task.ts).length,
      waited: longestWait && gap(longestWait) >= 5000 ? `${longestWait.name} ${(longestWait.dur! / 1000).toFixed(1)} wall / ${((longestWait.tdur ?? 0) / 1000).toFixed(1)} cpu` : '',
    });
  }
  return tasks;
}

function readJson(file: string): unknown {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

function main(files: string[]): void {
  for (const reportFile of files) {
    const report = readJson(reportFile) as {
      finalDisplayedUrl: string;
      audits: Record<string, { numericValue?: number; details?: { items?: Record<string, unknown>[] } }>;
    };
    const metrics = report.audits.metrics?.details?.items?.[0] as { observedTimeOriginTs: number; observedFirstContentfulPaint: number };
    const traceFile = reportFile.replace(/\.json$/, '-0.trace.json');
    if (!fs.existsSync(traceFile)) {
      console.log(`${reportFile}: no trace beside it (bench:web --keep-reports saves one)`);
      continue;
    }
    const trace = readJson(traceFile) as { traceEvents?: TraceEvent[] } | TraceEvent[];
    const events = Array.isArray(trace) ? trace : (trace.traceEvents ?? []);
    const backendPort = fs.existsSync('node_modules/.cache/next-bench/bench-backend-port.txt') ? fs.readFileSync('node_modules/.cache/next-bench/bench-backend-port.txt', 'utf8').trim() : '';
    const backend = new RegExp(`:${backendPort || '\\d+'}/v1/`);
    const tasks = observedTasks(events, metrics.observedTimeOriginTs, backend);
    // Lantern places these tasks in its simulated load and counts the part of each beyond 50 ms
    // (times 4) after its simulated FCP: the sums below are over every task, before and after.
    const fcp = metrics.observedFirstContentfulPaint;
    const duringRequest = (t: ObservedTask) => t.backendInFlight > 0;
    console.log(`\n${reportFile}\n${report.finalDisplayedUrl}: TBT ${report.audits['total-blocking-time']?.numericValue?.toFixed(0)} ms (simulated), observed FCP ${fcp} ms`);
    console.log('  start   wall    cpu  wall/cpu  backend  what (longest wait inside)');
    for (const t of tasks) {
      console.log(`${t.startMs.toFixed(0).padStart(7)} ${t.wallMs.toFixed(1).padStart(6)} ${t.cpuMs.toFixed(1).padStart(6)} ${(t.wallMs / Math.max(t.cpuMs, 0.1)).toFixed(1).padStart(9)} ${String(t.backendInFlight).padStart(8)}  ${t.what}${t.waited ? ` (${t.waited})` : ''}`);
    }
    const wall = tasks.reduce((s, t) => s + t.wallMs, 0);
    const cpu = tasks.reduce((s, t) => s + t.cpuMs, 0);
    console.log(`  ${tasks.length} tasks of 10 ms wall or more: wall ${wall.toFixed(0)} ms, CPU ${cpu.toFixed(0)} ms; at 4x from wall ${blockingAt(tasks.map((t) => t.wallMs)).toFixed(0)} ms, from CPU ${blockingAt(tasks.map((t) => t.cpuMs)).toFixed(0)} ms; with a backend request in flight: ${tasks.filter(duringRequest).length} (wall ${tasks.filter(duringRequest).reduce((s, t) => s + t.wallMs, 0).toFixed(0)} ms, CPU ${tasks.filter(duringRequest).reduce((s, t) => s + t.cpuMs, 0).toFixed(0)} ms)`);
    const long = (report.audits['long-tasks']?.details?.items ?? []) as { url: string; startTime: number; duration: number }[];
    console.log(`  Lighthouse's long tasks (simulated): ${long.map((t) => `${t.duration.toFixed(0)} ms at ${t.startTime.toFixed(0)} (${t.url.split('/').pop()})`).join(', ')}`);
  }
}

if (process.argv[1]?.endsWith('lighthouseTasks.ts')) main(process.argv.slice(2));
