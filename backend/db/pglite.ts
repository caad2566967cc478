// Embedded Postgres (PGlite, PostgreSQL in WebAssembly) kept in a folder on disk.
// PGlite runs one session in-process, so transactions are serialised by its own lock;
// it must not be put behind a socket pool (sessions would share one backend).
import { PGlite, types } from '@electric-sql/pglite';
import { citext } from '@electric-sql/pglite/contrib/citext';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp';
import fs from 'node:fs';
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

export async function openPglite(dataDir: string | undefined): Promise<Db> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const pg = await PGlite.create(dataDir ?? 'memory://', {
    extensions: { citext, pgcrypto, btree_gist, uuid_ossp },
  });
  const base = wrap(pg as unknown as PgliteLike);
  return {
    kind: 'pglite',
    ...base,
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx as unknown as PgliteLike))),
    close: () => pg.close(),
  };
}
