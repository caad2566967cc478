// A server Postgres through a node-postgres pool (DATABASE_URL). Each transaction holds its
// own pooled connection, so concurrent requests are isolated the way Hasura's are.
import pg from 'pg';
import type { Db, Queryable, QueryResult } from './types';

export async function openPostgres(url: string): Promise<Db> {
  const pool = new pg.Pool({
    connectionString: url,
    max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
    // Timestamps render in UTC, as on Nhost Cloud and in the embedded PGlite.
    options: '-c TimeZone=UTC',
  });
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
    ...run(pool),
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
    close: () => pool.end(),
  };
}
