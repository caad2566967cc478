// GraphQL from the registry functions: as the caller (their token decides what they may do) or
// with the admin secret (the worker). Errors are thrown with the engine's message.
const TIMEOUT_MS = 10_000;

/**
 * `actingUserId`: with the admin secret, the signed-in user on whose behalf the work runs (e.g. "Sync
 * now"): sent as the session's x-hasura-user-id, so triggers that record who changed a row (the booking
 * history) name that user instead of "system". The caller must have been verified already.
 */
export type Credentials = { admin: true; actingUserId?: string } | { authorization: string; role?: string };

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
    if (credentials.actingUserId) headers['x-hasura-user-id'] = credentials.actingUserId;
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
