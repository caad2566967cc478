// Main-thread CPU of a page load, read from Chromium's own trace. Each top-level task of the
// renderer's main thread carries `tdur`, the CPU time the thread spent in it (not wall time), so
// these figures move far less with the machine's load than Lighthouse's TBT, which is wall time
// scaled by a CPU multiplier. Used by `npm run bench:web` next to Lighthouse (docs/performance.md).
import { chromium, type Browser } from 'playwright';
import type { CpuProfile } from '../bench-calendar/cpuProfile';

/** A long task as Lighthouse and the Long Tasks API count it. */
export const LONG_TASK_MS = 50;

/**
 * The screens a load is measured on: Lighthouse's mobile emulation (Moto G Power class), the layout
 * the phone gets; and Lighthouse's desktop size, where the staff pages draw their permanent
 * navigation (what a wide screen loads besides is not seen on the phone).
 */
export const DEVICES = {
  phone: {
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    userAgent: 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  },
  desktop: { viewport: { width: 1350, height: 940 }, deviceScaleFactor: 1, isMobile: false, hasTouch: false },
};
export type Device = keyof typeof DEVICES;

export interface TraceEvent {
  name: string;
  cat?: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { url?: string; processId?: number; frames?: { url?: string; processId?: number }[]; requestId?: string; frame?: string } };
}

export interface MainThreadTask {
  /** Thread (CPU) time in ms. */
  cpuMs: number;
  /** Start and wall duration on the trace's clock, microseconds. */
  ts: number;
  dur: number;
  /** The first script the task ran, when it ran one. */
  url: string | null;
}

export interface MainThreadFigures {
  /** CPU time of the main thread in top-level tasks, ms. */
  cpuMs: number;
  /** Tasks whose CPU time alone is a long task. */
  longTasks: number;
  /** Sum over tasks of the CPU time beyond 50 ms: a TBT computed from CPU time, unthrottled. */
  blockingMs: number;
  /** The same at Lighthouse's 4x CPU slowdown: sum of max(0, 4 * cpu - 50). */
  blockingAt4xMs: number;
  /** Longest tasks, longest first. */
  longest: MainThreadTask[];
}

export const TASK_NAMES = new Set(['RunTask', 'ThreadControllerImpl::RunTask', 'TaskQueueManager::ProcessTaskFromWorkQueue']);

/** Renderer processes that committed a frame of `origin` (Chromium's own pages may run in others). */
function processesOf(events: readonly TraceEvent[], origin: string): Set<number> {
  const pids = new Set<number>();
  for (const e of events) {
    if (e.name === 'FrameCommittedInBrowser' && e.args?.data?.url?.startsWith(origin) && e.args.data.processId) pids.add(e.args.data.processId);
    if (e.name === 'TracingStartedInBrowser') for (const f of e.args?.data?.frames ?? []) if (f.url?.startsWith(origin) && f.processId) pids.add(f.processId);
  }
  return pids;
}

/**
 * The page's renderer main thread: among the renderers that committed the page's origin (any
 * renderer when the trace does not say), the one that did the most work.
 */
export function mainThreadOf(events: readonly TraceEvent[], origin?: string): { pid: number; tid: number } | null {
  const pages = origin ? processesOf(events, origin) : new Set<number>();
  const mains = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && (pages.size === 0 || pages.has(e.pid)));
  let best: { pid: number; tid: number } | null = null;
  let bestCpu = -1;
  for (const m of mains) {
    const cpu = events.filter((e) => e.pid === m.pid && e.tid === m.tid && TASK_NAMES.has(e.name) && e.ph === 'X').reduce((s, e) => s + (e.tdur ?? 0), 0);
    if (cpu > bestCpu) [best, bestCpu] = [{ pid: m.pid, tid: m.tid }, cpu];
  }
  return best;
}

/** The top-level tasks of the page's main thread in one trace, in order. */
export function mainThreadTasks(trace: { traceEvents: TraceEvent[] } | TraceEvent[], origin?: string): MainThreadTask[] {
  const events = Array.isArray(trace) ? trace : trace.traceEvents;
  const main = mainThreadOf(events, origin);
  if (!main) return [];
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X').sort((a, b) => a.ts - b.ts);
  const tasks: MainThreadTask[] = [];
  let end = -Infinity;
  let current: MainThreadTask | null = null;
  for (const e of onMain) {
    const top = TASK_NAMES.has(e.name) && e.ts >= end; // nested task events are inside their parent's figure
    if (top) {
      end = e.ts + (e.dur ?? 0);
      current = { cpuMs: (e.tdur ?? 0) / 1000, ts: e.ts, dur: e.dur ?? 0, url: null };
      tasks.push(current);
    } else if (current && !current.url && e.ts < end && e.args?.data?.url) {
      current.url = e.args.data.url;
    }
  }
  return tasks;
}

