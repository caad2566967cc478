// Compiles insert/update/delete root fields. A mutation is one statement: the data change in a
// CTE, the role's check evaluated per changed row (raising through hdb_catalog.check_violation),
// and the {affected_rows, returning} JSON built from the CTE. Nested inserts run one statement
// per level inside the caller's transaction and build the response at the end.
import type { Queryable } from '../../db';
import { INSERT_CHECK_FAILED, UPDATE_CHECK_FAILED, validationFailed } from '../errors';
import { insertPerm, quoteIdent, updatePerm, deletePerm, type Column, type Table } from '../model';
import type { Selected } from '../request/collect';
import { compileBoolExp } from './boolexp';
import { CompileContext, isSessionVar } from './context';
import { insertableColumn, updatableColumn } from './guard';
import { jsonObject, rowJson } from './select';

export type MutationPlan = (q: Queryable) => Promise<string>;

interface Env {
  newCtx(): CompileContext;
}

function presetValue(ctx: CompileContext, c: Column, v: unknown): string {
  if (isSessionVar(v)) return `${ctx.param(ctx.sessionVar(v))}::${c.sqlType}`;
  if (typeof v === 'string' && /^now\(\)$/i.test(v.trim())) return 'now()';
  return ctx.typed(v, c.sqlType);
}

/** The mutation response object ({affected_rows, returning}) over the rows of CTE `cte`. */
function responseJson(ctx: CompileContext, t: Table, cte: string, fields: Selected[], affected: string): string {
  const pairs: [string, string][] = [];
  for (const f of fields) {
    if (f.name === '__typename') pairs.push([f.alias, `'${f.parentType}'`]);
    else if (f.info?.kind === 'affected_rows') pairs.push([f.alias, affected]);
    else if (f.info?.kind === 'returning') {
      const a = ctx.alias();
      pairs.push([f.alias, `(SELECT coalesce(json_agg(${rowJson(ctx, t, a, f.fields)}), '[]') FROM ${cte} AS ${a})`]);
    }
  }
  return jsonObject(pairs);
}

function singleRowJson(ctx: CompileContext, t: Table, cte: string, fields: Selected[]): string {
  const a = ctx.alias();
  return `(SELECT ${rowJson(ctx, t, a, fields)} FROM ${cte} AS ${a} LIMIT 1)`;
}

async function runOne(q: Queryable, ctx: CompileContext, sql: string): Promise<string> {
  const r = await q.query<{ j: string | null }>(sql, ctx.params);
  return r.rows[0]?.j ?? 'null';
}

// ---------------- insert ----------------

interface OnConflict {
  constraint: string;
  update_columns: string[];
  where?: unknown;
}

/** Splits an insert object into columns the role may set and nested relationship inserts; anything else is refused. */
function gqlToColumns(ctx: CompileContext, t: Table, obj: Record<string, unknown>): { cols: Map<string, unknown>; nested: [string, unknown][] } {
  if (obj === null || typeof obj !== 'object' || Array.isArray(obj)) throw validationFailed(`expected an object for type "${t.gqlName}_insert_input"`);
  const cols = new Map<string, unknown>();
  const nested: [string, unknown][] = [];
  for (const [k, v] of Object.entries(obj)) {
    if (t.columnsByGql.has(k) || !t.relationships.has(k)) {
      cols.set(insertableColumn(ctx, t, k).name, v);
      continue;
    }
    // A relationship given as null is left out (Hasura: "articles: null" inserts no articles).
    if (v === null) continue;
    const rel = t.relationships.get(k)!;
    const remote = ctx.model.tables.get(rel.remoteKey);
    if (!remote || !insertPerm(remote, ctx.role, ctx.backendOnly)) throw validationFailed(`field '${k}' not found in type: '${t.gqlName}_insert_input'`);
    if (v === null || typeof v !== 'object' || Array.isArray(v)) throw validationFailed(`expected an object for type "${remote.gqlName}_${rel.kind === 'object' ? 'obj' : 'arr'}_rel_insert_input"`);
    nested.push([k, v]);
  }
  return { cols, nested };
}

