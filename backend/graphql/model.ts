// The engine's view of a project: tracked tables with their GraphQL names, columns, constraints,
// relationships, computed fields, tracked functions and permissions, resolved once from
// metadata + catalog. Everything downstream (schema per role, compiler) reads only this.
import type { Catalog, CatalogColumn, CatalogFunction, CatalogTable } from './catalog';
import { tableKey } from './catalog';
import type {
  BoolExpJson, FunctionMeta, Metadata, QualifiedName, RelationshipMeta, RootFieldName, TableMeta,
} from './metadata';
import { qualified, MetadataError } from './metadata';
import { checkColumnComparisons } from './columnComparisons';
import { checkRootFieldConflicts } from './rootFields';
import { checkTypeConflicts } from './schema/typeConflicts';
import { checkDuplicateCustomRootFields, checkFieldNames, customName, customRootField, derivedName, GRAPHQL_NAME, isServableName } from './names';

export { GRAPHQL_NAME, isServableName };

export interface Column {
  name: string;
  gqlName: string;
  /** Introspection description (metadata comment, else the database's, else none). */
  description: string | null;
  sqlType: string;
  /** GraphQL scalar (or enum type) name. */
  scalar: string;
  isArray: boolean;
  notNull: boolean;
  hasDefault: boolean;
  generated: boolean;
  enumValues: string[] | null;
  /** Numeric type summed/averaged by aggregates. */
  numeric: boolean;
  /** Rendered as a JSON string (bigint, numeric, float8, money), as Hasura with stringified numerics. */
  stringify: boolean;
  /** jsonb columns get the jsonb operators. */
  jsonb: boolean;
  /** Text-like columns get _like/_ilike/_regex... */
  text: boolean;
  /** Set when the column references a Hasura enum table: its GraphQL enum type name. */
  enumRef: string | null;
}

export interface Relationship {
  name: string;
  kind: 'object' | 'array';
  remoteKey: string;
  /** The remote table as the metadata or the foreign key names it. */
  remote: QualifiedName;
  /** [local column, remote column] pairs. */
  mapping: [string, string][];
  /** Object relationships: insert the remote row before the parent (FK on the parent). */
  insertBeforeParent: boolean;
  /** Object relationship whose local columns are all NOT NULL and backed by a foreign key. */
  nonNull: boolean;
}

export interface ComputedField {
  name: string;
  description: string | null;
  fn: CatalogFunction;
  tableArg: string | null;
  sessionArg: string | null;
  /** Key of the table the function returns rows of, or null for a scalar. */
  returnsTableKey: string | null;
  scalar: string | null;
  /** The function takes arguments besides the row and the session (`args:`): such a field is not
   *  offered in `where` or `order_by` (Hasura). */
  hasInputArgs: boolean;
  /** Scalar result rendered as a JSON string (bigint, numeric, float8, money with stringified numerics). */
  stringify: boolean;
}

export interface SelectPerm {
  columns: Set<string>;
  computed: Set<string>;
  filter: BoolExpJson;
  limit: number | null;
  allowAggregations: boolean;
}
export interface InsertPerm {
  columns: Set<string>;
  check: BoolExpJson;
  set: Record<string, unknown>;
  backendOnly: boolean;
}
export interface UpdatePerm {
  columns: Set<string>;
  filter: BoolExpJson;
  check: BoolExpJson | null;
  set: Record<string, unknown>;
  backendOnly: boolean;
}
export interface DeletePerm {
  filter: BoolExpJson;
  backendOnly: boolean;
}

export type RootKind =
  | 'select' | 'select_by_pk' | 'select_aggregate' | 'select_stream'
  | 'insert' | 'insert_one' | 'update' | 'update_by_pk' | 'update_many' | 'delete' | 'delete_by_pk';

