// Generates attack requests from the project's own model: for every role and tracked table, every
// column the role may not read (in where, order_by, aggregates, relationship aggregates) and every
// column it may not write (inserts, updates, upserts), each sent inline, as a correctly typed
// variable and as a variable declared with another type. Each one must be refused.
import type { Column, Model, Table } from '../../backend/graphql/model';
import { deletePerm, insertPerm, selectPerm, updatePerm } from '../../backend/graphql/model';

export interface AttackCase {
  role: string;
  label: string;
  query: string;
  variables?: Record<string, unknown>;
}

type Form = 'inline' | 'typed' | 'mistyped';
const FORMS: Form[] = ['inline', 'typed', 'mistyped'];

/**
 * The type a mistyped variable is declared with: a Postgres scalar that every role's schema has and
 * that matches no argument here (the engine once passed such variables through unchecked).
 */
export const WRONG_TYPE = 'uuid';

/** Every role named in the metadata's permissions. */
export function rolesOf(model: Model): string[] {
  const roles = new Set<string>();
  for (const t of model.tables.values()) for (const m of [t.select, t.insert, t.update, t.delete]) for (const r of m.keys()) roles.add(r);
  return [...roles].sort();
}

/** A JSON value a column would accept, so a refusal is never just a bad value. */
function sampleJson(c: Column): unknown {
  if (c.enumRef) return e('x');
  if (c.isArray) return [];
  if (c.jsonb || c.sqlType === 'json') return {};
  switch (c.scalar) {
    case 'Int': case 'smallint': case 'bigint': case 'numeric': case 'float8': case 'Float': return 1;
    case 'Boolean': return true;
    case 'uuid': return '00000000-0000-4000-a000-00000000ffff';
    case 'date': return '2026-01-01';
    case 'timestamptz': case 'timestamp': return '2026-01-01T00:00:00Z';
    default: return 'x';
  }
}

/** An enum value: bare in a GraphQL literal, a string in JSON variables. */
class EnumValue {
  constructor(readonly name: string) {}
  toJSON(): string {
    return this.name;
  }
}
const e = (name: string) => new EnumValue(name);

function literal(v: unknown): string {
  if (v instanceof EnumValue) return v.name;
  if (Array.isArray(v)) return `[${v.map(literal).join(', ')}]`;
  if (v !== null && typeof v === 'object') return `{${Object.entries(v).map(([k, x]) => `${k}: ${literal(x)}`).join(', ')}}`;
  return JSON.stringify(v);
}

/** One argument three ways: written inline, as a variable of its real type, as a variable of another type. */
function forms(role: string, label: string, op: 'query' | 'mutation', argType: string, value: unknown, body: (arg: string) => string): AttackCase[] {
  return FORMS.map((form) => {
    if (form === 'inline') return { role, label: `${label} inline`, query: `${op} { ${body(literal(value))} }` };
    const type = form === 'typed' ? argType : WRONG_TYPE;
    return { role, label: `${label} ${form}`, query: `${op}($v: ${type}) { ${body('$v')} }`, variables: { v: JSON.parse(JSON.stringify(value)) as unknown } };
  });
}

