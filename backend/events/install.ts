// Keeps the database's Postgres triggers equal to the metadata's event triggers, with Hasura's
// names (function and trigger `notify_hasura_<name>_<OP>` in hdb_catalog): each captured change is
// written to hdb_catalog.event_log in the writing transaction. Triggers gone from the metadata are
// dropped. Runs at start-up, after migrations (so seeds never fire events), in one transaction.
import type { Db, Queryable } from '../db';
import { quoteIdent } from '../graphql/model';
import type { EventTrigger, Op } from './config';

const PREFIX = 'notify_hasura_';

const literal = (s: string) => `'${s.replace(/'/g, "''")}'`;

export function triggerObjectName(name: string, op: Op): string {
  return `${PREFIX}${name}_${op}`;
}

function functionSql(t: EventTrigger, op: Op): string {
  const fn = `hdb_catalog.${quoteIdent(triggerObjectName(t.name, op))}`;
  const cols = t.ops[op];
  // An UPDATE counts only when a captured column changed: the whole row by its stored image (`*<>`,
  // nulls and json included), or the listed columns by their text (every type has one; json has no `=`).
  const changedCols = cols === '*' || !cols?.length
    ? 'OLD *<> NEW'
    : cols.map((c) => `(OLD.${quoteIdent(c)})::text IS DISTINCT FROM (NEW.${quoteIdent(c)})::text`).join(' OR ');
  const data = op === 'INSERT' ? `json_build_object('old', NULL, 'new', row_to_json(NEW))`
    : op === 'DELETE' ? `json_build_object('old', row_to_json(OLD), 'new', NULL)`
      : `json_build_object('old', row_to_json(OLD), 'new', row_to_json(NEW))`;
  const changed = op === 'UPDATE' ? `IF ${changedCols} THEN` : 'IF true THEN';
  return `CREATE OR REPLACE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  ${changed}
    PERFORM hdb_catalog.insert_event_log(${literal(t.schema)}, ${literal(t.table)}, ${literal(t.name)}, ${literal(op)}, ${data});
  END IF;
  RETURN NULL;
END;
$fn$`;
}

function triggerSql(t: EventTrigger, op: Op): string {
  const name = quoteIdent(triggerObjectName(t.name, op));
  const table = `${quoteIdent(t.schema)}.${quoteIdent(t.table)}`;
  const cols = t.ops[op];
  const when = op === 'UPDATE' && Array.isArray(cols) && cols.length ? `UPDATE OF ${cols.map(quoteIdent).join(', ')}` : op;
  return `CREATE TRIGGER ${name} AFTER ${when} ON ${table} FOR EACH ROW EXECUTE FUNCTION hdb_catalog.${name}()`;
}

async function install(tx: Queryable, triggers: EventTrigger[]): Promise<void> {
  const wanted = new Set<string>();
  for (const t of triggers) for (const op of Object.keys(t.ops) as Op[]) wanted.add(triggerObjectName(t.name, op));
  const existing = await tx.query<{ name: string }>(
    `SELECT p.proname AS name FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'hdb_catalog' AND p.proname LIKE 'notify\\_hasura\\_%'`,
  );
  for (const { name } of existing.rows) {
    if (!wanted.has(name)) await tx.query(`DROP FUNCTION IF EXISTS hdb_catalog.${quoteIdent(name)}() CASCADE`);
  }
  for (const t of triggers) {
    for (const op of Object.keys(t.ops) as Op[]) {
      await tx.query(functionSql(t, op));
      await tx.query(`DROP TRIGGER IF EXISTS ${quoteIdent(triggerObjectName(t.name, op))} ON ${quoteIdent(t.schema)}.${quoteIdent(t.table)}`);
      await tx.query(triggerSql(t, op));
    }
  }
}

export function installEventTriggers(db: Db, triggers: EventTrigger[]): Promise<void> {
  return db.transaction((tx) => install(tx, triggers));
}
