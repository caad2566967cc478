// The README's run command, exactly as a new user types it: `npm run dev` starts the backend with
// demo data and the web app, prints the demo users, serves pages that talk to that backend, and
// Ctrl-C stops everything (both ports free again). Runs on its own ports and a throwaway data
// folder so it never touches a developer's `.data` or running dev server.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enAuth from '../../public/locales/en/auth.json';
import en from '../../public/locales/en/common.json';

const STARTUP_MS = 300_000;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no free port'))));
    });
  });
}

/** The page's <title> text (Next adds attributes to the tag). */
function titleOf(html: string): string {
  return /<title[^>]*>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
}

async function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

describe('npm run dev', () => {
  let dev: ChildProcess;
  let output = '';
  let backendPort: number;
  let webPort: number;
  let dataDir: string;
  let exited: Promise<number | null>;

  beforeAll(async () => {
    backendPort = await freePort();
    webPort = await freePort();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'staydesk-dev-'));
    // Its own process group, so the test can press "Ctrl-C" for the whole tree as a terminal does.
    dev = spawn('npm', ['run', 'dev'], {
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        PORT: String(backendPort),
        WEB_PORT: String(webPort),
        NHOST_DATA_DIR: dataDir,
        NEXT_DIST_DIR: 'node_modules/.cache/next-dev-test',
        NEXT_TELEMETRY_DISABLED: '1',
      },
    });
    exited = new Promise((resolve) => dev.once('exit', (code) => resolve(code)));
    const collect = (chunk: Buffer) => (output += chunk.toString());
    dev.stdout!.on('data', collect);
    dev.stderr!.on('data', collect);
    const until = Date.now() + STARTUP_MS;
    while (!output.includes('Staydesk is running') && Date.now() < until && dev.exitCode === null) {
      await new Promise((r) => setTimeout(r, 250));
    }
    if (!output.includes('Staydesk is running')) throw new Error(`npm run dev did not come up:\n${output.slice(-3000)}`);
  }, STARTUP_MS + 10_000);

  afterAll(async () => {
    if (dev?.pid && dev.exitCode === null) {
      try {
        process.kill(-dev.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('prints where everything runs and the demo users with their password', () => {
    expect(output).toContain(`web app    http://localhost:${webPort}`);
    expect(output).toContain(`backend    http://localhost:${backendPort}`);
    expect(output).toMatch(/Demo users \(password staydesk-demo\):/);
    expect(output).toMatch(/manager@demo\.staydesk\.test\s+manager/);
  });

  it('serves the landing page and the sign-in page', async () => {
    const home = await fetch(`http://localhost:${webPort}/`);
    expect(home.status).toBe(200);
    const homeHtml = await home.text();
    expect(titleOf(homeHtml)).toContain(en.appName);
    expect(homeHtml.includes(en.tagline), 'the landing page shows the tagline').toBe(true);
    const signIn = await fetch(`http://localhost:${webPort}/sign-in`);
    expect(signIn.status).toBe(200);
    expect(titleOf(await signIn.text())).toContain(enAuth.signIn.title);
  }, 120_000);

  it('lets a printed demo user sign in and read their data from the backend', async () => {
    const auth = await fetch(`http://localhost:${backendPort}/v1/auth/signin/email-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'manager@demo.staydesk.test', password: 'staydesk-demo' }),
    });
    expect(auth.status).toBe(200);
    const { session } = (await auth.json()) as { session: { accessToken: string } };
    const gql = await fetch(`http://localhost:${backendPort}/v1/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${session.accessToken}` },
      body: JSON.stringify({ query: '{ accommodations_aggregate { aggregate { count } } }' }),
    });
    const body = (await gql.json()) as { data: { accommodations_aggregate: { aggregate: { count: number } } } };
    expect(body.data.accommodations_aggregate.aggregate.count).toBeGreaterThan(0);
  });

  it('stops the backend and the web app on Ctrl-C', async () => {
    process.kill(-dev.pid!, 'SIGINT');
    const code = await Promise.race([exited, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 30_000))]);
    expect(code).not.toBe('timeout');
    expect(await portIsFree(backendPort)).toBe(true);
    expect(await portIsFree(webPort)).toBe(true);
  }, 40_000);
});
