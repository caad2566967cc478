// Embedded Postgres (PGlite, PostgreSQL in WebAssembly) kept in a folder on disk.
// PGlite runs one session in-process, so transactions are serialised by its own lock;
// it must not be put behind a socket pool (sessions would share one backend).
import { PGlite, parse, protocol, types } from '@electric-sql/pglite';
import { citext } from '@electric-sql/pglite/contrib/citext';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp';
import { ltree } from '@electric-sql/pglite/contrib/ltree';
import fs from 'node:fs';
import path from 'node:path';
import type { Db, Queryable, QueryResult } from './types';

// Same value shapes as node-postgres by default: int8 and numeric as strings, so callers
// see one behaviour on both drivers.
const parsers = {
  [types.INT8]: (v: string) => v,
  [types.NUMERIC]: (v: string) => v,
};

interface PgliteLike {
  query<R>(sql: string, params?: unknown[], opts?: object): Promise<{ rows: R[]; affectedRows?: number }>;
  exec(sql: string): Promise<unknown>;
}

function wrap(conn: PgliteLike): Queryable {
  return {
    async query<R>(sql: string, params?: unknown[]): Promise<QueryResult<R>> {
      const r = await conn.query<R>(sql, params ?? [], { parsers });
      return { rows: r.rows, rowCount: r.affectedRows ?? 0 };
    },
    async exec(sql: string) {
      await conn.exec(sql);
    },
  };
}

const PREPARED_MAX = 500;

