// `npm run dev`: the embedded backend and the Next.js dev server together, both logs prefixed,
// Ctrl-C stops both. The web app starts once the backend answers /healthz.
import { spawn, type ChildProcess } from 'node:child_process';

const BACKEND_PORT = Number(process.env.PORT ?? 1337);
const WEB_PORT = Number(process.env.WEB_PORT ?? 3000);
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
  child.on('exit', (code) => {
    console.log(`${prefix}exited (${code ?? 'signal'})`);
    shutdown(code ?? 0);
  });
  children.push(child);
  return child;
}

let stopping = false;
function shutdown(code: number): void {
  if (stopping) return;
  stopping = true;
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500);
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

async function waitForBackend(): Promise<void> {
  for (let i = 0; i < 600; i++) {
    try {
      const r = await fetch(`http://localhost:${BACKEND_PORT}/healthz`);
      if (r.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('backend did not start');
}

async function main(): Promise<void> {
  run('backend', 36, process.execPath, ['--import', 'tsx', 'backend/cli.ts', '--port', String(BACKEND_PORT)]);
  await waitForBackend();
  run('web', 35, process.execPath, [require.resolve('next/dist/bin/next'), 'dev', '-p', String(WEB_PORT)], { NEXT_TELEMETRY_DISABLED: '1' });
  console.log(`
  Staydesk is starting:
    web app   http://localhost:${WEB_PORT}
    backend   http://localhost:${BACKEND_PORT}  (GraphQL /v1/graphql, auth /v1/auth, storage /v1/storage, functions /v1/functions)
    mail      http://localhost:${BACKEND_PORT}/dev/outbox
  Demo users (password staydesk-demo):
    ${['admin', 'communicator', 'member', 'inspector', 'manager', 'cleaner', 'owner', 'contractor'].map((r) => `${r}@demo.staydesk.test`).join('\n    ')}
`);
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  shutdown(1);
});
