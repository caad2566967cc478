// The data client (Apollo) for the views below it, in a chunk of its own: staff layouts load it
// next to the session check instead of on the first-load path (docs/performance.md). The client is
// the one per tab from getDataClient, whose auth and realtime links follow the Nhost session.
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { ApolloProvider } from '@apollo/client/react';
import { getDataClient } from '@/lib/apollo/dataClient';

export default function DataProvider({ children }: { children: ReactNode }) {
  const client = useMemo(() => getDataClient(), []);
  return <ApolloProvider client={client}>{children}</ApolloProvider>;
}
