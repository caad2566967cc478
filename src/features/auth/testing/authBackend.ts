// Component-test helper: the real embedded backend (fresh PGlite with the demo data) in a child
// process (jsdom's typed arrays break the backend's JWT signing in-process), and a way to sign the
// rendered app's Nhost client in, so screens talk to the real auth service and GraphQL engine.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { NhostClient } from '@nhost/react';

export interface AuthBackend {
  url: string;
  authUrl: string;
  graphqlUrl: string;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function startAuthBackend(): Promise<AuthBackend> {
  const root = path.resolve(__dirname, '../../../..');
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'staydesk-component-'));
  const child: ChildProcess = spawn(path.join(root, 'node_modules/.bin/tsx'), ['backend/cli.ts', '--port', String(port), '--data', dataDir, '--host', '127.0.0.1'], {
    cwd: root,
    env: { ...process.env, AUTH_RATE_LIMIT_ENABLE: 'false', NHOST_BACKEND_QUIET: 'true', AUTH_CLIENT_URL: 'http://localhost:3000' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the backend exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the backend did not start within 90 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    authUrl: `${url}/v1/auth`,
    graphqlUrl: `${url}/v1/graphql`,
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
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
