// The functions runtime inside the real backend process (node + tsx, as `npm run backend` runs it).
// Its data folder is the fixture project migrated, as a first start leaves it (migratedDataFolder:
// the cached snapshot unpacked), so the process does not spend initdb and the migrations first.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { NhostClient } from '@nhost/nhost-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedDataFolder } from '../../tests/helpers/backend';
import { BACKEND_NODE_ARGS } from '../../tests/helpers/processes';

const root = path.resolve(__dirname, '../..');
const PROJECT = 'backend/storage/__fixtures__/project';

async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const port = (srv.address() as net.AddressInfo).port;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

describe('functions in the running backend process', () => {
  let child: ChildProcess;
  let base: string;
  let output = '';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'staydesk-fn-'));

  beforeAll(async () => {
    await migratedDataFolder(dataDir, { projectDir: PROJECT });
    const port = await freePort();
    base = `http://localhost:${port}`;
    child = spawn(
      process.execPath,
      [...BACKEND_NODE_ARGS, 'backend/cli.ts', '--project', PROJECT, '--functions', 'backend/functions/__fixtures__/functions', '--port', String(port), '--data', dataDir, '--seeds', 'false', '--host', '127.0.0.1'],
      { cwd: root, env: { ...process.env, AUTH_RATE_LIMIT_ENABLE: 'false', DATABASE_URL: '' }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
    for (let i = 0; i < 400; i++) {
      if (child.exitCode !== null) throw new Error(`backend exited: ${output}`);
      const up = await fetch(`${base}/healthz`).then((r) => r.ok, () => false);
      if (up) return;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`backend did not start: ${output}`);
  });

  afterAll(async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('loads TypeScript handlers and answers the Nhost client', async () => {
    const nhost = new NhostClient({ authUrl: `${base}/v1/auth`, graphqlUrl: `${base}/v1/graphql`, storageUrl: `${base}/v1/storage`, functionsUrl: `${base}/v1/functions` });
    const { res, error } = await nhost.functions.call<{ body: unknown; env: { functions: string } }>('echo', { a: 1 });
    expect(error).toBeNull();
    expect(res?.data).toMatchObject({ body: { a: 1 }, env: { functions: `${base}/v1/functions` } });
  });

  it('survives a function that throws from a timer: that request gets a JSON 500, the server keeps serving', async () => {
    const r = await fetch(`${base}/v1/functions/throws-later`, { method: 'POST' });
    expect(r.status).toBe(500);
    expect(await r.json()).toMatchObject({ status: 500, error: 'internal-server-error' });
    expect(child.exitCode).toBeNull();
    expect((await fetch(`${base}/v1/functions/nested`)).status).toBe(200);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  });

  it('reports health: version, uptime, database kind and a real GraphQL check', async () => {
    const r = await fetch(`${base}/v1/functions/health`);
    const body = await r.json();
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
    expect(body).toMatchObject({ version: pkg.version, database: 'pglite', uptimeSeconds: expect.any(Number) });
    expect(body.graphql).toMatchObject({ ok: true, ms: expect.any(Number) });
    expect(r.status).toBe(200);
  });
});