export interface Table {
  key: string;
  schema: string;
  name: string;
  /** "schema"."name" */
  sql: string;
  gqlName: string;
  roots: Record<RootKind, string>;
  /** Introspection descriptions: of the object type, and of each root field. */
  description: string | null;
  rootDescriptions: Record<RootKind, string | null>;
  columns: Column[];
  columnsByName: Map<string, Column>;
  columnsByGql: Map<string, Column>;
  primaryKey: string[] | null;
  constraints: { name: string; columns: string[] }[];
  relationships: Map<string, Relationship>;
  computed: Map<string, ComputedField>;
  select: Map<string, SelectPerm>;
  insert: Map<string, InsertPerm>;
  update: Map<string, UpdatePerm>;
  delete: Map<string, DeletePerm>;
  /**
   * Which mutations Postgres allows on the rows (Hasura's isMutable): tables always, views as
   * pg_relation_is_updatable says (an automatically updatable view, or INSTEAD OF triggers).
   */
  mutable: { insert: boolean; update: boolean; delete: boolean };
  /** A view or materialized view (its rows are another table's). */
  isView: boolean;
  /** Hasura enum table (`is_enum: true`): its rows, filled in when the model is loaded. */
  enumValues: { value: string; comment: string | null }[] | null;
}

export interface TrackedFunction {
  schema: string;
  name: string;
  fn: CatalogFunction;
  gqlName: string;
  aggName: string;
  /** `<custom name or function name>_args`: Hasura (Function/Common.hs getFunctionArgsGQLName)
   *  names it without the custom root fields, so the field and its aggregate share it. */
  argsName: string;
  returnsTableKey: string;
  sessionArg: string | null;
  /** Arguments exposed in GraphQL (excluding the session argument). */
  args: { name: string; sqlType: string; scalar: string; optional: boolean }[];
  exposedAs: 'query' | 'mutation';
  /** Roles given a function permission in metadata (`permissions: [{role}]`). */
  permittedRoles: Set<string>;
  /** `RETURNS SETOF t`: a list (and an aggregate); `RETURNS t`: one nullable object (Hasura). */
  returnsSet: boolean;
}

export interface Model {
  tables: Map<string, Table>;
  functions: TrackedFunction[];
  roles: Set<string>;
  stringifyNumerics: boolean;
  /**
   * Hasura's HASURA_GRAPHQL_INFER_FUNCTION_PERMISSIONS (default true): a query function is then
   * offered to every role that may read its table; when false only to roles with a function
   * permission. Mutation functions always need one.
   */
  inferFunctionPermissions: boolean;
}

export const ADMIN = 'admin';

const NUMERIC_TYPES = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'money']);
const STRINGIFIED = new Set(['int8', 'numeric', 'float8', 'money']);
const TEXT_TYPES = new Set(['text', 'varchar', 'bpchar', 'citext', 'name']);

/** GraphQL scalar name of a Postgres type, as Hasura names them. */
export function scalarName(typname: string, elem: string | null = null): string {
  if (elem) return `_${scalarName(elem)}`.replace(/^_(Int|String|Boolean|Float)$/, (_m, s: string) => `_${pgOf(s)}`);
  switch (typname) {
    case 'int4': return 'Int';
    case 'text': case 'varchar': return 'String';
    case 'bool': return 'Boolean';
    case 'float4': return 'Float';
    case 'int2': return 'smallint';
    case 'int8': return 'bigint';
    case 'float8': return 'float8';
    default: return /^[_A-Za-z][_0-9A-Za-z]*$/.test(typname) ? typname : 'String';
  }
}
function pgOf(s: string): string {
  return s === 'Int' ? 'int4' : s === 'String' ? 'text' : s === 'Boolean' ? 'bool' : 'float4';
}

