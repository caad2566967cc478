// Compiles Hasura boolean expressions (`where` arguments and permission filters/checks) to SQL
// conditions over one table alias. `where` uses GraphQL names; permissions use column names,
// session variables, `$`-prefixed operator aliases, `_exists` and computed fields.
import { GqlError, validationFailed } from '../errors';
import { qualified, type QualifiedName } from '../metadata';
import { isDeepStrictEqual } from 'node:util';
import { findTable, quoteIdent, selectPerm, type Column, type ComputedField, type Relationship, type SelectPerm, type Table } from '../model';
import { isSessionVar, MAX_WHERE_CONDITIONS, type CompileContext, type ParentRow } from './context';
import { canAggregate, readableColumn } from './guard';

export type BoolMode = 'where' | 'permission';

const CMP: Record<string, string> = { _eq: '=', _neq: '<>', _gt: '>', _lt: '<', _gte: '>=', _lte: '<=' };
const TEXT_OPS: Record<string, string> = {
  _like: 'LIKE', _nlike: 'NOT LIKE', _ilike: 'ILIKE', _nilike: 'NOT ILIKE', _similar: 'SIMILAR TO', _nsimilar: 'NOT SIMILAR TO',
  _regex: '~', _nregex: '!~', _iregex: '~*', _niregex: '!~*',
};
const JSONB_OPS = new Set(['_contains', '_contained_in', '_has_key', '_has_keys_any', '_has_keys_all', '_cast']);
/** ltree operators as Hasura writes them (Translate/BoolExp.hs): the SQL operator and the right side's type. */
const LTREE_OPS: Record<string, [string, string]> = {
  _ancestor: ['@>', 'ltree'], _ancestor_any: ['@>', 'ltree[]'], _descendant: ['<@', 'ltree'], _descendant_any: ['<@', 'ltree[]'],
  _matches: ['~', 'lquery'], _matches_any: ['?', 'lquery[]'], _matches_fulltext: ['@', 'ltxtquery'],
};
const COL_CMP: Record<string, string> = { _ceq: '=', _cne: '<>', _cneq: '<>', _cgt: '>', _clt: '<', _cgte: '>=', _clte: '<=' };

const norm = (k: string) => (k.startsWith('$') ? `_${k.slice(1)}` : k);
/** Operators of a permission (metadata): `$op` for `_op`, and `_ne` for `_neq`, as Hasura reads them. */
const permissionOp = (k: string) => {
  const op = norm(k);
  return op === '_ne' ? '_neq' : op;
};

/**
 * The row a permission's `["$", column]` comparison names: the table the permission is defined on,
 * however deep in relationships the comparison sits (Hasura's root-column comparison).
 */
interface BoolRoot {
  table: Table;
  alias: string;
}

export function compileBoolExp(ctx: CompileContext, t: Table, alias: string, exp: unknown, mode: BoolMode, root: BoolRoot = { table: t, alias }): string {
  if (exp === null || exp === undefined) return 'true';
  if (typeof exp !== 'object' || Array.isArray(exp)) throw validationFailed('expected a boolean expression object');
  const parts: string[] = [];
  for (const [rawKey, v] of Object.entries(exp as Record<string, unknown>)) {
    const key = mode === 'permission' ? norm(rawKey) : rawKey;
    if (mode === 'where' && v === null && (key === '_and' || key === '_or' || key === '_not')) {
      // Hasura reads these fields with its list and object parsers, which refuse an explicit null
      // (schema-parsers Internal/Input.hs list; BoolExp.hs fieldOptional): not "no condition".
      throw validationFailed(key === '_not' ? `expected an object for type '${t.gqlName}_bool_exp', but found null` : 'expected a list, but found null');
    }
    if (key === '_and' || key === '_or') {
      const items = Array.isArray(v) ? v : v == null ? [] : [v];
      const sub = items.map((x) => compileBoolExp(ctx, t, alias, x, mode, root));
      if (key === '_and') parts.push(sub.length ? sub.map((s) => `(${s})`).join(' AND ') : 'true');
      else parts.push(sub.length ? `(${sub.map((s) => `(${s})`).join(' OR ')})` : 'false');
    } else if (key === '_not') {
      parts.push(`NOT (${compileBoolExp(ctx, t, alias, v, mode, root)})`);
    } else if (key === '_exists' && mode === 'permission') {
      parts.push(existsExp(ctx, v, root));
    } else {
      if (mode === 'where' && ++ctx.whereConditions > MAX_WHERE_CONDITIONS) throw validationFailed(`a request may filter on at most ${MAX_WHERE_CONDITIONS} conditions`);
      parts.push(fieldExp(ctx, t, alias, key, v, mode, root));
    }
  }
  return parts.length ? parts.map((p) => `(${p})`).join(' AND ') : 'true';
}

