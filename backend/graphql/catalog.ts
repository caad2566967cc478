// Reads what the engine needs from the database catalog: columns and their types, primary keys,
// unique constraints, foreign keys and functions. The schema is built from this plus metadata.
import type { Queryable } from '../db';

export interface CatalogColumn {
  name: string;
  /** SQL type usable in a cast, e.g. `integer`, `character varying`, `text[]`, `"public"."mood"`. */
  sqlType: string;
  /** pg_type.typname of the column type (`int4`, `_text`, `mood`...). */
  typname: string;
  /** 'b' base, 'e' enum, 'd' domain, 'c' composite, 'r' range. */
  typtype: string;
  /** typname of the element type for arrays. */
  elemTypname: string | null;
  notNull: boolean;
  hasDefault: boolean;
  /** Generated or identity ALWAYS: never insertable. */
  generated: boolean;
  enumValues: string[] | null;
  /** COMMENT ON COLUMN (the field's description unless metadata gives one). */
  comment?: string | null;
}

export interface CatalogConstraint {
  name: string;
  columns: string[];
}

export interface CatalogForeignKey {
  name: string;
  columns: string[];
  refSchema: string;
  refTable: string;
  refColumns: string[];
}

/** What Postgres lets a client do to a view's rows (auto-updatable views, INSTEAD OF triggers). */
export interface ViewMutability {
  insertable: boolean;
  updatable: boolean;
  deletable: boolean;
}

export interface CatalogTable {
  schema: string;
  name: string;
  kind: string;
  /** Views and materialized views only (Hasura's view_info); tables are always mutable. */
  view: ViewMutability | null;
  columns: CatalogColumn[];
  primaryKey: CatalogConstraint | null;
  uniques: CatalogConstraint[];
  foreignKeys: CatalogForeignKey[];
  /** COMMENT ON TABLE/VIEW. */
  comment?: string | null;
}

export interface CatalogFunction {
  schema: string;
  name: string;
  argNames: string[];
  argTypes: string[];
  /** Type names (typname) of the arguments. */
  argTypnames: string[];
  /** pg_type.typtype of the arguments ('c': a composite type, such as a table's row type). */
  argTypeKinds: string[];
  argsWithDefault: number;
  returnsSet: boolean;
  returnSchema: string;
  returnTypname: string;
  /** Set for functions returning a table's row type. */
  returnsTable: boolean;
  volatility: 'i' | 's' | 'v';
  /** COMMENT ON FUNCTION. */
  comment?: string | null;
  /**
   * Set when more than one function has this schema and name (overloads): Hasura tracks no
   * overloaded function, as table or computed field, and neither does the engine.
   */
  overloaded?: true;
}

export interface Catalog {
  tables: Map<string, CatalogTable>;
  functions: Map<string, CatalogFunction>;
}

/**
 * The key of a table or function: "schema.name", with a part that holds a dot or a double quote
 * written as a quoted SQL identifier, so that schema "a" with table "b.c" and schema "a.b" with
 * table "c" never share a key (the plain form stays what texts and logs show).
 */
