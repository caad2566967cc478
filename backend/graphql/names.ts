// The GraphQL names the metadata gives tables, their root fields and columns, checked when the
// metadata loads as Hasura checks them, so that no role's schema fails on every request instead.
// Hasura parses custom names as G.Name and derives the others from the SQL name
// (Table/API.hs extractColumnConfiguration, Postgres/SQL/Types.hs getIdentifierQualifiedObject),
// refusing the table when a name is not a GraphQL Name. "__" names pass G.Name and Hasura serves
// them, but GraphQL reserves them for introspection and graphql-js refuses a schema holding one:
// the engine refuses them at load (a deliberate difference, conformance README).
import { MetadataError, type RootFieldName } from './metadata';
import type { Table } from './model';

/** GraphQL's Name (spec 2.1.9), as Hasura's G.mkName accepts it. */
export const GRAPHQL_NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;

/** A name the engine can serve: a GraphQL Name that does not start with "__". */
export const isServableName = (n: unknown): n is string => typeof n === 'string' && GRAPHQL_NAME.test(n) && !n.startsWith('__');

const shown = (v: unknown) => (typeof v === 'string' ? `"${v}"` : JSON.stringify(v) ?? String(v));

/** A custom name from metadata (absent or null: none). */
export function customName(v: unknown, where: string): string | null {
  if (v === undefined || v === null) return null;
  if (!isServableName(v)) throw new MetadataError(`${where}: ${shown(v)} is not a valid GraphQL name`);
  return v;
}

/** The name derived from an SQL name (`schema_name` outside public), refused when not servable. */
export function derivedName(sqlShown: string, derived: string): string {
  if (!GRAPHQL_NAME.test(derived)) throw new MetadataError(`cannot include "${sqlShown}" in the GraphQL schema because "${derived}" is not a valid GraphQL identifier`);
  if (derived.startsWith('__')) throw new MetadataError(`cannot include "${sqlShown}" in the GraphQL schema because "${derived}" starts with "__", which GraphQL reserves for introspection`);
  return derived;
}

/**
 * A table's custom root field, read as Hasura's CustomRootField FromJSON (Table/Cache.hs): null
 * is none; a string that is not a GraphQL Name is ignored (G.mkName gives Nothing: the default
 * name stays); an object's `name` must be one; anything else is refused.
 */
export function customRootField(v: unknown, where: string): { name: string | null; comment: string | null | undefined } {
  if (v === undefined || v === null) return { name: null, comment: undefined };
  if (typeof v === 'string') {
    if (!GRAPHQL_NAME.test(v)) return { name: null, comment: undefined };
    return { name: customName(v, where), comment: undefined };
  }
  if (typeof v === 'object' && !Array.isArray(v)) {
    const o = v as Exclude<RootFieldName, string | null>;
    const comment = o.comment;
    if (comment !== undefined && comment !== null && typeof comment !== 'string') throw new MetadataError(`${where}: comment: expected a string`);
    return { name: customName(o.name, where), comment };
  }
  throw new MetadataError(`${where}: parsing CustomRootField failed, expected Object, String or Null, but encountered ${jsonKind(v)}`);
}

/** Aeson's name for a JSON value's kind, as Hasura's parse errors say it. */
export function jsonKind(v: unknown): string {
  if (v === null) return 'Null';
  if (Array.isArray(v)) return 'Array';
  switch (typeof v) {
    case 'string': return 'String';
    case 'number': return 'Number';
    case 'boolean': return 'Boolean';
    default: return 'Object';
  }
}

/**
 * Hasura refuses a table configuration giving two root fields the same custom name
 * (Table/Cache.hs, TableCustomRootFields FromJSON).
 */
export function checkDuplicateCustomRootFields(names: (string | null)[], where: string): void {
  const given = names.filter((n): n is string => n !== null);
  const dup = [...new Set(given.filter((n, i) => given.indexOf(n) !== i))];
  if (!dup.length) return;
  const list = dup.length === 1 ? dup[0] : `${dup.slice(0, -1).join(', ')}${dup.length > 2 ? ',' : ''} and ${dup[dup.length - 1]}`;
  throw new MetadataError(`${where}: the following custom root field names are duplicated: ${list}`);
}

/**
 * The fields of a table's object type, one per name, as Hasura builds them
 * (RQL/DDL/Schema/Cache/Fields.hs addNonColumnFields; Table/API.hs assertNoDuplicateFieldNames):
 * two columns mapped to one name, a relationship or computed field named like a column (or its
 * custom name) or like each other, or a relationship or computed field whose name is not a
 * GraphQL name (GraphQL/Schema/Select.hs textToName) make the metadata inconsistent. The schema
 * builder keys fields by name: one would silently replace the other.
 */
export function checkFieldNames(t: Pick<Table, 'columns' | 'columnsByName' | 'relationships' | 'computed'>, table: string): void {
  const byGql = new Map<string, string[]>();
  for (const c of t.columns) byGql.set(c.gqlName, [...(byGql.get(c.gqlName) ?? []), c.name]);
  for (const [name, cols] of byGql) {
    if (cols.length < 2) continue;
    const quoted = cols.map((c) => `"${c}"`);
    throw new MetadataError(`${table}: the definitions of columns ${quoted.slice(0, -1).join(', ')}${quoted.length > 2 ? ',' : ''} and ${quoted[quoted.length - 1]} are in conflict: they are mapped to the same field name, "${name}"`);
  }
  for (const name of [...t.relationships.keys(), ...t.computed.keys()]) {
    const kind = t.relationships.has(name) ? 'relationship' : 'computed field';
    if (t.relationships.has(name) && t.computed.has(name)) throw new MetadataError(`${table}: conflicting definitions for field "${name}"`);
    if (t.columnsByName.has(name)) throw new MetadataError(`${table}: ${kind} "${name}": field definition conflicts with postgres column`);
    const custom = byGql.get(name);
    if (custom) throw new MetadataError(`${table}: ${kind} "${name}": field definition conflicts with custom field name for postgres column "${custom[0]}"`);
    try {
      derivedName(name, name);
    } catch (e) {
      throw new MetadataError(`${table}: ${kind} "${name}": ${(e as Error).message}`);
    }
  }
  // Fields the schema builder adds beside these: the operators of the table's boolean expression,
  // and `<name>_aggregate` of an array relationship (object type, filter, ordering) or of a
  // computed field returning rows (ordering). A column, relationship or computed field of that
  // name would replace it or be replaced in the schema, while the compiler reads the name as the
  // other one (`_and: {_eq: 1}` compiled as a conjunction).
  const taken = (n: string) => byGql.has(n) || t.relationships.has(n) || t.computed.has(n);
  for (const op of ['_and', '_or', '_not']) {
    if (taken(op)) throw new MetadataError(`${table}: field "${op}" conflicts with the operator "${op}" of the table's boolean expressions`);
  }
  for (const [name, rel] of t.relationships) {
    if (rel.kind === 'array' && taken(`${name}_aggregate`)) throw new MetadataError(`${table}: field "${name}_aggregate" conflicts with the aggregate field of the array relationship "${name}"`);
  }
  for (const [name, cf] of t.computed) {
    if (cf.returnsTableKey && taken(`${name}_aggregate`)) throw new MetadataError(`${table}: field "${name}_aggregate" conflicts with the aggregate ordering of the computed field "${name}"`);
  }
}
