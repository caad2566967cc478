// Opens the backend's database: a server Postgres when DATABASE_URL is given, else PGlite on disk.
import path from 'node:path';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';
import type { Db } from './types';

export type { Db, Queryable, QueryResult, PgError } from './types';
export { isPgError } from './types';
export { migrate, MigrationError, listMigrations } from './migrate';

export async function openDb(opts: { databaseUrl?: string; dataDir?: string }): Promise<Db> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  return openPglite(opts.dataDir ? path.join(opts.dataDir, 'pglite') : undefined);
}
