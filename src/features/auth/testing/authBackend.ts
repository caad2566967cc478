// Component-test helper: the real embedded backend (fresh in-memory PGlite with the demo data) in a child
// process (jsdom's typed arrays break the backend's JWT signing in-process), and a way to sign the
// rendered app's Nhost client in, so screens talk to the real auth service and GraphQL engine.
import { spawn, type ChildProcess } from 'node:child_process';
import type { Socket } from 'node:net';
import path from 'node:path';
import type { NhostClient } from '@nhost/react';

export interface AuthBackend {
  url: string;
  authUrl: string;
  graphqlUrl: string;
  close(): Promise<void>;
}

let running: Promise<AuthBackend> | undefined;

/**
 * The worker's backend, started by the first file that asks: component files share their worker
 * (project dom, `isolate: false`), and each of them signs up users of its own, so the next file
 * takes the running backend instead of starting another (~7 s of CPU and up to a minute on a
 * loaded machine). `close()` leaves it to the next file; it stops when the worker ends.
 */
export async function startAuthBackend(): Promise<AuthBackend> {
  running ??= spawnAuthBackend();
  const started = running;
  try {
    return { ...(await started), close: async () => undefined };
  } catch (e) {
    if (running === started) running = undefined;
    throw e;
  }
}

async function spawnAuthBackend(): Promise<AuthBackend> {
  const root = path.resolve(__dirname, '../../../..');
  // The in-memory backend from the cached snapshot of the seeded database (tests/helpers/backend.ts):
  // about 3 s instead of initdb, migrations and seeds in a data folder on every start.
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'tests/helpers/backend-process.ts'], {
    cwd: root,
    env: { ...process.env, AUTH_RATE_LIMIT_ENABLE: 'false', AUTH_CLIENT_URL: 'http://localhost:3000' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  // A backend that went away is not handed out again; the worker's end takes the backend with it
  // (a worker killed outright: backend-process.ts notices its parent is gone).
  void exited.then(() => (running = undefined));
  process.once('exit', () => child.kill('SIGTERM'));
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error('the backend did not start within 110 s'));
    }, 110_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const port = /listening on http:\/\/localhost:(\d+)/.exec(output)?.[1];
      if (port) {
        clearTimeout(timer);
        // Kept for the worker's next files, but never what keeps the worker from ending.
        child.unref();
        (child.stdout as Socket).unref();
        resolve(`http://127.0.0.1:${port}`);
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the backend exited with ${String(code)}`));
    });
  });
  return {
    url,
    authUrl: `${url}/v1/auth`,
    graphqlUrl: `${url}/v1/graphql`,
    async close() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export const uniqueTestEmail = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@component.staydesk.test`;

/** Signs up a fresh user (the demo backend needs no e-mail verification) through the rendered client. */
export async function signUpThrough(nhost: NhostClient, email = uniqueTestEmail('user'), password = 'a-long-password'): Promise<string> {
  const result = await nhost.auth.signUp({ email, password, options: { displayName: 'Component Tester' } });
  if (result.error || !result.session) throw new Error(`sign-up failed: ${JSON.stringify(result.error)}`);
  return email;
}

/** Signs a demo user in through the rendered client. */
export async function signInThrough(nhost: NhostClient, email: string, password = 'staydesk-demo'): Promise<void> {
  const result = await nhost.auth.signIn({ email, password });
  if (result.error || !result.session) throw new Error(`sign-in failed: ${JSON.stringify(result.error)}`);
}