function existsExp(ctx: CompileContext, v: unknown, root: BoolRoot): string {
  const spec = v as { _table?: QualifiedName | string; _where?: unknown };
  if (!spec?._table) throw validationFailed('_exists needs _table');
  const q = qualified(spec._table);
  const t = findTable(ctx.model.tables, q);
  if (!t) throw validationFailed(`table "${q.name}" does not exist`);
  const a = ctx.alias('e');
  return `EXISTS (SELECT 1 FROM ${t.sql} AS ${a} WHERE ${compileBoolExp(ctx, t, a, spec._where ?? {}, 'permission', root)})`;
}

function fieldExp(ctx: CompileContext, t: Table, alias: string, key: string, v: unknown, mode: BoolMode, root: BoolRoot): string {
  const notFound = () => validationFailed(`field '${key}' not found in type: '${t.gqlName}_bool_exp'`);
  // Permission filters come from metadata; a client's `where` reaches only what the role may read.
  const perm = mode === 'where' ? selectPerm(t, ctx.role) : null;
  if (mode === 'where' && !perm) throw notFound();
  const column = mode === 'where' ? t.columnsByGql.get(key) : t.columnsByName.get(key);
  if (column) {
    if (perm && !perm.columns.has(column.name)) throw notFound();
    return columnExp(ctx, t, alias, `${alias}.${quoteIdent(column.name)}`, column.sqlType, column, v, mode, root);
  }
  const rel = t.relationships.get(key);
  if (rel) return relationshipExp(ctx, t, alias, rel, v, mode, root);
  const cf = t.computed.get(key);
  if (cf) {
    // Fields taking `args` are not offered in a bool_exp (Hasura); metadata filters may still name them.
    if (perm && ((!cf.returnsTableKey && !perm.computed.has(cf.name)) || cf.hasInputArgs)) throw notFound();
    return computedExp(ctx, t, alias, cf, v, mode, root);
  }
  const aggRel = key.endsWith('_aggregate') ? t.relationships.get(key.slice(0, -'_aggregate'.length)) : undefined;
  if (aggRel?.kind === 'array') {
    const remote = ctx.model.tables.get(aggRel.remoteKey);
    if (mode === 'where' && (!remote || !canAggregate(ctx, remote))) throw notFound();
    return aggregatePredicate(ctx, t, alias, aggRel, v, mode, root);
  }
  throw notFound();
}

export function joinCondition(rel: Relationship, parent: string, child: string): string {
  return rel.mapping.map(([l, r]) => `${parent}.${quoteIdent(l)} = ${child}.${quoteIdent(r)}`).join(' AND ') || 'true';
}

