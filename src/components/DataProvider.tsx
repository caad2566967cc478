// The data client (Apollo) for the views below it; staff layouts bring it in with the shell from a
// chunk of their own (StaffChrome). The client is the one per tab from getDataClient, whose auth
// and realtime links follow the Nhost session.
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { ApolloProvider } from '@apollo/client/react';
import { getDataClient } from '@/lib/apollo/dataClient';

export default function DataProvider({ children }: { children: ReactNode }) {
  const client = useMemo(() => getDataClient(), []);
  return <ApolloProvider client={client}>{children}</ApolloProvider>;
}
