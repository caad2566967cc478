// Compiles selections to SQL expressions in which Postgres builds the response JSON: one row as a
// JSON object, lists with json_agg, relationships as correlated sub-selects, aggregates with
// json_build_object. Permission filters, column sets and row limits are merged in here.
import { GqlError, validationFailed } from '../errors';
import { GRAPHQL_NAME, quoteIdent, selectPerm, type ComputedField, type Relationship, type Table } from '../model';
import type { Selected } from '../request/collect';
import { compileBoolExp, computedCall, joinCondition } from './boolexp';
import type { CompileContext } from './context';
import { parseJsonPath } from './jsonPath';
import { aggregateFunction, canAggregate, canRead, orderDirection, readableColumn, rowCount } from './guard';

export interface SelectArgs {
  where?: unknown;
  order_by?: unknown;
  limit?: unknown;
  offset?: unknown;
  distinct_on?: unknown;
}

/** `json_build_object` takes at most 100 arguments; wider objects go through row_to_json. */
export function jsonObject(pairs: [string, string][]): string {
  // Keys are GraphQL names (aliases); the parser allows nothing else, and nothing else is written.
  for (const [k] of pairs) if (!GRAPHQL_NAME.test(k)) throw validationFailed(`"${k}" is not a valid GraphQL name`);
  if (pairs.length <= 50) return `json_build_object(${pairs.map(([k, e]) => `'${k}', ${e}`).join(', ')})`;
  return `(SELECT row_to_json(_x) FROM (SELECT ${pairs.map(([k, e]) => `${e} AS ${quoteIdent(k)}`).join(', ')}) AS _x)`;
}

function permFilter(ctx: CompileContext, t: Table, alias: string): string {
  const perm = selectPerm(t, ctx.role);
  if (!perm) throw validationFailed(`no select permission on "${t.gqlName}"`);
  return compileBoolExp(ctx, t, alias, perm.filter, 'permission');
}

/** JSON object of the selected fields of one row of `t` available as `alias`. */
export function rowJson(ctx: CompileContext, t: Table, alias: string, fields: Selected[]): string {
  const pairs: [string, string][] = [];
  for (const f of fields) pairs.push([f.alias, fieldExpr(ctx, t, alias, f)]);
  return jsonObject(pairs);
}

/** A fresh alias for rows reached from `parent` (a row of `t`) through `rel`, remembering the way back. */
function childAlias(ctx: CompileContext, t: Table, parent: string, rel: Relationship): string {
  const a = ctx.alias();
  ctx.parents.set(a, { table: t, alias: parent, rel });
  return a;
}

function fieldExpr(ctx: CompileContext, t: Table, alias: string, f: Selected): string {
  if (f.name === '__typename') return `'${f.parentType}'`;
  const info = f.info;
  if (!info) throw new GqlError('unexpected', `cannot select "${f.name}"`);
  switch (info.kind) {
    case 'column': {
      if (!selectPerm(t, ctx.role)?.columns.has(info.column.name)) throw validationFailed(`field '${f.name}' not found in type: '${t.gqlName}'`, f.path);
      const c = `${alias}.${quoteIdent(info.column.name)}`;
      if (typeof f.args.path === 'string') {
        const parsed = parseJsonPath(f.args.path);
        if (!parsed.ok) throw validationFailed(`parse json path error: ${parsed.message}`, `${f.path}.args.path`);
        if (parsed.path.length) return `(${c} #> ${ctx.param(`{${parsed.path.map((k) => `"${k.replace(/["\\]/g, '\\$&')}"`).join(',')}}`)}::text[])`;
      }
      return info.column.stringify ? `(${c})::text` : c;
    }
    case 'objrel': {
      const a = childAlias(ctx, t, alias, info.rel);
      const where = `(${joinCondition(info.rel, alias, a)}) AND (${permFilter(ctx, info.table, a)})`;
      ctx.permittedRows.add(a);
      return `(SELECT ${rowJson(ctx, info.table, a, f.fields)} FROM ${info.table.sql} AS ${a} WHERE ${where} LIMIT 1)`;
    }
    case 'arrrel': {
      const a = childAlias(ctx, t, alias, info.rel);
      return `(${listQuery(ctx, info.table, info.table.sql, a, f.args, f.fields, [joinCondition(info.rel, alias, a)])})`;
    }
    case 'arrrel_agg': {
      const a = childAlias(ctx, t, alias, info.rel);
      return `(${aggregateQuery(ctx, info.table, info.table.sql, a, f.args, f.fields, [joinCondition(info.rel, alias, a)])})`;
    }
    case 'computed': {
      const fnArgs = (f.args.args ?? {}) as Record<string, unknown>;
      if (info.table) {
        const a = ctx.alias();
        return `(${listQuery(ctx, info.table, computedCall(ctx, t, info.cf, alias, fnArgs), a, f.args, f.fields, [])})`;
      }
      const call = computedCall(ctx, t, info.cf, alias, fnArgs);
      return info.cf.stringify ? `(${call})::text` : call;
    }
    default:
      throw new GqlError('unexpected', `cannot select "${f.name}" here`);
  }
}