function relationshipExp(ctx: CompileContext, t: Table, alias: string, rel: Relationship, v: unknown, mode: BoolMode, root: BoolRoot): string {
  const remote = ctx.model.tables.get(rel.remoteKey);
  if (!remote) throw validationFailed(`relationship "${rel.name}" points to an untracked table`);
  const perm = selectPerm(remote, ctx.role);
  if (mode === 'where' && !perm) throw validationFailed(`field '${rel.name}' not found in type: '${t.gqlName}_bool_exp'`);
  const parent = ctx.parents.get(alias);
  if (parent && leadsBackTo(ctx, t, rel, parent)) {
    // The relationship walks back to the row this one was reached from: test that row directly
    // instead of looking it up again. When the test is the parent's own select filter (the usual
    // "child visible if its parent is" permission), the parent already passed it, unless the filter
    // compares with the root row (`["$", col]`): here that is this permission's row, not the parent.
    if (mode === 'permission' && perm && isDeepStrictEqual(v, perm.filter) && !namesRootRow(v)) return 'true';
    return compileBoolExp(ctx, remote, parent.alias, v, mode, root);
  }
  const a = ctx.alias('r');
  const conds = [joinCondition(rel, alias, a)];
  if (mode === 'where') conds.push(compileBoolExp(ctx, remote, a, (perm as SelectPerm).filter, 'permission'));
  conds.push(compileBoolExp(ctx, remote, a, v, mode, root));
  return `EXISTS (SELECT 1 FROM ${remote.sql} AS ${a} WHERE ${conds.map((c) => `(${c})`).join(' AND ')})`;
}

/** True when a permission expression holds a `["$", column]` comparison anywhere. */
function namesRootRow(exp: unknown): boolean {
  if (Array.isArray(exp)) return exp[0] === '$' || exp.some(namesRootRow);
  return typeof exp === 'object' && exp !== null && Object.values(exp).some(namesRootRow);
}

/**
 * True when `rel` (from a row of `t` reached from `parent` through `parent.rel`) matches exactly
 * the parent row: same column pairs in reverse, and the parent's side is a unique key, so
 * EXISTS (parent row matching rel AND cond) is the same as cond on the parent row.
 */
function leadsBackTo(ctx: CompileContext, t: Table, rel: Relationship, parent: ParentRow): boolean {
  if (rel.remoteKey !== parent.table.key || parent.rel.remoteKey !== t.key || rel.mapping.length !== parent.rel.mapping.length) return false;
  const forward = new Set(parent.rel.mapping.map(([p, c]) => `${p}\u0000${c}`));
  if (!rel.mapping.every(([c, p]) => forward.has(`${p}\u0000${c}`))) return false;
  const parentCols = new Set(rel.mapping.map(([, p]) => p));
  return parent.table.constraints.some((k) => k.columns.length > 0 && k.columns.every((c) => parentCols.has(c))) && ctx.permittedRows.has(parent.alias);
}

/**
 * Call of a computed field's function on the row `alias` of `t`. The row is cast to the table type
 * so the call also works on CTE rows (mutation `returning`), which Postgres types as records.
 */
export function computedCall(ctx: CompileContext, t: Table, cf: ComputedField, alias: string, args: Record<string, unknown> = {}): string {
  const fnArgs: string[] = [];
  const { fn } = cf;
  const row = `ROW(${alias}.*)::${t.sql}`;
  fn.argNames.forEach((name, i) => {
    if (name === cf.tableArg || (!cf.tableArg && i === 0)) fnArgs.push(`${name ? `${quoteIdent(name)} => ` : ''}${row}`);
    else if (name === cf.sessionArg) fnArgs.push(`${quoteIdent(name)} => ${ctx.sessionJson()}`);
    else if (name in args) fnArgs.push(`${quoteIdent(name)} => ${ctx.typed(args[name], fn.argTypes[i])}`);
  });
  if (!fn.argNames.length) fnArgs.push(row);
  return `${quoteIdent(fn.schema)}.${quoteIdent(fn.name)}(${fnArgs.join(', ')})`;
}

function computedExp(ctx: CompileContext, t: Table, alias: string, cf: ComputedField, v: unknown, mode: BoolMode, root: BoolRoot): string {
  const call = computedCall(ctx, t, cf, alias);
  if (cf.returnsTableKey) {
    const remote = ctx.model.tables.get(cf.returnsTableKey) as Table;
    const a = ctx.alias('c');
    const perm = selectPerm(remote, ctx.role);
    if (mode === 'where' && !perm) throw validationFailed(`field '${cf.name}' not found in type: '${t.gqlName}_bool_exp'`);
    const conds = [compileBoolExp(ctx, remote, a, v, mode, root)];
    if (mode === 'where' && perm) conds.push(compileBoolExp(ctx, remote, a, perm.filter, 'permission'));
    return `EXISTS (SELECT 1 FROM ${call} AS ${a} WHERE ${conds.map((c) => `(${c})`).join(' AND ')})`;
  }
  return columnExp(ctx, t, alias, call, cf.fn.returnTypname, null, v, mode, root);
}

