// Opens the backend's database: a server Postgres when DATABASE_URL is given, the data folder's
// own PostgreSQL server with --postgres (embedded.ts), else PGlite on disk.
import fs from 'node:fs';
import path from 'node:path';
import { CLUSTER_DIR, ClusterFolderError, startEmbeddedCluster } from './embedded';
import { openPglite } from './pglite';
import { statementTimeoutFromEnv } from './limits';
import type { Db } from './types';

export type { Db, HeldLock, Queryable, QueryResult, PgError } from './types';
export { isPgError } from './types';
export { migrate, applySeeds, MigrationError, listMigrations } from './migrate';
export { DEFAULT_STATEMENT_TIMEOUT_MS, QUERY_CANCELED, statementTimeoutFromEnv } from './limits';

export interface OpenDbOptions {
  databaseUrl?: string;
  dataDir?: string;
  /** Postgres statement_timeout of every session, ms (0 = none). Default: DATABASE_STATEMENT_TIMEOUT_MS or 5000 (see limits.ts). */
  statementTimeoutMs?: number;
  /** An in-memory PGlite starts from this data directory (a Db.snapshot()) instead of initdb. */
  loadDataDir?: Blob;
  /** Run the data folder's own PostgreSQL server (npm run backend -- --postgres); needs dataDir. */
  embeddedPostgres?: { projectDir: string; log?: (line: string) => void };
}

// The pg driver loads only for a server database: a PGlite start (the default) never needs it.
async function openPostgres(url: string, opts: { statementTimeoutMs: number }): Promise<Db> {
  return (await import('./postgres')).openPostgres(url, opts);
}

export async function openDb(opts: OpenDbOptions): Promise<Db> {
  const statementTimeoutMs = opts.statementTimeoutMs ?? statementTimeoutFromEnv();
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, { statementTimeoutMs });
  if (opts.embeddedPostgres) {
    if (!opts.dataDir) throw new Error('the embedded PostgreSQL server needs a data folder');
    const cluster = startEmbeddedCluster(opts.dataDir, opts.embeddedPostgres.projectDir, opts.embeddedPostgres.log);
    try {
      const db = await openPostgres(cluster.url, { statementTimeoutMs });
      // Closing the pool first, then the server (a checkpoint), so nothing is cut off.
      return { ...db, close: async () => {
        try {
          await db.close();
        } finally {
          cluster.stop();
        }
      } };
    } catch (e) {
      cluster.stop();
      throw e;
    }
  }
  if (opts.dataDir && fs.existsSync(path.join(opts.dataDir, CLUSTER_DIR)) && !fs.existsSync(path.join(opts.dataDir, 'pglite'))) {
    throw new ClusterFolderError(`${opts.dataDir} holds an embedded PostgreSQL server's data (${CLUSTER_DIR}/), not PGlite's: start it with --postgres (npm run backend -- --data ${opts.dataDir} --postgres)`);
  }
  return openPglite(opts.dataDir ? path.join(opts.dataDir, 'pglite') : undefined, { statementTimeoutMs, loadDataDir: opts.loadDataDir });
}
