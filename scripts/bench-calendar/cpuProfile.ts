// What ran in the long tasks of a Chromium CPU profile (CDP `Profiler`), for `npm run
// bench:calendar -- --profile`: the main thread's busy stretches (samples not idle) longer than a
// threshold, each with the functions that took its time (self and inclusive), named by the
// build's source maps when it has them (NEXT_BROWSER_SOURCE_MAPS=true), else by chunk position.

export interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

export interface CpuProfile {
  nodes: { id: number; callFrame: CallFrame; children?: number[] }[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface Stretch {
  /** ms from the profile's start. */
  start: number;
  ms: number;
  /** Function -> ms, the function anywhere on the stack (counted once per sample). */
  inclusive: Map<string, number>;
  /** Function -> ms at the top of the stack. */
  self: Map<string, number>;
}

const IDLE = new Set(['(idle)']);

/** Names a frame; `resolve` may give its original source position. */
export type FrameName = (frame: CallFrame) => string;

export const rawName: FrameName = (f) => `${f.functionName || '(anonymous)'} ${f.url.split('/').pop() ?? ''}:${f.lineNumber + 1}:${f.columnNumber + 1}`;

/** Busy stretches of at least `minMs` (a gap of idle samples under `gapMs` does not end one). */
export function busyStretches(profile: CpuProfile, minMs: number, name: FrameName = rawName, gapMs = 1): Stretch[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const names = new Map<number, string>();
  const nameOf = (id: number) => {
    let s = names.get(id);
    if (s === undefined) {
      const frame = byId.get(id)!.callFrame;
      s = frame.url ? name(frame) : frame.functionName;
      names.set(id, s);
    }
    return s;
  };
  const stacks = new Map<number, string[]>();
  const stackOf = (id: number): string[] => {
    let s = stacks.get(id);
    if (!s) {
      s = [];
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) s.push(nameOf(at));
      stacks.set(id, s);
    }
    return s;
  };
  const out: Stretch[] = [];
  let t = 0;
  let current: { start: number; end: number; samples: { id: number; ms: number }[] } | null = null;
  const close = () => {
    if (current && current.end - current.start >= minMs) {
      const stretch: Stretch = { start: current.start, ms: current.end - current.start, inclusive: new Map(), self: new Map() };
      for (const s of current.samples) {
        const stack = stackOf(s.id);
        stretch.self.set(stack[0], (stretch.self.get(stack[0]) ?? 0) + s.ms);
        for (const fn of new Set(stack)) stretch.inclusive.set(fn, (stretch.inclusive.get(fn) ?? 0) + s.ms);
      }
      out.push(stretch);
    }
    current = null;
  };
  for (let i = 0; i < profile.samples.length; i += 1) {
    t += (profile.timeDeltas[i] ?? 0) / 1000;
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const id = profile.samples[i];
    if (IDLE.has(byId.get(id)?.callFrame.functionName ?? '')) {
      if (current && t - current.end >= gapMs) close();
      continue;
    }
    if (!current) current = { start: t, end: t, samples: [] };
    current.samples.push({ id, ms });
    current.end = t + ms;
  }
  close();
  return out;
}

/** A stretch of time on the profile's own clock (microseconds, the clock of Chromium's trace events too). */
export interface Window {
  startUs: number;
  endUs: number;
}

/**
 * What ran inside each window (e.g. each long task of a trace recorded with the profile): the
 * samples that fall in it, by function; `start` is ms from the profile's start.
 */
export function windowsOf(profile: CpuProfile, windows: readonly Window[], name: FrameName = rawName): Stretch[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const stackOf = (id: number): string[] => {
    const s: string[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)!.callFrame;
      s.push(frame.url ? name(frame) : frame.functionName);
    }
    return s;
  };
  const out: Stretch[] = windows.map((w) => ({ start: (w.startUs - profile.startTime) / 1000, ms: (w.endUs - w.startUs) / 1000, inclusive: new Map(), self: new Map() }));
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i += 1) {
    t += profile.timeDeltas[i] ?? 0;
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const id = profile.samples[i];
    if (IDLE.has(byId.get(id)?.callFrame.functionName ?? '')) continue;
    const w = windows.findIndex((x) => t >= x.startUs && t < x.endUs);
    if (w < 0) continue;
    const stack = stackOf(id);
    out[w].self.set(stack[0], (out[w].self.get(stack[0]) ?? 0) + ms);
    for (const fn of new Set(stack)) out[w].inclusive.set(fn, (out[w].inclusive.get(fn) ?? 0) + ms);
  }
  return out;
}

