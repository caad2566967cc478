// The GraphQL type names the admin schema can have, predicted from the builder's naming
// (schema/build.ts, scalars.ts) with what defines each: a superset, every type the admin schema
// can have for a table, function or scalar. Two owners of one name are a collision that
// schema/typeConflicts.ts then confirms (or not) on the schema itself, as Hasura does; building
// the admin schema for every start would cost ~0.5 s of CPU. execute.test.ts and loadChecks.test.ts
// check that the prediction covers every type a built schema has.
import { argScalarName, displayName, type Model, type Table } from './model';
import { AGG_OPS } from './schema/info';

/** The types named after a table: `<table><suffix>`. */
export const TABLE_TYPE_SUFFIXES = [
  '', '_bool_exp', '_aggregate_bool_exp', '_aggregate_bool_exp_count', '_order_by', '_aggregate_order_by', '_select_column',
  '_aggregate', '_aggregate_fields', '_mutation_response', '_insert_input', '_obj_rel_insert_input', '_arr_rel_insert_input',
  '_on_conflict', '_constraint', '_update_column', '_pk_columns_input', '_updates',
  ...AGG_OPS.flatMap((op) => [`_${op}_order_by`, `_${op}_fields`]),
  ...['append', 'delete_at_path', 'delete_elem', 'delete_key', 'inc', 'prepend', 'set'].map((op) => `_${op}_input`),
];
const ENUM_TABLE_SUFFIXES = ['_enum', '_enum_comparison_exp'];
/** Types of every schema, and the built-in scalars. */
export const SCHEMA_TYPES = ['query_root', 'mutation_root', 'subscription_root', 'order_by', 'Int', 'Float', 'String', 'Boolean', 'ID'];
const BUILT_IN_SCALARS = new Set(['Int', 'Float', 'String', 'Boolean', 'ID']);

const tableOrigin = (t: Table) => `table ${displayName(t.schema, t.name)} in source default`;

/** Every type name the admin schema may have, with what defines it. */
export function predictedTypeNames(model: Model): Map<string, string[]> {
  const owners = new Map<string, string[]>();
  const define = (name: string, owner: string) => {
    const list = owners.get(name) ?? [];
    if (!list.includes(owner)) list.push(owner);
    owners.set(name, list);
  };
  // A scalar and its comparison type (the enum of an enum table is that table's).
  const scalar = (s: string, enumRef: string | null = null) => {
    if (enumRef) return;
    const owner = BUILT_IN_SCALARS.has(s) ? 'the GraphQL schema itself' : `the scalar ${s}`;
    define(s, owner);
    define(`${s}_comparison_exp`, owner);
    if (s === 'jsonb') define('jsonb_cast_exp', owner);
    if (s === 'ltree') for (const q of ['lquery', 'ltxtquery']) define(q, `the scalar ${q}`);
  };
  for (const n of SCHEMA_TYPES) define(n, 'the GraphQL schema itself');
  define('Int_comparison_exp', 'the GraphQL schema itself'); // aggregate filters' predicate
  define('String_comparison_exp', 'the GraphQL schema itself'); // jsonb _cast
  for (const t of model.tables.values()) {
    const owner = tableOrigin(t);
    for (const suffix of TABLE_TYPE_SUFFIXES) define(`${t.gqlName}${suffix}`, owner);
    if (t.enumValues) for (const suffix of ENUM_TABLE_SUFFIXES) define(`${t.gqlName}${suffix}`, owner);
    for (const c of t.columns) scalar(c.scalar, c.enumRef);
    for (const cf of t.computed.values()) {
      define(`${cf.name}_${t.gqlName}_args`, owner);
      if (cf.scalar) scalar(cf.scalar);
      // Its arguments but the row and the session (build.ts computedArgs).
      cf.fn.argNames.forEach((name, i) => {
        if (name !== cf.sessionArg && !(name === cf.tableArg || (!cf.tableArg && i === 0))) scalar(argScalarName(cf.fn, i));
      });
    }
  }
  for (const f of model.functions) {
    define(f.argsName, `function ${displayName(f.schema, f.name)} in source default`);
    for (const a of f.args) scalar(a.scalar);
  }
  return owners;
}
