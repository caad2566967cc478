// Two root fields with one name, checked when the metadata loads. The schema builder keys root
// fields by name, so a function named like a table's root field (or two tables' custom root
// fields alike) would silently replace one with the other. Hasura builds each role's root types
// from every source's fields and refuses the metadata when two share a name
// (schema-parsers Internal/Parser.hs safeSelectionSet, called by GraphQL/Schema.hs
// buildGQLContext for mutation_root, then subscription_root, then query_root; tests-py
// schema/duplication, v1/set_table_configuration). The admin role has every field any role has,
// so its root types decide.
import { MetadataError } from './metadata';
import { displayName, type Model, type Table, type TrackedFunction } from './model';

interface RootField {
  name: string;
  /** Hasura's MetadataObjId text: "table author in source default". */
  origin: string;
}

const tableOrigin = (t: Table) => `table ${displayName(t.schema, t.name)} in source default`;
const functionOrigin = (f: TrackedFunction) => `function ${displayName(f.schema, f.name)} in source default`;

/** The admin role's root fields, in Hasura's order (per table, then the functions). */
export function adminRootFields(model: Model): { mutation: RootField[]; subscription: RootField[]; query: RootField[] } {
  const query: RootField[] = [];
  const subscription: RootField[] = [];
  const mutation: RootField[] = [];
  for (const t of model.tables.values()) {
    const at = (name: string) => ({ name, origin: tableOrigin(t) });
    const pk = t.primaryKey !== null;
    const selects = [at(t.roots.select), ...(pk ? [at(t.roots.select_by_pk)] : []), at(t.roots.select_aggregate)];
    query.push(...selects);
    // Hasura also serves `<table>_stream` (unless HASURA_GRAPHQL_EXPERIMENTAL_FEATURES hides it):
    // the engine does not, but a name Hasura would refuse is refused here too.
    subscription.push(...selects, at(t.roots.select_stream));
    if (t.mutable.insert) mutation.push(at(t.roots.insert), at(t.roots.insert_one));
    if (t.mutable.update) mutation.push(at(t.roots.update), ...(pk ? [at(t.roots.update_by_pk)] : []), at(t.roots.update_many));
    if (t.mutable.delete) mutation.push(at(t.roots.delete), ...(pk ? [at(t.roots.delete_by_pk)] : []));
  }
  for (const f of model.functions) {
    const at = (name: string) => ({ name, origin: functionOrigin(f) });
    if (f.exposedAs === 'mutation') {
      // Hasura gives a mutation function no aggregate field (Postgres/Schema/Select.hs).
      mutation.push(at(f.gqlName));
    } else {
      const fields = [at(f.gqlName), ...(f.returnsSet ? [at(f.aggName)] : [])];
      query.push(...fields);
      subscription.push(...fields);
    }
  }
  return { mutation, subscription, query };
}

/** Hasura's text for the names of one root type given more than once, or null. */
export function conflictMessage(root: string, fields: RootField[]): string | null {
  // Hasura folds the list from its end into an insertion-ordered map: names in reverse order.
  const origins = new Map<string, string[]>();
  for (const f of [...fields].reverse()) origins.set(f.name, [...(origins.get(f.name) ?? []), f.origin]);
  const entries = [...origins].filter(([, o]) => o.length > 1).map(([name, o]) => `'${name}' defined in [${[...new Set(o)].sort().join(', ')}]`);
  if (!entries.length) return null;
  const what = entries.length === 1 ? `for field ${entries[0]}` : `for fields: [${entries.join(', ')}]`;
  return `Encountered conflicting definitions in the selection set for '${root}' ${what}. Fields must not be defined more than once across all sources.`;
}

export function checkRootFieldConflicts(model: Model): void {
  const roots = adminRootFields(model);
  for (const root of ['mutation', 'subscription', 'query'] as const) {
    const message = conflictMessage(`${root}_root`, roots[root]);
    if (message) throw new MetadataError(message);
  }
}