export function buildModel(given: Metadata, catalog: Catalog, opts: { stringifyNumerics: boolean; inferFunctionPermissions?: boolean }): Model {
  const meta = lastEntries(given);
  const tables = new Map<string, Table>();
  const roles = new Set<string>();
  for (const tm of meta.tables) {
    const ct = catalog.tables.get(tableKey(tm.table.schema, tm.table.name));
    if (!ct) throw new MetadataError(`table "${tm.table.schema}.${tm.table.name}" in metadata does not exist in the database`);
    tables.set(tableKey(ct.schema, ct.name), makeTable(tm, ct, opts.stringifyNumerics));
  }
  for (const tm of meta.tables) {
    const t = tables.get(tableKey(tm.table.schema, tm.table.name));
    const ct = catalog.tables.get(tableKey(tm.table.schema, tm.table.name));
    if (!t || !ct) continue;
    const where = `table "${displayName(t.schema, t.name)}"`;
    const field = (name: unknown) => {
      if (typeof name !== 'string' || name === '') throw new MetadataError(`${where}: a relationship or computed field needs a name, found ${JSON.stringify(name)}`);
      // Hasura reads relationships and computed fields into maps by name: one definition per name.
      if (t.relationships.has(name) || t.computed.has(name)) throw new MetadataError(`${where}: conflicting definitions for field "${name}"`);
      return name;
    };
    for (const r of tm.object_relationships ?? []) t.relationships.set(field(r.name), resolvable(objectRel(r, t, ct, catalog), t, tables, where));
    for (const r of tm.array_relationships ?? []) t.relationships.set(field(r.name), resolvable(arrayRel(r, t, catalog), t, tables, where));
    for (const cf of tm.computed_fields ?? []) {
      field(cf.name);
      const fq = qualified(cf.definition.function);
      const fn = catalog.functions.get(tableKey(fq.schema, fq.name));
      if (!fn) throw new MetadataError(`computed field "${cf.name}": function ${fq.schema}.${fq.name} not found`);
      if (fn.overloaded) throw overloaded(fn);
      const retKey = fn.returnsTable ? tableKey(fn.returnSchema, fn.returnTypname) : null;
      t.computed.set(cf.name, {
        name: cf.name, fn,
        description: described(cf.comment, fn.comment ?? `A computed field, executes function "${displayName(fq.schema, fq.name)}"`), tableArg: cf.definition.table_argument ?? null, sessionArg: cf.definition.session_argument ?? null,
        returnsTableKey: retKey && tables.has(retKey) ? retKey : null,
        scalar: fn.returnsTable ? null : scalarName(fn.returnTypname),
        hasInputArgs: fn.argTypes.some((_t, i) => !isImplicitArg(fn, i, cf.definition.table_argument ?? null, cf.definition.session_argument ?? null)),
        stringify: opts.stringifyNumerics && !fn.returnsTable && STRINGIFIED.has(fn.returnTypname),
      });
    }
    checkFieldNames(t, where);
    addPermissions(t, tm, roles);
  }
  // Columns referencing an enum table's key take the enum type (Hasura `<table>_enum`).
  for (const t of tables.values()) {
    const ct = catalog.tables.get(t.key);
    for (const fk of ct?.foreignKeys ?? []) {
      const target = tables.get(tableKey(fk.refSchema, fk.refTable));
      if (!target?.enumValues || fk.columns.length !== 1) continue;
      const c = t.columnsByName.get(fk.columns[0]);
      if (c) {
        c.enumRef = `${target.gqlName}_enum`;
        c.scalar = c.enumRef;
      }
    }
  }
  checkColumnComparisons(tables);
  const functions = meta.functions.map((fm) => trackFunction(fm, catalog, tables)).filter((f): f is TrackedFunction => f !== null);
  for (const f of functions) for (const r of f.permittedRoles) roles.add(r);
  const model = { tables, functions, roles, stringifyNumerics: opts.stringifyNumerics, inferFunctionPermissions: opts.inferFunctionPermissions ?? true };
  checkRootFieldConflicts(model);
  checkTypeConflicts(model);
  return model;
}

/**
 * A table or function listed twice in a source: Hasura reads the lists into maps by name
 * (RQL/Types/Metadata/Common.hs, oMapFromL), so the last entry is the one it tracks. Without
 * this, the engine would merge the entries' relationships and permissions (tables) or serve both
 * (functions).
 */
