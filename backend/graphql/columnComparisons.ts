// Checks, when the metadata loads, the column comparisons of permission filters and checks
// (`_ceq`, `_cne`, `_cgt`, `_clt`, `_cgte`, `_clte`): their right side names a column of the row
// being tested (`"col"`, `["col"]`) or of the row the permission is defined on (`["$", "col"]`),
// of the same type, as Hasura reads them (Backends/Postgres/DDL/BoolExp.hs,
// `decodeAndValidateRhsCol`), and the tables `_exists` names. Hasura marks such a permission
// inconsistent and will not apply the metadata; the engine refuses to start with it, instead of
// failing every request of that role.
import type { QualifiedName } from './metadata';
import { MetadataError, qualified } from './metadata';
import { displayName, findTable, type Column, type Table } from './model';
import { jsonKind } from './names';

const MAX_DEPTH = 256;
const COLUMN_COMPARISONS = new Set(['_ceq', '_cne', '_cneq', '_cgt', '_clt', '_cgte', '_clte']);
const norm = (k: string) => (k.startsWith('$') ? `_${k.slice(1)}` : k);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

interface Where {
  tables: Map<string, Table>;
  /** The table the permission is defined on (`$`). */
  root: Table;
  /** Names the permission in an error. */
  label: string;
}

/** The left side of a comparison: a column (its SQL type), or a scalar computed field (its GraphQL scalar). */
interface Lhs {
  name: string;
  type: string;
  typeOf: (c: Column) => string;
}

function rhsColumn(w: Where, current: Table, lhs: Lhs, op: string, rhs: unknown): void {
  const fail = (why: string) => { throw new MetadataError(`${w.label}: ${op} on column "${lhs.name}": ${why}`); };
  let table = current;
  let name: unknown = rhs;
  if (Array.isArray(rhs)) {
    if (rhs.length === 0) fail('path cannot be empty');
    else if (rhs.length === 1) name = rhs[0];
    else if (rhs.length === 2 && rhs[0] === '$') [table, name] = [w.root, rhs[1]];
    else fail('Relationship references are not supported in column comparison RHS');
  } else if (typeof rhs !== 'string') {
    fail('a boolean expression JSON must be either a string or an array');
  }
  if (typeof name !== 'string') return fail('a column name must be a string');
  const col = table.columnsByName.get(name);
  if (!col) return fail(`column operators can only compare postgres columns; "${name}" is not a column of ${table.key}`);
  if (lhs.typeOf(col) !== lhs.type) fail(`incompatible column types: "${lhs.name}" has type "${lhs.type}", but "${name}" has type "${lhs.typeOf(col)}"`);
}

const comparisons = (w: Where, t: Table, lhs: Lhs, v: unknown) => {
  if (isObject(v)) for (const [op, rhs] of Object.entries(v)) if (COLUMN_COMPARISONS.has(norm(op))) rhsColumn(w, t, lhs, norm(op), rhs);
};

const isTableName = (v: unknown): v is QualifiedName | string =>
  typeof v === 'string' || (isObject(v) && typeof v.name === 'string' && (v.schema === undefined || v.schema === null || typeof v.schema === 'string'));

/** Aeson's failure for a value of the wrong kind, as Hasura's metadata errors word it. */
const expected = (w: Where, path: string, what: string, kind: string, v: unknown) =>
  new MetadataError(`${w.label}: ${path}parsing ${what} failed, expected ${kind}, but encountered ${jsonKind(v)}`);