function conflictClause(ctx: CompileContext, t: Table, oc: OnConflict | undefined, alias: string): string {
  if (!oc) return '';
  if (typeof oc !== 'object' || Array.isArray(oc)) throw validationFailed(`expected an object for type "${t.gqlName}_on_conflict"`);
  const cons = t.constraints.find((c) => c.name === oc.constraint);
  if (!cons) throw validationFailed(`constraint "${oc.constraint}" not found`);
  const requested = oc.update_columns == null ? [] : Array.isArray(oc.update_columns) ? oc.update_columns : [oc.update_columns];
  // A role that may update no column gets only `_PLACEHOLDER` in <table>_update_column, so that
  // `update_columns: []` (DO NOTHING) still parses; naming it is refused as Hasura does.
  if (requested.includes('_PLACEHOLDER')) throw validationFailed('erroneous column name');
  if (!requested.length) return ` ON CONFLICT ON CONSTRAINT ${quoteIdent(cons.name)} DO NOTHING`;
  const up = updatePerm(t, ctx.role, ctx.backendOnly);
  if (!up) throw validationFailed('erroneous column name');
  const cols = requested.map((g) => updatableColumn(ctx, t, g, '_set'));
  const sets = cols.map((c) => `${quoteIdent(c.name)} = EXCLUDED.${quoteIdent(c.name)}`);
  for (const [name, v] of Object.entries(up.set)) {
    const c = t.columnsByName.get(name);
    if (c) sets.push(`${quoteIdent(name)} = ${presetValue(ctx, c, v)}`);
  }
  const conds = [compileBoolExp(ctx, t, alias, up.filter, 'permission')];
  if (oc.where) conds.push(compileBoolExp(ctx, t, alias, oc.where, 'where'));
  return ` ON CONFLICT ON CONSTRAINT ${quoteIdent(cons.name)} DO UPDATE SET ${sets.join(', ')} WHERE ${conds.map((c) => `(${c})`).join(' AND ')}`;
}

/**
 * The INSERT as the CTEs of a WITH defining "_m" (the written rows), plus the per-row check.
 * A row an upsert inserted answers to the insert check; a row its conflict clause updated answers
 * to the update check when the role's update permission has one (else to the insert check), as in
 * Hasura. Postgres tells the two apart by xmax, which is 0 only for a freshly inserted row version.
 */
function insertStatement(ctx: CompileContext, t: Table, rows: Map<string, unknown>[], oc: OnConflict | undefined): { ctes: string; check: string } {
  const perm = insertPerm(t, ctx.role, ctx.backendOnly);
  if (!perm) throw validationFailed(`no insert permission on "${t.gqlName}"`);
  const alias = quoteIdent(`_${t.name}_ins`).slice(0, 60);
  const colNames: string[] = [];
  for (const r of rows) for (const k of r.keys()) if (!colNames.includes(k)) colNames.push(k);
  for (const k of Object.keys(perm.set)) if (!colNames.includes(k) && t.columnsByName.has(k)) colNames.push(k);
  const values = rows.map((r) => `(${colNames.map((n) => {
    const c = t.columnsByName.get(n) as Column;
    if (n in perm.set) return presetValue(ctx, c, perm.set[n]);
    return r.has(n) ? (r.get(n) === null ? `NULL::${c.sqlType}` : ctx.typed(r.get(n), c.sqlType)) : 'DEFAULT';
  }).join(', ')})`);
  const target = `${t.sql} AS ${alias}`;
  // Several empty objects: `(col) VALUES (DEFAULT), (DEFAULT)` inserts all-default rows.
  const anyCol = t.columns.find((c) => !c.generated);
  const body = colNames.length
    ? `(${colNames.map(quoteIdent).join(', ')}) VALUES ${values.join(', ')}`
    : rows.length === 1 || !anyCol ? 'DEFAULT VALUES' : `(${quoteIdent(anyCol.name)}) VALUES ${rows.map(() => '(DEFAULT)').join(', ')}`;
  const up = oc?.update_columns?.length ? updatePerm(t, ctx.role, ctx.backendOnly) : null;
  const insert = `INSERT INTO ${target} ${body}${conflictClause(ctx, t, oc, alias)}`;
  const ia = '"_chk"';
  const insCheck = compileBoolExp(ctx, t, ia, perm.check, 'permission');
  const updCheck = up?.check ? compileBoolExp(ctx, t, ia, up.check, 'permission') : 'true';
  const fail = (msg: string) => `hdb_catalog.check_violation('${msg}')`;
  if (!up?.check || (insCheck === 'true' && updCheck === 'true')) {
    const check = insCheck === 'true' ? '' : `(SELECT count(*) FROM "_m" AS ${ia} WHERE CASE WHEN (${insCheck}) THEN false ELSE ${fail(INSERT_CHECK_FAILED)} END)`;
    return { ctes: `"_m" AS (${insert} RETURNING *)`, check };
  }
  // The whole row and whether it was inserted; "_m" unpacks the row so it has the table's columns.
  const ctes = `"_mi" AS (${insert} RETURNING ${alias} AS "_row", (${alias}.xmax = 0) AS "_inserted"), "_m" AS (SELECT ("_row").* FROM "_mi")`;
  const check = `(SELECT count(*) FROM "_mi" AS "_x", LATERAL (SELECT ("_x"."_row").*) AS ${ia} WHERE CASE WHEN "_x"."_inserted" `
    + `THEN CASE WHEN (${insCheck}) THEN false ELSE ${fail(INSERT_CHECK_FAILED)} END `
    + `ELSE CASE WHEN (${updCheck}) THEN false ELSE ${fail(UPDATE_CHECK_FAILED)} END END)`;
  return { ctes, check };
}