function lastEntries(m: Metadata): Metadata {
  const last = <T>(items: T[], name: (x: T) => QualifiedName): T[] => {
    const byKey = new Map<string, T>();
    for (const x of items) {
      if (typeof x !== 'object' || x === null) throw new MetadataError(`expected an object in the metadata's tables and functions, but found ${JSON.stringify(x)}`);
      const q = qualified(name(x));
      const key = tableKey(q.schema, q.name);
      byKey.delete(key);
      byKey.set(key, x);
    }
    return [...byKey.values()];
  };
  const tables = last(m.tables, (t) => t.table).map((t) => ({ ...t, table: qualified(t.table) }));
  const functions = last(m.functions, (f) => f.function).map((f) => ({ ...f, function: qualified(f.function) }));
  return { tables, functions };
}

/** Argument i of a computed field's function is the row (the table argument, else the first) or the session. */
export function isImplicitArg(fn: CatalogFunction, i: number, tableArg: string | null, sessionArg: string | null): boolean {
  const name = fn.argNames[i] ?? '';
  return (tableArg ? name === tableArg : i === 0) || (sessionArg !== null && name === sessionArg);
}

/**
 * Hasura's Comment: a metadata comment given (even "", which means none) wins; absent or null, the
 * automatic one (the database's comment, or Hasura's default text).
 */
function described(explicit: string | null | undefined, automatic: string | null): string | null {
  if (explicit === undefined || explicit === null) return automatic;
  return explicit === '' ? null : explicit;
}

/** A table or function as Hasura names it in texts: bare in `public`, else schema.name. */
export const displayName = (schema: string, name: string) => (schema === 'public' ? name : `${schema}.${name}`);

/**
 * The tracked table named by a metadata reference (`_exists`, a relationship's target): found by
 * its schema and name, never by a spelling of them (keys are unambiguous, see tableKey; the
 * comparison keeps it so whatever the key becomes).
 */
export function findTable(tables: ReadonlyMap<string, Table>, q: QualifiedName): Table | undefined {
  const t = tables.get(tableKey(q.schema, q.name));
  return t && t.schema === q.schema && t.name === q.name ? t : undefined;
}


/** Hasura's default root field descriptions (GraphQL/Schema/Build.hs, Update/Batch.hs). */
const ROOT_DESCRIPTIONS: Record<RootKind, (t: string) => string> = {
  select: (t) => `fetch data from the table: "${t}"`,
  select_by_pk: (t) => `fetch data from the table: "${t}" using primary key columns`,
  select_aggregate: (t) => `fetch aggregated fields from the table: "${t}"`,
  select_stream: (t) => `fetch data from the table in a streaming manner: "${t}"`,
  insert: (t) => `insert data into the table: "${t}"`,
  insert_one: (t) => `insert a single row into the table: "${t}"`,
  update: (t) => `update data of the table: "${t}"`,
  update_by_pk: (t) => `update single row of the table: "${t}"`,
  update_many: (t) => `update multiples rows of table: "${t}"`,
  delete: (t) => `delete data from the table: "${t}"`,
  delete_by_pk: (t) => `delete single row from the table: "${t}"`,
};

