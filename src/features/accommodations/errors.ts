// Reads what went wrong in a GraphQL call: a section 8 uniqueness violation for a form field, or a
// message for the failure toast.
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { uniquenessViolation, type UniquenessViolation } from '@/domain/uniqueness';

export function violationOf(error: unknown): UniquenessViolation | null {
  return CombinedGraphQLErrors.is(error) ? uniquenessViolation(error.errors) : null;
}

export function messageOf(error: unknown): string {
  if (CombinedGraphQLErrors.is(error)) return error.errors.map((e) => e.message).join('; ');
  return error instanceof Error ? error.message : String(error);
}

/** A delete refused because other rows still point at the record (Postgres foreign key). */
export function isForeignKeyViolation(error: unknown): boolean {
  return CombinedGraphQLErrors.is(error) && error.errors.some((e) => e.extensions?.code === 'constraint-violation' && /foreign key/i.test(e.message));
}