interface OrderItem {
  expr: string;
  dir: string;
  /** Set when ordering by a plain column of the table (for distinct_on checks). */
  column?: string;
}

function orderItems(ctx: CompileContext, t: Table, alias: string, spec: unknown): OrderItem[] {
  const list = Array.isArray(spec) ? spec : spec == null ? [] : [spec];
  const out: OrderItem[] = [];
  const typeName = `${t.gqlName}_order_by`;
  const notFound = (k: string) => validationFailed(`field '${k}' not found in type: '${typeName}'`);
  for (const obj of list) {
    if (obj === null || typeof obj !== 'object' || Array.isArray(obj)) throw validationFailed(`expected an object for type "${typeName}"`);
    for (const [k, v] of Object.entries(obj as Record<string, unknown>)) {
      if (v === null || v === undefined) continue;
      if (t.columnsByGql.has(k)) {
        const col = readableColumn(ctx, t, k, typeName);
        out.push({ expr: `${alias}.${quoteIdent(col.name)}`, dir: orderDirection(v), column: col.name });
        continue;
      }
      const rel = t.relationships.get(k);
      if (rel?.kind === 'object') {
        const remote = ctx.model.tables.get(rel.remoteKey);
        if (!remote || !canRead(ctx, remote)) throw notFound(k);
        const a = ctx.alias('o');
        const where = `(${joinCondition(rel, alias, a)}) AND (${permFilter(ctx, remote, a)})`;
        for (const inner of orderItems(ctx, remote, a, v)) {
          out.push({ expr: `(SELECT ${inner.expr} FROM ${remote.sql} AS ${a} WHERE ${where} LIMIT 1)`, dir: inner.dir });
        }
        continue;
      }
      const aggRel = k.endsWith('_aggregate') ? t.relationships.get(k.slice(0, -'_aggregate'.length)) : undefined;
      if (aggRel?.kind === 'array') {
        const remote = ctx.model.tables.get(aggRel.remoteKey);
        if (!remote || !canAggregate(ctx, remote)) throw notFound(k);
        if (typeof v !== 'object' || Array.isArray(v)) throw validationFailed(`expected an object for type "${remote.gqlName}_aggregate_order_by"`);
        const a = ctx.alias('o');
        const where = `(${joinCondition(aggRel, alias, a)}) AND (${permFilter(ctx, remote, a)})`;
        for (const [op, x] of Object.entries(v as Record<string, unknown>)) {
          if (x == null) continue;
          if (op === 'count') {
            out.push({ expr: `(SELECT count(*) FROM ${remote.sql} AS ${a} WHERE ${where})`, dir: orderDirection(x) });
            continue;
          }
          // The function name comes from a fixed list, never from the client's text.
          const fn = aggregateFunction(op, `${remote.gqlName}_aggregate_order_by`);
          if (typeof x !== 'object' || Array.isArray(x)) throw validationFailed(`expected an object for type "${remote.gqlName}_${fn}_order_by"`);
          for (const [cn, d] of Object.entries(x as Record<string, unknown>)) {
            if (d == null) continue;
            const c = readableColumn(ctx, remote, cn, `${remote.gqlName}_${fn}_order_by`);
            out.push({ expr: `(SELECT ${fn}(${a}.${quoteIdent(c.name)}) FROM ${remote.sql} AS ${a} WHERE ${where})`, dir: orderDirection(d) });
          }
        }
        continue;
      }
      const cf = t.computed.get(k) ?? (k.endsWith('_aggregate') ? t.computed.get(k.slice(0, -'_aggregate'.length)) : undefined);
      if (cf && !cf.hasInputArgs) {
        out.push(...computedOrder(ctx, t, alias, cf, k, v, notFound));
        continue;
      }
      throw notFound(k);
    }
  }
  return out;
}

