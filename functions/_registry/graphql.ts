// GraphQL from the registry functions: as the caller (their token decides what they may do) or
// with the admin secret (the worker). Errors are thrown with the engine's message.
const TIMEOUT_MS = 10_000;

/** A signed-in user on whose behalf admin-secret work runs (e.g. "Sync now"), already verified. */
export interface Actor {
  userId: string;
  /** The role the engine accepted their token with. */
  role: string;
}

/**
 * `acting`: with the admin secret, the user on whose behalf the work runs: sent as the session's
 * x-hasura-user-id and x-hasura-acting-role (the session's role stays admin, so permissions are the
 * admin's), so triggers that record who changed a row (the booking history) name that user and
 * their role instead of "system". Only an admin session can carry those variables this way.
 */
export type Credentials = { admin: true; acting?: Actor } | { authorization: string; role?: string };

export class GraphqlError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

export async function gql<T>(credentials: Credentials, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const url = process.env.NHOST_GRAPHQL_URL;
  if (!url) throw new Error('NHOST_GRAPHQL_URL is not set');
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if ('admin' in credentials) {
    headers['x-hasura-admin-secret'] = process.env.NHOST_ADMIN_SECRET ?? '';
    if (credentials.acting) {
      headers['x-hasura-user-id'] = credentials.acting.userId;
      headers['x-hasura-acting-role'] = credentials.acting.role;
    }
  } else {
    headers.authorization = credentials.authorization;
    if (credentials.role) headers['x-hasura-role'] = credentials.role;
  }
  const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify({ query, variables }), signal: AbortSignal.timeout(TIMEOUT_MS) });
  const body = (await res.json().catch(() => null)) as { data?: T; errors?: { message: string; extensions?: { code?: string } }[] } | null;
  if (!body) throw new GraphqlError(`GraphQL answered HTTP ${res.status} without JSON`);
  if (body.errors?.length) throw new GraphqlError(body.errors[0].message, body.errors[0].extensions?.code);
  return body.data as T;
}

export const admin = { admin: true } as const;
