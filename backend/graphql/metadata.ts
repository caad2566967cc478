// Reads a Hasura metadata v3 directory (metadata/databases/databases.yaml and the files it
// `!include`s) into plain objects. Only the default Postgres source is served.
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { parseYamlCached } from '../yamlCache';
import { jsonKind } from './names';

export interface QualifiedName {
  schema: string;
  name: string;
}

export type RootFieldName = string | { name?: string | null; comment?: string | null } | null;

export interface TableConfiguration {
  custom_name?: string | null;
  /** The type's description ("" for none); absent: the database comment, else Hasura's default. */
  comment?: string | null;
  custom_root_fields?: Record<string, RootFieldName>;
  column_config?: Record<string, { custom_name?: string | null; comment?: string | null }>;
  custom_column_names?: Record<string, string>;
}

export type BoolExpJson = Record<string, unknown>;

export interface RelationshipMeta {
  name: string;
  using: {
    foreign_key_constraint_on?: string | string[] | { column?: string; columns?: string | string[]; table?: QualifiedName | string };
    manual_configuration?: { remote_table: QualifiedName | string; column_mapping: Record<string, string>; insertion_order?: string };
  };
}

export interface ComputedFieldMeta {
  name: string;
  definition: { function: QualifiedName | string; table_argument?: string; session_argument?: string };
  comment?: string | null;
}

export interface SelectPermission {
  columns: string[] | '*';
  filter?: BoolExpJson;
  limit?: number | null;
  allow_aggregations?: boolean;
  computed_fields?: string[];
  query_root_fields?: string[] | null;
  subscription_root_fields?: string[] | null;
}
export interface InsertPermission {
  check?: BoolExpJson;
  set?: Record<string, unknown>;
  columns?: string[] | '*';
  backend_only?: boolean;
}
export interface UpdatePermission {
  columns?: string[] | '*';
  filter?: BoolExpJson;
  check?: BoolExpJson | null;
  set?: Record<string, unknown>;
  backend_only?: boolean;
}
export interface DeletePermission {
  filter?: BoolExpJson;
  backend_only?: boolean;
}

export interface TableMeta {
  table: QualifiedName;
  is_enum?: boolean;
  configuration?: TableConfiguration;
  object_relationships?: RelationshipMeta[];
  array_relationships?: RelationshipMeta[];
  computed_fields?: ComputedFieldMeta[];
  select_permissions?: { role: string; permission: SelectPermission }[];
  insert_permissions?: { role: string; permission: InsertPermission }[];
  update_permissions?: { role: string; permission: UpdatePermission }[];
  delete_permissions?: { role: string; permission: DeletePermission }[];
  event_triggers?: EventTriggerMeta[];
}

/** A header sent to a webhook: a literal value or one read from the environment. */
export interface HeaderMeta {
  name: string;
  value?: string;
  value_from_env?: string;
}

export interface RetryConfMeta {
  num_retries?: number;
  interval_sec?: number;
  timeout_sec?: number;
}

/** `event_triggers` of a table (Hasura metadata v3). */
export interface EventTriggerMeta {
  name: string;
  definition: {
    enable_manual?: boolean;
    insert?: { columns: '*' | string[] };
    update?: { columns: '*' | string[] };
    delete?: { columns: '*' | string[] };
  };
  webhook?: string;
  webhook_from_env?: string;
  headers?: HeaderMeta[];
  retry_conf?: RetryConfMeta;
}

export interface FunctionMeta {
  function: QualifiedName;
  configuration?: {
    custom_name?: string | null;
    custom_root_fields?: { function?: string | null; function_aggregate?: string | null };
    session_argument?: string;
    exposed_as?: 'query' | 'mutation';
  };
  permissions?: { role: string }[];
}

export interface Metadata {
  tables: TableMeta[];
  functions: FunctionMeta[];
}

export class MetadataError extends Error {}

/** Loads `<projectDir>/metadata`; a project without metadata serves an empty schema. */
export function loadMetadata(projectDir: string): Metadata {
  const dir = path.join(projectDir, 'metadata');
  const dbFile = path.join(dir, 'databases', 'databases.yaml');
  if (!fs.existsSync(dbFile)) return { tables: [], functions: [] };
  const sources = asArray(readYaml(dbFile)) as { name?: string; kind?: string; tables?: unknown; functions?: unknown }[];
  const source = sources.find((s) => s && (s.name ?? 'default') === 'default') ?? sources[0];
  if (!source) return { tables: [], functions: [] };
  const tables = asArray(source.tables).map((t) => normaliseTable(t as TableMeta));
  const functions = asArray(source.functions).map((f, i) => {
    if (!isObject(f)) throw new MetadataError(`functions[${i}]: expected Object, but encountered ${jsonKind(f)}`);
    const fm = f as unknown as FunctionMeta;
    const where = `function ${JSON.stringify(fm.function)}`;
    if (fm.configuration != null && !isObject(fm.configuration)) throw new MetadataError(`${where}: configuration: expected Object, but encountered ${jsonKind(fm.configuration)}`);
    listOfObjects(fm.permissions, `${where}: permissions`);
    return { ...fm, function: qualified(fm.function) };
  });
  return { tables, functions };
}

