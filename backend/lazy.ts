// Modules that only some starts use load with their first use (backend/cli.ts explains the CPU it
// saves). Concurrent first uses share one load; a load that fails is tried again by the next use:
// a promise that stayed rejected would fail that feature's every request until a restart, even
// once the cause (a full file table, a missing file put back) had passed. A load that hangs (a
// file on a stalled network mount) fails after a time limit the same way: without it, every
// request waiting on it hung with it, and so did every later one.

/** How long a load may take: a module costs well under a second, ~3 s on a loaded machine. */
export const LOAD_TIME_LIMIT_MS = 30_000;

export class LoadTimeoutError extends Error {
  constructor(
    readonly what: string,
    readonly limitMs: number,
  ) {
    super(`${what} did not load within ${limitMs / 1000} s (the next use tries again)`);
    this.name = 'LoadTimeoutError';
  }
}

export interface LazyOptions {
  /** Named in the error, e.g. "the auth contract check". */
  what?: string;
  limitMs?: number;
}

/** `load` run on the first call and shared while it runs or after it succeeded. */
export function lazy<T>(load: () => Promise<T>, { what = 'a lazily loaded module', limitMs = LOAD_TIME_LIMIT_MS }: LazyOptions = {}): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    if (loading) return loading;
    let timer: NodeJS.Timeout | undefined;
    const attempt: Promise<T> = Promise.race([
      // A load that throws instead of rejecting (a require() inside it) is a rejection too: callers
      // that chain .catch() on the promise would otherwise miss it.
      new Promise<T>((resolve) => resolve(load())),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new LoadTimeoutError(what, limitMs)), limitMs);
        // A load still under way keeps no process alive that would otherwise exit.
        timer.unref();
      }),
    ])
      .finally(() => clearTimeout(timer))
      .catch((e: unknown) => {
        if (loading === attempt) loading = undefined;
        throw e;
      });
    loading = attempt;
    return attempt;
  };
}