function readAttacks(model: Model, role: string, t: Table): AttackCase[] {
  const perm = selectPerm(t, role);
  const out: AttackCase[] = [];
  if (!perm) return out;
  const root = t.roots.select;
  const hidden = t.columns.filter((c) => !perm.columns.has(c.name));
  for (const c of hidden) {
    const l = `${t.gqlName}.${c.gqlName}`;
    out.push(...forms(role, `where ${l}`, 'query', `${t.gqlName}_bool_exp`, { [c.gqlName]: { _is_null: false } }, (a) => `${root}(where: ${a}) { __typename }`));
    out.push(...forms(role, `order_by ${l}`, 'query', `[${t.gqlName}_order_by!]`, [{ [c.gqlName]: e('asc') }], (a) => `${root}(order_by: ${a}) { __typename }`));
    out.push(...forms(role, `distinct_on ${l}`, 'query', `[${t.gqlName}_select_column!]`, [e(c.gqlName)], (a) => `${root}(distinct_on: ${a}) { __typename }`));
    if (perm.allowAggregations) {
      out.push(...forms(role, `aggregate count ${l}`, 'query', `[${t.gqlName}_select_column!]`, [e(c.gqlName)], (a) => `${t.roots.select_aggregate} { aggregate { count(columns: ${a}) } }`));
      out.push({ role, label: `aggregate max ${l}`, query: `query { ${t.roots.select_aggregate} { aggregate { max { ${c.gqlName} } } } }` });
    }
  }
  for (const rel of t.relationships.values()) {
    const remote = model.tables.get(rel.remoteKey);
    if (!remote) continue;
    const rperm = selectPerm(remote, role);
    const l = `${t.gqlName}.${rel.name}`;
    if (!rperm) {
      out.push(...forms(role, `where through unreadable ${l}`, 'query', `${t.gqlName}_bool_exp`, { [rel.name]: {} }, (a) => `${root}(where: ${a}) { __typename }`));
      continue;
    }
    if (rel.kind !== 'array') continue;
    if (!rperm.allowAggregations) {
      out.push(...forms(role, `where ${l}_aggregate (no aggregations)`, 'query', `${t.gqlName}_bool_exp`, { [`${rel.name}_aggregate`]: { count: { predicate: { _gt: 0 } } } }, (a) => `${root}(where: ${a}) { __typename }`));
      continue;
    }
    for (const c of remote.columns.filter((x) => !rperm.columns.has(x.name))) {
      const lc = `${l}_aggregate.${c.gqlName}`;
      out.push(...forms(role, `order_by ${lc}`, 'query', `[${t.gqlName}_order_by!]`, [{ [`${rel.name}_aggregate`]: { max: { [c.gqlName]: e('asc') } } }], (a) => `${root}(order_by: ${a}) { __typename }`));
      out.push(...forms(role, `where ${lc}`, 'query', `${t.gqlName}_bool_exp`, { [`${rel.name}_aggregate`]: { count: { arguments: [e(c.gqlName)], predicate: { _gt: 0 } } } }, (a) => `${root}(where: ${a}) { __typename }`));
    }
  }
  return out;
}

function writeAttacks(role: string, t: Table): AttackCase[] {
  const out: AttackCase[] = [];
  const canSelect = !!selectPerm(t, role);
  const ins = t.mutable.insert ? insertPerm(t, role, false) : null;
  const upd = t.mutable.update ? updatePerm(t, role, false) : null;
  if (ins) {
    for (const c of t.columns.filter((x) => !ins.columns.has(x.name) || x.name in ins.set || x.generated)) {
      out.push(...forms(role, `insert ${t.gqlName}.${c.gqlName}`, 'mutation', `[${t.gqlName}_insert_input!]!`, [{ [c.gqlName]: sampleJson(c) }], (a) => `${t.roots.insert}(objects: ${a}) { affected_rows }`));
    }
  }
  if (upd && canSelect) {
    for (const c of t.columns.filter((x) => !upd.columns.has(x.name) || x.name in upd.set || x.generated)) {
      out.push(...forms(role, `update ${t.gqlName}.${c.gqlName}`, 'mutation', `${t.gqlName}_set_input`, { [c.gqlName]: sampleJson(c) }, (a) => `${t.roots.update}(where: {}, _set: ${a}) { affected_rows }`));
    }
    if (ins && t.constraints.length) {
      const constraint = t.constraints[0].name;
      for (const c of t.columns.filter((x) => !upd.columns.has(x.name) || x.name in upd.set || x.generated)) {
        out.push(...forms(role, `upsert ${t.gqlName}.${c.gqlName}`, 'mutation', `${t.gqlName}_on_conflict`, { constraint: e(constraint), update_columns: [e(c.gqlName)] }, (a) => `${t.roots.insert}(objects: [{}], on_conflict: ${a}) { affected_rows }`));
      }
    }
  }
  // A role without delete permission has no delete root; a where through a hidden column on delete is a read attack.
  if (deletePerm(t, role, false) && canSelect) {
    const perm = selectPerm(t, role)!;
    for (const c of t.columns.filter((x) => !perm.columns.has(x.name))) {
      out.push(...forms(role, `delete where ${t.gqlName}.${c.gqlName}`, 'mutation', `${t.gqlName}_bool_exp!`, { [c.gqlName]: { _is_null: false } }, (a) => `${t.roots.delete}(where: ${a}) { affected_rows }`));
    }
  }
  return out;
}

export function attackCases(model: Model, roles: string[]): AttackCase[] {
  const out: AttackCase[] = [];
  for (const role of roles) {
    for (const t of model.tables.values()) out.push(...readAttacks(model, role, t), ...writeAttacks(role, t));
  }
  return out;
}
