// One PGlite for a whole run of converted classes. Opening a PGlite from the cached snapshot costs
// ~3 s of CPU, so a fresh one per class made the conformance file spend nearly all its time
// starting databases. Instead each class sets up on the same database and, when done, every
// object it created is dropped and every session setting it changed restored. "Created" is
// judged against a list of the catalogue's objects taken when the database opened (not against
// names: a class recreating a base object's name would be caught). `fingerprint()` describes the
// catalogue (user objects with their oids, session settings); after a class it must equal the
// base one, which hasura.test.ts asserts per class.
import type { Db } from '../../db';
import { freshDatabase } from '../../../tests/helpers/backend';

/** First oid of objects created after initdb (PostgreSQL's FirstNormalObjectId). */
const FIRST_USER_OID = 16384;

// Hasura's test server runs in UTC; Postgres renders timestamptz in the session's zone.
const BASE_SETTINGS = `SET TIME ZONE 'UTC'`;

// Objects a class may create, as "kind | oid | name to drop it by", in the order they are dropped
// (CASCADE takes dependants along: an extension's functions, a table's views and sequences).
const CREATED = `
  SELECT 'EXTENSION' AS kind, oid::int8 AS oid, quote_ident(extname) AS name, 1 AS ord FROM pg_extension WHERE oid >= ${FIRST_USER_OID}
  UNION ALL SELECT 'SCHEMA', oid::int8, quote_ident(nspname), 2 FROM pg_namespace
    WHERE oid >= ${FIRST_USER_OID} AND nspname NOT LIKE 'pg\\_temp\\_%' AND nspname NOT LIKE 'pg\\_toast\\_temp\\_%'
  UNION ALL SELECT CASE relkind WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' WHEN 'S' THEN 'SEQUENCE' WHEN 'f' THEN 'FOREIGN TABLE' ELSE 'TABLE' END,
    oid::int8, oid::regclass::text, 3 FROM pg_class WHERE oid >= ${FIRST_USER_OID} AND relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
  UNION ALL SELECT 'ROUTINE', oid::int8, oid::regprocedure::text, 4 FROM pg_proc WHERE oid >= ${FIRST_USER_OID}
  UNION ALL SELECT 'TYPE', t.oid::int8, t.oid::regtype::text, 5 FROM pg_type t
    WHERE t.oid >= ${FIRST_USER_OID} AND t.typtype IN ('b', 'c', 'd', 'e', 'r', 'm')
      AND NOT EXISTS (SELECT 1 FROM pg_type e WHERE e.typarray = t.oid)
      AND (t.typrelid = 0 OR (SELECT relkind FROM pg_class WHERE oid = t.typrelid) = 'c')
  UNION ALL SELECT 'OPERATOR', oid::int8, oid::regoperator::text, 6 FROM pg_operator WHERE oid >= ${FIRST_USER_OID}
  UNION ALL SELECT 'CAST', oid::int8, format('(%s AS %s)', castsource::regtype, casttarget::regtype), 7 FROM pg_cast WHERE oid >= ${FIRST_USER_OID}
  UNION ALL SELECT 'EVENT TRIGGER', oid::int8, quote_ident(evtname), 8 FROM pg_event_trigger
  UNION ALL SELECT 'ROLE', oid::int8, quote_ident(rolname), 9 FROM pg_roles WHERE oid >= ${FIRST_USER_OID}`;

