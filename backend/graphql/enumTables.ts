// Hasura's enum tables (`is_enum`): the table's shape and rows are checked when the metadata loads,
// with Hasura's texts (Postgres/DDL/Table.hs fetchAndValidateEnumValues), and the values are read
// with the descriptions of its comment column, whatever that column is called.
import type { Queryable } from '../db';
import type { CatalogColumn, CatalogTable } from './catalog';
import { MetadataError } from './metadata';
import { displayName, GRAPHQL_NAME, quoteIdent, type Table } from './model';

export interface EnumValue { value: string; comment: string | null }

// Hasura names these Postgres types by their SQL names (SQL/Types.hs pgScalarTypeToText).
const HASURA_TYPE_NAMES: Record<string, string> = { int2: 'smallint', int4: 'integer', int8: 'bigint', float4: 'real', bool: 'boolean' };
const typeText = (c: CatalogColumn) => (c.elemTypname ? `${HASURA_TYPE_NAMES[c.elemTypname] ?? c.elemTypname}[]` : HASURA_TYPE_NAMES[c.typname] ?? c.typname);
const isText = (c: CatalogColumn) => c.typname === 'text';
const mismatch = (what: string, c: CatalogColumn) => `the table’s ${what} ("${c.name}") must have type "text", not type "${typeText(c)}"`;

function refuse(t: Table, errors: string[]): MetadataError {
  const reasons = errors.length === 1 ? `because ${errors[0]}` : `for the following reasons:\n${errors.map((e) => `  • ${e}\n`).join('')}`;
  return new MetadataError(`the table "${displayName(t.schema, t.name)}" cannot be used as an enum ${reasons}`);
}

/**
 * A single text primary key and at most one other column, a text one (its comment), as Hasura
 * requires; its errors accumulate as Hasura's validation does. Returns the two columns.
 */
function enumColumns(t: Table, ct: CatalogTable): { key: CatalogColumn; comment: CatalogColumn | null } {
  const errors: string[] = [];
  const pkNames = ct.primaryKey?.columns ?? [];
  let key: CatalogColumn | undefined;
  if (!pkNames.length) errors.push('the table must have a primary key');
  else if (pkNames.length > 1) errors.push(`the table’s primary key must not span multiple columns (${[...pkNames].sort().join(', ')})`);
  else {
    const c = ct.columns.find((x) => x.name === pkNames[0]) as CatalogColumn;
    if (isText(c)) key = c;
    else errors.push(mismatch('primary key', c));
  }
  // Without a usable key, every column counts as another column (Hasura: `delete` of Nothing).
  const others = ct.columns.filter((c) => c !== key);
  let comment: CatalogColumn | null = null;
  if (others.length === 1) {
    if (isText(others[0])) comment = others[0];
    else errors.push(mismatch('comment column', others[0]));
  } else if (others.length > 1) {
    errors.push(`the table must have exactly one primary key and optionally one comment column, not ${others.length} columns (${others.map((c) => c.name).sort().join(', ')})`);
  }
  if (errors.length || !key) throw refuse(t, errors);
  return { key, comment };
}

/**
 * The enum table's values, refused as Hasura refuses them: no rows, or a value that is not a
 * GraphQL enum value name (a name, and not true/false/null). The engine once dropped such values,
 * so a row holding one failed each answer reading it, and `true` failed every role's schema.
 */
export async function readEnumValues(db: Queryable, t: Table, ct: CatalogTable): Promise<EnumValue[]> {
  const { key, comment } = enumColumns(t, ct);
  const commentSql = comment ? `${quoteIdent(comment.name)}::text` : 'NULL::text';
  const { rows } = await db.query<EnumValue>(`SELECT ${quoteIdent(key.name)}::text AS value, ${commentSql} AS comment FROM ${t.sql} ORDER BY 1`);
  if (!rows.length) throw refuse(t, ['the table must have at least one row']);
  const bad = rows.map((r) => r.value).filter((v) => !GRAPHQL_NAME.test(v) || v === 'true' || v === 'false' || v === 'null').sort();
  if (!bad.length) return rows;
  const last = bad.pop() as string;
  if (!bad.length) throw refuse(t, [`the value "${last}" is not a valid GraphQL enum value name`]);
  // Hasura quotes the first of two, and of more only the last.
  const others = bad.length === 1 ? `"${bad[0]}" and` : `${bad.join(', ')}, and`;
  throw refuse(t, [`the values ${others} "${last}" are not valid GraphQL enum value names`]);
}