function walk(w: Where, t: Table, exp: unknown, depth: number, path = ''): void {
  // Hasura's GBoolExp FromJSON (RQL/IR/BoolExp.hs) reads a boolean expression with withObject.
  if (!isObject(exp)) throw expected(w, path, 'boolean expression', 'Object', exp);
  // Never skip what is too deep to check: refuse it (a YAML alias can even make it endless).
  if (depth > MAX_DEPTH) throw new MetadataError(`${w.label}: nested more than ${MAX_DEPTH} levels deep`);
  for (const [rawKey, v] of Object.entries(exp)) {
    const key = norm(rawKey);
    const at = `${path}${rawKey}: `;
    if (key === '_and' || key === '_or') {
      // Its `_and`/`_or` take a list (aeson's list parser): one object is refused, not read as a
      // list of one (GraphQL's input coercion applies to `where`, not to metadata).
      if (!Array.isArray(v)) throw expected(w, at, '[]', 'Array', v);
      v.forEach((x, i) => walk(w, t, x, depth + 1, `${at}[${i}]: `));
    } else if (key === '_not') {
      walk(w, t, v, depth + 1, at);
    } else if (key === '_exists') {
      // Hasura resolves `_table` when the metadata loads (DDL/Permission/Internal.hs, annBoolExp ->
      // askFieldInfoMapSource) and marks the permission inconsistent when it names no tracked table.
      if (!isObject(v)) throw new MetadataError(`${w.label}: _exists: expected an object with _table and _where`);
      if (v._table === undefined) throw new MetadataError(`${w.label}: _exists: key "_table" not found`);
      // Hasura's GExists parser needs `_where` too, and an object there: a missing one is not
      // "every row" (that would grant the whole table).
      if (v._where === undefined) throw new MetadataError(`${w.label}: _exists: key "_where" not found`);
      if (!isObject(v._where)) throw new MetadataError(`${w.label}: _exists: _where: expected a boolean expression object`);
      if (!isTableName(v._table)) throw new MetadataError(`${w.label}: _exists: _table: expected a table name`);
      const q = qualified(v._table);
      // Keys are "schema.name": a dotted schema or name could match another table's key.
      const other = findTable(w.tables, q);
      if (!other) throw new MetadataError(`${w.label}: _exists: table "${displayName(q.schema, q.name)}" does not exist`);
      walk(w, other, v._where, depth + 1, `${at}_where: `);
    } else if (t.columnsByName.has(key)) {
      const col = t.columnsByName.get(key)!;
      comparisons(w, t, { name: col.name, type: col.sqlType, typeOf: (c) => c.sqlType }, v);
    } else if (t.computed.has(key)) {
      // A scalar computed field compares as its function's result; a table-returning one filters its rows.
      const cf = t.computed.get(key)!;
      const remote = cf.returnsTableKey ? w.tables.get(cf.returnsTableKey) : undefined;
      if (remote) walk(w, remote, v, depth + 1, at);
      else if (cf.scalar) comparisons(w, t, { name: cf.name, type: cf.scalar, typeOf: (c) => c.scalar }, v);
    } else if (key.endsWith('_aggregate') && t.relationships.get(key.slice(0, -'_aggregate'.length))?.kind === 'array') {
      // `<rel>_aggregate: {count: {filter}}`: the filter is over the related rows.
      const remote = w.tables.get(t.relationships.get(key.slice(0, -'_aggregate'.length))!.remoteKey);
      const count = isObject(v) ? v.count : undefined;
      if (remote && isObject(count) && count.filter !== undefined && count.filter !== null) walk(w, remote, count.filter, depth + 1, `${at}count: filter: `);
    } else {
      const rel = t.relationships.get(key);
      const remote = rel && w.tables.get(rel.remoteKey);
      if (remote) walk(w, remote, v, depth + 1, at);
    }
  }
}

/** Throws MetadataError for the first permission whose column comparison Hasura would refuse. */
export function checkColumnComparisons(tables: Map<string, Table>): void {
  for (const t of tables.values()) {
    const at = (kind: string, role: string, part: string) => ({ tables, root: t, label: `${kind} permission of role "${role}" on ${t.key} (${part})` });
    for (const [role, p] of t.select) walk(at('select', role, 'filter'), t, p.filter, 0);
    for (const [role, p] of t.insert) walk(at('insert', role, 'check'), t, p.check, 0);
    for (const [role, p] of t.update) {
      walk(at('update', role, 'filter'), t, p.filter, 0);
      if (p.check !== null) walk(at('update', role, 'check'), t, p.check, 0);
    }
    for (const [role, p] of t.delete) walk(at('delete', role, 'filter'), t, p.filter, 0);
  }
}