/** The top `n` entries of a function -> ms map, as lines. */
export function top(map: Map<string, number>, n: number): string[] {
  return [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([fn, ms]) => `${ms.toFixed(1).padStart(7)} ms  ${fn}`);
}

/** Sums stretches into one function -> ms map (what all long tasks spent, together). */
export function total(stretches: readonly Stretch[], kind: 'inclusive' | 'self'): Map<string, number> {
  const sum = new Map<string, number>();
  for (const s of stretches) for (const [fn, ms] of s[kind]) sum.set(fn, (sum.get(fn) ?? 0) + ms);
  return sum;
}

// ---- source maps (version 3, "mappings" in base64 VLQ) ----

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B64_VALUE = new Map([...B64].map((c, i) => [c, i]));

/** Segments per generated line: [column, source, line, column, name?]. */
type Segment = number[];

function decodeLine(text: string, state: number[]): Segment[] {
  const segments: Segment[] = [];
  for (const part of text.split(',')) {
    if (!part) continue;
    const values: number[] = [];
    let value = 0;
    let shift = 0;
    for (const ch of part) {
      const digit = B64_VALUE.get(ch) ?? 0;
      value += (digit & 31) << shift;
      if (digit & 32) shift += 5;
      else {
        values.push(value & 1 ? -(value >>> 1) : value >>> 1);
        value = 0;
        shift = 0;
      }
    }
    state[0] += values[0];
    const seg = [state[0]];
    if (values.length >= 4) {
      state[1] += values[1];
      state[2] += values[2];
      state[3] += values[3];
      seg.push(state[1], state[2], state[3]);
      if (values.length >= 5) {
        state[4] += values[4];
        seg.push(state[4]);
      }
    }
    segments.push(seg);
  }
  return segments;
}

export interface SourceMap {
  sources: string[];
  names: string[];
  mappings: string;
}

/** (line, column) of the generated file (0-based) -> "source:line name", or null. */
export function sourceMapLookup(map: SourceMap): (line: number, column: number) => string | null {
  const lines: Segment[][] = [];
  const state = [0, 0, 0, 0, 0];
  for (const text of map.mappings.split(';')) {
    state[0] = 0;
    lines.push(decodeLine(text, state));
  }
  return (line, column) => {
    const segs = lines[line];
    if (!segs?.length) return null;
    let best: Segment | null = null;
    for (const s of segs) {
      if (s[0] > column) break;
      best = s;
    }
    if (!best || best.length < 4) return null;
    const source = (map.sources[best[1]] ?? '?').replace(/^webpack:\/\/_N_E\/(\.\/)?/, '').replace(/^webpack:\/\/\/?/, '');
    return `${source}:${best[2] + 1}${best.length >= 5 ? ` ${map.names[best[4]]}` : ''}`;
  };
}

/** Names profile frames by the chunks' source maps (fetched from the web server), where there are some. */
export async function frameNamer(profile: CpuProfile): Promise<(f: CallFrame) => string> {
  const lookups = new Map<string, ((line: number, column: number) => string | null) | null>();
  for (const url of new Set(profile.nodes.map((n) => n.callFrame.url))) {
    // Scripts only: an inline script's frames carry the page's address, whose `.map` is no map.
    if (!/^https?:\/\/[^?#]+\.js$/.test(url)) continue;
    const res = await fetch(`${url}.map`).catch(() => null);
    const map = res?.ok ? ((await res.json().catch(() => null)) as SourceMap | null) : null;
    lookups.set(url, map ? sourceMapLookup(map) : null);
  }
  return (f) => {
    const original = lookups.get(f.url)?.(f.lineNumber, f.columnNumber);
    const at = original ?? `${f.url.split('/').pop() ?? ''}:${f.lineNumber + 1}:${f.columnNumber + 1}`;
    return `${f.functionName || '(anonymous)'} @ ${at}`;
  };
}
