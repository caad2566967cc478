// Keeps the database's Postgres triggers equal to the metadata's event triggers, with Hasura's
// names (function and trigger `notify_hasura_<name>_<OP>` in hdb_catalog): each captured change is
// written to hdb_catalog.event_log in the writing transaction. Triggers gone from the metadata are
// dropped. Runs at start-up, after migrations (so seeds never fire events), in one transaction.
// A start whose database already holds exactly these functions and triggers (every start after the
// first, unless the metadata or a migration changed them) only reads the catalog: rewriting ~50
// functions and triggers cost each start about a second of CPU on PGlite.
import type { Db, Queryable } from '../db';
import { quoteIdent } from '../graphql/model';
import type { EventTrigger, Op } from './config';

const PREFIX = 'notify_hasura_';

const literal = (s: string) => `'${s.replace(/'/g, "''")}'`;

export function triggerObjectName(name: string, op: Op): string {
  return `${PREFIX}${name}_${op}`;
}

/** The trigger function's body (what pg_proc.prosrc keeps of it). */
function functionBody(t: EventTrigger, op: Op): string {
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
  return `
BEGIN
  ${changed}
    PERFORM hdb_catalog.insert_event_log(${literal(t.schema)}, ${literal(t.table)}, ${literal(t.name)}, ${literal(op)}, ${data});
  END IF;
  RETURN NULL;
END;
`;
}

function functionSql(t: EventTrigger, op: Op): string {
  const fn = `hdb_catalog.${quoteIdent(triggerObjectName(t.name, op))}`;
  return `CREATE OR REPLACE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $fn$${functionBody(t, op)}$fn$`;
}

function triggerSql(t: EventTrigger, op: Op): string {
  const name = quoteIdent(triggerObjectName(t.name, op));
  const table = `${quoteIdent(t.schema)}.${quoteIdent(t.table)}`;
  const cols = t.ops[op];
  const when = op === 'UPDATE' && Array.isArray(cols) && cols.length ? `UPDATE OF ${cols.map(quoteIdent).join(', ')}` : op;
  return `CREATE TRIGGER ${name} AFTER ${when} ON ${table} FOR EACH ROW EXECUTE FUNCTION hdb_catalog.${name}()`;
}

/** The columns of an `UPDATE OF` trigger; none for the other operations and whole-row updates. */
function updateOf(t: EventTrigger, op: Op): string[] {
  const cols = t.ops[op];
  return op === 'UPDATE' && Array.isArray(cols) ? cols : [];
}

// pg_trigger.tgtype bits: ROW 1, BEFORE 2, INSERT 4, DELETE 8, UPDATE 16 (AFTER is no bit).
const TGTYPE: Record<Op, number> = { INSERT: 1 | 4, DELETE: 1 | 8, UPDATE: 1 | 16 };

/** One line per trigger function and per trigger as the metadata wants them installed. */
function wantedState(triggers: EventTrigger[]): string[] {
  const lines: string[] = [];
  for (const t of triggers) {
    for (const op of Object.keys(t.ops) as Op[]) {
      const name = triggerObjectName(t.name, op);
      lines.push(JSON.stringify(['function', name, 'plpgsql', 'trigger', 0, functionBody(t, op)]));
      // Enabled ('O'), no arguments, no WHEN, calling its own function.
      lines.push(JSON.stringify(['trigger', name, t.schema, t.table, TGTYPE[op], updateOf(t, op), 'O', 0, false, 'hdb_catalog', name]));
    }
  }
  return lines.sort();
}

/** The same lines for what the database holds: every notify_hasura_ function, and every trigger named so or calling one. */
async function installedState(tx: Queryable): Promise<string[]> {
  const fns = await tx.query<{ name: string; lang: string; returns: string; nargs: number; src: string }>(
    `SELECT p.proname AS name, l.lanname AS lang, format_type(p.prorettype, NULL) AS returns, p.pronargs::int AS nargs, p.prosrc AS src
     FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace JOIN pg_language l ON l.oid = p.prolang
     WHERE n.nspname = 'hdb_catalog' AND p.proname LIKE 'notify\\_hasura\\_%'`,
  );
  const trgs = await tx.query<{ name: string; schema: string; table: string; type: number; cols: string[]; enabled: string; nargs: number; has_when: boolean; fn_schema: string; fn: string }>(
    `SELECT t.tgname AS name, n.nspname AS schema, c.relname AS table, t.tgtype::int AS type,
            ARRAY(SELECT a.attname::text FROM unnest(t.tgattr::int2[]) WITH ORDINALITY u(num, i) JOIN pg_attribute a ON a.attrelid = t.tgrelid AND a.attnum = u.num ORDER BY u.i) AS cols,
            t.tgenabled::text AS enabled, t.tgnargs::int AS nargs, t.tgqual IS NOT NULL AS has_when, pn.nspname AS fn_schema, p.proname AS fn
     FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
     JOIN pg_proc p ON p.oid = t.tgfoid JOIN pg_namespace pn ON pn.oid = p.pronamespace
     WHERE NOT t.tgisinternal AND (t.tgname LIKE 'notify\\_hasura\\_%' OR (pn.nspname = 'hdb_catalog' AND p.proname LIKE 'notify\\_hasura\\_%'))`,
  );
  return [
    ...fns.rows.map((f) => JSON.stringify(['function', f.name, f.lang, f.returns, f.nargs, f.src])),
    ...trgs.rows.map((t) => JSON.stringify(['trigger', t.name, t.schema, t.table, t.type, t.cols, t.enabled, t.nargs, t.has_when, t.fn_schema, t.fn])),
  ].sort();
}

async function install(tx: Queryable, triggers: EventTrigger[]): Promise<void> {
  const want = wantedState(triggers);
  const have = await installedState(tx);
  if (want.length === have.length && want.every((line, i) => line === have[i])) return;
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