function hasNested(t: Table, objs: Record<string, unknown>[]): boolean {
  return objs.some((o) => Object.keys(o).some((k) => t.relationships.has(k) && !t.columnsByGql.has(k)));
}

export function compileInsert(env: Env, t: Table, field: Selected, one: boolean): MutationPlan {
  const objs = (one ? [field.args.object] : (field.args.objects as unknown[])) as Record<string, unknown>[];
  const oc = field.args.on_conflict as OnConflict | undefined;
  if (!objs.length) return async () => JSON.stringify(emptyResponse(field.fields));
  if (hasNested(t, objs)) return nestedInsert(env, t, objs, oc, field, one);
  return async (q) => {
    const ctx = env.newCtx();
    const rows = objs.map((o) => gqlToColumns(ctx, t, o).cols);
    const { ctes, check } = insertStatement(ctx, t, rows, oc);
    const json = one ? singleRowJson(ctx, t, '"_m"', field.fields) : responseJson(ctx, t, '"_m"', field.fields, '(SELECT count(*) FROM "_m")');
    const sql = `WITH ${ctes} SELECT ${check ? `${check} AS "_c", ` : ''}(${json})::text AS j`;
    return runOne(q, ctx, sql);
  };
}

function nestedInsert(env: Env, t: Table, objs: Record<string, unknown>[], oc: OnConflict | undefined, field: Selected, one: boolean): MutationPlan {
  return async (q) => {
    const counter = { n: 0 };
    const rows: Record<string, unknown>[] = [];
    for (const o of objs) {
      const r = await insertOne(env, q, t, o, oc, counter);
      if (r) rows.push(r);
    }
    const ctx = env.newCtx();
    // The rows as a CTE: its parameter stays in the statement even when the selection reads no row
    // (only affected_rows), so Postgres never sees a parameter the statement does not use.
    const rowsCte = `"_n" AS (SELECT * FROM jsonb_populate_recordset(NULL::${t.sql}, ${ctx.param(JSON.stringify(rows))}::jsonb))`;
    const json = one ? singleRowJson(ctx, t, '"_n"', field.fields) : responseJson(ctx, t, '"_n"', field.fields, String(counter.n));
    return runOne(q, ctx, `WITH ${rowsCte} SELECT (${json})::text AS j`);
  };
}

/** Inserts one object with its nested relationships; returns the inserted row (or null when skipped by on_conflict). */
async function insertOne(
  env: Env, q: Queryable, t: Table, obj: Record<string, unknown>, oc: OnConflict | undefined, counter: { n: number },
  /** Columns the engine sets from the parent row (a relationship's foreign key), not the client. */
  fromParent: Map<string, unknown> = new Map(),
): Promise<Record<string, unknown> | null> {
  const { cols, nested } = gqlToColumns(env.newCtx(), t, obj);
  // The parent's insert decides these columns: the client may not set them too (Hasura refuses).
  const given = [...fromParent.keys()].filter((k) => cols.has(k));
  if (given.length) throw validationFailed(`cannot insert ${given.map((c) => `"${c}"`).join(', ')} columns as their values are already being determined by parent insert`);
  for (const [k, v] of fromParent) cols.set(k, v);
  const after: [string, unknown][] = [];
  for (const [relName, v] of nested) {
    const rel = t.relationships.get(relName)!;
    const remote = env.newCtx().model.tables.get(rel.remoteKey) as Table;
    const spec = v as { data: unknown; on_conflict?: OnConflict };
    if (rel.kind === 'object' && rel.insertBeforeParent) {
      const set = rel.mapping.map(([l]) => l).filter((l) => cols.has(l));
      if (set.length) throw validationFailed(`cannot insert object relationship "${relName}" as ${set.map((c) => `"${c}"`).join(', ')} column values are already determined`);
      const row = await insertOne(env, q, remote, spec.data as Record<string, unknown>, spec.on_conflict, counter);
      if (row) for (const [l, r] of rel.mapping) cols.set(l, row[r]);
    } else after.push([relName, v]);
  }
  const ctx = env.newCtx();
  const { ctes, check } = insertStatement(ctx, t, [cols], oc);
  const r = await q.query<{ j: string | null }>(`WITH ${ctes} SELECT ${check ? `${check} AS "_c", ` : ''}(SELECT to_jsonb("_r") FROM "_m" AS "_r" LIMIT 1)::text AS j`, ctx.params);
  const text = r.rows[0]?.j;
  if (!text) return null;
  counter.n++;
  const row = JSON.parse(text) as Record<string, unknown>;
  for (const [relName, v] of after) {
    const rel = t.relationships.get(relName)!;
    const remote = ctx.model.tables.get(rel.remoteKey) as Table;
    const spec = v as { data: unknown; on_conflict?: OnConflict };
    const children = (Array.isArray(spec.data) ? spec.data : [spec.data]) as Record<string, unknown>[];
    const fk = new Map(rel.mapping.map(([l, rc]) => [rc, row[l]] as [string, unknown]));
    for (const child of children) await insertOne(env, q, remote, child, spec.on_conflict, counter, fk);
  }
  return row;
}

