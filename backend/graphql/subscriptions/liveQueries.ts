// Multiplexed live queries: subscribers with the same PreparedSubscription.key form a cohort that
// shares one result; cohorts whose queries compile to the same statement (other variables, other
// sessions) share one poller that runs that statement once per interval for all of them. Pushes
// happen only when a cohort's JSON text changed.
import type { HasuraError, PreparedSubscription } from '../types';
import type { Logger } from '../../context';

export interface LiveSubscriber {
  /** A new result: the whole GraphQL response as JSON text, `{"data":...}` or `{"errors":[...]}`. */
  push(responseJson: string): void;
}

export interface LiveQueryStats {
  /** One per multiplex group (or per key when the query cannot be multiplexed). */
  pollers: number;
  /** One per key: subscribers sharing one result. */
  cohorts: number;
  subscribers: number;
  runs: number;
  failedRuns: number;
}

/**
 * Lets at most `limit` runs of all pollers use the database at once, and starts each from a fresh
 * event-loop turn: an in-process database (PGlite) blocks the loop while it works, and without
 * these gaps hundreds of queued runs would starve the sockets (late pushes, false init timeouts).
 */
export class RunGate {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly limit: number) {}

  async run<T>(fn: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await fn();
    } finally {
      this.release();
    }
  }

  private acquire(): Promise<void> {
    if (this.active < this.limit) {
      this.active += 1;
      return new Promise((resolve) => setImmediate(resolve));
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) setImmediate(next); // the slot passes on, after the loop has served pending I/O
    else this.active -= 1;
  }
}

export class LiveQueryHub {
  private readonly pollers = new Map<string, Poller>();
  private readonly gate: RunGate;
  private runs = 0;
  private failedRuns = 0;

  constructor(
    private readonly intervalMs: number,
    private readonly log?: Logger,
    maxConcurrentRuns = 4,
  ) {
    this.gate = new RunGate(maxConcurrentRuns);
  }

  /** Adds a subscriber; the returned function removes it (and stops the poller with its last subscriber). */
  subscribe(query: PreparedSubscription, subscriber: LiveSubscriber): () => void {
    // Same key: one cohort sharing one result. Same multiplex group: several cohorts, one statement.
    const pollerKey = query.multiplex ? `group:${query.multiplex.group}` : `key:${query.key}`;
    let poller = this.pollers.get(pollerKey);
    if (!poller) {
      poller = new Poller(this.intervalMs, {
        onRun: (failed) => {
          this.runs += 1;
          if (failed) this.failedRuns += 1;
        },
        log: this.log,
        gate: this.gate,
      });
      this.pollers.set(pollerKey, poller);
    }
    const owner = poller;
    owner.add(query, subscriber);
    return () => {
      if (owner.remove(query.key, subscriber) === 0 && this.pollers.get(pollerKey) === owner) {
        owner.stop();
        this.pollers.delete(pollerKey);
      }
    };
  }

  stats(): LiveQueryStats {
    let subscribers = 0;
    let cohorts = 0;
    for (const p of this.pollers.values()) {
      subscribers += p.size;
      cohorts += p.cohortCount;
    }
    return { pollers: this.pollers.size, cohorts, subscribers, runs: this.runs, failedRuns: this.failedRuns };
  }

  close(): void {
    for (const p of this.pollers.values()) p.stop();
    this.pollers.clear();
  }
}

interface PollerHooks {
  onRun(failed: boolean): void;
  log?: Logger;
  gate: RunGate;
}

/** Subscribers of one key: they see the same result. */
interface Cohort {
  query: PreparedSubscription;
  subscribers: Set<LiveSubscriber>;
  last: string | undefined;
}

class Poller {
  private readonly cohorts = new Map<string, Cohort>();
  /** The next run of all cohorts. */
  private timer: NodeJS.Timeout | undefined;
  /** A run of only the cohorts that have no result yet (new ones), so they need not wait for the interval. */
  private freshTimer: NodeJS.Timeout | undefined;
  private running = false;
  /** Runs asked for while one was going: done right after it, never alongside. */
  private freshQueued = false;
  private fullQueued = false;
  private stopped = false;

  constructor(
    private readonly intervalMs: number,
    private readonly hooks: PollerHooks,
  ) {}

  get size(): number {
    let n = 0;
    for (const c of this.cohorts.values()) n += c.subscribers.size;
    return n;
  }

  get cohortCount(): number {
    return this.cohorts.size;
  }

  add(query: PreparedSubscription, subscriber: LiveSubscriber): void {
    let cohort = this.cohorts.get(query.key);
    if (!cohort) {
      cohort = { query, subscribers: new Set(), last: undefined };
      this.cohorts.set(query.key, cohort);
    }
    cohort.subscribers.add(subscriber);
    // A newcomer gets its cohort's current result at once; a new cohort is run at once, alone
    // (re-running the whole group for every arrival would make many arrivals quadratic).
    if (cohort.last !== undefined) subscriber.push(cohort.last);
    else if (cohort.subscribers.size === 1) this.requestFresh();
  }

