import { describe, expect, it } from 'vitest';
import { mainThreadFigures, medianFigures, scriptLabel, type TraceEvent } from './mainThread';

const meta = (pid: number, tid: number, name: string): TraceEvent => ({ name: 'thread_name', ph: 'M', pid, tid, ts: 0, args: { name } });
const task = (pid: number, tid: number, ts: number, durMs: number, cpuMs: number): TraceEvent => ({ name: 'RunTask', cat: 'toplevel', ph: 'X', pid, tid, ts, dur: durMs * 1000, tdur: cpuMs * 1000 });

describe('main-thread figures from a Chromium trace', () => {
  const trace = [
    meta(1, 10, 'CrRendererMain'), // an idle renderer (about:blank)
    task(1, 10, 0, 5, 5),
    meta(2, 20, 'CrRendererMain'),
    meta(2, 21, 'Compositor'),
    task(2, 20, 1_000, 300, 120), // wall 300 ms on a loaded machine, 120 ms of CPU
    { name: 'EvaluateScript', ph: 'X', pid: 2, tid: 20, ts: 1_100, dur: 10_000, args: { data: { url: 'http://x/_next/static/chunks/framework-0123456789abcdef.js' } } },
    task(2, 20, 1_200, 10, 10), // nested in the task above: counted in its figure, not again
    task(2, 20, 400_000, 40, 30),
    task(2, 20, 500_000, 60, 60),
    task(2, 21, 500_000, 900, 900), // another thread
  ];

  it('counts the CPU time of the page main thread top-level tasks only', () => {
    const f = mainThreadFigures({ traceEvents: trace });
    expect(f.cpuMs).toBe(210);
    expect(f.longTasks).toBe(2);
    expect(f.blockingMs).toBe(70 + 10);
    expect(f.blockingAt4xMs).toBe(430 + 70 + 190);
    expect(f.longest[0]).toEqual({ cpuMs: 120, ts: 1_000, dur: 300_000, url: 'http://x/_next/static/chunks/framework-0123456789abcdef.js' });
  });

  it('takes the renderer that committed the page, not a busier one of Chromium\'s own pages', () => {
    const committed: TraceEvent = { name: 'FrameCommittedInBrowser', ph: 'I', pid: 99, tid: 1, ts: 0, args: { data: { url: 'http://localhost:4171/sign-in', processId: 3 } } };
    const withOther = [...trace, meta(3, 30, 'CrRendererMain'), task(3, 30, 0, 70, 70), committed];
    expect(mainThreadFigures(withOther, 'http://localhost:4171').cpuMs).toBe(70);
    expect(mainThreadFigures(withOther).cpuMs).toBe(210);
  });

  it('gives zeros for a trace without a renderer', () => {
    expect(mainThreadFigures([]).cpuMs).toBe(0);
  });

  it('takes the median of several loads', () => {
    const one = (cpuMs: number) => ({ cpuMs, longTasks: cpuMs / 100, blockingMs: cpuMs / 2, blockingAt4xMs: cpuMs * 2, longest: [{ cpuMs, ts: 0, dur: cpuMs * 1000, url: null }] });
    const m = medianFigures([one(300), one(100), one(200)]);
    expect(m).toMatchObject({ cpuMs: 200, longTasks: 2, blockingMs: 100, blockingAt4xMs: 400 });
    expect(m.longest[0].cpuMs).toBe(200);
  });
});

describe('the longest-tasks column', () => {
  it('names a task by its first script: a chunk without its hash, a page by its path, a data: URL by its first characters', () => {
    expect(scriptLabel('http://x/_next/static/chunks/framework-0123456789abcdef.js')).toBe('framework');
    expect(scriptLabel('http://x/_next/static/chunks/pages/_app.0123456789abcdef.js')).toBe('_app');
    expect(scriptLabel('http://localhost:4171/')).toBe('/');
    expect(scriptLabel(null)).toBe('-');
    // A whole data URL (an inlined script or font, often kilobytes of base64 with slashes in it)
    // filled the terminal.
    const inlined = `data:application/javascript;base64,${'QUJD/+'.repeat(5_000)}`;
    expect(scriptLabel(inlined)).toBe('data:application/java…');
    expect(scriptLabel('data:,x')).toBe('data:,x');
  });
});