export function qualified(n: QualifiedName | string): QualifiedName {
  if (typeof n === 'string') return { schema: 'public', name: n };
  // Hasura's QualifiedObject FromJSON: a string, or an object with a string `name` and an optional
  // string `schema`. Anything else would be read as some other table ("public.null").
  const o: unknown = n;
  if (typeof o !== 'object' || o === null || Array.isArray(o)) throw new MetadataError(`expected a table or function name (a string or {schema, name}), but found ${JSON.stringify(o) ?? String(o)}`);
  const { schema, name } = o as { schema?: unknown; name?: unknown };
  if (typeof name !== 'string') throw new MetadataError(`expected a string for the name of ${JSON.stringify(o)}`);
  if (schema !== undefined && schema !== null && typeof schema !== 'string') throw new MetadataError(`expected a string for the schema of ${JSON.stringify(o)}`);
  return { schema: schema ?? 'public', name };
}

function normaliseTable(t: TableMeta): TableMeta {
  if (!t || !t.table) throw new MetadataError('a table entry in tables.yaml has no `table` key');
  const table = qualified(t.table);
  checkTableShape(t, `table "${table.schema}.${table.name}"`);
  return { ...t, table };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** What each list of a table entry holds: objects, with this key an object too. */
const TABLE_LISTS = {
  object_relationships: 'using',
  array_relationships: 'using',
  computed_fields: 'definition',
  select_permissions: 'permission',
  insert_permissions: 'permission',
  update_permissions: 'permission',
  delete_permissions: 'permission',
  event_triggers: null,
} as const;

function listOfObjects(v: unknown, where: string): Record<string, unknown>[] {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) throw new MetadataError(`${where}: parsing [] failed, expected Array, but encountered ${jsonKind(v)}`);
  v.forEach((item, i) => {
    if (!isObject(item)) throw new MetadataError(`${where}[${i}]: expected Object, but encountered ${jsonKind(item)}`);
  });
  return v as Record<string, unknown>[];
}

/**
 * The shape of a table entry, as Hasura's parse of it (aeson) refuses a wrong one with its path:
 * a list that is not a list, an entry that is not an object, a relationship without `using`, a
 * permission without an object `permission` or a text `role`, columns neither "*" nor a list of
 * names. The model builder reads these without asking again: it would stop on a TypeError.
 */
function checkTableShape(t: TableMeta, where: string): void {
  if (t.configuration != null && !isObject(t.configuration)) throw new MetadataError(`${where}: configuration: expected Object, but encountered ${jsonKind(t.configuration)}`);
  for (const [key, inner] of Object.entries(TABLE_LISTS)) {
    listOfObjects(t[key as keyof typeof TABLE_LISTS], `${where}: ${key}`).forEach((item, i) => {
      const at = `${where}: ${key}[${i}]`;
      if (inner && !isObject(item[inner])) throw new MetadataError(`${at}: ${inner}: expected Object, but encountered ${jsonKind(item[inner])}`);
      if (inner !== 'permission') return;
      if (typeof item.role !== 'string' || !item.role) throw new MetadataError(`${at}: role: expected a role name, but encountered ${jsonKind(item.role)}`);
      const columns = (item.permission as Record<string, unknown>).columns;
      const names = columns === '*' || columns === undefined || columns === null || (Array.isArray(columns) && columns.every((c) => typeof c === 'string'));
      if (!names) throw new MetadataError(`${at}: permission: columns: expected "*" or a list of column names, but encountered ${JSON.stringify(columns)}`);
    });
  }
}

function asArray(v: unknown): unknown[] {
  if (v == null) return [];
  if (!Array.isArray(v)) throw new MetadataError('expected a list in metadata');
  return v;
}

const INCLUDE = /^!include\s+(.+)$/;

/**
 * Parses a YAML file, replacing every `!include <file>` (tag or string) by that file's content. A
 * file that does not parse, a missing include or an include cycle is a MetadataError naming the
 * file (the parser's own error named only a line, and a cycle overflowed the stack).
 */
export function readYaml(file: string, including: readonly string[] = []): unknown {
  const includeTag = {
    tag: '!include',
    resolve: (value: string) => ({ __include: value }),
  };
  const shown = (f: string) => path.relative(process.cwd(), f) || f;
  if (including.includes(file)) throw new MetadataError(`${shown(file)}: includes itself (${[...including, file].map(shown).join(' -> ')})`);
  let doc: unknown;
  try {
    doc = parseYamlCached(file, 'metadata-include-v1', (text) => YAML.parse(text, { customTags: [includeTag] }));
  } catch (e) {
    throw new MetadataError(`${shown(file)}: ${e instanceof Error ? e.message : String(e)}`);
  }
  return expand(doc, path.dirname(file), [...including, file]);
}

function expand(v: unknown, base: string, including: readonly string[]): unknown {
  if (typeof v === 'string') {
    const m = INCLUDE.exec(v.trim());
    return m ? readYaml(path.resolve(base, m[1].trim()), including) : v;
  }
  if (Array.isArray(v)) return v.map((x) => expand(x, base, including));
  if (v && typeof v === 'object') {
    const inc = (v as { __include?: string }).__include;
    if (typeof inc === 'string') return readYaml(path.resolve(base, inc.trim()), including);
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = expand(x, base, including);
    return out;
  }
  return v;
}