// What "the database as a class found it" means: every user object (with its oid, so a dropped
// and recreated object differs), the columns of every relation, and the session's settings.
const FINGERPRINT = `
  SELECT coalesce(string_agg(x, E'\\n' ORDER BY x), '') AS fingerprint FROM (
    SELECT format('%s %s %s', kind, oid, name) AS x FROM (${CREATED}) created
    UNION ALL SELECT format('COLUMN %s %s.%s %s', attrelid, attrelid::regclass, attname, format_type(atttypid, atttypmod))
      FROM pg_attribute WHERE attrelid >= ${FIRST_USER_OID} AND attnum > 0 AND NOT attisdropped
    UNION ALL SELECT format('CONSTRAINT %s %s', oid, conname) FROM pg_constraint WHERE oid >= ${FIRST_USER_OID}
    UNION ALL SELECT format('TRIGGER %s %s', oid, tgname) FROM pg_trigger WHERE oid >= ${FIRST_USER_OID}
    UNION ALL SELECT format('INDEX %s %s', indexrelid, indexrelid::regclass) FROM pg_index WHERE indexrelid >= ${FIRST_USER_OID}
    UNION ALL SELECT format('POLICY %s %s', oid, polname) FROM pg_policy
    UNION ALL SELECT format('SETTING %s=%s', name, setting) FROM pg_settings WHERE source NOT IN ('default', 'override')
  ) s`;

export interface SharedDatabase {
  readonly db: Db;
  /** The catalogue as opened (see FINGERPRINT). */
  readonly base: string;
  fingerprint(): Promise<string>;
  /** Drops what was created since opening and restores changed session settings. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

export async function openSharedDatabase(): Promise<SharedDatabase> {
  // The empty project snapshot of this folder (no migrations: the system schemas only).
  const db = await freshDatabase(__dirname, false);
  try {
    await db.exec(BASE_SETTINGS);
    const fingerprint = async () => (await db.query<{ fingerprint: string }>(FINGERPRINT)).rows[0].fingerprint;
    const baseOids = (await db.query<{ oid: string }>(`SELECT oid::text FROM (${CREATED}) created`)).rows.map((r) => r.oid);
    const baseSettings = new Map((await db.query<{ name: string; setting: string }>(`SELECT name, setting FROM pg_settings WHERE source = 'session'`)).rows.map((r) => [r.name, r.setting]));
    const base = await fingerprint();
    const reset = async () => {
      // Settings first: a class's SET (lc_monetary, search_path...) must not outlive it.
      const now = new Map((await db.query<{ name: string; setting: string }>(`SELECT name, setting FROM pg_settings WHERE source = 'session'`)).rows.map((r) => [r.name, r.setting]));
      for (const name of new Set([...now.keys(), ...baseSettings.keys()])) {
        const was = baseSettings.get(name);
        if (was === now.get(name)) continue;
        if (was !== undefined) await db.query(`SELECT set_config($1, $2, false)`, [name, was]);
        else await db.exec(`RESET ${name.split('.').map((p) => `"${p.replace(/"/g, '""')}"`).join('.')}`);
      }
      // Dropping one object can drop others (CASCADE), so list again until nothing new is left.
      for (let round = 0; round < 5; round++) {
        const created = await db.query<{ kind: string; oid: string; name: string }>(
          `SELECT kind, oid::text, name FROM (${CREATED}) created WHERE NOT (oid::text = ANY($1::text[])) ORDER BY ord, oid`,
          [baseOids],
        );
        if (!created.rows.length) return;
        // One statement per kind (a statement each cost most of a reset); kinds whose DROP takes a
        // single name, and a kind whose list fails, go one object at a time.
        const kinds = [...new Set(created.rows.map((o) => o.kind))];
        let failed = false;
        for (const kind of kinds) {
          const names = created.rows.filter((o) => o.kind === kind).map((o) => o.name);
          const cascade = kind === 'ROLE' || kind === 'EVENT TRIGGER' ? '' : ' CASCADE';
          const listed = kind !== 'CAST' && kind !== 'EVENT TRIGGER' && names.length > 1;
          if (listed && (await db.exec(`DROP ${kind} IF EXISTS ${names.join(', ')}${cascade}`).then(() => true, () => false))) continue;
          // Gone already when an earlier drop cascaded to it (IF EXISTS); a failure is listed again next round.
          for (const n of names) await db.exec(`DROP ${kind} IF EXISTS ${n}${cascade}`).catch(() => { failed = true; });
        }
        // Every drop succeeded: nothing is left to list (the per-class fingerprint test checks it).
        if (!failed) return;
      }
    };
    return { db, base, fingerprint, reset, close: () => db.close() };
  } catch (e) {
    await db.close();
    throw e;
  }
}
