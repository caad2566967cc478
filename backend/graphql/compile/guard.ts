// The compiler's own wall: whatever reaches it (validated or not), names the client supplies are
// resolved only against the model and the role's permissions, never written into SQL as given.
// A role that lacks a column gets the same error the validated path gives for a missing field.
import { notAnEnumValue, validationFailed } from '../errors';
import { insertPerm, selectPerm, updatePerm, type Column, type Table } from '../model';
import type { CompileContext } from './context';

/** Aggregate functions a client may name (`<rel>_aggregate` order_by, aggregate fields). */
const AGGREGATE_FUNCTIONS = new Set(['avg', 'max', 'min', 'stddev', 'stddev_pop', 'stddev_samp', 'sum', 'var_pop', 'var_samp', 'variance']);

const DIRECTIONS: Record<string, string> = {
  asc: 'ASC NULLS LAST', asc_nulls_last: 'ASC NULLS LAST', asc_nulls_first: 'ASC NULLS FIRST',
  desc: 'DESC NULLS FIRST', desc_nulls_first: 'DESC NULLS FIRST', desc_nulls_last: 'DESC NULLS LAST',
};

const own = <T>(m: Record<string, T>, k: string): T | undefined => (Object.hasOwn(m, k) ? m[k] : undefined);

export function aggregateFunction(op: string, typeName: string): string {
  if (!AGGREGATE_FUNCTIONS.has(op)) throw validationFailed(`field '${op}' not found in type: '${typeName}'`);
  return op;
}

export function orderDirection(v: unknown): string {
  const d = typeof v === 'string' ? own(DIRECTIONS, v) : undefined;
  if (!d) throw validationFailed(notAnEnumValue('order_by', Object.keys(DIRECTIONS), String(v)));
  return d;
}

/** A column of `t` the role may read, by its GraphQL name, else the missing-field error of `typeName`. */
export function readableColumn(ctx: CompileContext, t: Table, gqlName: unknown, typeName: string): Column {
  const c = typeof gqlName === 'string' ? t.columnsByGql.get(gqlName) : undefined;
  const perm = selectPerm(t, ctx.role);
  if (!c || !perm?.columns.has(c.name)) throw validationFailed(`field '${String(gqlName)}' not found in type: '${typeName}'`);
  return c;
}

export function canRead(ctx: CompileContext, t: Table): boolean {
  return selectPerm(t, ctx.role) !== null;
}

export function canAggregate(ctx: CompileContext, t: Table): boolean {
  return selectPerm(t, ctx.role)?.allowAggregations === true;
}

/** A column the role may set on insert (not preset, not generated). */
export function insertableColumn(ctx: CompileContext, t: Table, gqlName: string): Column {
  const c = t.columnsByGql.get(gqlName);
  const perm = insertPerm(t, ctx.role, ctx.backendOnly);
  if (!c || !perm || !perm.columns.has(c.name) || c.name in perm.set || c.generated) {
    throw validationFailed(`field '${gqlName}' not found in type: '${t.gqlName}_insert_input'`);
  }
  return c;
}

/** Which columns each update operator takes. */
const UPDATE_OPERATORS: Record<string, (c: Column) => boolean> = {
  _set: () => true,
  _inc: (c) => c.numeric,
  _append: (c) => c.jsonb,
  _prepend: (c) => c.jsonb,
  _delete_key: (c) => c.jsonb,
  _delete_elem: (c) => c.jsonb,
  _delete_at_path: (c) => c.jsonb,
};

/** A column the role may change with operator `op` (not preset, not generated, of a type the operator takes). */
export function updatableColumn(ctx: CompileContext, t: Table, gqlName: string, op: string): Column {
  const c = t.columnsByGql.get(gqlName);
  const perm = updatePerm(t, ctx.role, ctx.backendOnly);
  const takes = own(UPDATE_OPERATORS, op);
  if (!c || !perm || !takes || !perm.columns.has(c.name) || c.name in perm.set || c.generated || !takes(c)) {
    throw validationFailed(`field '${gqlName}' not found in type: '${t.gqlName}${op}_input'`);
  }
  return c;
}

/** A non-negative integer for LIMIT/OFFSET (written into the SQL text, so nothing else may pass). */
export function rowCount(v: unknown, name: string, path: string): number | null {
  if (v === null || v === undefined) return null;
  if (typeof v !== 'number' || !Number.isSafeInteger(v)) throw validationFailed(`expecting Integer value for "${name}"`, `${path}.args.${name}`);
  return v;
}