/** Text form of a parameter as the wire protocol carries it (what `query` sends for text parameters). */
function paramText(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return v;
  if (v instanceof Date) return v.toISOString();
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * Named prepared statements on PGlite's one session. `query` sends six protocol round trips and
 * plans every time; a known statement here is one Bind/Describe/Execute/Sync message. The least
 * recently prepared statements are closed beyond PREPARED_MAX. Runs under the same locks as
 * `query`, so it never lands inside another caller's transaction.
 */
function preparedStatements(pg: PGlite): NonNullable<Db['queryPrepared']> {
  const names = new Map<string, string>();
  let next = 0;
  const { serialize } = protocol;
  const prepare = async (sql: string): Promise<string> => {
    if (names.size >= PREPARED_MAX) {
      const [oldSql, oldName] = names.entries().next().value as [string, string];
      names.delete(oldSql);
      await pg.execProtocol(concat([serialize.close({ type: 'S', name: oldName }), serialize.sync()]), { syncToFs: false });
    }
    const name = `staydesk_${next++}`;
    await pg.execProtocol(concat([serialize.parse({ name, text: sql }), serialize.sync()]), { syncToFs: false });
    names.set(sql, name);
    return name;
  };
  return async <R>(sql: string, params: unknown[]): Promise<QueryResult<R>> =>
    pg._runExclusiveTransaction(() =>
      pg.runExclusive(async () => {
        const name = names.get(sql) ?? (await prepare(sql));
        const message = concat([
          serialize.bind({ statement: name, values: params.map(paramText) }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
          serialize.sync(),
        ]);
        const r = await pg.execProtocol(message, { syncToFs: false });
        await pg.syncToFs();
        const [result] = parse.parseResults(r.messages, parsers);
        return { rows: (result?.rows ?? []) as R[], rowCount: result?.affectedRows ?? 0 };
      }),
    );
}

/** The PostgreSQL major version of the PGlite this backend runs (a folder of another one cannot be opened). */
export const PGLITE_PG_MAJOR = '18';

// ltree as on Nhost Cloud's Postgres (Hasura has ltree comparison operators; its tests use it).
const EXTENSIONS = { citext, pgcrypto, btree_gist, uuid_ossp, ltree };

/** An embedded database folder that cannot be opened: damaged, or from an incompatible PGlite. */
export class DatabaseFolderError extends Error {
  constructor(
    readonly dir: string,
    readonly reason: string,
  ) {
    super(
      `the embedded database in ${dir} cannot be opened: ${reason}. Nothing in it was changed.\n` +
        `  Restore your last backup into a new folder (npm run restore -- --in <backup folder> --data <new folder>)\n` +
        `  and start the backend on that folder; or, if the folder holds nothing you need, delete it to start over with demo data.`,
    );
    this.name = 'DatabaseFolderError';
  }
}

/**
 * Checks a folder before PGlite touches it: PGlite would silently run initdb over an empty (or
 * emptied) folder and abort inside WebAssembly on a damaged one. Returns whether the folder is new.
 */
function preflight(dir: string): 'new' | 'existing' {
  if (!fs.existsSync(dir)) return 'new';
  const versionFile = `${dir}/PG_VERSION`;
  if (!fs.existsSync(versionFile)) {
    const entries = fs.readdirSync(dir);
    throw new DatabaseFolderError(dir, entries.length === 0 ? 'the folder is empty (its files are gone)' : 'PG_VERSION is missing, so this is not a complete database folder');
  }
  const major = fs.readFileSync(versionFile, 'utf8').trim();
  if (major !== PGLITE_PG_MAJOR) {
    throw new DatabaseFolderError(dir, `it was written by PostgreSQL ${major || '(unknown)'} and this PGlite runs PostgreSQL ${PGLITE_PG_MAJOR} (an incompatible PGlite version)`);
  }
  return 'existing';
}

/** A PGlite on a folder (created when new), checked as the backend opens it: for backup and restore. */
export function openPgliteFolder(dir: string): Promise<PGlite> {
  return createPglite(dir);
}

async function createPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<PGlite> {
  if (!dataDir) return PGlite.create('memory://', { extensions: EXTENSIONS, ...(loadDataDir ? { loadDataDir } : {}) });
  if (preflight(dataDir) === 'new') {
    // initdb into a side folder and move it in place once complete: a first start killed halfway
    // leaves no half database under the real name (which the next start would refuse as damaged).
    fs.mkdirSync(path.dirname(dataDir), { recursive: true });
    const building = `${dataDir}.init-${process.pid}`;
    fs.rmSync(building, { recursive: true, force: true });
    const fresh = await PGlite.create(building, { extensions: EXTENSIONS });
    await fresh.close();
    fs.renameSync(building, dataDir);
  }
  const pidFile = path.join(dataDir, 'postmaster.pid');
  const hadPidFile = fs.existsSync(pidFile);
  try {
    return await PGlite.create(dataDir, { extensions: EXTENSIONS });
  } catch (e) {
    // A failed start leaves PGlite's postmaster.pid behind: the folder goes back as it was.
    if (!hadPidFile) fs.rmSync(pidFile, { force: true });
    // A WebAssembly abort (RuntimeError) says nothing useful to a host: name what it means.
    const detail = e instanceof Error && e.name !== 'RuntimeError' ? ` (${e.message})` : '';
    throw new DatabaseFolderError(dataDir, `PGlite could not start on it${detail}; its files are damaged or truncated`);
  }
}

export async function openPglite(dataDir: string | undefined, opts: { statementTimeoutMs?: number; loadDataDir?: Blob } = {}): Promise<Db> {
  const pg = await createPglite(dataDir, opts.loadDataDir);
  const statementTimeoutMs = opts.statementTimeoutMs ?? 0;
  // Set for parity with the server driver (SHOW, migrations lifting it); PGlite cannot preempt a
  // running statement, so it does not bound the statement's time here (see limits.ts).
  if (statementTimeoutMs > 0) await pg.exec(`SET statement_timeout = ${Math.trunc(statementTimeoutMs)}`);
  const base = wrap(pg as unknown as PgliteLike);
  return {
    kind: 'pglite',
    statementTimeoutMs,
    ...base,
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx as unknown as PgliteLike))),
    queryPrepared: preparedStatements(pg),
    snapshot: () => pg.dumpDataDir('none'),
    // A checkpoint first, so the folder is complete on disk without WAL replay on the next start.
    close: async () => {
      if (dataDir) await pg.exec('CHECKPOINT').catch(() => undefined);
      await pg.close();
    },
  };
}
