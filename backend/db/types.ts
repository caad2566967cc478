// The small database interface every backend service uses, whether PGlite or a server Postgres.

export interface QueryResult<R> {
  rows: R[];
  /** Rows changed by INSERT/UPDATE/DELETE (0 for SELECT on PGlite). */
  rowCount: number;
}

export interface Queryable {
  /** One statement with bound parameters ($1, $2...). */
  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<R>>;
  /** Several statements, no parameters (migrations, seeds). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /**
   * The statement_timeout every session starts with, in ms (0 = none). Server Postgres enforces
   * it; PGlite cannot interrupt a running statement (see limits.ts).
   */
  readonly statementTimeoutMs: number;
  /**
   * Runs fn in one transaction: commit when it resolves, roll back when it throws.
   * PGlite has a single connection: never call the outer `db` from inside fn (it would wait
   * for the transaction to end); use `tx`.
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Optional fast path for a statement run again and again with new parameters (the GraphQL
   * engine's compiled queries): parsed and planned once, then only bound and executed. Drivers
   * without it are used through `query`.
   */
  queryPrepared?<R = Record<string, unknown>>(sql: string, params: unknown[]): Promise<QueryResult<R>>;
  /**
   * Server Postgres only: a session advisory lock on a connection of its own, or null when another
   * session holds it. Held until released or until that connection ends (its process killed, the
   * network or the server gone), when Postgres frees it for the next taker. PGlite has one owner
   * per data folder already (lock.ts).
   */
  tryLock?(key: string): Promise<HeldLock | null>;
  /** PGlite only: its data directory as a tarball, which openDb({ loadDataDir }) starts from (tests skip initdb and migrations). */
  snapshot?(): Promise<Blob>;
  close(): Promise<void>;
}

export interface HeldLock {
  /** Settles when the lock's connection ends, released or not: from then on another session may hold it. */
  readonly lost: Promise<void>;
  release(): Promise<void>;
}

/** A Postgres error as both drivers report it (fields of the ErrorResponse message). */
export interface PgError extends Error {
  code?: string;
  detail?: string;
  constraint?: string;
  table?: string;
  column?: string;
  schema?: string;
  hint?: string;
}

export function isPgError(e: unknown): e is PgError {
  return e instanceof Error && typeof (e as PgError).code === 'string';
}