// ---------------- update ----------------

const JSON_OPS: Record<string, (col: string, v: string) => string> = {
  _append: (c, v) => `${c} || ${v}`,
  _prepend: (c, v) => `${v} || ${c}`,
  _delete_key: (c, v) => `${c} - ${v}`,
  _delete_elem: (c, v) => `${c} - ${v}`,
  _delete_at_path: (c, v) => `${c} #- ${v}`,
};
const OP_TYPES: Record<string, (c: Column) => string> = {
  _set: (c) => c.sqlType, _inc: (c) => c.sqlType, _append: () => 'jsonb', _prepend: () => 'jsonb',
  _delete_key: () => 'text', _delete_elem: () => 'integer', _delete_at_path: () => 'text[]',
};

/** Hasura refuses a column named by two operators, naming every such column (Schema/Update.hs mergeDisjoint). */
function refuseRepeatedColumns(ctx: CompileContext, t: Table, ops: Record<string, unknown>, path: string): void {
  const uses = new Map<string, number>();
  for (const op of Object.keys(OP_TYPES)) {
    const v = ops[op];
    if (!v || typeof v !== 'object' || Array.isArray(v)) continue;
    for (const g of Object.keys(v)) {
      const c = updatableColumn(ctx, t, g, op);
      uses.set(c.name, (uses.get(c.name) ?? 0) + 1);
    }
  }
  const repeated = t.columns.filter((c) => (uses.get(c.name) ?? 0) > 1).map((c) => `'${c.name}'`);
  if (repeated.length) throw validationFailed(`Column found in multiple operators: [${repeated.join(', ')}].`, path);
}

function setList(ctx: CompileContext, t: Table, ops: Record<string, unknown>, path: string): string[] {
  const perm = updatePerm(t, ctx.role, ctx.backendOnly);
  if (!perm) throw validationFailed(`no update permission on "${t.gqlName}"`);
  refuseRepeatedColumns(ctx, t, ops, path);
  const sets = new Map<string, string>();
  for (const op of Object.keys(OP_TYPES)) {
    const v = ops[op] as Record<string, unknown> | undefined | null;
    if (!v) continue;
    if (typeof v !== 'object' || Array.isArray(v)) throw validationFailed(`expected an object for type "${t.gqlName}${op}_input"`);
    for (const [g, x] of Object.entries(v)) {
      const c = updatableColumn(ctx, t, g, op);
      const col = quoteIdent(c.name);
      const val = x === null ? `NULL::${OP_TYPES[op](c)}` : ctx.typed(x, OP_TYPES[op](c));
      if (op === '_set') sets.set(c.name, `${col} = ${val}`);
      else if (op === '_inc') sets.set(c.name, `${col} = ${col} + ${val}`);
      else sets.set(c.name, `${col} = ${JSON_OPS[op](col, val)}`);
    }
  }
  // No operator and no preset: nothing to update (Hasura answers affected_rows 0).
  if (!sets.size && !Object.keys(perm.set).length) return [];
  for (const [name, v] of Object.entries(perm.set)) {
    const c = t.columnsByName.get(name);
    if (c) sets.set(name, `${quoteIdent(name)} = ${presetValue(ctx, c, v)}`);
  }
  return [...sets.values()];
}

