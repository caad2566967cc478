// Brings a database to the project's state, each step once and in order:
// 1. the auth/storage schemas that hasura-auth and hasura-storage own (backend/db/system),
// 2. nhost/migrations/default/<version>_<name>/up.sql in ascending version,
// 3. nhost/seeds/default/*.sql, only on a database that had no project migrations before.
// Every file runs in its own transaction and is recorded in the same transaction, so a failure
// leaves nothing half-applied and a file never runs twice. The statement timeout that bounds
// client queries (DATABASE_STATEMENT_TIMEOUT_MS) is lifted inside those transactions: a long
// migration or seed is never cut off.
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from './types';
import { isPgError } from './types';

const SYSTEM_DIR = path.join(__dirname, 'system');

export class MigrationError extends Error {
  constructor(
    readonly file: string,
    readonly pgMessage: string,
  ) {
    super(`Migration failed: ${file}\n  ${pgMessage}`);
    this.name = 'MigrationError';
  }
}

export interface MigrationReport {
  system: string[];
  migrations: string[];
  seeds: string[];
  fresh: boolean;
}

export interface MigrationOptions {
  projectDir: string;
  applySeeds: boolean;
  log?: (line: string) => void;
  /**
   * The day the demo seeds treat as today (YYYY-MM-DD; they date everything relative to it).
   * Default: STAYDESK_SEED_TODAY, else the database's own today in Budapest. Tests pin a clock with it.
   */
  seedToday?: string;
}

export async function migrate(db: Db, opts: MigrationOptions): Promise<MigrationReport> {
  const log = opts.log ?? (() => undefined);
  await db.exec(`
    CREATE SCHEMA IF NOT EXISTS hdb_catalog;
    CREATE TABLE IF NOT EXISTS hdb_catalog.system_schema (
      name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());`);

  const report: MigrationReport = { system: [], migrations: [], seeds: [], fresh: false };

  const systemDone = await names(db, 'SELECT name FROM hdb_catalog.system_schema');
  for (const file of fs.readdirSync(SYSTEM_DIR).filter((f) => f.endsWith('.sql')).sort()) {
    if (systemDone.has(file)) continue;
    await applyFile(db, path.join(SYSTEM_DIR, file), 'INSERT INTO hdb_catalog.system_schema (name) VALUES ($1)', [file]);
    report.system.push(file);
  }

  const applied = await names(db, 'SELECT version::text AS name FROM hdb_catalog.schema_migrations');
  report.fresh = applied.size === 0 && (await names(db, 'SELECT file AS name FROM hdb_catalog.seeds_applied')).size === 0;

  for (const m of listMigrations(opts.projectDir)) {
    if (applied.has(m.version)) continue;
    await applyFile(db, m.upFile, 'INSERT INTO hdb_catalog.schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
    report.migrations.push(`${m.version}_${m.name}`);
    log(`migration applied: ${m.version}_${m.name}`);
  }

  if (report.fresh && opts.applySeeds) report.seeds = await applySeeds(db, opts);
  return report;
}

/**
 * Step 3 alone: runs the project's seeds (seeds/default/*.sql, in name order) and returns their
 * names. `migrate` calls it on a fresh database only; tests of the demo data also run it on a
 * migrated snapshot, which is what `migrate` has made by the time it gets here.
 */
export async function applySeeds(db: Db, opts: Pick<MigrationOptions, 'projectDir' | 'log' | 'seedToday'>): Promise<string[]> {
  const log = opts.log ?? (() => undefined);
  const seedDir = path.join(opts.projectDir, 'seeds', 'default');
  const files = fs.existsSync(seedDir) ? fs.readdirSync(seedDir).filter((f) => f.endsWith('.sql')).sort() : [];
  const seedToday = opts.seedToday ?? (process.env.STAYDESK_SEED_TODAY || undefined);
  if (seedToday !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(seedToday)) throw new MigrationError('seeds', `seed day must be YYYY-MM-DD, got ${seedToday}`);
  const setting = seedToday ? `SET LOCAL staydesk.seed_today = '${seedToday}'` : undefined;
  const applied: string[] = [];
  for (const file of files) {
    await applyFile(db, path.join(seedDir, file), 'INSERT INTO hdb_catalog.seeds_applied (file) VALUES ($1)', [file], setting);
    applied.push(file);
    log(`seed applied: ${file}`);
  }
  return applied;
}

export interface MigrationDir {
  version: string;
  name: string;
  upFile: string;
}

export function listMigrations(projectDir: string): MigrationDir[] {
  const dir = path.join(projectDir, 'migrations', 'default');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && /^\d+_/.test(d.name))
    .map((d) => {
      const [version, ...rest] = d.name.split('_');
      return { version, name: rest.join('_'), upFile: path.join(dir, d.name, 'up.sql') };
    })
    .filter((m) => fs.existsSync(m.upFile))
    .sort((a, b) => (BigInt(a.version) < BigInt(b.version) ? -1 : BigInt(a.version) > BigInt(b.version) ? 1 : 0));
}

async function names(db: Db, sql: string): Promise<Set<string>> {
  const r = await db.query<{ name: string }>(sql);
  return new Set(r.rows.map((row) => row.name));
}

async function applyFile(db: Db, file: string, record: string, params: unknown[], setting?: string): Promise<void> {
  const sql = fs.readFileSync(file, 'utf8');
  try {
    await db.transaction(async (tx) => {
      // SET LOCAL ends with the transaction, so the session is back to its timeout afterwards.
      await tx.exec('SET LOCAL statement_timeout = 0');
      if (setting) await tx.exec(setting);
      await tx.exec(sql);
      await tx.query(record, params);
    });
  } catch (e) {
    const msg = isPgError(e) ? [e.message, e.detail, e.hint].filter(Boolean).join(' | ') : String(e);
    throw new MigrationError(path.relative(process.cwd(), file), msg);
  }
}
