// The one Apollo client of the app (SPEC 7-9): auth headers after waiting for a usable token,
// HTTP for queries and mutations, graphql-ws for subscriptions, cache identities, and the
// reaction to session events (restart the socket, or drop the token and reset the cache).
import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { SetContextLink } from '@apollo/client/link/context';
import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { OperationTypeNode } from 'graphql';
import { createCheckedFetch, NO_BACKEND_URL_MESSAGE } from './errors';
import { createRealtimeConnection, type RealtimeConnection } from './realtime';
import type { SessionEvent, SessionSource } from './session';
import { waitForUsableToken, type TokenWaitOptions } from './tokenWait';
import { buildTypePolicies } from './typePolicies';

export interface DataClientOptions {
  graphqlUrl: string | undefined;
  session: SessionSource;
  /** Subscriptions need a WebSocket; leave out on the server. */
  realtime?: boolean;
  webSocketImpl?: unknown;
  fetch?: typeof fetch;
  tokenWait?: TokenWaitOptions;
  log?: (message: string, error: unknown) => void;
}

export interface DataClient {
  client: ApolloClient;
  realtime: RealtimeConnection | null;
  dispose(): Promise<void>;
}

/** Headers that tell the GraphQL engine who is asking: the bearer token, or the public role. */
export function authHeaders(token: string | null): Record<string, string> {
  return token ? { Authorization: `Bearer ${token}` } : { 'x-hasura-role': 'public' };
}

export function createDataClient({
  graphqlUrl,
  session,
  realtime: withRealtime = typeof window !== 'undefined',
  webSocketImpl,
  fetch: fetchImpl,
  tokenWait,
  log = (message, error) => console.error(message, error),
}: DataClientOptions): DataClient {
  if (!graphqlUrl) throw new Error(NO_BACKEND_URL_MESSAGE);

  // The token the data layer uses; updated by session events, read before every request.
  let storedToken: string | null = session.getAccessToken() ?? null;
  const currentHeaders = async () => authHeaders(await waitForUsableToken(() => storedToken, tokenWait));

  const authLink = new SetContextLink(async (prevContext) => ({
    headers: { ...(prevContext.headers as Record<string, string> | undefined), ...(await currentHeaders()) },
  }));
  const httpLink = new HttpLink({ uri: graphqlUrl, fetch: createCheckedFetch(fetchImpl) });

  const realtime = withRealtime ? createRealtimeConnection({ url: graphqlUrl, headers: currentHeaders, webSocketImpl }) : null;
  const transport = realtime
    ? ApolloLink.split(
        ({ query }) => query.definitions.some((d) => d.kind === 'OperationDefinition' && d.operation === OperationTypeNode.SUBSCRIPTION),
        new GraphQLWsLink(realtime.client),
        ApolloLink.from([authLink, httpLink]),
      )
    : ApolloLink.from([authLink, httpLink]);

  const client = new ApolloClient({
    link: transport,
    cache: new InMemoryCache({ typePolicies: buildTypePolicies() }),
    queryDeduplication: true,
  });

  const onSessionEvent = (event: SessionEvent, token: string | null) => {
    if (event === 'SIGNOUT' || !token) {
      storedToken = null;
      // Reconnect as the public role rather than keep the signed-out user's subscriptions alive.
      realtime?.restart();
      client.resetStore().catch((error: unknown) => log('Resetting the data cache after sign-out failed', error));
      return;
    }
    storedToken = token;
    realtime?.restart();
  };
  const unsubscribe = session.onSessionEvent(onSessionEvent);

  return {
    client,
    realtime,
    async dispose() {
      unsubscribe();
      client.stop();
      await realtime?.dispose();
    },
  };
}