function columnExp(ctx: CompileContext, t: Table, alias: string, lhs: string, sqlType: string, column: Column | null, v: unknown, mode: BoolMode, root: BoolRoot): string {
  // Permission shorthand: `col: value` / `col: X-Hasura-User-Id` means `_eq`.
  if (mode === 'permission' && (v === null || typeof v !== 'object' || Array.isArray(v))) return columnExp(ctx, t, alias, lhs, sqlType, column, { _eq: v }, mode, root);
  if (v === null || typeof v !== 'object') throw validationFailed('expected a comparison expression object');
  const parts: string[] = [];
  const scalar = column?.scalar ?? sqlType;
  const val = (x: unknown, type = sqlType): string => {
    if (mode === 'permission' && isSessionVar(x)) return `${ctx.param(ctx.sessionVar(x))}::${type}`;
    if (x === null || x === undefined) throw validationFailed(`unexpected null value for type '${scalar}'`);
    return ctx.typed(x, type);
  };
  for (const [rawOp, x] of Object.entries(v as Record<string, unknown>)) {
    const op = mode === 'permission' ? permissionOp(rawOp) : rawOp;
    if (x === undefined) continue;
    // A client's operator must be one the column's comparison type offers.
    const misplaced = (Object.hasOwn(TEXT_OPS, op) && !column?.text) || (JSONB_OPS.has(op) && !column?.jsonb) || (Object.hasOwn(LTREE_OPS, op) && scalar !== 'ltree');
    if (mode === 'where' && column && misplaced) {
      throw new GqlError('validation-failed', `field '${rawOp}' not found in type: '${scalar}_comparison_exp'`);
    }
    if (Object.hasOwn(CMP, op)) {
      if (mode === 'permission' && x === null) {
        parts.push(op === '_eq' ? `${lhs} IS NULL` : op === '_neq' ? `${lhs} IS NOT NULL` : 'false');
        continue;
      }
      parts.push(`${lhs} ${CMP[op]} ${val(x)}`);
    } else if (op === '_in' || op === '_nin') {
      const arrType = `${sqlType}[]`;
      let rhs: string;
      if (mode === 'permission' && isSessionVar(x)) rhs = `${ctx.param(ctx.sessionVar(x))}::${arrType}`;
      else {
        if (x === null) throw validationFailed(`unexpected null value for type '${scalar}'`);
        const items = Array.isArray(x) ? x : [x];
        if (!items.length) {
          parts.push(op === '_in' ? 'false' : 'true');
          continue;
        }
        rhs = ctx.typed(items, arrType);
      }
      parts.push(op === '_in' ? `${lhs} = ANY(${rhs})` : `NOT (${lhs} = ANY(${rhs}))`);
    } else if (op === '_is_null') {
      if (x === null) throw validationFailed("unexpected null value for type 'Boolean'");
      parts.push(x === true || x === 'true' ? `${lhs} IS NULL` : `${lhs} IS NOT NULL`);
    } else if (Object.hasOwn(TEXT_OPS, op)) {
      parts.push(`${lhs} ${TEXT_OPS[op]} ${val(x, 'text')}`);
    } else if (Object.hasOwn(LTREE_OPS, op)) {
      if (scalar !== 'ltree') throw new GqlError('validation-failed', `field '${rawOp}' not found in type: '${scalar}_comparison_exp'`);
      const [sym, type] = LTREE_OPS[op];
      parts.push(`${lhs} ${sym} ${type.endsWith('[]') && !isSessionVar(x) && !Array.isArray(x) ? val([x], type) : val(x, type)}`);
    } else if (op === '_contains') {
      parts.push(`${lhs} @> ${val(x, 'jsonb')}`);
    } else if (op === '_contained_in') {
      parts.push(`${lhs} <@ ${val(x, 'jsonb')}`);
    } else if (op === '_has_key') {
      parts.push(`${lhs} ? ${val(x, 'text')}`);
    } else if (op === '_has_keys_any' || op === '_has_keys_all') {
      const sym = op === '_has_keys_any' ? '?|' : '?&';
      parts.push(`${lhs} ${sym} ${val(x, 'text[]')}`);
    } else if (op === '_cast') {
      if (x === null || typeof x !== 'object' || Array.isArray(x)) throw validationFailed(`expected an object for type "${scalar}_cast_exp"`);
      const casts = x as Record<string, unknown>;
      for (const [to, cmp] of Object.entries(casts)) {
        if (to !== 'String') throw validationFailed(`cannot cast to "${to}"`);
        parts.push(columnExp(ctx, t, alias, `(${lhs})::text`, 'text', null, cmp, mode, root));
      }
    } else if (Object.hasOwn(COL_CMP, op)) {
      // `col`, `["col"]`: a column of this row; `["$", "col"]` (permissions): of the root row.
      const fromRoot = mode === 'permission' && Array.isArray(x) && x.length === 2 && x[0] === '$';
      const [ot, oa] = fromRoot ? [root.table, root.alias] : [t, alias];
      const other = typeof x === 'string' ? x : Array.isArray(x) ? String(x[x.length - 1]) : '';
      const oc = mode === 'where' ? readableColumn(ctx, ot, other, `${ot.gqlName}_bool_exp`) : ot.columnsByName.get(other);
      if (!oc) throw validationFailed(`column "${other}" not found`);
      parts.push(`${lhs} ${COL_CMP[op]} ${oa}.${quoteIdent(oc.name)}`);
    } else {
      throw new GqlError('validation-failed', `field '${rawOp}' not found in type: '${scalar}_comparison_exp'`);
    }
  }
  return parts.length ? parts.join(' AND ') : 'true';
}

