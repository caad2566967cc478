// Puts a test database back the way it was when a baseline was taken, so the next test file of a
// worker can use it instead of loading a new PGlite from the snapshot (~2-2.5 s of CPU each).
//
// The rows of every table are kept (as JSON, in this process). A table changed since the last
// reset is one whose row count differs or that holds a row version written since (its xmin is
// at or past the transaction id the reset noted): every INSERT and UPDATE writes such a version,
// a DELETE changes the count or leaves an inserted row behind. A reset empties those tables and
// copies their rows back in one transaction with triggers and foreign keys suppressed
// (session_replication_role = replica: a copied row is the row as it was; its triggers fired when
// it was first written). What a reset cannot put back (a table, column, function or index
// created, a session setting changed, a channel listened to, an advisory lock held) is answered
// by `reset()`, so the caller can refuse to hand the database on. `contentDigest()` hashes every
// row, for tests that prove a reset restores the data exactly.
import type { Db, Queryable } from '../../backend/db';

/** First oid of objects created after initdb (PostgreSQL's FirstNormalObjectId). */
const FIRST_USER_OID = 16384;

// The user tables, schema-qualified whatever the search_path. Partitions are copied through
// themselves, so partitioned parents are left out.
const TABLES = `
  SELECT format('%I.%I', n.nspname, c.relname) AS name,
    (SELECT string_agg(quote_ident(a.attname), ', ' ORDER BY a.attnum) FROM pg_attribute a
      WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = '') AS columns
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE c.relkind = 'r' AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_toast%'
  ORDER BY 1`;

// The schema by names (not oids: the events service drops and recreates its triggers at every
// start), read with an empty search_path so every name comes schema-qualified.
const SCHEMA = `
  SELECT coalesce(string_agg(x, E'\\n' ORDER BY x), '') AS lines FROM (
    SELECT format('SCHEMA %s', nspname) AS x FROM pg_namespace WHERE oid >= ${FIRST_USER_OID} AND nspname NOT LIKE 'pg\\_%temp\\_%'
    UNION ALL SELECT format('RELATION %s %s %s', relkind, oid::regclass, relpersistence) FROM pg_class WHERE oid >= ${FIRST_USER_OID} AND relkind <> 't'
    UNION ALL SELECT format('COLUMN %s.%s %s', attrelid::regclass, attname, format_type(atttypid, atttypmod))
      FROM pg_attribute WHERE attrelid >= ${FIRST_USER_OID} AND attnum > 0 AND NOT attisdropped
    UNION ALL SELECT format('ROUTINE %s %s', oid::regprocedure, md5(prosrc)) FROM pg_proc WHERE oid >= ${FIRST_USER_OID}
    UNION ALL SELECT format('TYPE %s', oid::regtype) FROM pg_type WHERE oid >= ${FIRST_USER_OID} AND typtype IN ('b', 'c', 'd', 'e', 'r', 'm') AND typrelid = 0
    UNION ALL SELECT format('CONSTRAINT %s %s', conrelid::regclass, conname) FROM pg_constraint WHERE oid >= ${FIRST_USER_OID}
    UNION ALL SELECT format('TRIGGER %s %s %s', tgrelid::regclass, tgname, tgenabled) FROM pg_trigger WHERE oid >= ${FIRST_USER_OID}
    UNION ALL SELECT format('POLICY %s %s', polrelid::regclass, polname) FROM pg_policy
    UNION ALL SELECT format('EXTENSION %s', extname) FROM pg_extension
    UNION ALL SELECT format('EVENT TRIGGER %s', evtname) FROM pg_event_trigger
    UNION ALL SELECT format('ROLE %s', rolname) FROM pg_roles WHERE oid >= ${FIRST_USER_OID}
    UNION ALL SELECT format('ROLE SETTING %s %s', setrole, setconfig) FROM pg_db_role_setting
  ) s`;

// What else the session keeps: its settings, the channels it listens to, advisory locks.
const SESSION = `
  SELECT coalesce(string_agg(x, E'\\n' ORDER BY x), '') AS lines FROM (
    SELECT format('SETTING %s=%s', name, setting) AS x FROM pg_settings WHERE source NOT IN ('default', 'override')
    UNION ALL SELECT format('LISTEN %s', c) FROM pg_listening_channels() c
    UNION ALL SELECT format('ADVISORY LOCK %s %s %s', classid, objid, objsubid) FROM pg_locks WHERE locktype = 'advisory'
  ) s`;

// The next transaction id (32 bits, as xmin holds it): rows written from now on have one at or past it.
const NEXT_XID = `SELECT (pg_snapshot_xmax(pg_current_snapshot())::text::int8 % 4294967296)::int8 AS xid`;

