// The live-query hub on its own: one poller per key, no overlapping runs, change-only pushes,
// failures confined to their key.
import { LiveQueryHub, RunGate, toHasuraError } from './liveQueries';
import type { PreparedSubscription } from '../types';
import { sleep } from './__fixtures__/wsTestKit';

function query(key: string, run: () => Promise<string>): PreparedSubscription {
  return { key, run };
}

async function until(probe: () => boolean, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(2);
  }
}

describe('LiveQueryHub', () => {
  let hub: LiveQueryHub;
  afterEach(() => hub.close());

  it('never overlaps runs of one key, even when a run outlasts the interval', async () => {
    hub = new LiveQueryHub(10);
    let active = 0;
    let maxActive = 0;
    let runs = 0;
    const slow = query('k', async () => {
      active += 1;
      maxActive = Math.max(maxActive, active);
      runs += 1;
      await sleep(40);
      active -= 1;
      return `{"n":${runs}}`;
    });
    const pushed: string[] = [];
    hub.subscribe(slow, { push: (t) => pushed.push(t) });
    hub.subscribe(slow, { push: () => undefined });
    await sleep(300);
    expect(maxActive).toBe(1);
    expect(runs).toBeGreaterThan(2);
    expect(pushed[0]).toBe('{"data":{"n":1}}');
  });

  it('gives a late subscriber the current result at once, without another run', async () => {
    hub = new LiveQueryHub(1000);
    let runs = 0;
    const q = query('k', async () => `{"runs":${++runs}}`);
    hub.subscribe(q, { push: () => undefined });
    await sleep(30);
    const late: string[] = [];
    hub.subscribe(q, { push: (t) => late.push(t) });
    expect(late).toEqual(['{"data":{"runs":1}}']);
    expect(runs).toBe(1);
  });

  it('keeps a failing key from touching other keys, and survives a subscriber that throws', async () => {
    hub = new LiveQueryHub(20);
    const bad: string[] = [];
    const good: string[] = [];
    hub.subscribe(query('bad', () => Promise.reject(new Error('boom'))), { push: (t) => bad.push(t) });
    hub.subscribe(query('good', async () => '{"ok":true}'), {
      push: () => {
        throw new Error('socket gone');
      },
    });
    hub.subscribe(query('good', async () => '{"ok":true}'), { push: (t) => good.push(t) });
    await sleep(120);
    expect(bad).toEqual(['{"errors":[{"message":"database query error","extensions":{"path":"$","code":"unexpected"}}]}']);
    expect(good).toEqual(['{"data":{"ok":true}}']);
    expect(hub.stats()).toMatchObject({ pollers: 2, subscribers: 3 });
    expect(hub.stats().failedRuns).toBeGreaterThan(1);
  });

  it('stops polling when the last subscriber leaves', async () => {
    hub = new LiveQueryHub(10);
    let runs = 0;
    const q = query('k', async () => `{"r":${++runs}}`);
    const leaveA = hub.subscribe(q, { push: () => undefined });
    const leaveB = hub.subscribe(q, { push: () => undefined });
    await sleep(50);
    leaveA();
    expect(hub.stats().pollers).toBe(1);
    leaveB();
    expect(hub.stats().pollers).toBe(0);
    const after = runs;
    await sleep(60);
    expect(runs).toBe(after);
  });

  it('multiplexed cohorts: one runMany per interval for all, newcomers run alone at once', async () => {
    hub = new LiveQueryHub(400);
    const batches: number[][] = [];
    const member = (n: number): PreparedSubscription => ({
      key: `k${n}`,
      run: async () => {
        batches.push([n]);
        return `{"n":${n}}`;
      },
      multiplex: {
        group: 'g',
        values: [n],
        runMany: async (lists) => {
          batches.push(lists.map((l) => l[0] as number));
          return lists.map((l) => `{"n":${l[0] as number}}`);
        },
      },
    });
    const got: string[][] = [];
    for (let n = 0; n < 10; n++) {
      const mine: string[] = [];
      got.push(mine);
      hub.subscribe(member(n), { push: (t) => mine.push(t) });
      await until(() => mine.length === 1);
    }
    // Ramp-up: each newcomer ran alone, not the whole group again.
    expect(batches.slice(0, 10).every((b) => b.length === 1)).toBe(true);
    expect(got.map((g) => g[0])).toEqual(Array.from({ length: 10 }, (_, n) => `{"data":{"n":${n}}}`));
    expect(hub.stats()).toMatchObject({ pollers: 1, cohorts: 10, subscribers: 10 });
    await until(() => batches.some((b) => b.length === 10));
    expect(got.every((g) => g.length === 1)).toBe(true);
  });

  it("reports the engine's own error when run() throws a Hasura-shaped one", () => {
    const err = { message: 'missing session variable: "x-hasura-user-id"', extensions: { code: 'not-found', path: '$' } };
    expect(toHasuraError(err)).toEqual(err);
    expect(toHasuraError('weird')).toEqual({ message: 'database query error', extensions: { path: '$', code: 'unexpected' } });
  });
});

describe('RunGate', () => {
  /** A run that blocks the event loop the way an in-process database does. */
  const blocking = (marks: string[], name: string) => async () => {
    marks.push(name);
    const until = Date.now() + 15;
    while (Date.now() < until) {
      /* busy */
    }
  };

  it('keeps to its limit and lets pending I/O in between runs', async () => {
    const gate = new RunGate(1);
    const marks: string[] = [];
    const runs = [1, 2, 3, 4].map((n) => gate.run(blocking(marks, `run${n}`)));
    setTimeout(() => marks.push('io'), 0);
    await Promise.all(runs);
    expect(marks.filter((m) => m.startsWith('run'))).toEqual(['run1', 'run2', 'run3', 'run4']);
    expect(marks.indexOf('io')).toBeLessThan(marks.indexOf('run4'));
  });

  it('runs up to the limit side by side', async () => {
    const gate = new RunGate(3);
    let active = 0;
    let peak = 0;
    await Promise.all(
      Array.from({ length: 9 }, () =>
        gate.run(async () => {
          active += 1;
          peak = Math.max(peak, active);
          await sleep(10);
          active -= 1;
        }),
      ),
    );
    expect(peak).toBe(3);
  });
});