/** Ordering by a computed field: a scalar one by its value, a table-returning one by an aggregate of its rows. */
function computedOrder(ctx: CompileContext, t: Table, alias: string, cf: ComputedField, key: string, v: unknown, notFound: (k: string) => GqlError): OrderItem[] {
  const call = computedCall(ctx, t, cf, alias);
  if (key === cf.name) {
    if (!cf.scalar || !selectPerm(t, ctx.role)?.computed.has(cf.name)) throw notFound(key);
    return [{ expr: call, dir: orderDirection(v) }];
  }
  const remote = cf.returnsTableKey ? ctx.model.tables.get(cf.returnsTableKey) : undefined;
  if (!remote || !canAggregate(ctx, remote)) throw notFound(key);
  if (typeof v !== 'object' || Array.isArray(v) || v === null) throw validationFailed(`expected an object for type "${remote.gqlName}_aggregate_order_by"`);
  const out: OrderItem[] = [];
  for (const [op, x] of Object.entries(v as Record<string, unknown>)) {
    if (x == null) continue;
    const a = ctx.alias('o');
    const from = `${call} AS ${a} WHERE ${permFilter(ctx, remote, a)}`;
    if (op === 'count') {
      out.push({ expr: `(SELECT count(*) FROM ${from})`, dir: orderDirection(x) });
      continue;
    }
    const fn = aggregateFunction(op, `${remote.gqlName}_aggregate_order_by`);
    if (typeof x !== 'object' || Array.isArray(x)) throw validationFailed(`expected an object for type "${remote.gqlName}_${fn}_order_by"`);
    for (const [cn, d] of Object.entries(x as Record<string, unknown>)) {
      if (d == null) continue;
      const c = readableColumn(ctx, remote, cn, `${remote.gqlName}_${fn}_order_by`);
      out.push({ expr: `(SELECT ${fn}(${a}.${quoteIdent(c.name)}) FROM ${from})`, dir: orderDirection(d) });
    }
  }
  return out;
}

function nonNegative(v: unknown, name: string, path = '$'): number | null {
  const n = rowCount(v, name, path);
  if (n !== null && n < 0) throw new GqlError('not-supported', 'unexpected negative value', `${path}.args.${name}`);
  return n;
}

