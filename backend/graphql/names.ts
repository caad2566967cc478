// The GraphQL names the metadata gives tables, their root fields and columns, checked when the
// metadata loads as Hasura checks them, so that no role's schema fails on every request instead.
// Hasura parses custom names as G.Name and derives the others from the SQL name
// (Table/API.hs extractColumnConfiguration, Postgres/SQL/Types.hs getIdentifierQualifiedObject),
// refusing the table when a name is not a GraphQL Name. "__" names pass G.Name and Hasura serves
// them, but GraphQL reserves them for introspection and graphql-js refuses a schema holding one:
// the engine refuses them at load (a deliberate difference, conformance README).
import { MetadataError, type RootFieldName } from './metadata';

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
