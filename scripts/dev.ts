// `npm run dev`: the embedded backend and the Next.js dev server together, both logs prefixed,
// Ctrl-C stops both (and waits for the backend to close its database cleanly). The web app
// starts once the backend answers /healthz and is pointed at the backend's actual port.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { DataDirLockedError, liveLockOwner } from '../backend/db/lock';
import { startDevDoubles } from '../backend/doubles/dev';

const BACKEND_PORT = Number(process.env.PORT ?? 1337);
const WEB_PORT = Number(process.env.WEB_PORT ?? 3000);
const BACKEND_URL = `http://localhost:${BACKEND_PORT}`;
const WEB_URL = `http://localhost:${WEB_PORT}`;
const DATA_DIR = path.resolve(process.env.NHOST_DATA_DIR ?? '.data');
const STARTUP_LIMIT_MS = 5 * 60_000;
const children: ChildProcess[] = [];

function run(name: string, color: number, cmd: string, args: string[], env: Record<string, string> = {}): ChildProcess {
  const child = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = `\x1b[${color}m[${name}]\x1b[0m `;
  const pipe = (stream: NodeJS.ReadableStream, out: NodeJS.WriteStream) => {
    let buf = '';
    stream.on('data', (chunk: Buffer) => {
      buf += chunk.toString();
      const lines = buf.split('\n');
      buf = lines.pop() ?? '';
      for (const line of lines) out.write(prefix + line.replace(/^\[backend\] /, '') + '\n');
    });
  };
  pipe(child.stdout!, process.stdout);
  pipe(child.stderr!, process.stderr);
  child.on('exit', (code, signal) => {
    console.log(`${prefix}exited (${code ?? signal})`);
    // One side stopping on its own (a crash, a busy port) stops the other too.
    shutdown(code ?? 0);
  });
  children.push(child);
  return child;
}

let stopping = false;
function shutdown(code: number): void {
  if (stopping) return;
  stopping = true;
  const running = children.filter((c) => c.exitCode === null && c.signalCode === null);
  if (running.length === 0) process.exit(code);
  let left = running.length;
  for (const c of running) {
    c.once('exit', () => {
      if (--left === 0) process.exit(code);
    });
    c.kill('SIGTERM');
  }
  // Whatever does not stop in time is killed.
  setTimeout(() => {
    for (const c of running) if (c.exitCode === null) c.kill('SIGKILL');
    process.exit(code);
  }, 10_000).unref();
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

async function waitFor(url: string, child: ChildProcess): Promise<boolean> {
  const until = Date.now() + STARTUP_LIMIT_MS;
  while (Date.now() < until && !stopping && child.exitCode === null) {
    const up = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(30_000) }).then(
      (r) => r.status < 500,
      () => false,
    );
    if (up) return true;
    await new Promise((r) => setTimeout(r, 500));
  }
  return false;
}

/** The demo accounts, read from the seed so the list never drifts from the data. */
function demoUsers(): string[] {
  const seed = path.resolve('nhost/seeds/default/001_users.sql');
  const text = fs.existsSync(seed) ? fs.readFileSync(seed, 'utf8') : '';
  const users = [...text.matchAll(/'([^']+@demo\.staydesk\.test)',\s*'([^']*)',\s*'([a-z_]+)'/g)].map((m) => `${m[1].padEnd(36)} ${m[3].padEnd(13)} ${m[2]}`);
  const password = /password ([\w-]+)/.exec(text)?.[1];
  return users.length ? [`Demo users${password ? ` (password ${password})` : ''}:`, ...users] : [];
}

async function main(): Promise<void> {
  // A backend already owns the data folder: say so before starting anything (the backend would
  // refuse too, but only after the web app's port was taken).
  const owner = liveLockOwner(DATA_DIR);
  if (owner) {
    console.error(new DataDirLockedError(DATA_DIR, owner).message);
    process.exit(1);
  }
  // `npm run dev -- --postgres`: the backend on the data folder's own PostgreSQL server.
  const backendArgs = process.argv.includes('--postgres') ? ['--postgres'] : [];
  // Local NTAK and VIZA (mutual TLS) unless real endpoints are configured.
  const doubles = await startDevDoubles(DATA_DIR, (line) => console.log(`\x1b[33m[registry]\x1b[0m ${line}`));
  const backend = run('backend', 36, process.execPath, ['--import', 'tsx', 'backend/cli.ts', '--port', String(BACKEND_PORT), ...backendArgs], {
    // Auth links and redirects go to the web app on its actual port.
    ...doubles?.env,
    AUTH_CLIENT_URL: process.env.AUTH_CLIENT_URL ?? WEB_URL,
    AUTH_ACCESS_CONTROL_ALLOWED_REDIRECT_URLS: process.env.AUTH_ACCESS_CONTROL_ALLOWED_REDIRECT_URLS ?? `${WEB_URL},http://127.0.0.1:${WEB_PORT}`,
  });
  if (!(await waitFor(`${BACKEND_URL}/healthz`, backend))) {
    if (!stopping) console.error(`backend did not answer on ${BACKEND_URL} in time`);
    shutdown(1);
    return;
  }
  const web = run('web', 35, process.execPath, [require.resolve('next/dist/bin/next'), 'dev', '-p', String(WEB_PORT)], {
    NEXT_TELEMETRY_DISABLED: '1',
    // Next would otherwise try to "patch" package-lock.json over the network on every start.
    NEXT_IGNORE_INCORRECT_LOCKFILE: '1',
    // The process environment wins over .env files, so the app talks to this backend's port.
    NEXT_PUBLIC_NHOST_SUBDOMAIN: `localhost:${BACKEND_PORT}`,
    NEXT_PUBLIC_NHOST_REGION: '',
    NEXT_PUBLIC_NHOST_AUTH_URL: `${BACKEND_URL}/v1/auth`,
    NEXT_PUBLIC_NHOST_GRAPHQL_URL: `${BACKEND_URL}/v1/graphql`,
    NEXT_PUBLIC_NHOST_STORAGE_URL: `${BACKEND_URL}/v1/storage`,
    NEXT_PUBLIC_NHOST_FUNCTIONS_URL: `${BACKEND_URL}/v1/functions`,
  });
  const webUp = await waitFor(WEB_URL, web);
  if (stopping) return;
  console.log(
    [
      '',
      `  Staydesk is ${webUp ? 'running' : 'starting'}:`,
      `    web app    ${WEB_URL}`,
      `    backend    ${BACKEND_URL}  (GraphQL /v1/graphql, auth /v1/auth, storage /v1/storage, functions /v1/functions)`,
      `    health     ${BACKEND_URL}/v1/functions/health`,
      `    mail       ${BACKEND_URL}/dev/outbox  (e-mails and SMS when SMTP_HOST is not set)`,
      ...(doubles?.lines ?? []).map((l) => `    ${l}`),
      ...demoUsers().map((l, i) => (i === 0 ? `  ${l}` : `    ${l}`)),
      '  Ctrl-C stops both.',
      '',
    ].join('\n'),
  );
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  shutdown(1);
});