function makeTable(tm: TableMeta, ct: CatalogTable, stringify: boolean): Table {
  const cfg = tm.configuration ?? {};
  const shown = displayName(ct.schema, ct.name);
  const where = `table "${shown}"`;
  const gqlName = customName(cfg.custom_name, `${where}: custom_name`) ?? derivedName(shown, ct.schema === 'public' ? ct.name : `${ct.schema}_${ct.name}`);
  const kinds = Object.keys(ROOT_DESCRIPTIONS) as RootKind[];
  const crf: Record<string, RootFieldName> = cfg.custom_root_fields ?? {};
  const custom = Object.fromEntries(kinds.map((k) => [k, customRootField(crf[k], `${where}: custom_root_fields.${k}`)])) as Record<RootKind, ReturnType<typeof customRootField>>;
  checkDuplicateCustomRootFields(kinds.map((k) => custom[k].name), where);
  const r = (k: RootKind, dflt: string) => custom[k].name ?? dflt;
  const rootComment = (k: RootKind) => described(custom[k].comment, ROOT_DESCRIPTIONS[k](shown));
  const columns = ct.columns.map((c) => makeColumn(c, cfg, stringify, where));
  return {
    key: tableKey(ct.schema, ct.name),
    schema: ct.schema,
    name: ct.name,
    sql: `${quoteIdent(ct.schema)}.${quoteIdent(ct.name)}`,
    gqlName,
    description: described(cfg.comment, ct.comment ?? `columns and relationships of "${shown}"`),
    rootDescriptions: Object.fromEntries(kinds.map((k) => [k, rootComment(k)])) as Record<RootKind, string | null>,
    roots: {
      select: r('select', gqlName),
      select_by_pk: r('select_by_pk', `${gqlName}_by_pk`),
      select_aggregate: r('select_aggregate', `${gqlName}_aggregate`),
      select_stream: r('select_stream', `${gqlName}_stream`),
      insert: r('insert', `insert_${gqlName}`),
      insert_one: r('insert_one', `insert_${gqlName}_one`),
      update: r('update', `update_${gqlName}`),
      update_by_pk: r('update_by_pk', `update_${gqlName}_by_pk`),
      update_many: r('update_many', `update_${gqlName}_many`),
      delete: r('delete', `delete_${gqlName}`),
      delete_by_pk: r('delete_by_pk', `delete_${gqlName}_by_pk`),
    },
    columns,
    columnsByName: new Map(columns.map((c) => [c.name, c])),
    columnsByGql: new Map(columns.map((c) => [c.gqlName, c])),
    primaryKey: ct.primaryKey?.columns ?? null,
    constraints: [...(ct.primaryKey ? [ct.primaryKey] : []), ...ct.uniques],
    relationships: new Map(),
    computed: new Map(),
    select: new Map(),
    insert: new Map(),
    update: new Map(),
    delete: new Map(),
    isView: ct.view !== null,
    mutable: ct.view ? { insert: ct.view.insertable, update: ct.view.updatable, delete: ct.view.deletable } : { insert: true, update: true, delete: true },
    enumValues: tm.is_enum ? [] : null,
  };
}

function makeColumn(c: CatalogColumn, cfg: NonNullable<TableMeta['configuration']>, stringify: boolean, table: string): Column {
  const where = `${table}: column "${c.name}"`;
  const gqlName = customName(cfg.column_config?.[c.name]?.custom_name, `${where}: custom_name`)
    ?? customName(cfg.custom_column_names?.[c.name], `${where}: custom_column_names`)
    ?? derivedName(c.name, c.name);
  const base = c.typtype === 'd' ? c.typname : c.typname;
  return {
    name: c.name,
    gqlName,
    description: described(cfg.column_config?.[c.name]?.comment, c.comment ?? null),
    sqlType: c.sqlType,
    scalar: scalarName(c.typname, c.elemTypname),
    isArray: c.elemTypname !== null,
    notNull: c.notNull,
    hasDefault: c.hasDefault,
    generated: c.generated,
    enumValues: c.enumValues,
    numeric: NUMERIC_TYPES.has(base),
    stringify: stringify && STRINGIFIED.has(base),
    jsonb: base === 'jsonb',
    text: TEXT_TYPES.has(base),
    enumRef: null,
  };
}

function fkCols(spec: RelationshipMeta['using']['foreign_key_constraint_on']): string[] {
  if (typeof spec === 'string') return [spec];
  if (Array.isArray(spec)) return spec;
  // Hasura also takes a single column name under `columns` (its tests-py basic setup does).
  if (spec?.columns) return typeof spec.columns === 'string' ? [spec.columns] : spec.columns;
  if (spec?.column) return [spec.column];
  return [];
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));