/** The FROM/WHERE/ORDER BY/LIMIT part shared by lists and aggregates. */
function selectBody(ctx: CompileContext, t: Table, from: string, alias: string, args: SelectArgs, extra: string[], path: string, permLimit = true): { distinct: string; rest: string } {
  const perm = selectPerm(t, ctx.role);
  if (!perm) throw validationFailed(`no select permission on "${t.gqlName}"`);
  const conds = [...extra, compileBoolExp(ctx, t, alias, perm.filter, 'permission')];
  if (args.where !== undefined && args.where !== null) conds.push(compileBoolExp(ctx, t, alias, args.where, 'where'));
  let order = orderItems(ctx, t, alias, args.order_by);
  let distinct = '';
  const distinctCols = (Array.isArray(args.distinct_on) ? args.distinct_on : args.distinct_on == null ? [] : [args.distinct_on]) as string[];
  if (distinctCols.length) {
    const cols = distinctCols.map((g) => readableColumn(ctx, t, g, `${t.gqlName}_select_column`).name);
    const lead = order.slice(0, cols.length);
    if (order.length && !(lead.length === cols.length && lead.every((o) => o.column && cols.includes(o.column)))) {
      throw validationFailed('"distinct_on" columns must match initial "order_by" columns', `${path}.args`);
    }
    if (!order.length) order = cols.map((c) => ({ expr: `${alias}.${quoteIdent(c)}`, dir: 'ASC NULLS LAST', column: c }));
    distinct = `DISTINCT ON (${cols.map((c) => `${alias}.${quoteIdent(c)}`).join(', ')}) `;
  }
  const userLimit = nonNegative(args.limit, 'limit', path);
  const offset = nonNegative(args.offset, 'offset', path);
  const roleLimit = permLimit ? perm.limit : null;
  const limit = userLimit === null ? roleLimit : roleLimit === null ? userLimit : Math.min(userLimit, roleLimit);
  // Rows of the table itself (not of a function) that passed the filter: children may lean on that.
  if (from === t.sql) ctx.permittedRows.add(alias);
  const where = conds.filter((c) => c !== 'true' && c !== '(true)');
  let rest = `FROM ${from} AS ${alias}${where.length ? ` WHERE ${where.map((c) => `(${c})`).join(' AND ')}` : ''}`;
  if (order.length) rest += ` ORDER BY ${order.map((o) => `${o.expr} ${o.dir}`).join(', ')}`;
  if (limit !== null) rest += ` LIMIT ${limit}`;
  if (offset !== null) rest += ` OFFSET ${offset}`;
  return { distinct, rest };
}

/** SQL yielding one JSON array of the selected rows. */
export function listQuery(ctx: CompileContext, t: Table, from: string, alias: string, args: SelectArgs, fields: Selected[], extra: string[], path = '$'): string {
  const { distinct, rest } = selectBody(ctx, t, from, alias, args, extra, path);
  // Rows are chosen (filtered, sorted, limited) first and turned into JSON after, so only the
  // returned rows are serialised; json_agg keeps the sub-select's order.
  return `SELECT coalesce(json_agg(${rowJson(ctx, t, alias, fields)}), '[]') FROM (SELECT ${distinct}${alias}.* ${rest}) AS ${alias}`;
}

/**
 * SQL yielding the `T_aggregate` JSON object ({aggregate, nodes}). As in Hasura, the role's row
 * `limit` bounds the nodes only: the aggregate is computed over every permitted row (the
 * request's own `limit` applies to both).
 */
export function aggregateQuery(ctx: CompileContext, t: Table, from: string, alias: string, args: SelectArgs, fields: Selected[], extra: string[], path = '$'): string {
  const roleLimited = selectPerm(t, ctx.role)?.limit != null && fields.some((f) => f.info?.kind === 'agg_aggregate');
  const { distinct, rest } = selectBody(ctx, t, from, alias, args, extra, path, !roleLimited);
  const pairs: [string, string][] = [];
  for (const f of fields) {
    if (f.name === '__typename') pairs.push([f.alias, `'${f.parentType}'`]);
    else if (f.info?.kind === 'agg_nodes') pairs.push([f.alias, roleLimited ? limitedNodes(ctx, t, from, alias, args, f, extra, path) : `coalesce(json_agg(${rowJson(ctx, t, alias, f.fields)}), '[]')`]);
    else if (f.info?.kind === 'agg_aggregate') pairs.push([f.alias, aggregateFields(ctx, t, alias, f.fields)]);
  }
  return `SELECT ${jsonObject(pairs)} FROM (SELECT ${distinct}${alias}.* ${rest}) AS ${alias}`;
}