export function mainThreadFigures(trace: { traceEvents: TraceEvent[] } | TraceEvent[], origin?: string): MainThreadFigures {
  const tasks = mainThreadTasks(trace, origin);
  const blocking = (factor: number) => tasks.reduce((s, t) => s + Math.max(0, factor * t.cpuMs - LONG_TASK_MS), 0);
  return {
    cpuMs: tasks.reduce((s, t) => s + t.cpuMs, 0),
    longTasks: tasks.filter((t) => t.cpuMs >= LONG_TASK_MS).length,
    blockingMs: blocking(1),
    blockingAt4xMs: blocking(4),
    longest: [...tasks].sort((a, b) => b.cpuMs - a.cpuMs).slice(0, 5),
  };
}

/** Waits until no request started or ended for `quietMs` (websockets aside), at most `timeoutMs`. */
async function networkQuiet(page: import('playwright').Page, quietMs: number, timeoutMs: number): Promise<void> {
  let last = Date.now();
  const bump = () => (last = Date.now());
  page.on('request', bump);
  page.on('requestfinished', bump);
  page.on('requestfailed', bump);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() - last < quietMs && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  page.off('request', bump);
  page.off('requestfinished', bump);
  page.off('requestfailed', bump);
}

/**
 * Loads `url` in a fresh browser context of the device's size (cold cache, as Lighthouse) with an optional
 * cookie, traces until the network has been quiet for 3 s (the idle-time prefetches and their
 * evaluation included), and returns the main thread's figures.
 */
export async function measureMainThread(browser: Browser, url: string, cookie?: string, device: Device = 'phone'): Promise<MainThreadFigures> {
  const context = await browser.newContext(DEVICES[device]);
  try {
    if (cookie) {
      const [name, ...value] = cookie.split('=');
      await context.addCookies([{ name, value: value.join('='), url: new URL(url).origin }]);
    }
    const page = await context.newPage();
    await browser.startTracing(page, { categories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline'] });
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    await networkQuiet(page, 3000, 60_000);
    const trace = await browser.stopTracing();
    return mainThreadFigures(JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] }, new URL(url).origin);
  } finally {
    await context.close();
  }
}

/**
 * One load of `url` as measureMainThread does, under Chromium's CPU profiler (CDP `Profiler`, 200 us
 * samples) and traced at once: which functions ran in each of the load's tasks, for `npm run
 * bench:web -- --profile`. The profiler's overhead makes these times longer than the CPU figures';
 * use them for where, not how much.
 */
export async function profileLoad(browser: Browser, url: string, cookie?: string, device: Device = 'phone'): Promise<{ profile: CpuProfile; tasks: MainThreadTask[] }> {
  const context = await browser.newContext(DEVICES[device]);
  try {
    if (cookie) {
      const [name, ...value] = cookie.split('=');
      await context.addCookies([{ name, value: value.join('='), url: new URL(url).origin }]);
    }
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await browser.startTracing(page, { categories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline'] });
    await cdp.send('Profiler.start');
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    await networkQuiet(page, 3000, 60_000);
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
    const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
    return { profile, tasks: mainThreadTasks(trace, new URL(url).origin) };
  } finally {
    await context.close();
  }
}

export async function launchForTrace(chromePath = '/usr/bin/chromium'): Promise<Browser> {
  return chromium.launch({ executablePath: chromePath, args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
}

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : Number.NaN;
};

/** The median of each figure over several loads (the longest tasks of the median-CPU run). */
export function medianFigures(runs: MainThreadFigures[]): MainThreadFigures {
  const byCpu = [...runs].sort((a, b) => a.cpuMs - b.cpuMs);
  return {
    cpuMs: median(runs.map((r) => r.cpuMs)),
    longTasks: median(runs.map((r) => r.longTasks)),
    blockingMs: median(runs.map((r) => r.blockingMs)),
    blockingAt4xMs: median(runs.map((r) => r.blockingAt4xMs)),
    longest: byCpu[Math.floor((byCpu.length - 1) / 2)]?.longest ?? [],
  };
}

/** How much of a data: URL's text a label keeps: enough to tell its type, not its whole body. */
const DATA_URL_CHARS = 16;

/**
 * A task's first script as the longest-tasks column prints it: a chunk's name without its content
 * hash, a page's path, `data:` and its first characters (a whole data URL filled the terminal),
 * '-' when the task ran no script.
 */
export function scriptLabel(url: string | null): string {
  if (!url) return '-';
  if (url.startsWith('data:')) {
    const body = url.slice('data:'.length);
    return `data:${body.slice(0, DATA_URL_CHARS)}${body.length > DATA_URL_CHARS ? '…' : ''}`;
  }
  const file = (url.split('/').pop() ?? '').replace(/-[0-9a-f]{16}\.js$|\.[0-9a-f]{16}\.js$/, '');
  if (file) return file;
  try {
    return new URL(url).pathname;
  } catch {
    return url.slice(0, 40);
  }
}