function updateStatement(ctx: CompileContext, t: Table, ops: Record<string, unknown>, where: string[], path: string): { cte: string; check: string } | null {
  const perm = updatePerm(t, ctx.role, ctx.backendOnly)!;
  const alias = '"_u"';
  const sets = setList(ctx, t, ops, path);
  if (!sets.length) return null;
  const conds = [compileBoolExp(ctx, t, alias, perm.filter, 'permission'), ...where.map((w) => w.replaceAll('"__T__"', alias))];
  const cte = `UPDATE ${t.sql} AS ${alias} SET ${sets.join(', ')} WHERE ${conds.map((c) => `(${c})`).join(' AND ')} RETURNING ${alias}.*`;
  const ca = '"_chk"';
  const cond = perm.check ? compileBoolExp(ctx, t, ca, perm.check, 'permission') : 'true';
  const check = cond === 'true' ? '' : `(SELECT count(*) FROM "_m" AS ${ca} WHERE CASE WHEN (${cond}) THEN false ELSE hdb_catalog.check_violation('${UPDATE_CHECK_FAILED}') END)`;
  return { cte, check };
}

function pkWhere(ctx: CompileContext, t: Table, pk: Record<string, unknown>): string {
  return (t.primaryKey ?? []).map((n) => {
    const c = t.columnsByName.get(n) as Column;
    return `"__T__".${quoteIdent(n)} = ${ctx.typed(pk[c.gqlName], c.sqlType)}`;
  }).join(' AND ');
}

export function compileUpdate(env: Env, t: Table, field: Selected, kind: 'update' | 'update_by_pk' | 'update_many'): MutationPlan {
  const one = async (q: Queryable, ops: Record<string, unknown>, byPk: boolean, fields: Selected[], path: string): Promise<string> => {
    const ctx = env.newCtx();
    const where = byPk ? pkWhere(ctx, t, ops.pk_columns as Record<string, unknown>) : compileBoolExp(ctx, t, '"__T__"', ops.where, 'where');
    const st = updateStatement(ctx, t, ops, [where], path);
    if (!st) return byPk ? 'null' : JSON.stringify(emptyResponse(fields));
    const json = byPk ? singleRowJson(ctx, t, '"_m"', fields) : responseJson(ctx, t, '"_m"', fields, '(SELECT count(*) FROM "_m")');
    return runOne(q, ctx, `WITH "_m" AS (${st.cte}) SELECT ${st.check ? `${st.check} AS "_c", ` : ''}(${json})::text AS j`);
  };
  if (kind === 'update_many') {
    return async (q) => {
      const out: string[] = [];
      for (const [i, u] of (field.args.updates as Record<string, unknown>[]).entries()) out.push(await one(q, u, false, field.fields, `${field.path}.args.updates[${i}]`));
      return `[${out.join(',')}]`;
    };
  }
  return (q) => one(q, field.args, kind === 'update_by_pk', field.fields, `${field.path}.args`);
}

function emptyResponse(fields: Selected[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    if (f.name === '__typename') out[f.alias] = f.parentType;
    else if (f.info?.kind === 'affected_rows') out[f.alias] = 0;
    else if (f.info?.kind === 'returning') out[f.alias] = [];
  }
  return out;
}

// ---------------- delete ----------------

export function compileDelete(env: Env, t: Table, field: Selected, byPk: boolean): MutationPlan {
  return async (q) => {
    const ctx = env.newCtx();
    const perm = deletePerm(t, ctx.role, ctx.backendOnly);
    if (!perm) throw validationFailed(`no delete permission on "${t.gqlName}"`);
    const alias = '"_d"';
    const where = byPk ? pkWhere(ctx, t, field.args).replaceAll('"__T__"', alias) : compileBoolExp(ctx, t, alias, field.args.where, 'where');
    const conds = [compileBoolExp(ctx, t, alias, perm.filter, 'permission'), where];
    const cte = `DELETE FROM ${t.sql} AS ${alias} WHERE ${conds.map((c) => `(${c})`).join(' AND ')} RETURNING ${alias}.*`;
    const json = byPk ? singleRowJson(ctx, t, '"_m"', field.fields) : responseJson(ctx, t, '"_m"', field.fields, '(SELECT count(*) FROM "_m")');
    return runOne(q, ctx, `WITH "_m" AS (${cte}) SELECT (${json})::text AS j`);
  };
}