export const tableKey = (schema: string, name: string) => `${keyPart(schema)}.${keyPart(name)}`;
const keyPart = (s: string) => (/[."]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

const EXCLUDED = `('pg_catalog','information_schema','pg_toast')`;

/**
 * `functions`: the only functions to read (schema and name, matched exactly: a schema "a.b" with a
 * function "c" is not the function "b.c" of schema "a"), e.g. those the metadata tracks or uses
 * as computed fields. Reading every function costs far more than reading the tables (a
 * database with extensions holds hundreds, each with correlated lookups of its argument types),
 * and a project tracks few or none. Without it, every function is read.
 */
export async function readCatalog(db: Queryable, only: { functions?: readonly { schema: string; name: string }[] } = {}): Promise<Catalog> {
  const cols = await db.query<{
    schema: string; table: string; kind: string; column: string; sql_type: string; typname: string; typtype: string;
    elem: string | null; notnull: boolean; hasdef: boolean; generated: boolean; enum_values: string[] | null; updatable: number | null;
    comment: string | null; table_comment: string | null;
  }>(`
    SELECT n.nspname AS schema, c.relname AS table, c.relkind::text AS kind, a.attname AS column,
           -- As Hasura's pg_table_metadata.sql: bits 4 update, 8 insert, 16 delete (triggers included).
           CASE WHEN c.relkind IN ('v', 'm') THEN pg_catalog.pg_relation_is_updatable(c.oid, true) END AS updatable,
           format_type(a.atttypid, CASE WHEN t.typname IN ('bpchar', 'bit', '_bpchar', '_bit') THEN a.atttypmod END) AS sql_type, t.typname, t.typtype::text AS typtype,
           et.typname AS elem, a.attnotnull AS notnull,
           (a.atthasdef OR a.attidentity <> '') AS hasdef,
           (a.attgenerated <> '' OR a.attidentity = 'a') AS generated,
           CASE WHEN t.typtype = 'e' THEN (SELECT array_agg(e.enumlabel::text ORDER BY e.enumsortorder) FROM pg_enum e WHERE e.enumtypid = t.oid) END AS enum_values,
           col_description(c.oid, a.attnum) AS comment, obj_description(c.oid, 'pg_class') AS table_comment
    FROM pg_attribute a
    JOIN pg_class c ON c.oid = a.attrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_type t ON t.oid = a.atttypid
    LEFT JOIN pg_type et ON et.oid = t.typelem AND t.typcategory = 'A'
    WHERE a.attnum > 0 AND NOT a.attisdropped AND c.relkind IN ('r','v','m','f','p')
      AND n.nspname NOT IN ${EXCLUDED}
    ORDER BY n.nspname, c.relname, a.attnum`);
  const tables = new Map<string, CatalogTable>();
  for (const r of cols.rows) {
    const key = tableKey(r.schema, r.table);
    let t = tables.get(key);
    if (!t) {
      const u = r.updatable;
      const view = u === null ? null : { updatable: (u & 4) === 4, insertable: (u & 8) === 8, deletable: (u & 16) === 16 };
      t = { schema: r.schema, name: r.table, kind: r.kind, view, columns: [], primaryKey: null, uniques: [], foreignKeys: [], comment: null };
      tables.set(key, t);
    }
    t.columns.push({
      name: r.column, sqlType: r.sql_type, typname: r.typname, typtype: r.typtype, elemTypname: r.elem,
      notNull: r.notnull, hasDefault: r.hasdef, generated: r.generated, enumValues: r.enum_values, comment: r.comment,
    });
    if (r.table_comment !== null) t.comment = r.table_comment;
  }

  const cons = await db.query<{
    schema: string; table: string; name: string; type: string; cols: string[]; ref_schema: string | null; ref_table: string | null; ref_cols: string[] | null;
  }>(`
    SELECT n.nspname AS schema, c.relname AS table, k.conname AS name, k.contype::text AS type,
           ARRAY(SELECT a.attname::text FROM unnest(k.conkey) WITH ORDINALITY u(n, i) JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = u.n ORDER BY u.i) AS cols,
           rn.nspname AS ref_schema, rc.relname AS ref_table,
           CASE WHEN k.contype = 'f' THEN ARRAY(SELECT a.attname::text FROM unnest(k.confkey) WITH ORDINALITY u(n, i) JOIN pg_attribute a ON a.attrelid = k.confrelid AND a.attnum = u.n ORDER BY u.i) END AS ref_cols
    FROM pg_constraint k
    JOIN pg_class c ON c.oid = k.conrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace
    LEFT JOIN pg_class rc ON rc.oid = k.confrelid
    LEFT JOIN pg_namespace rn ON rn.oid = rc.relnamespace
    WHERE k.contype IN ('p','u','f') AND n.nspname NOT IN ${EXCLUDED}
    ORDER BY k.conname`);
  for (const r of cons.rows) {
    const t = tables.get(tableKey(r.schema, r.table));
    if (!t) continue;
    if (r.type === 'p') t.primaryKey = { name: r.name, columns: r.cols };
    else if (r.type === 'u') t.uniques.push({ name: r.name, columns: r.cols });
    else t.foreignKeys.push({ name: r.name, columns: r.cols, refSchema: r.ref_schema ?? '', refTable: r.ref_table ?? '', refColumns: r.ref_cols ?? [] });
  }
  // Unique indexes (not constraints) also count as on_conflict targets only when they are constraints; skip.

  const functions = new Map<string, CatalogFunction>();
  if (only.functions?.length === 0) return { tables, functions };
  const fns = await db.query<{
    schema: string; name: string; arg_names: string[] | null; arg_types: string[]; arg_typnames: string[]; arg_kinds: string[]; ndefaults: number;
    retset: boolean; ret_schema: string; ret_typname: string; ret_is_table: boolean; volatility: string; comment: string | null;
  }>(`
    SELECT n.nspname AS schema, p.proname AS name, p.proargnames AS arg_names,
           ARRAY(SELECT format_type(x, NULL) FROM unnest(p.proargtypes) WITH ORDINALITY u(x, i) ORDER BY i) AS arg_types,
           ARRAY(SELECT t.typname::text FROM unnest(p.proargtypes) WITH ORDINALITY u(x, i) JOIN pg_type t ON t.oid = u.x ORDER BY i) AS arg_typnames,
           ARRAY(SELECT t.typtype::text FROM unnest(p.proargtypes) WITH ORDINALITY u(x, i) JOIN pg_type t ON t.oid = u.x ORDER BY i) AS arg_kinds,
           p.pronargdefaults AS ndefaults, p.proretset AS retset, rn.nspname AS ret_schema, rt.typname AS ret_typname,
           (rt.typtype = 'c' AND rt.typrelid <> 0) AS ret_is_table, p.provolatile::text AS volatility,
           obj_description(p.oid, 'pg_proc') AS comment
    FROM pg_proc p
    JOIN pg_namespace n ON n.oid = p.pronamespace
    JOIN pg_type rt ON rt.oid = p.prorettype
    JOIN pg_namespace rn ON rn.oid = rt.typnamespace
    WHERE n.nspname NOT IN ${EXCLUDED} AND p.prokind = 'f'${only.functions ? ` AND (n.nspname::text, p.proname::text) IN (SELECT * FROM unnest($1::text[], $2::text[]))` : ''}`,
  only.functions ? [only.functions.map((f) => f.schema), only.functions.map((f) => f.name)] : undefined);
  for (const r of fns.rows) {
    const key = tableKey(r.schema, r.name);
    const seen = functions.get(key);
    if (seen) {
      seen.overloaded = true;
      continue;
    }
    functions.set(key, {
      schema: r.schema, name: r.name, argNames: r.arg_names ?? [], argTypes: r.arg_types, argTypnames: r.arg_typnames, argTypeKinds: r.arg_kinds,
      argsWithDefault: Number(r.ndefaults), returnsSet: r.retset, returnSchema: r.ret_schema, returnTypname: r.ret_typname,
      returnsTable: r.ret_is_table, volatility: r.volatility as CatalogFunction['volatility'], comment: r.comment,
    });
  }
  return { tables, functions };
}
