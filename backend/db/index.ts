// Opens the backend's database: a server Postgres when DATABASE_URL is given, else PGlite on disk.
import path from 'node:path';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';
import { statementTimeoutFromEnv } from './limits';
import type { Db } from './types';

export type { Db, Queryable, QueryResult, PgError } from './types';
export { isPgError } from './types';
export { migrate, MigrationError, listMigrations } from './migrate';
export { DEFAULT_STATEMENT_TIMEOUT_MS, QUERY_CANCELED, statementTimeoutFromEnv } from './limits';

export interface OpenDbOptions {
  databaseUrl?: string;
  dataDir?: string;
  /** Postgres statement_timeout of every session, ms (0 = none). Default: DATABASE_STATEMENT_TIMEOUT_MS or 5000 (see limits.ts). */
  statementTimeoutMs?: number;
}

export async function openDb(opts: OpenDbOptions): Promise<Db> {
  const statementTimeoutMs = opts.statementTimeoutMs ?? statementTimeoutFromEnv();
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, { statementTimeoutMs });
  return openPglite(opts.dataDir ? path.join(opts.dataDir, 'pglite') : undefined, { statementTimeoutMs });
}