/** `<rel>_aggregate: {count: {predicate: {_gt: 1}, filter, arguments, distinct}}`. */
function aggregatePredicate(ctx: CompileContext, t: Table, alias: string, rel: Relationship, v: unknown, mode: BoolMode, root: BoolRoot): string {
  const remote = ctx.model.tables.get(rel.remoteKey) as Table;
  if (v === null || v === undefined) return 'true';
  if (typeof v !== 'object' || Array.isArray(v)) throw validationFailed(`expected an object for type "${remote.gqlName}_aggregate_bool_exp"`);
  // `count` is the only aggregate a filter can use; any other key is refused, never written as SQL.
  for (const k of Object.keys(v)) if (k !== 'count') throw validationFailed(`field '${k}' not found in type: '${remote.gqlName}_aggregate_bool_exp'`);
  const spec = (v as { count?: { predicate?: unknown; filter?: unknown; arguments?: string[] | null; distinct?: boolean | null } }).count;
  if (!spec) return 'true';
  const a = ctx.alias('g');
  const conds = [joinCondition(rel, alias, a)];
  if (mode === 'where') {
    const perm = selectPerm(remote, ctx.role);
    if (perm) conds.push(compileBoolExp(ctx, remote, a, perm.filter, 'permission'));
  }
  if (spec.filter) conds.push(compileBoolExp(ctx, remote, a, spec.filter, mode, root));
  const args = Array.isArray(spec.arguments) ? spec.arguments : spec.arguments == null ? [] : [spec.arguments];
  const cols = args.map((g) => {
    const c = mode === 'where' ? readableColumn(ctx, remote, g, `${remote.gqlName}_select_column`) : remote.columnsByName.get(g);
    if (!c) throw validationFailed(`column "${String(g)}" not found`);
    return `${a}.${quoteIdent(c.name)}`;
  });
  const counted = cols.length ? `${spec.distinct ? 'DISTINCT ' : ''}${cols.length === 1 ? cols[0] : `(${cols.join(', ')})`}` : '*';
  const lhs = `(SELECT count(${counted}) FROM ${remote.sql} AS ${a} WHERE ${conds.map((c) => `(${c})`).join(' AND ')})`;
  return columnExp(ctx, t, alias, lhs, 'integer', null, spec.predicate ?? {}, mode, root);
}
