// GraphQL requests from a function: as the caller (their Authorization, and the role they ask
// for) or with the admin secret. One request is one round trip, whatever root fields it holds.

/**
 * How long one request may take before the function gives up on it (and answers with an error):
 * FUNCTIONS_GRAPHQL_TIMEOUT_MS, else 5 s. The tests raise it: on their loaded 2-core machine an
 * in-process backend's answer once took longer, and a test's setup failed for that alone.
 */
function timeoutMs(): number {
  const configured = Number(process.env.FUNCTIONS_GRAPHQL_TIMEOUT_MS);
  return Number.isInteger(configured) && configured > 0 ? configured : 5000;
}

export interface GraphqlError {
  message: string;
  extensions?: { code?: string };
}

export interface GraphqlAnswer<T> {
  data: T | null;
  errors: GraphqlError[];
}

export type Credentials = { admin: true } | { authorization: string; role?: string };

export async function graphql<T>(credentials: Credentials, query: string, variables: Record<string, unknown>): Promise<GraphqlAnswer<T>> {
  const url = process.env.NHOST_GRAPHQL_URL;
  if (!url) throw new Error('NHOST_GRAPHQL_URL is not set');
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if ('admin' in credentials) headers['x-hasura-admin-secret'] = process.env.NHOST_ADMIN_SECRET ?? '';
  else {
    headers.authorization = credentials.authorization;
    if (credentials.role) headers['x-hasura-role'] = credentials.role;
  }
  const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify({ query, variables }), signal: AbortSignal.timeout(timeoutMs()) });
  const body = (await res.json().catch(() => null)) as { data?: T | null; errors?: GraphqlError[] } | null;
  if (!body || typeof body !== 'object') throw new Error(`GraphQL answered HTTP ${res.status} without JSON`);
  return { data: body.data ?? null, errors: body.errors ?? [] };
}