  /** Removes a subscriber; returns how many are left in the whole poller. */
  remove(key: string, subscriber: LiveSubscriber): number {
    const cohort = this.cohorts.get(key);
    if (cohort) {
      cohort.subscribers.delete(subscriber);
      if (cohort.subscribers.size === 0) this.cohorts.delete(key);
    }
    return this.size;
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.freshTimer) clearTimeout(this.freshTimer);
    this.timer = undefined;
    this.freshTimer = undefined;
    this.cohorts.clear();
  }

  private requestFresh(): void {
    if (this.stopped || this.freshTimer) return;
    this.freshTimer = setTimeout(() => {
      this.freshTimer = undefined;
      void this.poll(true);
    }, 0);
    this.freshTimer.unref?.();
  }

  private schedule(delayMs: number): void {
    if (this.stopped || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.poll(false);
    }, delayMs);
    this.timer.unref?.();
  }

  /** One run (of all cohorts, or only of new ones); runs of a poller never overlap. */
  private async poll(fresh: boolean): Promise<void> {
    if (this.stopped) return;
    if (this.running) {
      if (fresh) this.freshQueued = true;
      else this.fullQueued = true;
      return;
    }
    const cohorts = [...this.cohorts.values()].filter((c) => !fresh || c.last === undefined);
    if (!cohorts.length) {
      this.schedule(this.intervalMs);
      return;
    }
    this.running = true;
    const started = Date.now();
    let responses: (string | undefined)[] = [];
    try {
      responses = await this.hooks.gate.run(() => (this.stopped ? Promise.resolve([]) : this.runCohorts(cohorts)));
    } finally {
      this.running = false;
    }
    if (this.stopped) return;
    cohorts.forEach((cohort, i) => {
      const response = responses[i];
      if (response === undefined || response === cohort.last || this.cohorts.get(cohort.query.key) !== cohort) return;
      cohort.last = response;
      for (const s of [...cohort.subscribers]) {
        try {
          s.push(response);
        } catch (err) {
          this.hooks.log?.error('live query push failed', err);
        }
      }
    });
    if (this.freshQueued) {
      this.freshQueued = false;
      this.requestFresh();
    }
    if (this.fullQueued) {
      this.fullQueued = false;
      this.schedule(0);
    } else if (!fresh) {
      // Keep the interval between starts, but leave the database some air when runs are slow.
      const elapsed = Date.now() - started;
      this.schedule(Math.max(this.intervalMs - elapsed, Math.ceil(this.intervalMs / 10)));
    } else {
      this.schedule(this.intervalMs);
    }
  }

  /**
   * One statement for all cohorts when they are multiplexed; when that fails (one cohort's values
   * may be bad), each cohort runs alone so the error stays with its own subscribers.
   */
  private async runCohorts(cohorts: Cohort[]): Promise<string[]> {
    const multiplex = cohorts[0]?.query.multiplex;
    if (multiplex && cohorts.length > 1) {
      try {
        const data = await multiplex.runMany(cohorts.map((c) => c.query.multiplex?.values ?? []));
        this.hooks.onRun(false);
        return data.map((d) => `{"data":${d}}`);
      } catch (err) {
        this.hooks.onRun(true);
        this.hooks.log?.warn(`multiplexed live query failed, running its ${cohorts.length} cohorts alone: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    const out: string[] = [];
    for (const c of cohorts) out.push(await this.runOne(c.query));
    return out;
  }

  private async runOne(query: PreparedSubscription): Promise<string> {
    try {
      const data = await query.run();
      this.hooks.onRun(false);
      return `{"data":${data}}`;
    } catch (err) {
      this.hooks.onRun(true);
      this.hooks.log?.error(`live query failed (${query.key.slice(0, 80)})`, err);
      return JSON.stringify({ errors: [toHasuraError(err)] });
    }
  }
}

/** A failed run as Hasura reports it: the engine's own error when it threw one, else "database query error". */
export function toHasuraError(err: unknown): HasuraError {
  if (typeof err === 'object' && err !== null) {
    const e = err as { message?: unknown; extensions?: { code?: unknown; path?: unknown } };
    if (typeof e.message === 'string' && e.extensions && typeof e.extensions.code === 'string') {
      return { message: e.message, extensions: { path: typeof e.extensions.path === 'string' ? e.extensions.path : '$', code: e.extensions.code } };
    }
  }
  return { message: 'database query error', extensions: { path: '$', code: 'unexpected' } };
}
