// Environment variables a test file sets for the functions its backend runs in-process (they read
// their configuration from this process's environment at run time), put back as they were when
// the file ends. A file that wrote process.env itself needed a worker of its own (tests/isolation.ts):
// a fresh worker per file costs its modules' loading, PGlite's compile and a database load again,
// ~12 s of CPU per file; with the environment put back, the next file of a shared worker finds it as
// a worker of its own would (e.g. no NHOST_WEBHOOK_SECRET, which turns inbound mail's sender check on).
import { afterAll, beforeAll } from 'vitest';

type Vars = Record<string, string | undefined>;

/**
 * Sets `vars` before the file's own beforeAll hooks (call it before registering them) and puts
 * every variable set through it back after the file's afterAll hooks. `set` sets more of them
 * later (values known only once a double has started); undefined deletes a variable.
 */
export function fileEnv(vars: Vars = {}): { set(more: Vars): void } {
  const saved = new Map<string, string | undefined>();
  const set = (more: Vars) => {
    for (const [name, value] of Object.entries(more)) {
      if (!saved.has(name)) saved.set(name, process.env[name]);
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
  beforeAll(() => set(vars));
  // Registered first, so it runs last (after hooks run in reverse): after the backend has closed.
  afterAll(() => {
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    saved.clear();
  });
  return { set };
}

/**
 * Runs `work` with `vars` set (undefined: unset), then puts each variable back as it was, whether
 * the work passes or throws: for a setting that must hold for one request only (e.g. a scan time
 * limit of 300 ms), not for the rest of the file.
 */
export async function withEnv<T>(vars: Vars, work: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(vars).map((name) => [name, process.env[name]]));
  const apply = (values: Vars) => {
    for (const [name, value] of Object.entries(values)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
  apply(vars);
  try {
    return await work();
  } finally {
    apply(saved);
  }
}