function objectRel(r: RelationshipMeta, t: Table, ct: CatalogTable, catalog: Catalog): Relationship {
  const manual = r.using.manual_configuration;
  if (manual) {
    const rt = qualified(manual.remote_table);
    const mapping = Object.entries(manual.column_mapping);
    return {
      name: r.name, kind: 'object', remoteKey: tableKey(rt.schema, rt.name), remote: rt, mapping,
      // Hasura's default for a manual object relationship is before_parent (RQL/DDL/Relationship.hs).
      insertBeforeParent: manual.insertion_order !== 'after_parent', nonNull: false,
    };
  }
  const spec = r.using.foreign_key_constraint_on;
  // `{table, column(s)}` on an object relationship: the FK is on the remote table (one-to-one).
  if (spec && typeof spec === 'object' && !Array.isArray(spec) && spec.table) {
    const rt = qualified(spec.table);
    const cols = fkCols(spec);
    const fk = catalog.tables.get(tableKey(rt.schema, rt.name))?.foreignKeys.find((f) => sameSet(f.columns, cols) && f.refSchema === t.schema && f.refTable === t.name);
    if (!fk) throw new MetadataError(`relationship "${r.name}" on ${t.key}: no foreign key on ${rt.schema}.${rt.name}(${cols.join(',')})`);
    return { name: r.name, kind: 'object', remoteKey: tableKey(rt.schema, rt.name), remote: rt, mapping: fk.refColumns.map((c, i) => [c, fk.columns[i]]), insertBeforeParent: false, nonNull: false };
  }
  const cols = fkCols(spec);
  const fk = ct.foreignKeys.find((f) => sameSet(f.columns, cols));
  if (!fk) throw new MetadataError(`relationship "${r.name}" on ${t.key}: no foreign key on (${cols.join(',')})`);
  const nonNull = fk.columns.every((c) => t.columnsByName.get(c)?.notNull);
  return {
    name: r.name, kind: 'object', remoteKey: tableKey(fk.refSchema, fk.refTable), remote: { schema: fk.refSchema, name: fk.refTable },
    mapping: fk.columns.map((c, i) => [c, fk.refColumns[i]]), insertBeforeParent: true, nonNull,
  };
}

function arrayRel(r: RelationshipMeta, t: Table, catalog: Catalog): Relationship {
  const manual = r.using.manual_configuration;
  if (manual) {
    const rt = qualified(manual.remote_table);
    return { name: r.name, kind: 'array', remoteKey: tableKey(rt.schema, rt.name), remote: rt, mapping: Object.entries(manual.column_mapping), insertBeforeParent: false, nonNull: false };
  }
  const spec = r.using.foreign_key_constraint_on;
  if (!spec || typeof spec !== 'object' || Array.isArray(spec) || !spec.table) {
    throw new MetadataError(`array relationship "${r.name}" on ${t.key} needs foreign_key_constraint_on.table`);
  }
  const rt: QualifiedName = qualified(spec.table);
  const cols = fkCols(spec);
  const fk = catalog.tables.get(tableKey(rt.schema, rt.name))?.foreignKeys.find((f) => sameSet(f.columns, cols) && f.refSchema === t.schema && f.refTable === t.name);
  if (!fk) throw new MetadataError(`array relationship "${r.name}" on ${t.key}: no foreign key on ${rt.schema}.${rt.name}(${cols.join(',')})`);
  return { name: r.name, kind: 'array', remoteKey: tableKey(rt.schema, rt.name), remote: rt, mapping: fk.refColumns.map((c, i) => [c, fk.columns[i]]), insertBeforeParent: false, nonNull: false };
}

/**
 * A relationship whose remote table is not tracked, or whose manual column mapping names a column
 * either table lacks: Hasura marks it inconsistent when the metadata loads (its dependencies on
 * the remote table and on each mapped column, RQL/DDL/Schema/Cache/Dependencies.hs
 * resolveDependency), instead of a relationship that fails only when queried.
 */
function resolvable(rel: Relationship, t: Table, tables: Map<string, Table>, where: string): Relationship {
  const fail = (why: string) => new MetadataError(`${where}: relationship "${rel.name}": ${why}`);
  const quoted = (table: { schema: string; name: string }) => `"${displayName(table.schema, table.name)}"`;
  for (const [local] of rel.mapping) if (!t.columnsByName.has(local)) throw fail(`table ${quoted(t)} has no field named "${local}"`);
  const remote = tables.get(rel.remoteKey);
  if (!remote) throw fail(`table ${quoted(rel.remote)} is not tracked`);
  for (const [, col] of rel.mapping) if (!remote.columnsByName.has(col)) throw fail(`table ${quoted(remote)} has no field named "${col}"`);
  return rel;
}

