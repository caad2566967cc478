// Modules that only some starts use load with their first use (backend/cli.ts explains the CPU it
// saves). Concurrent first uses share one load; a load that fails is tried again by the next use:
// a promise that stayed rejected would fail that feature's every request until a restart, even
// once the cause (a full file table, a missing file put back) had passed.

/** `load` run on the first call and shared while it runs or after it succeeded. */
export function lazy<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    // A load that throws instead of rejecting (a require() inside it) is a rejection too: callers
    // that chain .catch() on the promise would otherwise miss it.
    (loading ??= new Promise<T>((resolve) => resolve(load())).catch((e: unknown) => {
      loading = undefined;
      throw e;
    }));
}
