// Contracts between the parts of the GraphQL engine: the core (metadata, schema per role,
// compiler, HTTP) and the realtime part (WebSocket subscriptions, live-query multiplexing).
import type { GraphqlRequest, Headers, HasuraError } from '../context';

export type { GraphqlRequest, Headers, HasuraError };

/** Who is asking: resolved from admin secret, JWT claims or the unauthorized role `public`. */
export interface EngineSession {
  role: string;
  /** Session variables, lower-cased keys (`x-hasura-user-id`...), string values. */
  variables: Record<string, string>;
  /** True when the admin secret was given (admin role or impersonation). */
  isAdmin: boolean;
  /** When the JWT behind the session stops being valid (ms since the epoch, skew included). */
  expiresAt?: number;
}

export type AuthResult = { ok: true; session: EngineSession } | { ok: false; error: HasuraError };

/** A validated subscription, ready to be run again and again. */
export interface PreparedSubscription {
  /**
   * Identity for multiplexing: equal keys give equal results (same role, same session values
   * the query depends on, same document and variables), so one run serves all their subscribers.
   */
  key: string;
  /** Runs the query once; resolves to the JSON text of the `data` object, e.g. '{"author":[...]}'. */
  run(): Promise<string>;
  /**
   * Set when the query can share one statement with other subscriptions whose SQL differs only in
   * the bound values (other variables, other sessions), as Hasura multiplexes live queries.
   */
  multiplex?: MultiplexedQuery;
}

export interface MultiplexedQuery {
  /** Equal for subscriptions that compile to the same statement. */
  group: string;
  /** This subscription's bound values. */
  values: unknown[];
  /** Runs the group's statement once for several value lists; one `data` JSON text per list, in order. */
  runMany(valueLists: unknown[][]): Promise<string[]>;
}

export type PrepareResult = { ok: true; subscription: PreparedSubscription } | { ok: false; errors: HasuraError[] };

export interface SubscriptionDeps {
  /** Resolves the headers of a connection_init payload (Authorization, x-hasura-admin-secret, x-hasura-role...). */
  authenticate(headers: Headers): Promise<AuthResult>;
  /** Parses and validates a subscription (exactly one root field) against the session's role schema. */
  prepare(session: EngineSession, request: GraphqlRequest): PrepareResult;
  /** Runs a query or mutation sent over the socket (graphql-ws allows them), as over HTTP. */
  execute(session: EngineSession, request: GraphqlRequest): Promise<{ data?: unknown; errors?: HasuraError[] }>;
}

export interface SubscriptionServer {
  close(): Promise<void>;
}