function columnSet(t: Table, cols: string[] | '*' | undefined): Set<string> {
  if (cols === '*' ) return new Set(t.columns.map((c) => c.name));
  return new Set((cols ?? []).filter((c) => t.columnsByName.has(c)));
}

function addPermissions(t: Table, tm: TableMeta, roles: Set<string>): void {
  for (const p of tm.select_permissions ?? []) {
    roles.add(p.role);
    const cols = p.permission.columns;
    t.select.set(p.role, {
      columns: columnSet(t, cols),
      computed: new Set(cols === '*' ? [...t.computed.keys()] : (p.permission.computed_fields ?? [])),
      filter: p.permission.filter ?? {},
      limit: p.permission.limit ?? null,
      allowAggregations: p.permission.allow_aggregations === true,
    });
  }
  for (const p of tm.insert_permissions ?? []) {
    roles.add(p.role);
    // Hasura: an insert permission without `columns` allows every column.
    t.insert.set(p.role, {
      columns: columnSet(t, p.permission.columns ?? '*'),
      check: p.permission.check ?? {},
      set: p.permission.set ?? {},
      backendOnly: p.permission.backend_only === true,
    });
  }
  for (const p of tm.update_permissions ?? []) {
    roles.add(p.role);
    t.update.set(p.role, {
      columns: columnSet(t, p.permission.columns),
      filter: p.permission.filter ?? {},
      check: p.permission.check ?? null,
      set: p.permission.set ?? {},
      backendOnly: p.permission.backend_only === true,
    });
  }
  for (const p of tm.delete_permissions ?? []) {
    roles.add(p.role);
    t.delete.set(p.role, { filter: p.permission.filter ?? {}, backendOnly: p.permission.backend_only === true });
  }
}

/**
 * Hasura's refusal of an overloaded function (Function/API.hs, getSingleUniqueFunctionOverload),
 * as tracked function and as computed field: the engine would otherwise advertise one overload's
 * arguments while Postgres picks whichever overload the call matches.
 */
const overloaded = (fn: CatalogFunction) =>
  new MetadataError(`function "${fn.schema === 'public' ? fn.name : `${fn.schema}.${fn.name}`}" is overloaded. Overloaded functions are not supported`);

