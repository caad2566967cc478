// Multiplexed live queries: subscribers with the same PreparedSubscription.key share one poller
// that re-runs the query on an interval and pushes only when the result's JSON text changed.
import type { HasuraError, PreparedSubscription } from '../types';
import type { Logger } from '../../context';

export interface LiveSubscriber {
  /** A new result: the whole GraphQL response as JSON text, `{"data":...}` or `{"errors":[...]}`. */
  push(responseJson: string): void;
}

export interface LiveQueryStats {
  pollers: number;
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
    let poller = this.pollers.get(query.key);
    if (!poller) {
      poller = new Poller(query, this.intervalMs, {
        onRun: (failed) => {
          this.runs += 1;
          if (failed) this.failedRuns += 1;
        },
        log: this.log,
        gate: this.gate,
      });
      this.pollers.set(query.key, poller);
    }
    const owner = poller;
    owner.add(subscriber);
    return () => {
      if (owner.remove(subscriber) === 0 && this.pollers.get(query.key) === owner) {
        owner.stop();
        this.pollers.delete(query.key);
      }
    };
  }

  stats(): LiveQueryStats {
    let subscribers = 0;
    for (const p of this.pollers.values()) subscribers += p.size;
    return { pollers: this.pollers.size, subscribers, runs: this.runs, failedRuns: this.failedRuns };
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

class Poller {
  private readonly subscribers = new Set<LiveSubscriber>();
  private last: string | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private stopped = false;

  constructor(
    private readonly query: PreparedSubscription,
    private readonly intervalMs: number,
    private readonly hooks: PollerHooks,
  ) {}

  get size(): number {
    return this.subscribers.size;
  }

  add(subscriber: LiveSubscriber): void {
    this.subscribers.add(subscriber);
    // A newcomer gets the current result at once; the first subscriber starts the first run at once.
    if (this.last !== undefined) subscriber.push(this.last);
    else if (!this.running && this.subscribers.size === 1) this.schedule(0);
  }

  remove(subscriber: LiveSubscriber): number {
    this.subscribers.delete(subscriber);
    return this.subscribers.size;
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.subscribers.clear();
  }

  private schedule(delayMs: number): void {
    if (this.stopped || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.poll();
    }, delayMs);
    this.timer.unref?.();
  }

  /** One run; the next one is scheduled only after this one finished, so runs of a key never overlap. */
  private async poll(): Promise<void> {
    if (this.stopped || this.running) return;
    this.running = true;
    const started = Date.now();
    let response: string | undefined;
    let failed = false;
    try {
      const data = await this.hooks.gate.run(() => (this.stopped ? Promise.resolve(undefined) : this.query.run()));
      response = data === undefined ? undefined : `{"data":${data}}`;
    } catch (err) {
      failed = true;
      response = JSON.stringify({ errors: [toHasuraError(err)] });
      this.hooks.log?.error(`live query failed (${this.query.key.slice(0, 80)})`, err);
    } finally {
      this.running = false;
    }
    if (this.stopped || response === undefined) return;
    this.hooks.onRun(failed);
    if (response !== this.last) {
      this.last = response;
      for (const s of [...this.subscribers]) {
        try {
          s.push(response);
        } catch (err) {
          this.hooks.log?.error('live query push failed', err);
        }
      }
    }
    // Keep the interval between starts, but leave the database some air when runs are slow.
    const elapsed = Date.now() - started;
    this.schedule(Math.max(this.intervalMs - elapsed, Math.ceil(this.intervalMs / 10)));
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
