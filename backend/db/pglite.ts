// Embedded Postgres (PGlite, PostgreSQL in WebAssembly) kept in a folder on disk.
// PGlite runs one session in-process, so transactions are serialised by its own lock;
// it must not be put behind a socket pool (sessions would share one backend).
import { PGlite, parse, protocol, types } from '@electric-sql/pglite';
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

export async function openPglite(dataDir: string | undefined, opts: { statementTimeoutMs?: number } = {}): Promise<Db> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const pg = await PGlite.create(dataDir ?? 'memory://', {
    extensions: { citext, pgcrypto, btree_gist, uuid_ossp },
  });
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
    close: () => pg.close(),
  };
}
