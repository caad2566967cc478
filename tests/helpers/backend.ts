// Starts the real embedded backend in-process for integration tests: a fresh in-memory PGlite
// (or the server Postgres given), a free port, quiet logs, rate limits as the test asks.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../backend/config';
import { openDb } from '../../backend/db';
import { startBackend, type RunningBackend } from '../../backend/server';

export interface TestBackendOptions {
  /** Nhost project folder; default the product's own nhost/. */
  projectDir?: string;
  /** Use this server Postgres instead of a fresh in-memory PGlite. */
  databaseUrl?: string;
  applySeeds?: boolean;
  /** Extra environment (e.g. AUTH_* switches) visible to the services while they start. */
  env?: Record<string, string>;
}

export async function startTestBackend(opts: TestBackendOptions = {}): Promise<RunningBackend> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'staydesk-test-'));
  const env = { ...process.env, AUTH_RATE_LIMIT_ENABLE: 'false', ...opts.env };
  const saved = { ...process.env };
  Object.assign(process.env, env);
  try {
    const config = loadConfig(
      { project: opts.projectDir ?? 'nhost', port: '0', data: dataDir, host: '127.0.0.1', seeds: String(opts.applySeeds ?? false), quiet: true },
      { ...env, DATABASE_URL: opts.databaseUrl ?? '' },
    );
    const db = opts.databaseUrl ? undefined : await openDb({});
    const backend = await startBackend(config, { db });
    const close = backend.close;
    return {
      ...backend,
      async close() {
        await close();
        if (db) await db.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } finally {
    process.env = saved;
  }
}
