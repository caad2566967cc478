// Admin-secret GraphQL for the operations event handlers (cleanings, tasks), with the engine's
// error code kept so a unique violation (a racing handler got there first) can be told apart.
import { admin, gql, GraphqlError } from '../../_registry/graphql';

export const asAdmin = <T>(query: string, variables: Record<string, unknown> = {}): Promise<T> => gql<T>(admin, query, variables);

/** True for the engine's answer to a unique-index violation (Hasura: constraint-violation). */
export function isUniqueViolation(error: unknown): boolean {
  return error instanceof GraphqlError && (error.code === 'constraint-violation' || /unique|duplicate key/i.test(error.message));
}
