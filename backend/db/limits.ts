// Database-side limits of the embedded backend, read from the environment.
//
//   DATABASE_STATEMENT_TIMEOUT_MS  (default 5000; 0 turns it off)
//     Postgres `statement_timeout` on every session the backend opens, so a client's query
//     (a GraphQL filter with `_regex`/`_similar` patterns, a deep nested select, a huge aggregate)
//     is cancelled by the server with SQLSTATE 57014 instead of holding a connection for ever.
//     Migrations and seeds lift it inside their own transactions (`SET LOCAL statement_timeout = 0`),
//     so long schema changes are never cut off.
//     Server Postgres (DATABASE_URL) enforces it. PGlite accepts and reports the setting but cannot
//     cancel a running statement: it runs synchronously on the Node thread, and Postgres's timer is
//     a JavaScript timer that can only fire after the statement ends (measured with PGlite 0.5.14:
//     `SELECT pg_sleep(3)` under a 1 s timeout runs the full 3 s). Deployments that face untrusted
//     clients use a server Postgres.

export const DEFAULT_STATEMENT_TIMEOUT_MS = 5000;

/** The statement timeout in milliseconds (0 = none) from DATABASE_STATEMENT_TIMEOUT_MS. */
export function statementTimeoutFromEnv(env: Record<string, string | undefined> = process.env): number {
  const raw = env.DATABASE_STATEMENT_TIMEOUT_MS;
  if (raw === undefined || raw.trim() === '') return DEFAULT_STATEMENT_TIMEOUT_MS;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 2 ** 31 - 1) {
    throw new Error(`DATABASE_STATEMENT_TIMEOUT_MS must be a whole number of milliseconds (0 for none), got "${raw}"`);
  }
  return n;
}

/** Postgres error code of a statement cancelled by statement_timeout (or a cancel request). */
export const QUERY_CANCELED = '57014';