export interface Baseline {
  /** Tables and rows in the baseline. */
  readonly tables: number;
  readonly rows: number;
  /**
   * Copies the baseline's rows back into every table changed since, then compares the database
   * with the baseline: the answer lists what still differs (empty when it is as it was).
   */
  reset(): Promise<string[]>;
  /** What differs from the baseline now, without changing anything. */
  differences(): Promise<string[]>;
}

interface Table {
  name: string;
  columns: string;
  count: number;
  /** The rows as a JSON array (json_agg), undefined when the table was empty. */
  rows?: string;
}

async function lines(db: Queryable, sql: string): Promise<string> {
  return (await db.query<{ lines: string }>(sql)).rows[0].lines;
}

/** The schema and the session's state, as lines to compare. */
async function schemaAndSession(db: Db): Promise<string> {
  const schema = await db.transaction(async (tx) => {
    await tx.query(`SET LOCAL search_path = pg_catalog`);
    return lines(tx, SCHEMA);
  });
  return `${schema}\n${await lines(db, SESSION)}`;
}

/** A hash of every row of every user table (sorted, so the rows' physical order does not count). */
export async function contentDigest(db: Db): Promise<Record<string, string>> {
  const list = (await db.query<{ name: string }>(TABLES)).rows;
  const sql = list.map((t) => `SELECT ${quoteLiteral(t.name)} AS name, (SELECT md5(coalesce(string_agg(r::text, E'\\n' ORDER BY r::text), '')) FROM ${t.name} r) AS digest`).join(' UNION ALL ');
  return Object.fromEntries((await db.query<{ name: string; digest: string }>(sql)).rows.map((r) => [r.name, r.digest]));
}

const quoteLiteral = (s: string) => `'${s.replace(/'/g, "''")}'`;

export async function takeBaseline(db: Db): Promise<Baseline> {
  const list = (await db.query<{ name: string; columns: string }>(TABLES)).rows;
  // One query for every table: its row count and how many of its rows were written since `$1`.
  const changesSql = list
    .map((t, i) => `SELECT ${i} AS i, count(*)::int AS n, count(*) FILTER (WHERE xmin::text::int8 >= $1::int8)::int AS written FROM ${t.name}`)
    .join(' UNION ALL ');
  const changes = async (since: number) => (await db.query<{ i: number; n: number; written: number }>(changesSql, [since])).rows;

  const base = await schemaAndSession(db);
  const counts = await changes(Number.MAX_SAFE_INTEGER);
  const tables: Table[] = [];
  for (const [i, t] of list.entries()) {
    const count = counts.find((c) => c.i === i)!.n;
    const rows = count ? (await db.query<{ rows: string }>(`SELECT json_agg(r)::text AS rows FROM ${t.name} r`)).rows[0].rows : undefined;
    tables.push({ ...t, count, rows });
  }
  let since = Number((await db.query<{ xid: string }>(NEXT_XID)).rows[0].xid);

  const compare = async (): Promise<{ changed: Table[]; differences: string[] }> => {
    const now = await schemaAndSession(db);
    const differences: string[] = [];
    if (now !== base) {
      const before = new Set(base.split('\n'));
      const after = new Set(now.split('\n'));
      for (const line of after) if (!before.has(line)) differences.push(`added: ${line}`);
      for (const line of before) if (!after.has(line)) differences.push(`gone: ${line}`);
      // With tables added or gone the row query may not even run: report the schema change alone.
      if (differences.some((d) => / RELATION r /.test(d))) return { changed: [], differences };
    }
    const changed = (await changes(since)).filter((c) => c.written > 0 || c.n !== tables[c.i].count).map((c) => tables[c.i]);
    return { changed, differences: [...differences, ...changed.map((t) => `rows of ${t.name}`)] };
  };

  return {
    tables: tables.length,
    rows: tables.reduce((sum, t) => sum + t.count, 0),
    differences: async () => (await compare()).differences,
    async reset() {
      const { changed, differences } = await compare();
      if (differences.length > changed.length) return differences;
      if (!changed.length) return [];
      await db.transaction(async (tx) => {
        await tx.query(`SET LOCAL session_replication_role = replica`);
        for (const t of changed) {
          // DELETE, not TRUNCATE: a table an unchanged one references cannot be truncated without
          // CASCADE, while the replica role skips foreign-key checks.
          await tx.query(`DELETE FROM ${t.name}`);
          if (t.rows) {
            await tx.query(`INSERT INTO ${t.name} (${t.columns}) OVERRIDING SYSTEM VALUE SELECT ${t.columns} FROM json_populate_recordset(NULL::${t.name}, $1::json)`, [t.rows]);
          }
        }
      });
      // Without autovacuum (PGlite runs none) the deleted versions would pile up file after file
      // and slow every later scan of these tables.
      await db.exec(`VACUUM ${changed.map((t) => t.name).join(', ')}`);
      // The copied rows are written now: count only what is written after them.
      since = Number((await db.query<{ xid: string }>(NEXT_XID)).rows[0].xid);
      return (await compare()).differences;
    },
  };
}
