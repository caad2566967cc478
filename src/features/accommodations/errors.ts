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
