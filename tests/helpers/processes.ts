// The real backend as a separate process (`backend/cli.ts`), for tests that kill it, signal it or
// start two of them: its output collected, its URL read from its "listening on" line.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

/**
 * Node's arguments for a backend process a test starts (its script and flags follow): tsx as the
 * loader, and only V8's baseline WebAssembly compiler (Liftoff). Such a process lives seconds, too
 * short for the optimising compiles of PGlite's hot functions to pay off: they cost ~1.2 s of CPU
 * per start on background threads (a start and stop on a migrated folder: 4.2 -> 3.0 s). The
 * backend runs the same code either way. Long-lived processes (npm run dev, the e2e backend, the
 * test workers themselves) keep the optimising tier: over files of a shared worker it pays.
 */
export const BACKEND_NODE_ARGS = ['--liftoff-only', '--import', 'tsx'];

export interface BackendProcess {
  proc: ChildProcess;
  readonly output: string;
  /** Resolves with the URL once it listens; rejects when it exits first. */
  ready: Promise<string>;
  /** Resolves with the exit code (or the signal's name). */
  exited: Promise<number | string>;
}

export function spawnBackend(dataDir: string, args: string[] = [], env: Record<string, string> = {}): BackendProcess {
  const proc = spawn(process.execPath, [...BACKEND_NODE_ARGS, 'backend/cli.ts', '--port', '0', '--data', dataDir, '--seeds', 'false', ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: '', AUTH_RATE_LIMIT_ENABLE: 'false', NHOST_BACKEND_QUIET: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | string>((resolve) => proc.once('exit', (code, signal) => resolve(code ?? signal ?? -1)));
  const ready = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /listening on (http:\/\/localhost:\d+)/.exec(output);
      if (m) resolve(m[1]);
    };
    proc.stdout!.on('data', onData);
    proc.stderr!.on('data', onData);
    void exited.then((code) => reject(new Error(`backend exited (${code}) before listening:\n${output.slice(-2000)}`)));
  });
  ready.catch(() => undefined);
  return {
    proc,
    get output() {
      return output;
    },
    ready,
    exited,
  };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no free port'))));
    });
  });
}

export const ADMIN_HEADERS = { 'content-type': 'application/json', 'x-hasura-admin-secret': process.env.NHOST_ADMIN_SECRET || 'nhost-admin-secret' };

/** One GraphQL request with the admin secret; throws on GraphQL errors. */
export async function adminGraphql<T = Record<string, unknown>>(url: string, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await fetch(`${url}/v1/graphql`, { method: 'POST', headers: ADMIN_HEADERS, body: JSON.stringify({ query, variables }) });
  const body = (await res.json()) as { data?: T; errors?: Array<{ message: string }> };
  if (body.errors?.length) throw new Error(body.errors.map((e) => e.message).join('; '));
  return body.data as T;
}

const INSERT_LABEL = 'mutation ($name: String!) { insert_labels_one(object: { name: $name }) { id } }';

/** Clients inserting labels one after another until `stop()`; `acknowledged` holds the names the server confirmed. */
export function burst(url: string, clients: number, prefix: string) {
  const acknowledged: string[] = [];
  let stopped = false;
  const loops = Array.from({ length: clients }, async (_, c) => {
    for (let i = 0; !stopped; i++) {
      const name = `${prefix}-c${c}-${i}`;
      try {
        const res = await fetch(`${url}/v1/graphql`, { method: 'POST', headers: ADMIN_HEADERS, body: JSON.stringify({ query: INSERT_LABEL, variables: { name } }) });
        const body = (await res.json()) as { data?: { insert_labels_one?: { id: string } } };
        if (res.ok && body.data?.insert_labels_one?.id) acknowledged.push(name);
      } catch {
        // The server went away mid-request: not acknowledged, so nothing is owed.
        if (stopped) return;
        await new Promise((r) => setTimeout(r, 20));
      }
    }
  });
  return {
    acknowledged,
    /** Resolves once `count` writes are acknowledged (a loaded machine may take seconds for the first), or throws after `timeoutMs`. */
    async acknowledgedAtLeast(count: number, timeoutMs = 30_000) {
      const until = Date.now() + timeoutMs;
      while (acknowledged.length < count) {
        if (Date.now() > until) throw new Error(`only ${acknowledged.length} of ${count} writes acknowledged in ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    async stop() {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

/** The names of all labels (what survived). */
export async function labelNames(url: string): Promise<Set<string>> {
  const data = await adminGraphql<{ labels: Array<{ name: string }> }>(url, '{ labels { name } }');
  return new Set(data.labels.map((l) => l.name));
}
