// What the renderer's main thread did in a Chromium trace (devtools.timeline categories), for
// `npm run bench:calendar -- --trace`: a CPU profile names JavaScript only and puts style, layout
// and paint under "(program)"; the trace's events name them. Self time per event name (an event's
// time minus the events nested in it), over the whole pass and within the tasks over a threshold,
// as the thread's CPU time (the events' `tdur`): wall time on a loaded machine is mostly waiting
// for a core (a 114 ms Paint took 6 ms of CPU at load 15).

export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** The thread's CPU time in the event (µs). */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

export interface TraceSummary {
  /** ms of the main thread's tasks (RunTask) in the trace: wall, and the thread's CPU. */
  busy: number;
  busyCpu: number;
  tasks: number;
  /** Durations (ms) of the tasks over the threshold, longest first. */
  long: number[];
  /** Every task's CPU time (ms), most first: what a task costs whatever the machine's load. */
  cpu: number[];
  /** Event name -> self CPU ms, all tasks. */
  self: Map<string, number>;
  /** Event name -> self CPU ms, within the long tasks (by wall time) only. */
  longSelf: Map<string, number>;
}

/** The renderer main thread with the most tasks (the page's; other renderers are idle). */
function mainThread(events: readonly TraceEvent[]): { pid: number; tid: number } | null {
  const mains = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  let best: { pid: number; tid: number; tasks: number } | null = null;
  for (const m of mains) {
    const tasks = events.filter((e) => e.pid === m.pid && e.tid === m.tid && e.ph === 'X' && e.name === 'RunTask').length;
    if (!best || tasks > best.tasks) best = { pid: m.pid, tid: m.tid, tasks };
  }
  return best;
}

export function summariseTrace(events: readonly TraceEvent[], longMs: number): TraceSummary | null {
  const main = mainThread(events);
  if (!main) return null;
  const own = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && typeof e.dur === 'number').sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const summary: TraceSummary = { busy: 0, busyCpu: 0, tasks: 0, long: [], cpu: [], self: new Map(), longSelf: new Map() };
  // Events nest properly on one thread: a stack of open events gives each its children's time.
  const stack: { e: TraceEvent; end: number; children: number; inLong: boolean }[] = [];
  const close = (upTo: number) => {
    while (stack.length && stack[stack.length - 1].end <= upTo) {
      const top = stack.pop()!;
      const self = ((top.e.tdur ?? 0) - top.children) / 1000;
      summary.self.set(top.e.name, (summary.self.get(top.e.name) ?? 0) + self);
      if (top.inLong) summary.longSelf.set(top.e.name, (summary.longSelf.get(top.e.name) ?? 0) + self);
      if (stack.length) stack[stack.length - 1].children += top.e.tdur ?? 0;
    }
  };
  for (const e of own) {
    close(e.ts);
    const dur = e.dur ?? 0;
    const isTask = e.name === 'RunTask' && stack.length === 0;
    if (isTask) {
      summary.tasks += 1;
      summary.busy += dur / 1000;
      summary.busyCpu += (e.tdur ?? 0) / 1000;
      summary.cpu.push((e.tdur ?? 0) / 1000);
      if (dur / 1000 > longMs) summary.long.push(dur / 1000);
    }
    const inLong = isTask ? dur / 1000 > longMs : (stack[stack.length - 1]?.inLong ?? false);
    stack.push({ e, end: e.ts + dur, children: 0, inLong });
  }
  close(Number.POSITIVE_INFINITY);
  summary.long.sort((a, b) => b - a);
  summary.cpu.sort((a, b) => b - a);
  return summary;
}

export const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline'];
