// The app-wide data client: one per browser tab, bound to the session Nhost client. On the server
// (rendering a page shell) a throwaway client without realtime is made per call.
import type { ApolloClient } from '@apollo/client';
import { nhostUrls, sessionNhost } from '@/lib/nhost/clients';
import { createDataClient } from './client';
import { nhostSessionSource } from './session';

let browserClient: ApolloClient | null = null;

export function getDataClient(): ApolloClient {
  if (typeof window === 'undefined') {
    return createDataClient({ graphqlUrl: nhostUrls.graphqlUrl, session: nhostSessionSource(sessionNhost()), realtime: false }).client;
  }
  browserClient ??= createDataClient({ graphqlUrl: nhostUrls.graphqlUrl, session: nhostSessionSource(sessionNhost()) }).client;
  return browserClient;
}
