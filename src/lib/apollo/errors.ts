// Data-service failures in the words of SPEC 8, each with a stable code the UI translates
// (error namespace, `data.<code>`); the English message is kept for logs and developers.
import { CombinedGraphQLErrors, ServerError, ServerParseError } from '@apollo/client/errors';
import { uniquenessViolation, type UniquenessViolation } from '@/domain/uniqueness';

export const NO_BACKEND_URL_MESSAGE = "Can't initialize the Apollo Client: no backend Url has been provided";
export const INVALID_RESPONSE_MESSAGE = 'incorrect response data from GraphQL server';

export type DataErrorCode = 'http-status' | 'parse-error' | 'missing-response' | 'invalid-response' | 'graphql' | 'network' | 'unknown';

export interface DataError {
  code: DataErrorCode;
  message: string;
  /** HTTP status (0 for a network failure) when there was one. */
  status?: number;
  /** Hasura's `extensions.code` for GraphQL errors (e.g. permission-error). */
  graphqlCode?: string;
}

/** Thrown by the checked fetch when the server answers with JSON that is not a GraphQL result object. */
export class InvalidResponseError extends Error {
  readonly code = 'invalid-response';
  constructor() {
    super(INVALID_RESPONSE_MESSAGE);
    this.name = 'InvalidResponseError';
  }
}

/**
 * Wraps fetch so that a 2xx body holding valid JSON which is not an object (`"OK"`, `null`, `3`)
 * fails as invalid-response instead of slipping into Apollo's cache code.
 */
export function createCheckedFetch(fetchImpl: typeof fetch = (...args) => fetch(...args)): typeof fetch {
  return async (input, init) => {
    const response = await fetchImpl(input, init);
    if (response.status >= 300) return response;
    const text = await response.text();
    if (isJsonButNotObject(text)) throw new InvalidResponseError();
    return new Response(text, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

function isJsonButNotObject(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value !== 'object' || value === null;
  } catch {
    return false; // not JSON at all: Apollo reports it as a parse error
  }
}

export function describeDataError(error: unknown, operationName?: string): DataError {
  if (error instanceof InvalidResponseError) return { code: 'invalid-response', message: INVALID_RESPONSE_MESSAGE };
  if (ServerParseError.is(error)) return { code: 'parse-error', message: error.message, status: error.statusCode };
  if (ServerError.is(error)) {
    if (error.statusCode >= 300) {
      return { code: 'http-status', message: `Response not successful: Received status code ${error.statusCode}`, status: error.statusCode };
    }
    return { code: 'missing-response', message: `Server response was missing for query '${operationName ?? ''}'.`, status: error.statusCode };
  }
  if (CombinedGraphQLErrors.is(error)) {
    const first = error.errors[0];
    const code = first?.extensions?.code;
    return { code: 'graphql', message: first?.message ?? error.message, graphqlCode: typeof code === 'string' ? code : undefined };
  }
  if (error instanceof TypeError) return { code: 'network', message: 'Network Error', status: 0 };
  return { code: 'unknown', message: 'Something went wrong!' };
}

// What a write's failure means for a form: a database uniqueness violation for a field (section 8),
// a message for the failure toast, or a delete refused because rows still point at the record.
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
