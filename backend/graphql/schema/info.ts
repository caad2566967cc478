// What each output field of a role schema stands for; attached to the graphql-js field as
// `extensions.hasura` so the request walker and the compiler never guess from names.
import type { GraphQLField } from 'graphql';
import type { Column, ComputedField, Relationship, RootKind, Table, TrackedFunction } from '../model';

export type FieldInfo =
  | { kind: 'column'; column: Column }
  | { kind: 'objrel'; rel: Relationship; table: Table }
  | { kind: 'arrrel'; rel: Relationship; table: Table }
  | { kind: 'arrrel_agg'; rel: Relationship; table: Table }
  | { kind: 'computed'; cf: ComputedField; table: Table | null }
  | { kind: 'root'; root: RootKind; table: Table }
  | { kind: 'function'; fn: TrackedFunction; table: Table; aggregate: boolean }
  | { kind: 'agg_aggregate' }
  | { kind: 'agg_nodes' }
  | { kind: 'agg_count' }
  | { kind: 'agg_op'; op: string }
  | { kind: 'agg_col'; column: Column }
  | { kind: 'affected_rows' }
  | { kind: 'returning' };

export const AGG_OPS = ['avg', 'max', 'min', 'stddev', 'stddev_pop', 'stddev_samp', 'sum', 'var_pop', 'var_samp', 'variance'] as const;

export function fieldInfo(f: GraphQLField<unknown, unknown>): FieldInfo | undefined {
  return (f.extensions as { hasura?: FieldInfo } | undefined)?.hasura;
}

/**
 * Marks an input field or argument that takes a column's value (insert objects, `_set`, `_inc`,
 * comparison operators, primary keys, function arguments). Hasura reads those with the column's
 * Postgres parser, which also takes a string for Int, Float and Boolean (Postgres parses it).
 */
export const COLUMN_VALUE = { hasura: { columnValue: true } } as const;

export function isColumnValue(extensions: unknown): boolean {
  return (extensions as { hasura?: { columnValue?: boolean } } | null | undefined)?.hasura?.columnValue === true;
}