/** The nodes of an aggregate under the role's row limit, selected on their own. */
function limitedNodes(ctx: CompileContext, t: Table, from: string, aggAlias: string, args: SelectArgs, f: Selected, extra: string[], path: string): string {
  const a = ctx.alias();
  // The same rows under a fresh alias: the join to the parent row is restated for it.
  const parent = ctx.parents.get(aggAlias);
  if (parent) ctx.parents.set(a, parent);
  const { distinct, rest } = selectBody(ctx, t, from, a, args, extra.map((e) => e.replaceAll(aggAlias, a)), path, true);
  return `(SELECT coalesce(json_agg(${rowJson(ctx, t, a, f.fields)}), '[]') FROM (SELECT ${distinct}${a}.* ${rest}) AS ${a})`;
}

function aggregateFields(ctx: CompileContext, t: Table, alias: string, fields: Selected[]): string {
  if (!canAggregate(ctx, t)) throw validationFailed(`field 'aggregate' not found in type: '${t.gqlName}_aggregate'`);
  const pairs: [string, string][] = [];
  for (const f of fields) {
    if (f.name === '__typename') {
      pairs.push([f.alias, `'${f.parentType}'`]);
    } else if (f.info?.kind === 'agg_count') {
      const requested = f.args.columns == null ? [] : Array.isArray(f.args.columns) ? f.args.columns : [f.args.columns];
      const cols = requested.map((g) => `${alias}.${quoteIdent(readableColumn(ctx, t, g, `${t.gqlName}_select_column`).name)}`);
      const distinct = f.args.distinct === true;
      if (!cols.length) pairs.push([f.alias, distinct ? `count(DISTINCT ${alias}.*)` : 'count(*)']);
      else if (cols.length === 1) pairs.push([f.alias, `count(${distinct ? 'DISTINCT ' : ''}${cols[0]})`]);
      else pairs.push([f.alias, `count(${distinct ? 'DISTINCT ' : ''}(${cols.join(', ')}))`]);
    } else if (f.info?.kind === 'agg_op') {
      const op = aggregateFunction(f.info.op, `${t.gqlName}_aggregate_fields`);
      const inner: [string, string][] = [];
      for (const c of f.fields) {
        if (c.name === '__typename') inner.push([c.alias, `'${c.parentType}'`]);
        else if (c.info?.kind === 'agg_col') {
          const col = readableColumn(ctx, t, c.info.column.gqlName, `${t.gqlName}_${op}_fields`);
          // As Hasura, the column's type decides: with stringified numerics every aggregate of a
          // bigint/numeric/float8/money column is a JSON string (sum, avg, stddev... alike).
          const agg = `${op}(${alias}.${quoteIdent(col.name)})`;
          inner.push([c.alias, col.stringify ? `(${agg})::text` : agg]);
        }
      }
      pairs.push([f.alias, jsonObject(inner)]);
    }
  }
  return jsonObject(pairs);
}

/** `T_by_pk`: the row as JSON, or null. */
export function byPkQuery(ctx: CompileContext, t: Table, alias: string, args: Record<string, unknown>, fields: Selected[]): string {
  const conds = (t.primaryKey ?? []).map((name) => {
    const c = t.columnsByName.get(name);
    if (!c) throw new GqlError('unexpected', 'primary key column missing');
    return `${alias}.${quoteIdent(name)} = ${ctx.typed(args[c.gqlName], c.sqlType)}`;
  });
  conds.push(permFilter(ctx, t, alias));
  ctx.permittedRows.add(alias);
  return `SELECT ${rowJson(ctx, t, alias, fields)} FROM ${t.sql} AS ${alias} WHERE ${conds.map((c) => `(${c})`).join(' AND ')} LIMIT 1`;
}
