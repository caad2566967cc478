// A server Postgres through a node-postgres pool (DATABASE_URL). Each transaction holds its
// own pooled connection, so concurrent requests are isolated the way Hasura's are.
import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Db, HeldLock, Queryable, QueryResult } from './types';

/** How often the holder of an advisory lock checks the lock's connection (and how long a check may take). */
const LOCK_CHECK_MS = 5000;

/** Distinct statements given a name; beyond it, new statements run unnamed (parsed every time). */
const PREPARED_MAX = 1000;

export async function openPostgres(url: string, opts: { statementTimeoutMs?: number } = {}): Promise<Db> {
  const statementTimeoutMs = opts.statementTimeoutMs ?? 0;
  const pool = new pg.Pool({
    connectionString: url,
    max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
    // Timestamps render in UTC, as on Nhost Cloud and in the embedded PGlite. The statement
    // timeout is a startup parameter, so every pooled connection has it from its first query
    // (0 leaves the server's own setting alone).
    options: `-c TimeZone=UTC${statementTimeoutMs > 0 ? ` -c statement_timeout=${Math.trunc(statementTimeoutMs)}` : ''}`,
  });
  // An idle pooled connection that the server ends (a restart, pg_terminate_backend, an idle
  // timeout) is an 'error' event on the pool, which without a listener ends the process. The pool
  // drops that connection and the next query opens a new one; the queries in flight fail as such.
  pool.on('error', () => undefined);
  // Fail fast on a wrong URL instead of on the first request.
  const probe = await pool.connect();
  probe.release();
  const run = (c: pg.Pool | pg.PoolClient): Queryable => ({
    async query<R>(sql: string, params?: unknown[]): Promise<QueryResult<R>> {
      const r = await c.query(sql, params as unknown[] | undefined);
      return { rows: r.rows as R[], rowCount: r.rowCount ?? 0 };
    },
    async exec(sql: string) {
      await c.query(sql);
    },
  });
  return {
    kind: 'postgres',
    statementTimeoutMs,
    ...run(pool),
    queryPrepared: preparedStatements(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(run(client));
        await client.query('COMMIT');
        return result;
      } catch (e) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw e;
      } finally {
        client.release();
      }
    },
    tryLock: (key) => tryAdvisoryLock(url, key),
    close: () => pool.end(),
  };
}

/**
 * A session advisory lock on a connection outside the pool (a pooled one would carry it into
 * whatever borrows the connection next). Server-side TCP keepalives: a holder that vanished without
 * closing its socket (a host or network gone) is dropped by the server, freeing the lock, within
 * ~30 s instead of the system's default two hours. And the holder checks its connection every
 * LOCK_CHECK_MS: one the server dropped while this side heard nothing (half-open; the client's own
 * keepalive would notice in ~11 minutes) fails the check, and the lock counts as lost, within
 * 2 x LOCK_CHECK_MS, about when the server's keepalives free it for another taker.
 */
async function tryAdvisoryLock(url: string, key: string): Promise<HeldLock | null> {
  const client = new pg.Client({
    connectionString: url,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    // A server that does not answer (a black-holed host) fails the attempt, not hangs it (and close()).
    connectionTimeoutMillis: 10_000,
    query_timeout: LOCK_CHECK_MS,
    options: '-c tcp_keepalives_idle=10 -c tcp_keepalives_interval=5 -c tcp_keepalives_count=3',
  });
  let markLost: () => void = () => undefined;
  const lost = new Promise<void>((resolve) => (markLost = resolve));
  // An error on an idle connection (the server restarted, the network dropped) is an 'error'
  // event: without a listener it would end the process.
  client.on('error', () => markLost());
  client.on('end', () => markLost());
  await client.connect();
  try {
    const r = await client.query<{ held: boolean }>('SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS held', [key]);
    if (!r.rows[0]?.held) {
      await client.end();
      return null;
    }
  } catch (e) {
    await client.end().catch(() => undefined);
    throw e;
  }
  const check = setInterval(() => {
    client.query('SELECT 1').catch(() => {
      markLost();
      void client.end().catch(() => undefined);
    });
  }, LOCK_CHECK_MS);
  check.unref();
  void lost.then(() => clearInterval(check));
  return { lost, release: () => client.end().catch(() => undefined) };
}

/**
 * Named prepared statements on the pool. node-postgres parses a named statement once per pooled
 * connection and afterwards sends only Bind/Execute, so Postgres plans it once per connection.
 * The name is a hash of the SQL: the same text always gets the same name on every connection,
 * which node-postgres requires.
 */
function preparedStatements(pool: pg.Pool): NonNullable<Db['queryPrepared']> {
  const names = new Map<string, string>();
  const nameOf = (sql: string): string | undefined => {
    const known = names.get(sql);
    if (known || names.size >= PREPARED_MAX) return known;
    const name = `staydesk_${createHash('sha1').update(sql).digest('hex').slice(0, 24)}`;
    names.set(sql, name);
    return name;
  };
  return async <R>(sql: string, params: unknown[]): Promise<QueryResult<R>> => {
    const r = await pool.query({ name: nameOf(sql), text: sql, values: params });
    return { rows: r.rows as R[], rowCount: r.rowCount ?? 0 };
  };
}
