// Child processes for the benchmark: started with a name, awaited on a URL, and always stopped
// (also on Ctrl-C or an error), so no server outlives the run.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';

const children = new Set<ChildProcess>();

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts a command in its own process group; its output is kept for error messages. */
export function start(command: string, args: string[], env: Record<string, string>): { child: ChildProcess; output: () => string } {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  children.add(child);
  child.once('exit', () => children.delete(child));
  return { child, output: () => output };
}

export async function waitForUrl(url: string, child: ChildProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited with ${child.exitCode}`);
    const up = await fetch(url, { redirect: 'manual' }).then(
      (r) => r.status < 500,
      () => false,
    );
    if (up) return;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/** Stops every child started here (their whole process groups). */
export function stopAll(): void {
  for (const child of children) {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  children.clear();
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    stopAll();
    process.exit(130);
  });
}
process.once('exit', stopAll);
