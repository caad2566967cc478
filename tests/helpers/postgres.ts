// A throwaway PostgreSQL server for the "same suite on a server Postgres" runs: initdb into a temp
// folder, start on a free port with fsync off, drop it afterwards. Needs Debian's postgresql
// package (.ci/run installs it). Returns null when no server binaries are present.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface TempPostgres {
  url: string;
  /** A new empty database on the server, for one test file. */
  createDatabase(name: string): Promise<string>;
  stop(): void;
}

function binDir(): string | null {
  const base = '/usr/lib/postgresql';
  if (!fs.existsSync(base)) return null;
  const versions = fs.readdirSync(base).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) if (fs.existsSync(path.join(base, v, 'bin', 'initdb'))) return path.join(base, v, 'bin');
  return null;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

export async function startTempPostgres(): Promise<TempPostgres | null> {
  const bin = binDir();
  if (!bin) return null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'staydesk-pg-'));
  const isRoot = process.getuid?.() === 0;
  // initdb refuses to run as root: run the server as the postgres user then.
  const asUser = (cmd: string, args: string[]) =>
    isRoot ? execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', [cmd, ...args].map(q).join(' ')], { stdio: 'pipe' }) : execFileSync(cmd, args, { stdio: 'pipe' });
  if (isRoot) execFileSync('chown', ['postgres:postgres', dir]);
  const dataDir = path.join(dir, 'data');
  asUser(path.join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale']);
  const port = await freePort();
  asUser(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-w', '-l', path.join(dir, 'log'), '-o', `-p ${port} -k ${dir} -c fsync=off -c synchronous_commit=off -c listen_addresses=127.0.0.1`, 'start']);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    async createDatabase(name) {
      const { default: pg } = await import('pg');
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
      await client.end();
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    stop() {
      spawnSync(isRoot ? 'su' : path.join(bin, 'pg_ctl'), isRoot ? ['postgres', '-s', '/bin/sh', '-c', `${q(path.join(bin, 'pg_ctl'))} -D ${q(dataDir)} -m immediate stop`] : ['-D', dataDir, '-m', 'immediate', 'stop']);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function q(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}