function trackFunction(fm: FunctionMeta, catalog: Catalog, tables: Map<string, Table>): TrackedFunction | null {
  const fn = catalog.functions.get(tableKey(fm.function.schema, fm.function.name));
  if (!fn) throw new MetadataError(`tracked function ${fm.function.schema}.${fm.function.name} not found`);
  if (fn.overloaded) throw overloaded(fn);
  // Hasura derives the function's own GraphQL name even when a custom name is configured and marks
  // the function inconsistent when it is not a valid one (Postgres/DDL/Function.hs,
  // functionGraphQLName -> qualifiedObjectToName), instead of failing every request later.
  const ownName = fn.schema === 'public' ? fn.name : `${fn.schema}_${fn.name}`;
  if (!GRAPHQL_NAME.test(ownName)) {
    throw new MetadataError(`cannot include "${displayName(fn.schema, fn.name)}" in the GraphQL schema because "${ownName}" is not a valid GraphQL identifier`);
  }
  const retKey = tableKey(fn.returnSchema, fn.returnTypname);
  if (!fn.returnsTable || !tables.has(retKey)) return null;
  const cfg = fm.configuration ?? {};
  // Hasura parses these as G.Name and refuses the metadata otherwise (Function/Cache.hs,
  // FunctionConfig). "__" passes G.Name but is reserved by GraphQL for introspection: graphql-js
  // would refuse every role's schema on every request, so it is refused here (Hasura serves it).
  const base = cfg.custom_name ?? ownName;
  for (const name of [base, cfg.custom_root_fields?.function, cfg.custom_root_fields?.function_aggregate]) {
    if (name === undefined || name === null) continue;
    if (!isServableName(name)) {
      throw new MetadataError(`function ${displayName(fn.schema, fn.name)}: "${String(name)}" is not a valid GraphQL name`);
    }
  }
  const crf = cfg.custom_root_fields;
  if (crf?.function && crf.function === crf.function_aggregate) {
    throw new MetadataError(`function ${displayName(fn.schema, fn.name)}: the following custom root field names are duplicated: "${crf.function}" and "${crf.function_aggregate}"`);
  }
  const sessionArg = cfg.session_argument ?? null;
  // Hasura infers `exposed_as` from the volatility and refuses a STABLE/IMMUTABLE mutation.
  if (cfg.exposed_as === 'mutation' && fn.volatility !== 'v') {
    throw new MetadataError(`function ${fn.schema}.${fn.name}: the function was requested to be exposed as a mutation, but is not marked VOLATILE. Maybe the function was given the wrong volatility when it was defined?`);
  }
  const firstDefault = fn.argTypes.length - fn.argsWithDefault;
  const args = fn.argTypes
    .map((sqlType, i) => ({ name: fn.argNames[i] ?? `arg_${i + 1}`, sqlType, scalar: argScalarName(fn, i), optional: i >= firstDefault }))
    .filter((a) => a.name !== sessionArg);
  return {
    schema: fn.schema, name: fn.name, fn, gqlName: cfg.custom_root_fields?.function ?? base,
    aggName: cfg.custom_root_fields?.function_aggregate ?? `${base}_aggregate`, argsName: `${base}_args`, returnsTableKey: retKey, sessionArg, args,
    exposedAs: cfg.exposed_as ?? (fn.volatility === 'v' ? 'mutation' : 'query'),
    permittedRoles: new Set((fm.permissions ?? []).map((p) => p.role)),
    returnsSet: fn.returnsSet,
  };
}

/**
 * The GraphQL type of a function's argument. A composite type (a table's row type, tracked or not,
 * in whichever schema) is `<type>_scalar`, given as a row literal string (`"(1,Roger)"`): Hasura
 * (Postgres/SQL/Types.hs mkFunctionArgScalarType, mkScalarTypeName) suffixes it so that it never
 * meets the object type of a table with that name.
 */
export function argScalarName(fn: CatalogFunction, i: number): string {
  return fn.argTypeKinds[i] === 'c' ? `${fn.argTypnames[i]}_scalar` : scalarName(fn.argTypnames[i]);
}

export function quoteIdent(s: string): string {
  return `"${s.replace(/"/g, '""')}"`;
}

/** The effective select permission of a role on a table (admin: everything), or null. */
export function selectPerm(t: Table, role: string): SelectPerm | null {
  if (role === ADMIN) {
    return { columns: new Set(t.columns.map((c) => c.name)), computed: new Set(t.computed.keys()), filter: {}, limit: null, allowAggregations: true };
  }
  return t.select.get(role) ?? null;
}
export function insertPerm(t: Table, role: string, backendOnly: boolean): InsertPerm | null {
  if (role === ADMIN) return { columns: new Set(t.columns.filter((c) => !c.generated).map((c) => c.name)), check: {}, set: {}, backendOnly: false };
  const p = t.insert.get(role);
  if (!p || (p.backendOnly && !backendOnly)) return null;
  return p;
}
export function updatePerm(t: Table, role: string, backendOnly: boolean): UpdatePerm | null {
  if (role === ADMIN) return { columns: new Set(t.columns.filter((c) => !c.generated).map((c) => c.name)), filter: {}, check: null, set: {}, backendOnly: false };
  const p = t.update.get(role);
  if (!p || (p.backendOnly && !backendOnly)) return null;
  return p;
}
export function deletePerm(t: Table, role: string, backendOnly: boolean): DeletePerm | null {
  if (role === ADMIN) return { filter: {}, backendOnly: false };
  const p = t.delete.get(role);
  if (!p || (p.backendOnly && !backendOnly)) return null;
  return p;
}
